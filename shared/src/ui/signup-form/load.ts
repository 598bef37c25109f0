/**
 * Defines `<signup-form>` the first time a page shows one (the form builder's preview): the element is
 * a chunk of its own, which no other page needs.
 */
export function loadSignupForm(): Promise<void> {
  return import('./signup-form-element.tsx').then((module) => module.defineSignupForm());
}
