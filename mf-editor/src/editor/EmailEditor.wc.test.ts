/// <reference types="mocha" />

import { expect } from '@esm-bundle/chai';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { EmailEditor, type EmailEditorProps } from './EmailEditor.tsx';
import { fakePlan, fakeServer, until } from './testing/fake-embed-api.ts';

import '@shoelace-style/shoelace/dist/components/dialog/dialog.js';
import '@shoelace-style/shoelace/dist/components/spinner/spinner.js';
import '@shoelace-style/shoelace/dist/components/switch/switch.js';

const centre = (element: Element | null): [number, number] => {
  const rect = element?.getBoundingClientRect();
  if (!rect) throw new Error('no element to drag');
  return [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
};

/** Drags with the mouse from one point to another in small steps, as a person does. */
async function drag(from: [number, number], to: [number, number]) {
  await sendMouse({ type: 'move', position: from });
  await sendMouse({ type: 'down' });
  for (let step = 1; step <= 6; step += 1) {
    const position: [number, number] = [
      Math.round(from[0] + ((to[0] - from[0]) * step) / 6),
      Math.round(from[1] + ((to[1] - from[1]) * step) / 6),
    ];
    await sendMouse({ type: 'move', position });
  }
  await sendMouse({ type: 'up' });
}

let root: Root | undefined;
let host: HTMLElement | undefined;

function mount(props: Partial<EmailEditorProps> = {}, width = '') {
  host = document.createElement('div');
  host.style.height = '700px';
  host.style.width = width;
  document.body.append(host);
  root = createRoot(host);
  root.render(
    createElement(EmailEditor, {
      apiBase: 'http://engine.test',
      token: 'tok',
      templateId: 'welcome',
      ...props,
    }),
  );
  return host;
}

const q = <T extends Element = HTMLElement>(selector: string) => host?.querySelector<T>(selector) ?? null;
const heading = () => q('[data-testid="settings"] h2')?.textContent;
const status = () => q('[data-testid="save-status"]')?.textContent;
const buttonNamed = (name: string) =>
  [...(host?.querySelectorAll('button') ?? [])].find((button) => button.textContent === name);

/** Drags two palette tiles onto the canvas (the second before the first), then swaps them by the handle. */
async function dragAndReorder() {
  await until(() => q('[data-testid="canvas"]'));
  const types = () =>
    [...(host?.querySelectorAll('[data-block-id]') ?? [])].map((node) =>
      node.getAttribute('data-block-type'),
    );
  await drag(
    centre(q('[data-testid="palette"] [data-block-type="text"]')),
    centre(q('[data-testid="canvas"]')),
  );
  await until(() => types().length === 1);
  const first = q('[data-block-id]')?.getBoundingClientRect();
  if (!first) throw new Error('no block');
  await drag(centre(q('[data-testid="palette"] [data-block-type="image"]')), [
    Math.round(first.left + first.width / 2),
    Math.round(first.top + 3),
  ]);
  await until(() => types().length === 2);
  expect(types()).to.deep.equal(['image', 'text']);
  const handle = host?.querySelectorAll('[data-testid="block-drag-handle"]')[1] ?? null;
  const top = q('[data-block-id]')?.getBoundingClientRect();
  if (!top) throw new Error('no block');
  await drag(centre(handle), [centre(handle)[0], Math.round(top.top + 2)]);
  await until(() => types()[0] === 'text');
}

describe('EmailEditor', () => {
  beforeEach(async () => {
    await setViewport({ width: 1280, height: 800 });
  });
  afterEach(() => {
    root?.unmount();
    host?.remove();
  });

  it('refuses to open below 1024px, loading nothing', async () => {
    await setViewport({ width: 900, height: 800 });
    const calls = fakeServer();
    mount();
    const alert = await until(() => q('[role="alert"]'));
    expect(alert.textContent).to.contain('The editor cannot open on a screen narrower than 1024px.');
    expect(calls).to.have.length(0);
    await setViewport({ width: 1280, height: 800 });
    await until(() => q('[data-testid="canvas"]'));
    expect(q('[data-testid="editor-too-narrow"]')).to.equal(null);
    q('[data-testid="palette"] [data-block-type="text"]')?.click();
    await until(() => q('[data-block-id]'));
    await setViewport({ width: 900, height: 800 });
    await until(() => q('[data-testid="editor-too-narrow"]'));
    expect(q('[data-testid="canvas"]')?.checkVisibility()).to.equal(false);
    await setViewport({ width: 1280, height: 800 });
    await until(() => q('[data-testid="canvas"]')?.checkVisibility());
    expect(q('[data-block-id]')).to.not.equal(null);
  });

  it("offers no block the company's plan leaves out", async () => {
    fakePlan.blocksOff = ['video', 'barcode'];
    fakeServer();
    mount();
    await until(() => q('[data-testid="canvas"]'));
    const tiles = [...document.querySelectorAll('[data-testid="palette"] [data-block-type]')].map((node) =>
      node.getAttribute('data-block-type'),
    );
    fakePlan.blocksOff = [];
    expect(tiles).to.include('qrcode');
    expect(tiles).to.not.include('video');
    expect(tiles).to.not.include('barcode');
  });

  it('loads, shows Global Setting, adds a block from the palette and saves with the loaded revision', async () => {
    const calls = fakeServer();
    const events: string[] = [];
    mount({
      onReady: () => events.push('ready'),
      onSave: (detail) => events.push(`saved ${detail.revision} ${detail.published}`),
    });
    await until(() => q('[data-testid="canvas"]'));
    expect(heading()).to.equal('Global Setting');
    expect(q('[data-testid="canvas-empty"]')?.textContent).to.equal('Drag blocks here');
    expect(status()).to.equal('All changes saved');
    q('[data-testid="palette"] [data-block-type="calendar"]')?.click();
    await until(() => q('[data-testid="canvas"] [data-block-type="calendar"][data-block-id]'));
    expect(heading()).to.equal('Add to Calendar Setting');
    expect(status()).to.equal('Unsaved changes');
    buttonNamed('Publish')?.click();
    await until(() => status() === 'All changes saved');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).to.deep.include({ revision: 4, publish: true });
    expect(events).to.deep.equal(['ready', 'saved 5 true']);
    expect(q('.ee-badge')?.textContent).to.equal('Published');
  });

  it('without a template, hands the design to the page on Save and Ctrl+S, and offers no Publish', async () => {
    const calls = fakeServer();
    const saved: { templateId: string | null; blocks: number }[] = [];
    mount({
      templateId: undefined,
      onSave: (detail) => saved.push({ templateId: detail.templateId, blocks: detail.design.blocks.length }),
    });
    await until(() => q('[data-testid="canvas"]'));
    expect(buttonNamed('Publish')).to.equal(undefined);
    // The page keeps the subject, sender and preheader: Global Setting does not offer them.
    expect(heading()).to.equal('Global Setting');
    expect(q('[data-testid="settings"]')?.textContent).to.not.contain('Message');
    // §3's view-in-browser flag is the campaign's to set.
    expect(q('[data-testid="settings"]')?.textContent).to.contain(
      'Show a "View in browser" link above the content',
    );
    q('[data-testid="palette"] [data-block-type="text"]')?.click();
    await until(() => q('[data-testid="canvas"] [data-block-type="text"]'));
    expect(status()).to.equal('Unsaved changes');
    buttonNamed('Save')?.click();
    await until(() => status() === 'All changes saved');
    q('[data-testid="palette"] [data-block-type="html"]')?.click();
    await until(() => q('[data-testid="canvas"] [data-block-type="html"]'));
    q<HTMLElement>('[data-testid="canvas"] [data-block-type="html"]')?.focus();
    await sendKeys({ press: 'Control+s' });
    await until(() => saved.length === 2);
    expect(saved).to.deep.equal([
      { templateId: null, blocks: 1 },
      { templateId: null, blocks: 2 },
    ]);
    // The page stores it: the editor wrote nothing to any template.
    expect(calls.filter((call) => call.method === 'PUT')).to.deep.equal([]);
  });

  it('lays out columns: a picked block goes into the selected column, a dragged one where it lands', async () => {
    fakeServer();
    mount({ templateId: undefined });
    await until(() => q('[data-testid="canvas"]'));
    const columns = () => [...(host?.querySelectorAll('[data-testid="column"]') ?? [])];
    q('[data-testid="palette"] [data-block-type="row"]')?.click();
    await until(() => columns().length === 2);
    expect(heading()).to.equal('Columns Setting');
    columns()[1]?.querySelector<HTMLElement>('.ee-column__empty')?.click();
    await until(() => columns()[1]?.getAttribute('data-selected') === 'true');
    q('[data-testid="palette"] [data-block-type="button"]')?.click();
    await until(() => columns()[1]?.querySelector('[data-block-type="button"]'));
    expect(heading()).to.equal('Button Setting');
    expect(q('[data-testid="settings-place"]')?.textContent).to.contain('In column 2 of a row');
    // In a column the column frames the block: no side spacing or background of its own.
    expect(q('[data-testid="settings"]')?.textContent).to.not.contain('Padding left and right');
    await drag(centre(q('[data-testid="palette"] [data-block-type="text"]')), centre(columns()[0] ?? null));
    await until(() => columns()[0]?.querySelector('[data-block-type="text"]'));
    // dnd-kit swallows clicks for 50 ms after a drag (the release is not a click).
    await new Promise((settled) => setTimeout(settled, 80));
    // A catalog is laid out in columns itself: picked while a block in a column is selected, it goes after the row.
    q('[data-testid="palette"] [data-block-type="catalog"]')?.click();
    const catalog = await until(() => q('[data-testid="canvas"] [data-block-id][data-block-type="catalog"]'));
    expect(catalog.closest('[data-testid="column"]')).to.equal(null);
    expect(columns().map((column) => column.querySelectorAll('[data-block-id]').length)).to.deep.equal([
      1, 1,
    ]);
    columns()[0]?.querySelector<HTMLElement>('[data-block-type="text"]')?.click();
    await until(() => heading() === 'Text Setting');
    buttonNamed('Select the row')?.click();
    await until(() => heading() === 'Columns Setting');
    // A block of a column can be hidden on phones on its own: the phone view shows it faded, not its column.
    columns()[1]?.querySelector<HTMLElement>('[data-block-type="button"]')?.click();
    await until(() => heading() === 'Button Setting');
    const hide = [...(host?.querySelectorAll<HTMLElement>('[data-testid="settings"] sl-switch') ?? [])].find(
      (control) => control.textContent?.includes('Hide on mobile'),
    );
    hide?.click();
    buttonNamed('Mobile')?.click();
    await until(() =>
      columns()[1]
        ?.querySelector('[data-block-type="button"]')
        ?.classList.contains('ee-block--hidden-mobile'),
    );
    expect(columns()[0]?.querySelector('.ee-block--hidden-mobile')).to.equal(null);
  });

  it('keeps the design and says why when someone else saved first', async () => {
    fakeServer(409);
    const errors: (number | undefined)[] = [];
    mount({ onError: (detail) => errors.push(detail.status) });
    await until(() => q('[data-testid="canvas"]'));
    q('[data-testid="palette"] [data-block-type="text"]')?.click();
    await until(() => q('[data-testid="canvas"] [data-block-type="text"]'));
    q<HTMLElement>('[data-testid="canvas"] [data-block-type="text"]')?.focus();
    await sendKeys({ press: 'Control+s' });
    const alert = await until(() => q('[data-testid="editor-error"]'));
    expect(alert.textContent).to.contain('Someone else saved this template since you opened it');
    expect(status()).to.equal('Unsaved changes');
    expect(errors).to.deep.equal([409]);
  });

  it('saves over the other version when the user keeps theirs', async () => {
    const calls = fakeServer(409, 200);
    mount();
    await until(() => q('[data-testid="canvas"]'));
    q('[data-testid="palette"] [data-block-type="text"]')?.click();
    await until(() => q('[data-testid="canvas"] [data-block-type="text"]'));
    q<HTMLElement>('[data-testid="canvas"] [data-block-type="text"]')?.focus();
    await sendKeys({ press: 'Control+s' });
    await until(() => q('[data-testid="editor-error"]'));
    [...document.querySelectorAll('button')]
      .find((button) => button.textContent === 'Keep my version')
      ?.click();
    await until(() => status() === 'All changes saved');
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts).to.have.length(2);
    // The second save names the revision the other save made (the stored one, 4 in the fake).
    expect((puts[1]?.body as { revision?: number } | undefined)?.revision).to.equal(4);
  });

  it('undoes with Ctrl+Z, deselects with Escape and deletes with the Delete key', async () => {
    fakeServer();
    mount();
    await until(() => q('[data-testid="canvas"]'));
    q('[data-testid="palette"] [data-block-type="button"]')?.click();
    q('[data-testid="palette"] [data-block-type="image"]')?.click();
    await until(() => host?.querySelectorAll('[data-block-id]').length === 2);
    q<HTMLElement>('[data-block-type="image"][data-block-id]')?.focus();
    await sendKeys({ press: 'Control+z' });
    await until(() => host?.querySelectorAll('[data-block-id]').length === 1);
    q<HTMLElement>('[data-block-type="button"][data-block-id]')?.focus();
    await until(() => heading() === 'Button Setting');
    await sendKeys({ press: 'Escape' });
    await until(() => heading() === 'Global Setting');
    await sendKeys({ press: 'Enter' });
    await until(() => heading() === 'Button Setting');
    await sendKeys({ press: 'Delete' });
    await until(() => q('[data-testid="canvas-empty"]'));
  });

  it('edits a text in place once its block is selected, and shows it read-only otherwise', async () => {
    fakeServer();
    mount();
    await until(() => q('[data-testid="canvas"]'));
    q('[data-testid="palette"] [data-block-type="text"]')?.click();
    const editable = await until(() =>
      q<HTMLElement>('[data-block-type="text"] [data-testid="rich-text"][contenteditable="true"]'),
    );
    expect(q('.mf-rich-text-toolbar')).to.not.equal(null);
    // The company's contact field tags from the session, its own "plan" among them.
    const tags = [...(q<HTMLSelectElement>('select[aria-label="Insert merge tag"]')?.options ?? [])].map(
      (option) => option.textContent,
    );
    expect(tags).to.include.members(['{{firstname}}', '{{plan}}', 'Custom tag…']);
    editable.focus();
    await sendKeys({ press: 'Control+a' });
    await sendKeys({ type: 'Fresh <b>arrivals</b>' });
    await sendKeys({ press: 'Escape' });
    await sendKeys({ press: 'Escape' });
    await until(() => heading() === 'Global Setting');
    const view = await until(() => q('[data-block-type="text"] [data-testid="rich-text"][inert]'));
    expect(view.textContent).to.equal('Fresh <b>arrivals</b>');
    expect(view.querySelector('b')).to.equal(null);
    expect(q('[contenteditable="true"]')).to.equal(null);
    expect(status()).to.equal('Unsaved changes');
  });

  it('deselects on a click on the canvas background, not on a click pressed on a block', async () => {
    fakeServer();
    mount();
    await until(() => q('[data-testid="canvas"]'));
    q('[data-testid="palette"] [data-block-type="button"]')?.click();
    const block = await until(() => q('[data-block-type="button"][data-block-id]'));
    await until(() => heading() === 'Button Setting');
    const canvas = q('[data-testid="canvas"]');
    // Pressed on the block, released beside it (the blocks moved meanwhile): the click is the canvas's.
    block.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    canvas?.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    expect(heading()).to.equal('Button Setting');
    canvas?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    canvas?.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    await until(() => heading() === 'Global Setting');
  });

  it('moves and duplicates the selected block with its toolbar', async () => {
    fakeServer();
    mount();
    await until(() => q('[data-testid="canvas"]'));
    q('[data-testid="palette"] [data-block-type="text"]')?.click();
    q('[data-testid="palette"] [data-block-type="separator"]')?.click();
    await until(() => host?.querySelectorAll('[data-block-id]').length === 2);
    q('[data-testid="block-actions"] [aria-label="Move up"]')?.click();
    const types = () =>
      [...(host?.querySelectorAll('[data-block-id]') ?? [])].map((node) =>
        node.getAttribute('data-block-type'),
      );
    await until(() => types()[0] === 'separator');
    q('[data-testid="block-actions"] [aria-label="Duplicate"]')?.click();
    await until(() => types().length === 3);
    expect(types()).to.deep.equal(['separator', 'separator', 'text']);
  });

  it('drags palette tiles onto the canvas and between blocks, and reorders by the handle', async () => {
    fakeServer();
    mount();
    await dragAndReorder();
    expect(q('[data-testid="canvas-zoom"]')).to.equal(null);
  });

  it('zooms a canvas wider than its workspace to fit, and drops still land under the pointer', async () => {
    fakeServer();
    mount({}, '1000px');
    const note = await until(() => q('[data-testid="canvas-zoom"]'));
    expect(note.textContent).to.match(/^Shown at \d\d% to fit the window$/);
    const canvas = q('[data-testid="canvas"]')?.getBoundingClientRect();
    const workspace = q('.ee-workspace')?.getBoundingClientRect();
    expect(canvas && workspace && canvas.width <= workspace.width).to.equal(true);
    await dragAndReorder();
  });

  it('has no axe violations with nothing selected and with a block selected', async () => {
    fakeServer();
    mount();
    await until(() => q('[data-testid="canvas"]'));
    await import('/node_modules/axe-core/axe.min.js' as string);
    const axe = (
      window as unknown as {
        axe: { run(node: Element): Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> };
      }
    ).axe;
    const problems = async () =>
      (await axe.run(host as Element)).violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
      );
    expect(await problems()).to.deep.equal([]);
    q('[data-testid="palette"] [data-block-type="text"]')?.click();
    await until(() => heading() === 'Text Setting');
    expect(await problems()).to.deep.equal([]);
  });

  it('inserts a saved block as a copy and saves the selected block for reuse', async () => {
    const calls = fakeServer();
    mount();
    await until(() => q('[data-testid="canvas"]'));
    q('[data-testid="palette-tab-saved"]')?.click();
    const tile = await until(() => q('[data-saved-block-id="s1"]'));
    expect(tile.textContent).to.contain('Footer note');
    // A page's section (its Form block) is not offered to a mail.
    expect(q('[data-saved-block-id="s-page"]')).to.equal(null);
    (tile as HTMLElement).click();
    const block = await until(() => q('[data-testid="canvas"] [data-block-type="separator"]'));
    expect(block.getAttribute('data-block-id')).to.not.equal('old1');
    q('[data-testid="block-actions"] [aria-label="Save as block"]')?.click();
    const input = await until(() => q<HTMLInputElement>('sl-dialog[open] input'));
    // Shoelace moves focus into the dialog once it has opened; let it finish first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    input.focus();
    await sendKeys({ type: 'Divider' });
    // Keys pressed in the dialog (which sits on the canvas) never delete the block.
    q('sl-dialog[open] [slot="footer"] button')?.focus();
    await sendKeys({ press: 'Delete' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(q('[data-testid="canvas"] [data-block-type="separator"]')).to.not.equal(null);
    input.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => calls.some((call) => call.method === 'POST' && call.path === '/saved-blocks'));
    const post = calls.find((call) => call.method === 'POST' && call.path === '/saved-blocks');
    expect(post?.body).to.deep.include({ name: 'Divider' });
    await until(() => q('[data-saved-block-id="s2"]'));
  });

  it('works inside a shadow root: adopts its stylesheet, reports changes, takes drops', async () => {
    fakeServer();
    const outer = document.createElement('div');
    document.body.append(outer);
    const shadow = outer.attachShadow({ mode: 'open' });
    const container = document.createElement('div');
    shadow.append(container);
    const changes: boolean[] = [];
    const shadowRoot = createRoot(container);
    shadowRoot.render(
      createElement(EmailEditor, {
        apiBase: 'http://engine.test',
        token: 'tok',
        templateId: 'welcome',
        onChange: (detail) => changes.push(detail.dirty),
      }),
    );
    try {
      await until(() => shadow.querySelector('[data-testid="canvas"]'));
      expect(shadow.adoptedStyleSheets).to.have.length(1);
      shadow.querySelector<HTMLElement>('[data-testid="palette"] [data-block-type="text"]')?.click();
      await until(() => changes.length === 1);
      expect(changes).to.deep.equal([true]);
      // The canvas shows its drop gaps once it has rendered the added block, which may be after the change.
      const gap = await until(() => shadow.querySelector('[data-testid="drop-zone-0"]'));
      await drag(
        centre(shadow.querySelector('[data-testid="palette"] [data-block-type="image"]')),
        centre(gap),
      );
      await until(() => shadow.querySelector('[data-block-id]')?.getAttribute('data-block-type') === 'image');
      // dnd-kit keeps swallowing clicks on the document for a moment after a drop; let that pass
      // before the next test clicks.
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      shadowRoot.unmount();
      outer.remove();
    }
  });

  it("previews the engine's HTML in a sandboxed frame, at phone width, in dark mode, with sample values when asked", async () => {
    const calls = fakeServer();
    mount();
    await until(() => q('[data-testid="canvas"]'));
    buttonNamed('Mobile')?.click();
    buttonNamed('Dark preview')?.click();
    await until(() => q('[data-testid="canvas"]')?.style.width === '375px');
    buttonNamed('Preview')?.click();
    const frame = await until(() => q<HTMLIFrameElement>('[data-testid="preview-frame"]'));
    expect(frame.getAttribute('sandbox')).to.equal('');
    expect(frame.style.width).to.equal('375px');
    // The merge tags as a reader sees them: the session's made-up values, or as written.
    expect(frame.srcdoc).to.contain('<p>x Alex Gold</p>');
    expect(frame.srcdoc).to.contain('data-preview="dark"');
    q<HTMLElement>('sl-dialog sl-switch')?.click();
    await until(() =>
      q<HTMLIFrameElement>('[data-testid="preview-frame"]')?.srcdoc.includes('x {{firstname}} {{plan}}'),
    );
    expect(calls.filter((call) => call.path === '/render').length).to.be.greaterThan(0);
  });

  it('reorders with the keyboard: Space on a handle, an arrow, Space again', async () => {
    fakeServer();
    mount();
    await until(() => q('[data-testid="canvas"]'));
    q('[data-testid="palette"] [data-block-type="text"]')?.click();
    q('[data-testid="palette"] [data-block-type="image"]')?.click();
    const types = () =>
      [...(host?.querySelectorAll('[data-block-id]') ?? [])].map((node) =>
        node.getAttribute('data-block-type'),
      );
    await until(() => types().length === 2);
    host?.querySelectorAll<HTMLElement>('[data-testid="block-drag-handle"]')[1]?.focus();
    await sendKeys({ press: 'Space' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await sendKeys({ press: 'ArrowUp' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await sendKeys({ press: 'Space' });
    await until(() => types()[0] === 'image');
  });
});
