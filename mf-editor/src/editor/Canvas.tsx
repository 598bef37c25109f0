import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useStore } from '@nanostores/react';
import { type CSSProperties, Fragment, type MouseEvent, type RefObject, useRef } from 'react';
import { ColumnSlotContext } from '../blocks/row/column-slot.ts';
import { CanvasBlock } from './CanvasBlock.tsx';
import { ColumnSlot, DropTargetContext } from './ColumnSlot.tsx';
import { canvasDropId, type DropTarget, gapDropPrefix } from './drop-target.ts';
import { useEditor } from './editor-context.ts';
import { useFitZoom } from './fit-zoom.ts';
import { fill } from './i18n.ts';

export const mobileCanvasWidth = 375;

/** The centre: the design at its width (or a phone's), each block drawn by its definition. */
export function Canvas({
  mobile,
  drop,
  reordering,
  canvasRef,
}: {
  mobile: boolean;
  /** Where a dragged block would land, shown as a line; undefined when none is dragged. */
  drop: DropTarget | undefined;
  /** While a block moves, the gaps between top-level blocks take no drops (blocks and columns do). */
  reordering: boolean;
  canvasRef: RefObject<HTMLElement | null>;
}) {
  const { store, labels } = useEditor();
  const design = useStore(store.$design);
  const selectedId = useStore(store.$selectedId);
  const assets = useStore(store.$assets);
  const { setNodeRef } = useDroppable({ id: canvasDropId, disabled: reordering });
  const { global, blocks } = design;
  const width = mobile ? mobileCanvasWidth : global.width;
  const workspaceRef = useRef<HTMLDivElement>(null);
  const zoom = useFitZoom(workspaceRef, width);
  const dropIndex = drop && drop.place.rowId === undefined ? drop.index : undefined;
  const style = {
    width,
    zoom: zoom < 1 ? zoom : undefined,
    '--ee-zoom': zoom,
    background: global.contentBackground,
    fontFamily: global.fontFamily,
    color: global.textColor,
    '--ee-link-color': global.linkColor,
  } as CSSProperties;
  // A click counts as one on the background only when it was pressed there too: pressing a block
  // selects it, the old selection's toolbars close, the blocks move up, and the release may land
  // beside them (the click then goes to the canvas).
  const pressedOn = useRef<EventTarget | null>(null);
  const deselectOnBackground = (event: MouseEvent) => {
    if (event.target === event.currentTarget && pressedOn.current === event.currentTarget)
      store.select(undefined);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a click on the empty workspace deselects; Escape does it from the keyboard
    <div
      ref={workspaceRef}
      className="ee-workspace"
      style={{ background: global.background }}
      onPointerDown={(event) => {
        pressedOn.current = event.target;
      }}
      onClick={deselectOnBackground}
    >
      {zoom < 1 ? (
        <p className="ee-zoom" data-testid="canvas-zoom">
          {fill(labels.zoomed, { percent: Math.round(zoom * 100) })}
        </p>
      ) : null}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above, for the canvas's own margins */}
      <section
        ref={(node) => {
          setNodeRef(node);
          canvasRef.current = node;
        }}
        className={`ee-canvas${mobile ? ' ee-canvas--mobile' : ''}`}
        style={style}
        aria-label={labels.canvas}
        data-testid="canvas"
        tabIndex={-1}
        onClick={deselectOnBackground}
      >
        {blocks.length === 0 ? (
          <div
            className={`ee-canvas__empty${dropIndex === 0 ? ' ee-canvas__empty--over' : ''}`}
            data-testid="canvas-empty"
          >
            {labels.dragHere}
          </div>
        ) : (
          <DropTargetContext.Provider value={{ drop, mobile }}>
            <ColumnSlotContext.Provider value={ColumnSlot}>
              <SortableContext items={blocks.map((block) => block.id)} strategy={verticalListSortingStrategy}>
                {blocks.map((block, index) => (
                  <Fragment key={block.id}>
                    <DropGap index={index} active={dropIndex === index} disabled={reordering} />
                    <CanvasBlock
                      block={block}
                      index={index}
                      count={blocks.length}
                      global={global}
                      assets={assets[block.id]}
                      selected={block.id === selectedId}
                      mobile={mobile}
                    />
                  </Fragment>
                ))}
                <DropGap index={blocks.length} active={dropIndex === blocks.length} disabled={reordering} />
              </SortableContext>
            </ColumnSlotContext.Provider>
          </DropTargetContext.Provider>
        )}
      </section>
    </div>
  );
}

function DropGap({ index, active, disabled }: { index: number; active: boolean; disabled: boolean }) {
  const { setNodeRef } = useDroppable({ id: `${gapDropPrefix}${index}`, disabled });
  return (
    <div
      ref={setNodeRef}
      className={`ee-gap${active ? ' ee-gap--active' : ''}`}
      data-testid={`drop-zone-${index}`}
      data-drop-active={active || undefined}
      aria-hidden="true"
    />
  );
}
