import type { EmailDesign } from '@app/contract/editor/design';
import type { PageFormChoice } from '@app/contract/editor/design-constants';
import type { EmbedTokenCreated } from '@app/contract/editor/embed-api';
import { http } from '../api/client.ts';

/** A console page's editor token lives an hour; it is renewed every 45 minutes. */
const tokenSeconds = 3_600;
export const renewMs = (tokenSeconds - 900) * 1000;

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

export interface EmbeddedEmailEditorProps {
  /** The engine template edited; without one the editor edits `design` and the page stores it. */
  templateId?: string | undefined;
  design?: EmailDesign | undefined;
  onSave?: (saved: EditorSaved) => void;
  /** A landing or thank-you page's editor: the forms its Form block can show (mail has none). */
  forms?: readonly PageFormChoice[] | undefined;
}
