import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useStore } from '@nanostores/react';
import { createContext, Fragment, useContext } from 'react';
import type { ColumnSlotProps } from '../blocks/row/column-slot.ts';
import { CanvasBlock } from './CanvasBlock.tsx';
import { columnDropId, type DropTarget } from './drop-target.ts';
import { useEditor } from './editor-context.ts';
import { fill } from './i18n.ts';

/** The drag in progress (where it would land) and the view, for the columns inside rows. */
export const DropTargetContext = createContext<{ drop: DropTarget | undefined; mobile: boolean }>({
  drop: undefined,
  mobile: false,
});

/** A row's column on the canvas: a drop target holding its blocks, each selectable and draggable. */
export function ColumnSlot({ rowId, index, column }: ColumnSlotProps) {
  const { store, labels } = useEditor();
  const { drop, mobile } = useContext(DropTargetContext);
  const selectedId = useStore(store.$selectedId);
  const selectedColumn = useStore(store.$selectedColumn);
  const columnSelected = selectedId === rowId && selectedColumn === index;
  const assets = useStore(store.$assets);
  const global = useStore(store.$design).global;
  const { setNodeRef } = useDroppable({ id: columnDropId(rowId, index) });
  const here = drop?.place.rowId === rowId && drop.place.column === index ? drop.index : undefined;
  const line = (at: number) =>
    here === at ? (
      <div className="ee-gap ee-gap--active" data-testid="column-drop-line" aria-hidden="true" />
    ) : null;
  const { blocks } = column;
  return (
    <div
      ref={setNodeRef}
      className={`ee-column${here === undefined ? '' : ' ee-column--over'}${columnSelected ? ' ee-column--selected' : ''}`}
      data-testid="column"
      data-column-index={index}
      data-drop-active={here === undefined ? undefined : true}
      data-selected={columnSelected || undefined}
    >
      <SortableContext items={blocks.map((block) => block.id)} strategy={verticalListSortingStrategy}>
        {blocks.map((block, at) => (
          <Fragment key={block.id}>
            {line(at)}
            <CanvasBlock
              block={block}
              index={at}
              count={blocks.length}
              global={global}
              assets={assets[block.id]}
              selected={block.id === selectedId}
              mobile={mobile}
              nested
            />
          </Fragment>
        ))}
      </SortableContext>
      {line(blocks.length)}
      {blocks.length === 0 ? (
        <button
          type="button"
          className="ee-column__empty"
          aria-pressed={columnSelected}
          onClick={(event) => {
            // The row's own click would select the row without its column.
            event.stopPropagation();
            store.selectColumn(rowId, index);
          }}
        >
          {fill(labels.dropInColumn, { column: index + 1 })}
        </button>
      ) : null}
    </div>
  );
}
