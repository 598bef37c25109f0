import type { DesignBlock, DesignGlobal } from '@app/contract/editor/design';
import { type BlockType, blockTitles } from '@app/contract/editor/design-constants';
import type { BlockAssets } from '@app/contract/editor/embed-api';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useStore } from '@nanostores/react';
import { type ComponentType, type MouseEvent, type SyntheticEvent, useState } from 'react';
import type { CanvasProps } from '../blocks/block-definition.ts';
import { definitionOf } from '../blocks/registry.ts';
import { useEditor } from './editor-context.ts';
import { NameDialog } from './editor-dialogs.tsx';
import { fill } from './i18n.ts';

/** Whether the event is this block's own, not one of a block inside it (a row's columns hold blocks). */
const ownEvent = (event: SyntheticEvent<HTMLElement>) =>
  (event.target as Element).closest('[data-block-id]') === event.currentTarget;

/** A block on the canvas, at the top level or in a column: selectable, draggable by its handle. */
export function CanvasBlock({
  block,
  index,
  count,
  global,
  assets,
  selected,
  mobile,
  nested = false,
}: {
  block: DesignBlock;
  index: number;
  count: number;
  global: DesignGlobal;
  assets: BlockAssets | undefined;
  selected: boolean;
  mobile: boolean;
  /** In a row's column: the column frames it (no side padding or background of its own, as in the mail). */
  nested?: boolean;
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
        padding: nested
          ? `${block.style.paddingY}px 0`
          : `${block.style.paddingY}px ${block.style.paddingX}px`,
        background: nested ? undefined : block.style.background,
        textAlign: block.style.align,
      }}
      onClick={(event) => {
        if (ownEvent(event)) store.select(block.id);
      }}
      onKeyDown={(event) => {
        // Enter selects again after Escape, without leaving the block.
        if (event.key === 'Enter' && event.target === event.currentTarget) store.select(block.id);
      }}
      onFocus={(event) => {
        if (!selected && ownEvent(event)) store.select(block.id);
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
