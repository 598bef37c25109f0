import type { BlockOf, DesignColumn } from '@app/contract/editor/design';
import { columnLayouts } from '@app/contract/editor/design-constants';

type RowProps = BlockOf<'row'>['props'];

export const emptyColumn = (width: number): DesignColumn => ({
  width,
  background: 'transparent',
  padding: 8,
  verticalAlign: 'top',
  blocks: [],
});

/** A new row: two equal columns, stacked on phones. */
export const newRow = (): RowProps => ({
  columns: (columnLayouts[2]?.[0] ?? [50, 50]).map(emptyColumn),
  stackOnMobile: true,
});

/** The layouts offered for `count` columns, as "33% · 67%". */
export const layoutsFor = (count: number) =>
  (columnLayouts[count] ?? []).map((widths) => ({
    value: widths.join('-'),
    label: widths.map((w) => `${w}%`).join(' · '),
  }));

/**
 * The row with `count` columns in the count's first layout. Columns that go hand their blocks to
 * the last column kept, so changing the count never loses content.
 */
export function withColumnCount(props: RowProps, count: number): RowProps {
  const widths = columnLayouts[count]?.[0];
  if (!widths || count === props.columns.length) return props;
  const kept = props.columns.slice(0, count);
  const dropped = props.columns.slice(count).flatMap((column) => column.blocks);
  const columns = widths.map((width, index) => {
    const column = kept[index] ?? emptyColumn(width);
    const moved = index === count - 1 ? dropped : [];
    return { ...column, width, blocks: [...column.blocks, ...moved] };
  });
  return { ...props, columns };
}

/** The row with the widths of a layout (`"33-67"`) of its column count. */
export function withLayout(props: RowProps, layout: string): RowProps {
  const widths = layout.split('-').map(Number);
  if (widths.length !== props.columns.length) return props;
  return {
    ...props,
    columns: props.columns.map((column, index) => ({ ...column, width: widths[index] ?? column.width })),
  };
}
