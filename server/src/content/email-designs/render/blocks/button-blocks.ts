import { formatSize } from '@app/contract/rules/format';
import { type BlockConverter, column } from '../block-context.ts';
import { element, safeHref, text } from '../markup.ts';

interface ButtonLook {
  color: string;
  textColor: string;
  radius: number;
  fullWidth: boolean;
}

/** An mj-button; its label is plain text. */
export const button = (
  label: string,
  href: string | undefined,
  look: ButtonLook,
  align: string,
  padding = '0',
) =>
  element(
    'mj-button',
    {
      href: safeHref(href),
      'background-color': look.color === 'transparent' ? undefined : look.color,
      color: look.textColor,
      'border-radius': `${look.radius}px`,
      width: look.fullWidth ? '100%' : undefined,
      align,
      padding,
    },
    text(label),
  );

export const buttonBlock: BlockConverter<'button'> = ({ props, style }) => [
  column(button(props.label, props.href, props, style.align)),
];

/** A button to the file, its name and size (§9 units) after the label. */
export const downloadBlock: BlockConverter<'download'> = ({ props, style }) => {
  const facts = [props.fileName, props.fileSize > 0 ? formatSize(props.fileSize) : '']
    .filter(Boolean)
    .join(', ');
  const label = facts ? `${props.label} (${facts})` : props.label;
  return [column(button(label, props.fileUrl || props.href, props, style.align))];
};
