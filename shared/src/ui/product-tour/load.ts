/**
 * Defines `<product-tour>` the first time a page shows a tour: the element (a React tree in its own
 * shadow root, through r2wc) is a chunk of its own, which no page needs at first.
 */
export function loadProductTour(): Promise<void> {
  return import('./product-tour-element.ts').then((module) => module.defineProductTour());
}
