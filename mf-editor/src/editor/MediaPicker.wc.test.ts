/// <reference types="mocha" />

import { defaultDesign } from '@app/contract/editor/default-design';
import { expect } from '@esm-bundle/chai';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { PickedFile } from '../blocks/block-definition.ts';
import { EditorContext, type EditorContextValue } from './editor-context.ts';
import { createEditorStore } from './editor-store.ts';
import { createEmbedClient } from './embed-client.ts';
import { labelsFor } from './i18n.ts';
import { MediaPicker } from './MediaPicker.tsx';
import { until } from './testing/fake-embed-api.ts';

const stored = {
  id: 'm1',
  name: 'a.png',
  url: 'https://cdn.test/a.png',
  content_type: 'image/png',
  size: 10,
  created_at: 'now',
};

function fakeMedia() {
  const calls: string[] = [];
  window.fetch = async (input, init) => {
    const url = new URL(String(input));
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    // Two pages of files: the first names a cursor for the second.
    const secondPage = url.searchParams.get('cursor') === 'c1';
    if (init?.method === 'DELETE')
      return new Response('{}', { headers: { 'Content-Type': 'application/json' } });
    const body =
      init?.method === 'POST'
        ? { results: { ...stored, id: 'm2', name: 'b.png', url: 'https://cdn.test/b.png' } }
        : secondPage
          ? { results: [{ ...stored, id: 'm3', name: 'c.png' }], next_cursor: null }
          : { results: [stored], next_cursor: 'c1' };
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  };
  return calls;
}

let root: Root | undefined;
let host: HTMLElement | undefined;

function mount(onDone: (file: PickedFile | undefined) => void) {
  host = document.createElement('div');
  document.body.append(host);
  const labels = labelsFor('en');
  const value: EditorContextValue = {
    store: createEditorStore({ design: defaultDesign(), revision: 0, published: false }, () => ({}) as never),
    client: createEmbedClient('http://engine.test', 'tok'),
    labels,
    services: { pickImage: async () => undefined, pickFile: async () => undefined, forms: [], page: false },
    blocksOff: [],
    messageFields: true,
    page: false,
    mergeSamples: {},
    reportError: () => undefined,
  };
  root = createRoot(host);
  root.render(
    createElement(
      EditorContext.Provider,
      { value },
      createElement(MediaPicker, { request: { kind: 'image', resolve: () => undefined }, onDone }),
    ),
  );
}

function choose(file: File) {
  const input = host?.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('MediaPicker', () => {
  afterEach(() => {
    root?.unmount();
    host?.remove();
  });

  it("lists the company's images and hands back the one chosen", async () => {
    const calls = fakeMedia();
    const picked: (PickedFile | undefined)[] = [];
    mount((file) => picked.push(file));
    const use = await until(() => host?.querySelector<HTMLButtonElement>('[aria-label="Use a.png"]'));
    expect(calls).to.deep.equal(['GET /embed/v1/media?type=image']);
    use.click();
    expect(picked).to.deep.equal([{ url: 'https://cdn.test/a.png', name: 'a.png', size: 10 }]);
  });

  it('shows more files, a page at a time, until there are no more', async () => {
    const calls = fakeMedia();
    mount(() => undefined);
    await until(() => host?.querySelector('[aria-label="Use a.png"]'));
    const more = [...(host?.querySelectorAll('button') ?? [])].find(
      (b) => b.textContent === 'Show more files',
    );
    more?.click();
    await until(() => host?.querySelector('[aria-label="Use c.png"]'));
    expect(calls.at(-1)).to.equal('GET /embed/v1/media?type=image&cursor=c1');
    expect(
      [...(host?.querySelectorAll('button') ?? [])].some((b) => b.textContent === 'Show more files'),
    ).to.equal(false);
  });

  it('refuses files over 20 MB and non-images before sending, and uploads the others', async () => {
    const calls = fakeMedia();
    mount(() => undefined);
    await until(() => host?.querySelector('[aria-label="Use a.png"]'));
    choose(new File([new Uint8Array(20_971_521)], 'big.png', { type: 'image/png' }));
    await until(
      () => host?.querySelector('[role="alert"]')?.textContent === 'The file is larger than 20 MB.',
    );
    choose(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    await until(() => host?.querySelector('[role="alert"]')?.textContent?.startsWith('Choose an image file'));
    expect(calls).to.have.length(1);
    choose(new File(['png'], 'b.png', { type: 'image/png' }));
    await until(() => host?.querySelector('[aria-label="Use b.png"]'));
    expect(calls[1]).to.equal('POST /embed/v1/media?name=b.png');
  });
  it('deletes a file once the deletion is confirmed, and not before', async () => {
    const calls = fakeMedia();
    mount(() => undefined);
    const remove = await until(() => host?.querySelector<HTMLButtonElement>('[aria-label="Delete a.png"]'));
    remove.click();
    const question = await until(() => host?.querySelector('[data-testid="media-delete"]'));
    expect(question.textContent).to.contain('Delete "a.png"?');
    const cancel = [...question.querySelectorAll('button')].find((b) => b.textContent === 'Cancel');
    cancel?.click();
    await until(() => !host?.querySelector('[data-testid="media-delete"]'));
    expect(calls).to.deep.equal(['GET /embed/v1/media?type=image']);

    remove.click();
    const confirm = await until(() =>
      [...(host?.querySelectorAll('[data-testid="media-delete"] button') ?? [])].find(
        (b) => b.textContent === 'Delete',
      ),
    );
    (confirm as HTMLButtonElement).click();
    await until(() => !host?.querySelector('[aria-label="Use a.png"]'));
    expect(calls.at(-1)).to.equal('DELETE /embed/v1/media/m1');
  });
});
