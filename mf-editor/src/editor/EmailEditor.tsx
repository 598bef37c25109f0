import { defaultDesign } from '@app/contract/editor/default-design';
import type { EmailDesign } from '@app/contract/editor/design';
import {
  type BlockType,
  type PageFormChoice,
  pageOnlyBlockTypes,
} from '@app/contract/editor/design-constants';
import type { EmbedSession } from '@app/contract/editor/embed-api';
import { useEffect, useMemo, useRef, useState } from 'react';
import { definitionOf } from '../blocks/registry.ts';
import { EditorFrame, type FrameCallbacks, type SavedDetail } from './EditorFrame.tsx';
import { createEditorStore, type EditorStore } from './editor-store.ts';
import { createEmbedClient, EmbedError } from './embed-client.ts';
import { type Labels, labelsFor } from './i18n.ts';
import type { SaveTarget } from './save-design.ts';
import { useEditorStyles } from './use-editor-styles.ts';
import { useWideScreen } from './use-wide-screen.ts';

export interface EmailEditorProps {
  /** The engine template this design is stored on; without one, Save hands the design to the page. */
  templateId?: string;
  /** A design to start from when the template has none. */
  design?: EmailDesign;
  /** The engine's origin, e.g. "http://127.0.0.1:8080"; the embed API is `${apiBase}/embed/v1`. */
  apiBase: string;
  /** The embed token (Authorization: Bearer …); never the user's session. */
  token: string;
  /** 'en' (default) or 'id' for the editor's own labels. */
  locale?: string;
  onChange?(detail: { design: EmailDesign; dirty: boolean }): void;
  /** A save; without a template the design is the page's to store (see SavedDetail). */
  onSave?(detail: SavedDetail): void;
  onReady?(detail: { templateId: string | null; session: EmbedSession }): void;
  onError?(detail: { message: string; status?: number }): void;
  /**
   * Given, the editor edits a landing or thank-you page: the page blocks (a Form) are offered, with
   * these forms to choose from. Without it the design is mail and they are not.
   */
  forms?: readonly PageFormChoice[];
}

/**
 * The block email editor. Below 1024px wide it shows only why it cannot open and loads nothing;
 * once opened, narrowing the window hides it (keeping unsaved work) behind the same message.
 */
export function EmailEditor(props: EmailEditorProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  useEditorStyles(rootRef);
  const wide = useWideScreen();
  const [opened, setOpened] = useState(wide);
  if (wide && !opened) setOpened(true);
  const labels = labelsFor(props.locale);
  return (
    <div ref={rootRef} className="ee-host" lang={props.locale ?? 'en'} style={{ height: '100%' }}>
      {!wide && (
        <div className="ee-root ee-center" role="alert" data-testid="editor-too-narrow">
          <strong>{labels.narrowTitle}</strong>
          <span>{labels.narrowHint}</span>
        </div>
      )}
      {opened && (
        <div hidden={!wide} style={{ height: '100%' }}>
          <LoadedEditor {...props} labels={labels} />
        </div>
      )}
    </div>
  );
}

interface Loaded {
  store: EditorStore;
  target: SaveTarget;
  /** The block types the company's plan leaves out (§6). */
  blocksOff: readonly BlockType[];
  /** The company's contact field tags, offered as merge tags. */
  mergeTags: readonly string[];
  mergeSamples: Readonly<Record<string, string>>;
}

const noForms: readonly PageFormChoice[] = [];

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | ({ status: 'ready' } & Loaded);

function LoadedEditor(props: EmailEditorProps & { labels: Labels }) {
  const { apiBase, token, templateId, labels } = props;
  // The token may be renewed while the editor is open: calls read the newest, nothing reloads.
  const currentToken = useRef(token);
  currentToken.current = token;
  const client = useMemo(() => createEmbedClient(apiBase, () => currentToken.current), [apiBase]);
  const callbacks = useRef<FrameCallbacks & Pick<EmailEditorProps, 'onReady' | 'forms'>>(props);
  callbacks.current = props;
  const startDesign = useRef(props.design);
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    (async () => {
      const session = await client.session();
      const id = templateId ?? session.template_id ?? undefined;
      const stored = id ? await client.loadDesign(id) : undefined;
      const design = stored?.design ?? startDesign.current ?? defaultDesign();
      const store = createEditorStore(
        { design, revision: stored?.revision ?? 0, published: stored?.has_published ?? false },
        (type) => definitionOf(type).create({ page: callbacks.current.forms !== undefined }),
      );
      if (!current) return;
      setState({
        status: 'ready',
        store,
        target: { templateId: id, name: stored?.name },
        blocksOff: callbacks.current.forms
          ? session.blocks_off
          : [...session.blocks_off, ...pageOnlyBlockTypes],
        mergeTags: session.merge_tags,
        mergeSamples: session.merge_samples,
      });
      callbacks.current.onReady?.({ templateId: id ?? null, session });
    })().catch((failure: unknown) => {
      if (!current) return;
      const message = failure instanceof Error ? failure.message : String(failure);
      const status = failure instanceof EmbedError ? failure.status : undefined;
      setState({ status: 'failed', message });
      callbacks.current.onError?.({ message, ...(status === undefined ? {} : { status }) });
    });
    return () => {
      current = false;
    };
  }, [client, templateId]);

  if (state.status === 'loading') {
    return (
      <div className="ee-root ee-center" aria-busy="true" data-testid="editor-loading">
        <sl-spinner style={{ fontSize: '2rem' }} />
        <span role="status">{labels.loading}</span>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="ee-root ee-center" role="alert" data-testid="editor-error">
        {state.message}
      </div>
    );
  }
  return (
    <EditorFrame
      store={state.store}
      client={client}
      labels={labels}
      target={state.target}
      blocksOff={state.blocksOff}
      mergeTags={state.mergeTags}
      mergeSamples={state.mergeSamples}
      forms={props.forms ?? noForms}
      page={props.forms !== undefined}
      callbacks={callbacks}
    />
  );
}
