import { type BlockConverter, column, rawContentStyle } from '../block-context.ts';
import { element } from '../markup.ts';

/**
 * §9's Form block (pages only): the published form drawn in the page by `<signup-form>`, which the
 * hosted page loads; nothing until a form is chosen.
 */
export const formBlock: BlockConverter<'form'> = ({ props, style }, context) => [
  column(
    props.formId
      ? element(
          'mj-raw',
          {},
          `<div style="${rawContentStyle(context.global)};text-align:${style.align}">${element('signup-form', { 'form-id': props.formId }, '')}</div>`,
        )
      : '',
  ),
];
