import type { ColumnBlock } from '@app/contract/editor/design';
import { type BlockContext, type BlockConverter, type BlockRows, hiddenOnMobile } from '../block-context.ts';
import { element } from '../markup.ts';
import { converters } from './converters.ts';
import { colourOrNone } from './text-style.ts';

/**
 * A block inside a column: its content, with its vertical spacing as spacers (in a column the
 * column's own padding and background frame the blocks; MJML has no section inside a column).
 * A block hidden on phones gets a table body of its own in the column's table (a table may hold
 * several), which the mail's phone style hides: MJML writes each element of a column in a row of
 * that table, and the block's elements are not all of a kind that takes a class.
 */
function columnContent(block: ColumnBlock, context: BlockContext): string {
  const convert = converters[block.type] as (block: ColumnBlock, context: BlockContext) => BlockRows;
  const content = convert(block, context)
    .map((row) => (typeof row === 'object' && 'content' in row ? row.content : ''))
    .join('');
  const space = block.style.paddingY > 0 ? element('mj-spacer', { height: `${block.style.paddingY}px` }) : '';
  const blockRows = space + content + space;
  return block.style.hideOnMobile
    ? element('mj-raw', {}, `</tbody><tbody class="${hiddenOnMobile}">`) +
        blockRows +
        element('mj-raw', {}, '</tbody><tbody>')
    : blockRows;
}

/** 1 to 4 columns side by side; on phones they stack (MJML's own breakpoint) unless kept in a group. */
export const rowBlock: BlockConverter<'row'> = ({ props }, context) => {
  const columns = props.columns
    .map((column) => {
      const width = Math.max(10, Math.round((context.innerWidth * column.width) / 100) - 2 * column.padding);
      return element(
        'mj-column',
        {
          width: `${column.width}%`,
          'background-color': colourOrNone(column.background),
          padding: `${column.padding}px`,
          'vertical-align': column.verticalAlign,
        },
        column.blocks.map((block) => columnContent(block, context.inner(block, width))).join(''),
      );
    })
    .join('');
  return [props.stackOnMobile ? columns : element('mj-group', {}, columns)];
};
