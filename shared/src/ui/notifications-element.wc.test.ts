/// <reference types="mocha" />
import { expect } from '@esm-bundle/chai';
import { clearNotifications, notify } from '../stores/notifications.ts';
import { defineNotifications } from './notifications-element.ts';

function mount(): HTMLElement {
  defineNotifications();
  const element = document.createElement('app-notifications');
  document.body.append(element);
  return element;
}

const texts = (element: HTMLElement) =>
  [...(element.shadowRoot?.querySelectorAll('.item span') ?? [])].map((node) => node.textContent);

describe('<app-notifications>', () => {
  afterEach(() => {
    clearNotifications();
    for (const element of document.querySelectorAll('app-notifications')) element.remove();
  });

  it('shows at most three, dropping the oldest', () => {
    const element = mount();
    for (const message of ['one', 'two', 'three', 'four']) notify(message);
    expect(texts(element)).to.deep.equal(['two', 'three', 'four']);
  });

  it('shows a repeated message once', () => {
    const element = mount();
    notify('Quota exceeded');
    notify('Quota exceeded');
    expect(texts(element)).to.deep.equal(['Quota exceeded']);
  });

  it('removes each after its delay', async () => {
    const element = mount();
    notify('soon gone', (callback) => setTimeout(callback, 50));
    expect(texts(element)).to.have.length(1);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(texts(element)).to.have.length(0);
  });

  it('dismisses with its button', () => {
    const element = mount();
    notify('bye');
    element.shadowRoot?.querySelector('button')?.click();
    expect(texts(element)).to.have.length(0);
  });
});
