import r2wc from '@r2wc/react-to-web-component';
import { GuidedTour } from './GuidedTour.tsx';

export const productTourTag = 'product-tour';

/**
 * Defines `<product-tour>` (once): the GuidedTour React component as a custom element in its own
 * shadow root. In: `steps` (property, or a JSON `steps` attribute), `open`, `done-label`. Out:
 * `finish`, `skip` and `step` CustomEvents that bubble and cross shadow roots (composed).
 */
export function defineProductTour(): void {
  if (customElements.get(productTourTag)) return;
  const events = { bubbles: true, composed: true };
  customElements.define(
    productTourTag,
    r2wc(GuidedTour, {
      shadow: 'open',
      props: { steps: 'json', open: 'boolean', doneLabel: 'string' },
      events: { onFinish: events, onSkip: events, onStep: events },
    }),
  );
}
