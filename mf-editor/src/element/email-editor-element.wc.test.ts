/// <reference types="mocha" />
import { expect } from '@esm-bundle/chai';
import { setViewport } from '@web/test-runner-commands';
import { fakeServer, until } from '../editor/testing/fake-embed-api.ts';
import { defineEmailEditor, emailEditorTag } from './email-editor-element.tsx';

import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/spinner/spinner.js';

/** `<email-editor>` as a vendor page writes it: attributes only. */
function place(attributes: Record<string, string>): HTMLElement {
  defineEmailEditor(['.probe-sheet { color: rgb(1, 2, 3); }']);
  const element = document.createElement(emailEditorTag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

const inside = (element: HTMLElement, selector: string) =>
  element.shadowRoot?.querySelector<HTMLElement>(selector);

describe('<email-editor>', () => {
  beforeEach(async () => {
    await setViewport({ width: 1280, height: 800 });
  });
  afterEach(() => {
    for (const node of document.querySelectorAll(emailEditorTag)) node.remove();
  });

  it('renders in its own shadow root from attributes and says it is ready with a composed event', async () => {
    const calls = fakeServer();
    const ready: CustomEvent[] = [];
    document.addEventListener('ready', (event) => ready.push(event as CustomEvent), { once: true });
    const element = place({ 'api-base': 'http://engine.test', token: 'emb_x', 'template-id': 'welcome' });
    const heading = await until(() => inside(element, '[data-testid="settings"] h2'));
    expect(heading.textContent).to.equal('Global Setting');
    // Nothing of the editor leaks into the page: its markup and its styles stay in the shadow root.
    expect(document.querySelector('[data-testid="canvas"]')).to.equal(null);
    expect(element.shadowRoot?.adoptedStyleSheets.length).to.be.greaterThan(1);
    await until(() => ready.length > 0);
    expect(ready[0]?.detail.templateId).to.equal('welcome');
    expect(ready[0]?.composed).to.equal(true);
    // It spoke to the embed API of `api-base`, with the token, never with cookies of the page.
    expect(calls.map((call) => `${call.method} ${call.path}`)).to.include('GET /templates/welcome/design');
  });

  it('applies a vendor theme and ignores the parts that do not pass the checks', async () => {
    fakeServer();
    const element = place({
      'api-base': 'http://engine.test',
      token: 'emb_x',
      'template-id': 'welcome',
      theme: JSON.stringify({ primary: '#0a7d5a', font: 'x;}body{display:none' }),
    });
    const host = await until(() => inside(element, '.email-editor-host'));
    expect(host.style.getPropertyValue('--ee-theme-accent')).to.equal('#0a7d5a');
    expect(host.style.getPropertyValue('--ee-theme-font')).to.equal('');
  });

  it('reports a refused token as an error event and shows why', async () => {
    window.fetch = async () =>
      new Response(
        JSON.stringify({ errors: [{ message: 'Unauthorized', description: 'The embed token expired.' }] }),
        {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        },
      );
    const errors: CustomEvent[] = [];
    const element = place({ 'api-base': 'http://engine.test', token: 'emb_old', 'template-id': 'welcome' });
    // Stopped here: a bubbling `error` reaching window is what the test runner counts as a crash.
    element.addEventListener('error', (event) => {
      event.stopPropagation();
      errors.push(event as unknown as CustomEvent);
    });
    const alert = await until(() => inside(element, '[data-testid="editor-error"]'));
    expect(alert.textContent).to.contain('The embed token expired.');
    await until(() => errors.length > 0);
    expect(errors[0]?.detail.status).to.equal(401);
  });
});
