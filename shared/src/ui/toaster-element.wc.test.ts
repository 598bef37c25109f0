/// <reference types="mocha" />
import { expect } from '@esm-bundle/chai';
import { $toasts, clearToasts, showToast } from '../stores/toasts.ts';
import { defineToaster } from './toaster-element.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function mount(duration = 150): HTMLElement {
  defineToaster();
  const element = document.createElement('app-toaster');
  element.setAttribute('duration', String(duration));
  document.body.append(element);
  return element;
}

function toastsIn(element: HTMLElement): HTMLElement[] {
  return [...(element.shadowRoot?.querySelectorAll<HTMLElement>('.toast') ?? [])];
}

/** Resolves once `check` holds (polled), or fails after a second. */
async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 1000) throw new Error('timed out');
    await wait(10);
  }
}

describe('<app-toaster>', () => {
  // The first toast fetches the sanitizer (DOMPurify); from then on toasts show at once.
  before(async () => {
    const element = mount();
    showToast({ type: 'info', message: 'First' });
    await until(() => toastsIn(element).length === 1);
    clearToasts();
    element.remove();
  });

  afterEach(() => {
    clearToasts();
    for (const element of document.querySelectorAll('app-toaster')) element.remove();
  });

  it('is 475px wide on a wide screen', () => {
    const element = mount();
    expect(element.getBoundingClientRect().width).to.equal(475);
  });

  it('renders title and message as HTML with scripts and handlers removed', () => {
    const element = mount();
    showToast({
      type: 'warning',
      title: '<b>Quota</b>',
      message: 'Over <i>limit</i><img src="data:," onerror="window.pwned=1"><script>window.pwned=2</script>',
    });
    const [toast] = toastsIn(element);
    expect(toast?.querySelector('.title b')?.textContent).to.equal('Quota');
    expect(toast?.querySelector('.message i')?.textContent).to.equal('limit');
    expect(toast?.querySelector('script')).to.equal(null);
    expect(toast?.querySelector('img')?.getAttribute('onerror')).to.equal(null);
    expect((window as unknown as { pwned?: number }).pwned).to.equal(undefined);
    expect(toast?.getAttribute('role')).to.equal('alert');
  });

  it('hides a toast after its delay', async () => {
    const element = mount(100);
    showToast({ type: 'info', message: 'Saved' });
    expect(toastsIn(element)).to.have.length(1);
    await wait(250);
    expect(toastsIn(element)).to.have.length(0);
    expect($toasts.get()).to.have.length(0);
  });

  it('stays while hovered and hides after the pointer leaves', async () => {
    const element = mount(100);
    showToast({ type: 'info', message: 'Hover me' });
    const [toast] = toastsIn(element);
    toast?.dispatchEvent(new MouseEvent('mouseenter'));
    await wait(250);
    expect(toastsIn(element)).to.have.length(1);
    toast?.dispatchEvent(new MouseEvent('mouseleave'));
    await wait(250);
    expect(toastsIn(element)).to.have.length(0);
  });

  it('stays while it has focus', async () => {
    const element = mount(100);
    showToast({ type: 'success', message: 'Focus me' });
    const button = toastsIn(element)[0]?.querySelector('button');
    button?.focus();
    await wait(250);
    expect(toastsIn(element)).to.have.length(1);
    button?.blur();
    await wait(250);
    expect(toastsIn(element)).to.have.length(0);
  });

  it('closes with its close button', () => {
    const element = mount(5000);
    showToast({ type: 'danger', message: 'Failed' });
    toastsIn(element)[0]?.querySelector('button')?.click();
    expect(toastsIn(element)).to.have.length(0);
  });
});
