/** Lets @app/shared be imported where there is no DOM (unit tests in Node). */
export const ElementBase = globalThis.HTMLElement ?? (class {} as typeof HTMLElement);
