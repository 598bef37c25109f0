import type { DesignSaved } from '@app/contract/editor/embed-api';
import type { EditorStore } from './editor-store.ts';
import { type EmbedClient, EmbedError } from './embed-client.ts';
import type { Labels } from './i18n.ts';

export interface SaveTarget {
  templateId: string | undefined;
  /** The template's name, sent so a first save can create it. */
  name: string | undefined;
}

/**
 * Stores the present design (and publishes it with `publish`) with the revision it started from.
 * A 409 means someone saved in between: the user's design stays in the editor, unsaved.
 * Resolves undefined when a save is already running.
 */
export async function saveDesign(
  store: EditorStore,
  client: EmbedClient,
  target: SaveTarget & { templateId: string },
  publish: boolean,
  labels: Labels,
): Promise<DesignSaved | undefined> {
  if (store.$saveState.get() === 'saving') return undefined;
  const design = store.$design.get();
  store.$saveState.set('saving');
  try {
    const saved = await client.saveDesign(target.templateId, {
      design,
      revision: store.$revision.get(),
      name: target.name,
      publish,
    });
    store.markSaved(design, saved.revision, saved.has_published);
    return saved;
  } catch (error) {
    if (error instanceof EmbedError && error.status === 409) throw new EmbedError(labels.conflict, 409);
    throw error;
  } finally {
    store.$saveState.set('idle');
  }
}
