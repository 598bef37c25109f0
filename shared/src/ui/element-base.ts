/** Lets @app/shared be imported where there is no DOM (unit tests, the server's use of the contract). */
export const ElementBase = globalThis.HTMLElement ?? (class {} as typeof HTMLElement);
