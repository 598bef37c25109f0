import type { ProductTour, ProductTourFlag } from '@app/contract/accounts/onboarding';
import { http } from '../api/client.ts';
import { $tours } from '../stores/account.ts';

/**
 * §3 product-tour flags set to true (the others stay); the shell's `$tours` takes the answer. Only
 * a flag: a failure is dropped, the next visit sets it again.
 */
export function recordTourFlags(flags: readonly ProductTourFlag[]): Promise<void> {
  if (flags.length === 0) return Promise.resolve();
  const body = Object.fromEntries(flags.map((flag) => [flag, true]));
  return http.config.put<ProductTour>('/on-boarding/product-tour', body, { quiet: true }).then(
    (tour) => $tours.set(tour),
    () => undefined,
  );
}

/** Reads the tour flags again after the server set some (a sandbox send sets sandboxEmailSent). */
export function reloadTourFlags(): Promise<void> {
  return http.config.get<ProductTour>('/on-boarding/product-tour', { quiet: true }).then(
    (tour) => $tours.set(tour),
    () => undefined,
  );
}
