import { defaultDesign } from '@app/contract/editor/default-design';
import type { DesignBlock } from '@app/contract/editor/design';
import { describe, expect, it, vi } from 'vitest';
import { createEditorStore } from './editor-store.ts';
import { type EmbedClient, EmbedError } from './embed-client.ts';
import { labelsFor } from './i18n.ts';
import { saveDesign } from './save-design.ts';

const labels = labelsFor('en');
const makeStore = () =>
  createEditorStore(
    { design: defaultDesign(), revision: 2, published: false },
    () => ({}) as DesignBlock['props'],
  );
const clientSaving = (saveDesign: EmbedClient['saveDesign']) => ({ saveDesign }) as EmbedClient;

describe('saving a design', () => {
  it('sends the loaded revision and takes the new one', async () => {
    const store = makeStore();
    store.addBlock('text');
    const save = vi.fn<EmbedClient['saveDesign']>(async () => ({
      template_id: 't1',
      revision: 3,
      has_draft: true,
      has_published: true,
      updated_at: '2026-01-01T00:00:00Z',
    }));
    const saved = await saveDesign(
      store,
      clientSaving(save),
      { templateId: 't1', name: 'News' },
      true,
      labels,
    );
    expect(saved?.revision).toBe(3);
    expect(save).toHaveBeenCalledWith(
      't1',
      expect.objectContaining({ revision: 2, publish: true, name: 'News' }),
    );
    expect(store.$revision.get()).toBe(3);
    expect(store.$published.get()).toBe(true);
    expect(store.$dirty.get()).toBe(false);
    expect(store.$saveState.get()).toBe('idle');
  });

  it('keeps the user design on a conflict and says why', async () => {
    const store = makeStore();
    store.addBlock('text');
    const save = vi.fn<EmbedClient['saveDesign']>(async () => {
      throw new EmbedError('revision mismatch', 409);
    });
    await expect(
      saveDesign(store, clientSaving(save), { templateId: 't1', name: undefined }, false, labels),
    ).rejects.toThrow(
      'Someone else saved this template since you opened it. Keep your version (it replaces theirs), or reload to see theirs.',
    );
    expect(store.$design.get().blocks).toHaveLength(1);
    expect(store.$dirty.get()).toBe(true);
    expect(store.$revision.get()).toBe(2);
  });
});
