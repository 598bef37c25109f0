import { allBlocks } from '@app/contract/editor/all-blocks';
import type { DesignBlock } from '@app/contract/editor/design';
import { type BlockType, blockTitles, blockTypes } from '@app/contract/editor/design-constants';
import type { SavedBlock } from '@app/contract/editor/embed-api';
import { type PageSection, pageSections, sectionCategories } from '@app/contract/editor/page-sections';
import { useDraggable } from '@dnd-kit/core';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { blockDefinitions } from '../blocks/registry.ts';
import { paletteDragPrefix, savedDragPrefix } from './drop-target.ts';
import { useEditor } from './editor-context.ts';
import { ConfirmDialog } from './editor-dialogs.tsx';
import { fill } from './i18n.ts';

/** What a palette or saved-block tile carries while dragged. */
export type DragSource =
  | { kind: 'palette'; type: BlockType }
  | { kind: 'saved'; block: DesignBlock; name: string };

export function paletteIcon(type: BlockType): string {
  return blockDefinitions[type]?.icon ?? blockTitles[type].slice(0, 1);
}

type PaletteTab = 'blocks' | 'sections' | 'saved';

/** The left column: the block types to add, a page's ready-made sections, and the company's saved blocks. */
export function Palette() {
  const { labels, page } = useEditor();
  const [tab, setTab] = useState<PaletteTab>('blocks');
  const id = useId();
  const tabs: { key: PaletteTab; label: string }[] = [
    { key: 'blocks', label: labels.palette },
    ...(page ? [{ key: 'sections' as const, label: labels.sections }] : []),
    { key: 'saved', label: labels.savedBlocks },
  ];
  const step = (by: number) => {
    const at = tabs.findIndex((entry) => entry.key === tab);
    const next = tabs[(at + by + tabs.length) % tabs.length];
    if (next) setTab(next.key);
  };
  return (
    <section className="ee-palette" aria-label={labels.palette} data-testid="palette">
      <div className="ee-tabs" role="tablist" aria-label={labels.palette}>
        {tabs.map((entry) => (
          <button
            key={entry.key}
            type="button"
            role="tab"
            id={`${id}-${entry.key}-tab`}
            aria-controls={`${id}-${entry.key}`}
            aria-selected={tab === entry.key}
            tabIndex={tab === entry.key ? 0 : -1}
            className="ee-tab"
            data-testid={`palette-tab-${entry.key}`}
            onClick={() => setTab(entry.key)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') step(1);
              if (event.key === 'ArrowLeft') step(-1);
            }}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <div className="ee-tabpanel" role="tabpanel" id={`${id}-${tab}`} aria-labelledby={`${id}-${tab}-tab`}>
        {tab === 'blocks' ? <BlockTiles /> : tab === 'sections' ? <SectionTiles /> : <SavedBlocks />}
      </div>
    </section>
  );
}

/** The palette's order: the Columns row first (a layout to fill), then the blocks in §2's order. */
const paletteTypes: readonly BlockType[] = ['row', ...blockTypes.filter((type) => type !== 'row')];

function BlockTiles() {
  const { labels, blocksOff } = useEditor();
  return (
    <>
      <p className="ee-hint">{labels.insertHint}</p>
      <ul className="ee-palette__grid">
        {paletteTypes
          .filter((type) => !blocksOff.includes(type))
          .map((type) => (
            <li key={type}>
              <BlockTile type={type} />
            </li>
          ))}
      </ul>
    </>
  );
}

function BlockTile({ type }: { type: BlockType }) {
  const { store } = useEditor();
  const source: DragSource = { kind: 'palette', type };
  const { attributes, listeners, setNodeRef } = useDraggable({
    id: `${paletteDragPrefix}${type}`,
    data: source,
  });
  return (
    <button
      ref={setNodeRef}
      type="button"
      className="ee-tile"
      data-block-type={type}
      {...attributes}
      {...listeners}
      onClick={() => store.addBlock(type)}
    >
      <span className="ee-tile__icon" aria-hidden="true">
        {paletteIcon(type)}
      </span>
      {blockTitles[type]}
    </button>
  );
}

/**
 * §7's section templates of type `default`: ready-made rows by category, added as copies (a click
 * adds one at the end, or at the selected block; a drag places it). A company's own are its saved blocks.
 */
function SectionTiles() {
  const { labels } = useEditor();
  return (
    <>
      <p className="ee-hint">{labels.sectionsHint}</p>
      {sectionCategories.map((category) => (
        <section key={category} className="ee-sections" aria-label={category}>
          <h3 className="ee-sections__title">{category}</h3>
          <ul className="ee-saved">
            {pageSections
              .filter((section) => section.category === category)
              .map((section) => (
                <li key={section.key} className="ee-saved__item">
                  <SectionTile section={section} />
                </li>
              ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function SectionTile({ section }: { section: PageSection }) {
  return <CopyTile id={`section-${section.key}`} name={section.name} block={section.block} />;
}

/**
 * The company's saved blocks (§7's section templates of type `custom`): those holding a block this editor does not
 * offer (a page's block in a mail, a block the plan leaves out) are not shown.
 */
function SavedBlocks() {
  const { store, client, labels, reportError, blocksOff } = useEditor();
  const all = useStore(store.$savedBlocks);
  const saved = all?.filter(
    (entry) => !allBlocks([entry.block]).some((block) => blocksOff.includes(block.type)),
  );
  const [deleting, setDeleting] = useState<SavedBlock | undefined>(undefined);
  const remove = async (block: SavedBlock) => {
    setDeleting(undefined);
    try {
      await client.deleteSavedBlock(block.id);
      store.$savedBlocks.set((store.$savedBlocks.get() ?? []).filter((entry) => entry.id !== block.id));
    } catch (error) {
      reportError((error as Error).message, (error as { status?: number }).status);
    }
  };
  useEffect(() => {
    if (store.$savedBlocks.get() !== undefined) return;
    client.listSavedBlocks().then(
      (list) => store.$savedBlocks.set(list),
      (error: Error) => {
        store.$savedBlocks.set([]);
        reportError(error.message, (error as { status?: number }).status);
      },
    );
  }, [store, client, reportError]);
  if (saved === undefined) return <sl-spinner aria-label={labels.loading} />;
  if (saved.length === 0) return <p className="ee-hint">{labels.noSavedBlocks}</p>;
  return (
    <>
      <ul className="ee-saved" data-testid="saved-blocks">
        {saved.map((block) => (
          <li key={block.id} className="ee-saved__item">
            <SavedTile saved={block} />
            <button
              type="button"
              className="ee-button ee-button--icon ee-button--danger"
              aria-label={`${labels.delete} ${block.name}`}
              onClick={() => setDeleting(block)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== undefined}
        title={labels.deleteSavedTitle}
        confirmLabel={labels.delete}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(undefined)}
      >
        {fill(labels.deleteSavedQuestion, { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </>
  );
}

function SavedTile({ saved }: { saved: SavedBlock }) {
  return <CopyTile id={saved.id} name={saved.name} block={saved.block} />;
}

/** A tile that adds a copy of a block made before: a saved block or a ready-made section. */
function CopyTile({ id, name, block }: { id: string; name: string; block: DesignBlock }) {
  const { store } = useEditor();
  const source: DragSource = { kind: 'saved', block, name };
  const { attributes, listeners, setNodeRef } = useDraggable({ id: `${savedDragPrefix}${id}`, data: source });
  return (
    <button
      ref={setNodeRef}
      type="button"
      className="ee-tile"
      data-saved-block-id={id}
      {...attributes}
      {...listeners}
      onClick={() => store.insertCopy(block)}
    >
      <span className="ee-tile__icon" aria-hidden="true">
        {paletteIcon(block.type)}
      </span>
      {name}
    </button>
  );
}
