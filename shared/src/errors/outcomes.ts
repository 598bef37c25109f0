import type { ErrorOutcome } from './types.ts';

/** A warning notice: how every error is shown (§8). */
export function warning(message: string): ErrorOutcome {
  return { kind: 'toast', level: 'warning', message };
}
