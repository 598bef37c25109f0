/** The custom elements of the import map that one app ships and others place by tag. */
export type ElementModule = '@app/email-editor';

declare const System: { import(name: string): Promise<unknown> };

/**
 * Loads a custom element's module through the import map (SystemJS), once: the element is then
 * defined, and pages use it by its tag name, without importing the app that ships it.
 */
export function loadElementModule(name: ElementModule): Promise<unknown> {
  return System.import(name);
}
