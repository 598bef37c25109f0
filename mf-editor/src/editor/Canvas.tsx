import type { DesignBlock, DesignGlobal } from '@app/contract/editor/design';
import { type BlockType, blockTitles } from '@app/contract/editor/design-constants';
import type { BlockAssets } from '@app/contract/editor/embed-api';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useStore } from '@nanostores/react';
import {
  type ComponentType,
  type CSSProperties,
  Fragment,
  type MouseEvent,
  type RefObject,
  useRef,
  useState,
} from 'react';
import type { CanvasProps } from '../blocks/block-definition.ts';
import { definitionOf } from '../blocks/registry.ts';
import { canvasDropId, gapDropPrefix } from './drop-target.ts';
import { useEditor } from './editor-context.ts';
import { NameDialog } from './editor-dialogs.tsx';
import { useFitZoom } from './fit-zoom.ts';
import { fill } from './i18n.ts';

export const mobileCanvasWidth = 375;

/** The centre: the design at its width (or a phone's), each block drawn by its definition. */
export function Canvas({
  mobile,
  dropIndex,
  reordering,
  canvasRef,
}: {
  mobile: boolean;
  /** Where a dragged palette tile would land, shown as a line; undefined when none is dragged. */
  dropIndex: number | undefined;
  /** While a block moves, only blocks are targets (keyboard moves then step from block to block). */
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
        className="ee-canvas"
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

function CanvasBlock({
  block,
  index,
  count,
  global,
  assets,
  selected,
  mobile,
}: {
  block: DesignBlock;
  index: number;
  count: number;
  global: DesignGlobal;
  assets: BlockAssets | undefined;
  selected: boolean;
  mobile: boolean;
}) {
  const { store, labels } = useEditor();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: block.id,
    });
  const BlockCanvas = definitionOf(block.type).Canvas as ComponentType<CanvasProps<BlockType>>;
  const title = blockTitles[block.type];
  const classes = [
    'ee-block',
    selected && 'ee-block--selected',
    isDragging && 'ee-block--dragging',
    mobile && block.style.hideOnMobile && 'ee-block--hidden-mobile',
  ].filter(Boolean);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of the block's content, not a form fieldset
    <div
      ref={setNodeRef}
      className={classes.join(' ')}
      data-block-id={block.id}
      data-block-type={block.type}
      data-selected={selected || undefined}
      role="group"
      aria-label={title}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: blocks are reached with Tab, which selects them
      tabIndex={0}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        padding: `${block.style.paddingY}px ${block.style.paddingX}px`,
        background: block.style.background,
        textAlign: block.style.align,
      }}
      onClick={() => store.select(block.id)}
      onKeyDown={(event) => {
        // Enter selects again after Escape, without leaving the block.
        if (event.key === 'Enter' && event.target === event.currentTarget) store.select(block.id);
      }}
      onFocus={() => {
        if (!selected) store.select(block.id);
      }}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="ee-block__handle"
        data-testid="block-drag-handle"
        {...attributes}
        aria-label={`${labels.dragHandle}: ${title}`}
        {...listeners}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      {selected && <BlockActions block={block} index={index} count={count} />}
      <BlockCanvas
        block={block}
        global={global}
        assets={assets}
        selected={selected}
        onChange={(props) => store.updateProps(block.id, props)}
      />
    </div>
  );
}

function BlockActions({ block, index, count }: { block: DesignBlock; index: number; count: number }) {
  const { store, client, labels, reportError } = useEditor();
  const clipboard = useStore(store.$clipboard);
  const [naming, setNaming] = useState(false);
  const saveAsBlock = async (name: string) => {
    setNaming(false);
    try {
      const saved = await client.saveBlock(name, block);
      store.$savedBlocks.set([...(store.$savedBlocks.get() ?? []), saved]);
      store.$notice.set(fill(labels.blockSaved, { name }));
    } catch (error) {
      reportError((error as Error).message, (error as { status?: number }).status);
    }
  };
  const actions = [
    {
      key: 'move-up',
      label: labels.moveUp,
      glyph: '↑',
      disabled: index === 0,
      run: () => store.moveBy(block.id, -1),
    },
    {
      key: 'move-down',
      label: labels.moveDown,
      glyph: '↓',
      disabled: index === count - 1,
      run: () => store.moveBy(block.id, 1),
    },
    {
      key: 'duplicate',
      label: labels.duplicate,
      glyph: labels.duplicate,
      disabled: false,
      run: () => store.duplicate(block.id),
    },
    { key: 'copy', label: labels.copy, glyph: labels.copy, disabled: false, run: () => store.copy() },
    {
      key: 'paste',
      label: labels.pasteAfter,
      glyph: labels.pasteAfter,
      disabled: !clipboard,
      run: () => store.paste(),
    },
    {
      key: 'save',
      label: labels.saveAsBlock,
      glyph: labels.saveAsBlock,
      disabled: false,
      run: () => setNaming(true),
    },
    {
      key: 'delete',
      label: labels.delete,
      glyph: '✕',
      disabled: false,
      run: (event: MouseEvent<HTMLButtonElement>) => {
        // The button goes with its block: keep focus on the canvas so the shortcuts still reach the editor.
        event.currentTarget.closest<HTMLElement>('[data-testid="canvas"]')?.focus();
        store.remove(block.id);
      },
    },
  ];
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: only stops the block's own click from re-selecting
    <div
      className="ee-block__actions"
      role="toolbar"
      aria-label={labels.blockActions}
      data-testid="block-actions"
      onClick={(event) => event.stopPropagation()}
    >
      {actions.map((action) => (
        <button
          key={action.key}
          type="button"
          className="ee-button ee-button--icon"
          aria-label={action.label}
          title={action.label}
          data-action={action.key}
          disabled={action.disabled}
          onClick={action.run}
        >
          <span aria-hidden="true">{action.glyph}</span>
        </button>
      ))}
      <NameDialog
        open={naming}
        title={labels.saveAsBlock}
        label={labels.blockName}
        confirmLabel={labels.save}
        onSubmit={(name) => void saveAsBlock(name)}
        onCancel={() => setNaming(false)}
      />
    </div>
  );
}
