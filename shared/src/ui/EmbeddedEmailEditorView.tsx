import { createElement, useEffect, useRef, useState } from 'react';
import { Alert, Spinner } from './components.tsx';
import { loadElementModule } from './element-modules.ts';
import { createEmbedToken, type EditorSaved, type EmbeddedEmailEditorProps, renewMs } from './embed-token.ts';

/**
 * `<email-editor>` on a console page, as a vendor page would use it: the element's module comes
 * from the import map, and it is given an embed token for this one template (renewed while the page
 * stays open), never the user's session. Without `templateId` it edits `design` and each save hands
 * the design to `onSave` for the page to store (a campaign's content).
 */
export function EmbeddedEmailEditorView({ templateId, design, onSave, forms }: EmbeddedEmailEditorProps) {
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
    // React sets it as the element's property (r2wc defines one per prop): the object itself, no JSON.
    ...(templateId === undefined && design ? { design } : {}),
    ...(forms ? { forms } : {}),
    'api-base': window.location.origin,
    token,
  });
}
