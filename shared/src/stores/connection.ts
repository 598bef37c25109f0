import { atom } from 'nanostores';

/** Result of the last health check (§4): true connected, false when the check failed. */
export const $connected = atom(true);
/** Token mode: the console was opened with a token handed over by another application. */
export const $tokenMode = atom(false);
