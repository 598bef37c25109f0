import type { EmailDesign } from '@app/contract/editor/design';
import type { EmbedTokenCreated } from '@app/contract/editor/embed-api';
import { createElement, useEffect, useRef, useState } from 'react';
import { http } from '../api/client.ts';
import { Alert, Spinner } from './components.tsx';
import { loadElementModule } from './element-modules.ts';

/** A console page's editor token lives an hour; it is renewed every 45 minutes. */
const tokenSeconds = 3_600;
const renewMs = (tokenSeconds - 900) * 1000;

/** The element's `save`: a template's new revision, or (no template) the design for the page to store. */
export interface EditorSaved {
  templateId: string | null;
  revision: number;
  published: boolean;
  design: EmailDesign;
}

/**
 * Mints an embed token with the user's session (the element never sees the session): for one
 * template, or without one for an editor whose design the page stores itself.
 */
export const createEmbedToken = (templateId: string | undefined, ttlSeconds = tokenSeconds) =>
  http.transactional
    .post<{ results: EmbedTokenCreated }>(
      '/embed-tokens',
      { ...(templateId === undefined ? {} : { template_id: templateId }), ttl_seconds: ttlSeconds },
      { quiet: true },
    )
    .then((answer) => answer.results);

/**
 * `<email-editor>` on a console page, as a vendor page would use it: the element's module comes
 * from the import map, and it is given an embed token for this one template (renewed while the page
 * stays open), never the user's session. Without `templateId` it edits `design` and each save hands
 * the design to `onSave` for the page to store (a campaign's content).
 */
export function EmbeddedEmailEditor({
  templateId,
  design,
  onSave,
}: {
  templateId?: string | undefined;
  design?: EmailDesign | undefined;
  onSave?: (saved: EditorSaved) => void;
}) {
  const [token, setToken] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [defined, setDefined] = useState(false);
  const element = useRef<HTMLElement>(null);
  const onSaveNow = useRef(onSave);
  onSaveNow.current = onSave;

  useEffect(() => {
    let live = true;
    let minted = false;
    // A renewal that fails keeps the editor (and its unsaved work) on the current token; the next
    // renewal tries again. Only a first token that cannot be had stops the editor from opening.
    const mint = () =>
      createEmbedToken(templateId).then(
        (created) => {
          minted = true;
          if (live) setToken(created.token);
        },
        () => {
          if (live && !minted) setFailure('The editor could not be opened: its access token was refused.');
        },
      );
    void mint();
    const renew = setInterval(mint, renewMs);
    loadElementModule('@app/email-editor').then(
      () => live && setDefined(true),
      () => live && setFailure('The editor could not be loaded. Reload the page to try again.'),
    );
    return () => {
      live = false;
      clearInterval(renew);
    };
  }, [templateId]);

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const saved = (event: Event) => onSaveNow.current?.((event as CustomEvent<EditorSaved>).detail);
    node.addEventListener('save', saved);
    return () => node.removeEventListener('save', saved);
  }, [defined, token]);

  if (failure) return <Alert type="danger">{failure}</Alert>;
  if (!token || !defined) return <Spinner label="Loading the editor ..." />;
  return createElement('email-editor', {
    ref: element,
    'template-id': templateId,
    ...(templateId === undefined && design ? { design: JSON.stringify(design) } : {}),
    'api-base': window.location.origin,
    token,
  });
}
