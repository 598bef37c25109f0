import { allBlocks } from '@app/contract/editor/all-blocks';
import type { EmailDesign } from '@app/contract/editor/design';
import {
  type BlockType,
  blockTitles,
  generatedBlockTypes,
  type PageFormChoice,
} from '@app/contract/editor/design-constants';
import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useStore } from '@nanostores/react';
import { type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { EditorServices, PickedFile } from '../blocks/block-definition.ts';
import { MergeTagsContext } from '../blocks/rich-text/merge-tags.ts';
import { Canvas } from './Canvas.tsx';
import { locate, samePlace } from './design-ops.ts';
import { type DropTarget, dropRank, dropTargetOf } from './drop-target.ts';
import { EditorContext, type EditorContextValue } from './editor-context.ts';
import type { EditorStore } from './editor-store.ts';
import type { EmbedClient } from './embed-client.ts';
import type { Labels } from './i18n.ts';
import { isTextField, shortcutOf } from './keyboard.ts';
import { MediaPicker, type PickRequest } from './MediaPicker.tsx';
import { type DragSource, Palette, paletteIcon } from './Palette.tsx';
import { PreviewDialog } from './PreviewDialog.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';
import { type SaveTarget, saveDesign } from './save-design.ts';
import { Toolbar, type ViewOptions } from './Toolbar.tsx';

/** The block types whose images the engine makes (the canvas shows them from a quiet render). */
const generatedTypes = new Set<string>(generatedBlockTypes);

const assetsDebounceMs = 700;

/**
 * A save: the template's new revision, or (an editor without a template) the design handed to the
 * page, which stores it where it belongs (a campaign's content) — templateId null, never published.
 */
export interface SavedDetail {
  templateId: string | null;
  revision: number;
  published: boolean;
  design: EmailDesign;
}

export interface FrameCallbacks {
  onChange?(detail: { design: EmailDesign; dirty: boolean }): void;
  onSave?(detail: SavedDetail): void;
  onError?(detail: { message: string; status?: number }): void;
}

/** The loaded editor: toolbar, palette, canvas, settings, and their dialogs, around one store. */
export function EditorFrame({
  store,
  client,
  labels,
  target,
  blocksOff,
  mergeTags,
  mergeSamples,
  forms,
  page,
  callbacks,
}: {
  store: EditorStore;
  client: EmbedClient;
  labels: Labels;
  target: SaveTarget;
  /** The block types the company's plan leaves out (§6): the palette does not offer them. */
  blocksOff: readonly BlockType[];
  /** The company's contact field tags, offered as merge tags (`{{firstname}}`…). */
  mergeTags: readonly string[];
  /** A made-up value for each merge tag, shown in the preview. */
  mergeSamples: Readonly<Record<string, string>>;
  /** The forms a page's Form block can show (a page editor only). */
  forms: readonly PageFormChoice[];
  /** Whether the design is a page's (EmailEditorProps.forms given). */
  page: boolean;
  /** A ref's current value: the latest callbacks without re-running effects. */
  callbacks: { current: FrameCallbacks };
}) {
  const [view, setView] = useState<ViewOptions>({ mobile: false, dark: false });
  const [previewOpen, setPreviewOpen] = useState(false);
  const [pickRequest, setPickRequest] = useState<PickRequest | undefined>(undefined);
  const [dragSource, setDragSource] = useState<DragSource | undefined>(undefined);
  const [drop, setDrop] = useState<DropTarget | undefined>(undefined);
  /** A canvas block is being moved: the gaps and the canvas then take no drops (blocks and columns do). */
  const [reordering, setReordering] = useState(false);
  const canvasRef = useRef<HTMLElement | null>(null);
  const error = useStore(store.$error);
  const notice = useStore(store.$notice);

  const context = useMemo<EditorContextValue>(() => {
    const ask = (kind: PickRequest['kind']) =>
      new Promise<PickedFile | undefined>((resolve) => setPickRequest({ kind, resolve }));
    const services: EditorServices = {
      pickImage: () => ask('image'),
      pickFile: () => ask('file'),
      forms,
      page,
    };
    return {
      store,
      client,
      labels,
      services,
      blocksOff,
      messageFields: target.templateId !== undefined,
      page,
      mergeSamples,
      reportError(message, status) {
        store.$error.set(message);
        callbacks.current.onError?.({ message, ...(status === undefined ? {} : { status }) });
      },
    };
  }, [store, client, labels, blocksOff, mergeSamples, forms, page, callbacks, target.templateId]);

  // After a 409: the revision someone else saved, so "Keep my version" can save over it knowingly.
  const [conflicted, setConflicted] = useState(false);
  const keepMine = async () => {
    if (!target.templateId) return;
    try {
      store.$revision.set((await client.loadDesign(target.templateId)).revision);
      await save(false);
    } catch (failure) {
      context.reportError((failure as Error).message, (failure as { status?: number }).status);
    }
  };

  const save = async (publish: boolean) => {
    const { templateId } = target;
    if (!templateId) {
      const design = store.$design.get();
      const revision = store.$revision.get() + 1;
      store.markSaved(design, revision, false);
      callbacks.current.onSave?.({ templateId: null, revision, published: false, design });
      return;
    }
    try {
      const saved = await saveDesign(store, client, { ...target, templateId }, publish, labels);
      if (!saved) return;
      setConflicted(false);
      store.$error.set(undefined);
      callbacks.current.onSave?.({
        templateId: saved.template_id,
        revision: saved.revision,
        design: store.$design.get(),
        // Whether this save published: a plain save of a template published before leaves that version.
        published: publish && saved.has_published,
      });
    } catch (failure) {
      const status = (failure as { status?: number }).status;
      setConflicted(status === 409);
      context.reportError((failure as Error).message, status);
    }
  };

  // A layout effect: listening from the first paint, so no edit goes unreported.
  useLayoutEffect(
    () =>
      store.$design.listen((design) => callbacks.current.onChange?.({ design, dirty: store.$dirty.get() })),
    [store, callbacks],
  );

  // Generated blocks (barcode, chart…) show the engine's images: a quiet render after edits settle.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let sequence = 0;
    const refresh = () => {
      const mine = ++sequence;
      // Only generated blocks have engine-made images: a design without them needs no render.
      if (!allBlocks(store.$design.get().blocks).some((block) => generatedTypes.has(block.type))) return;
      client.render(store.$design.get()).then(
        (rendered) => mine === sequence && store.$assets.set(rendered.assets),
        () => undefined,
      );
    };
    refresh();
    const stop = store.$design.listen(() => {
      clearTimeout(timer);
      timer = setTimeout(refresh, assetsDebounceMs);
    });
    return () => {
      stop();
      clearTimeout(timer);
      sequence++;
    };
  }, [store, client]);

  // §2: Ctrl+S on a compose page saves, wherever the focus is on the page. Inside the editor the
  // key handler below has taken it already (and prevented the browser's "Save page").
  const saveFromPage = useRef(() => save(false));
  saveFromPage.current = () => save(false);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 's')
        return;
      event.preventDefault();
      void saveFromPage.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!store.$dirty.get()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [store]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => store.$notice.set(undefined), 4_000);
    return () => clearTimeout(timer);
  }, [notice, store]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const path = event.nativeEvent.composedPath();
    const focused = (path[0] as Element | undefined) ?? null;
    // A dialog (save as block, pickers) owns its keys like a text field does; only Ctrl+S passes.
    const inDialog = path.some((node) => node instanceof Element && node.localName === 'sl-dialog');
    const action = shortcutOf({
      key: event.key,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      inTextField: inDialog || isTextField(focused),
      inCanvas: focused instanceof Node && canvasRef.current?.contains(focused) === true,
    });
    if (!action) return;
    // Copying text selected on the canvas stays the browser's copy.
    if (action === 'copy' && !(window.getSelection()?.isCollapsed ?? true)) return;
    const selectedId = store.$selectedId.get();
    if ((action === 'copy' || action === 'delete') && selectedId === undefined) return;
    event.preventDefault();
    if (action === 'save') void save(false);
    else if (action === 'undo') store.undo();
    else if (action === 'redo') store.redo();
    else if (action === 'copy') store.copy();
    else if (action === 'paste') store.paste();
    else if (action === 'deselect') store.select(undefined);
    else if (action === 'leaveText') {
      canvasRef.current?.querySelector<HTMLElement>(`[data-block-id="${selectedId}"]`)?.focus();
    } else if (action === 'delete' && selectedId !== undefined) {
      store.remove(selectedId);
      canvasRef.current?.focus();
    }
  };

  /** The type of what is dragged: a palette tile's, a saved block's, or the canvas block's. */
  const draggedType = (active: { id: string | number; data: { current?: unknown } }) => {
    const source = dragSourceOf(active.data.current);
    if (source) return source.kind === 'palette' ? source.type : source.block.type;
    return locate(store.$design.get(), String(active.id))?.block.type;
  };

  const collisionDetection: CollisionDetection = (args) => {
    const design = store.$design.get();
    const activeId = String(args.active.id);
    const source = dragSourceOf(args.active.data.current);
    const among = (ids: Set<string>) =>
      closestCenter({
        ...args,
        droppableContainers: args.droppableContainers.filter((c) => ids.has(String(c.id))),
      });
    // A block moved from the keyboard steps between its siblings (sortable's own coordinates).
    if (!source && !args.pointerCoordinates) {
      return among(new Set(locate(design, activeId)?.siblings.map((block) => block.id)));
    }
    const hits = pointerWithin(args).filter((hit) => String(hit.id) !== activeId);
    if (hits.length === 0) {
      // Beside the blocks: a tile takes what its rectangle touches, a moved block its nearest neighbour.
      if (source) return rectIntersection(args);
      return among(new Set(design.blocks.map((block) => block.id)));
    }
    // The innermost target wins: a gap, a block in a column, the column, a block, the canvas.
    return [...hits].sort((a, b) => dropRank(String(a.id), design) - dropRank(String(b.id), design));
  };

  const dropTargetFor = (event: DragMoveEvent): DropTarget | undefined => {
    const type = draggedType(event.active);
    if (!event.over || !type) return undefined;
    const start = event.activatorEvent as Partial<PointerEvent>;
    const translated = event.active.rect.current.translated;
    const pointerY =
      typeof start.clientY === 'number'
        ? start.clientY + event.delta.y
        : translated
          ? translated.top + translated.height / 2
          : 0;
    const over = { id: String(event.over.id), middleY: event.over.rect.top + event.over.rect.height / 2 };
    return dropTargetOf(over, pointerY, store.$design.get(), type);
  };

  /** A canvas block over one of its siblings: sortable's own reordering (it draws the move). */
  const siblingsOf = (event: DragMoveEvent) => {
    if (!event.over) return undefined;
    const design = store.$design.get();
    const active = locate(design, String(event.active.id));
    const over = locate(design, String(event.over.id));
    return active && over && samePlace(active.place, over.place) ? { active, over } : undefined;
  };

  const endDrag = () => {
    setDragSource(undefined);
    setDrop(undefined);
    setReordering(false);
  };

  const onDragEnd = (event: DragEndEvent) => {
    const source = dragSourceOf(event.active.data.current);
    const target = dropTargetFor(event);
    const siblings = source ? undefined : siblingsOf(event);
    if (source) {
      if (target) {
        if (source.kind === 'palette') store.addBlock(source.type, target.index, target.place);
        else store.insertCopy(source.block, target.index, target.place);
      }
    } else if (siblings) {
      const { active, over } = siblings;
      store.moveTo(active.block.id, over.place, over.index > active.index ? over.index + 1 : over.index);
    } else if (target) {
      store.moveTo(String(event.active.id), target.place, target.index);
    }
    endDrag();
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    // Enter stays "insert" on palette tiles; Space picks up a tile or a block's handle.
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  return (
    <EditorContext.Provider value={context}>
      <MergeTagsContext.Provider value={page ? null : mergeTags}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the editor's shortcuts listen where its focus is */}
        <div className="ee-root" data-testid="email-editor" onKeyDown={onKeyDown}>
          <Toolbar
            view={view}
            onViewChange={(change) => setView((view) => ({ ...view, ...change }))}
            onPreview={() => setPreviewOpen(true)}
            onSave={() => void save(false)}
            onPublish={target.templateId ? () => void save(true) : undefined}
          />
          {error && (
            <div className="ee-alert" role="alert" data-testid="editor-error">
              <span>{error}</span>
              {conflicted ? (
                <button
                  type="button"
                  className="ee-button ee-button--primary"
                  onClick={() => void keepMine()}
                >
                  {labels.keepMine}
                </button>
              ) : null}
              <button type="button" className="ee-button" onClick={() => store.$error.set(undefined)}>
                {labels.dismiss}
              </button>
            </div>
          )}
          <div className="ee-visually-hidden" role="status" aria-live="polite">
            {notice}
          </div>
          {notice && (
            <div className="ee-notice" aria-hidden="true">
              {notice}
            </div>
          )}
          <DndContext
            sensors={sensors}
            collisionDetection={collisionDetection}
            onDragStart={(event: DragStartEvent) => {
              const source = dragSourceOf(event.active.data.current);
              setDragSource(source);
              setReordering(source === undefined);
            }}
            onDragMove={(event) => {
              const moving = dragSourceOf(event.active.data.current) === undefined;
              setDrop(moving && siblingsOf(event) ? undefined : dropTargetFor(event));
            }}
            onDragEnd={onDragEnd}
            onDragCancel={endDrag}
          >
            <div className="ee-body">
              <Palette />
              <Canvas mobile={view.mobile} drop={drop} reordering={reordering} canvasRef={canvasRef} />
              <SettingsPanel />
            </div>
            <DragOverlay dropAnimation={null}>
              {dragSource ? <DragGhost source={dragSource} /> : null}
            </DragOverlay>
          </DndContext>
          <PreviewDialog
            open={previewOpen}
            mobile={view.mobile}
            dark={view.dark}
            onClose={() => setPreviewOpen(false)}
          />
          <MediaPicker
            request={pickRequest}
            onDone={(file) => {
              pickRequest?.resolve(file);
              setPickRequest(undefined);
            }}
          />
        </div>
      </MergeTagsContext.Provider>
    </EditorContext.Provider>
  );
}

/** A palette or saved-block tile's drag data; undefined for a canvas block (dnd-kit's sortable data). */
function dragSourceOf(data: unknown): DragSource | undefined {
  return typeof data === 'object' && data !== null && 'kind' in data ? (data as DragSource) : undefined;
}

function DragGhost({ source }: { source: DragSource }) {
  const type = source.kind === 'palette' ? source.type : source.block.type;
  const label = source.kind === 'palette' ? blockTitles[type] : source.name;
  return (
    <div className="ee-tile ee-tile--overlay">
      <span className="ee-tile__icon" aria-hidden="true">
        {paletteIcon(type)}
      </span>
      {label}
    </div>
  );
}
