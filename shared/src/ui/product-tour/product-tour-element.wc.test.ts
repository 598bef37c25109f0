/// <reference types="mocha" />
import { expect } from '@esm-bundle/chai';
import { defineProductTour } from './product-tour-element.ts';

const steps = [
  { target: '#tour-menu', title: 'Your menu', body: 'Every area is here.' },
  { title: 'All set', body: 'Off you go.' },
];

/** React renders inside the element on its own schedule: wait until the card shows what we expect. */
async function until<T>(read: () => T | null | undefined): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = read();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('timed out waiting for the tour');
}

function mount(): HTMLElement {
  defineProductTour();
  const menu = document.createElement('nav');
  menu.id = 'tour-menu';
  menu.textContent = 'Menu';
  document.body.append(menu);
  const tour = document.createElement('product-tour');
  tour.setAttribute('steps', JSON.stringify(steps));
  document.body.append(tour);
  return tour;
}

const card = (tour: HTMLElement) => tour.shadowRoot?.querySelector<HTMLElement>('[role="dialog"]');
const button = (tour: HTMLElement, label: string) =>
  [...(tour.shadowRoot?.querySelectorAll('button') ?? [])].find((node) => node.textContent === label);

describe('<product-tour>', () => {
  afterEach(() => {
    for (const node of document.querySelectorAll('product-tour, #tour-menu')) node.remove();
  });

  it('shows nothing until opened, then the first step pointing at its target, focused', async () => {
    const tour = mount();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(card(tour)).to.equal(null);
    tour.setAttribute('open', 'true');
    const dialog = await until(() => card(tour));
    expect(dialog.textContent).to.contain('Step 1 of 2');
    expect(dialog.textContent).to.contain('Your menu');
    expect(tour.shadowRoot?.activeElement).to.equal(dialog);
    expect(tour.shadowRoot?.querySelector('.ring')).to.not.equal(null);
  });

  it('walks forward and back and fires a composed finish event at the end', async () => {
    const tour = mount();
    const finished: Array<{ steps: number }> = [];
    document.addEventListener('finish', (event) => finished.push((event as CustomEvent).detail), {
      once: true,
    });
    tour.setAttribute('open', 'true');
    (await until(() => button(tour, 'Next'))).click();
    await until(() => card(tour)?.textContent?.includes('Step 2 of 2'));
    expect(card(tour)?.textContent).to.contain('All set');
    (await until(() => button(tour, 'Back'))).click();
    await until(() => card(tour)?.textContent?.includes('Step 1 of 2'));
    (await until(() => button(tour, 'Next'))).click();
    (await until(() => button(tour, 'Done'))).click();
    await until(() => finished.length > 0);
    expect(finished[0]).to.deep.equal({ steps: 2 });
  });

  it('Escape skips the tour and says at which step', async () => {
    const tour = mount();
    const skipped: Array<{ step: number }> = [];
    tour.addEventListener('skip', (event) => skipped.push((event as CustomEvent).detail));
    tour.setAttribute('open', 'true');
    const dialog = await until(() => card(tour));
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await until(() => skipped.length > 0);
    expect(skipped[0]).to.deep.equal({ step: 0 });
  });
});
