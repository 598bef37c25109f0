/// <reference types="mocha" />
import '@shoelace-style/shoelace/dist/components/button/button.js';
import { expect } from '@esm-bundle/chai';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Button } from './components.tsx';

describe('<Button>', () => {
  it('can be clicked again once it stops being busy, also when it first appeared busy', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    // As the sign-in page's "Sign out other sessions and continue": shown while the sign-in is under way.
    flushSync(() => root.render(createElement(Button, { busy: true }, 'Continue')));
    const button = host.querySelector('sl-button') as HTMLElement & { disabled: boolean };
    expect(button.disabled).to.equal(true);
    flushSync(() => root.render(createElement(Button, { busy: false }, 'Continue')));
    expect(button.disabled).to.equal(false);
    flushSync(() => root.render(createElement(Button, { busy: false, disabled: true }, 'Continue')));
    expect(button.disabled).to.equal(true);
    root.unmount();
    host.remove();
  });
});
