import { catalogueMessages, userMessages } from './messages.ts';
import { warning } from './outcomes.ts';
import type { ErrorOutcome } from './types.ts';

/**
 * §8 legacy mapping by message. `match` is compared with the normalised body message
 * (see normalizeErrorText) and matches when the message contains it.
 */
export interface LegacyMessageRow {
  match: string;
  outcome: ErrorOutcome;
}

export const legacyMessageRows: readonly LegacyMessageRow[] = [
  { match: 'user suspended', outcome: warning(userMessages.accountSuspended) },
  {
    match: 'session expired',
    outcome: { kind: 'logout', message: userMessages.sessionExpired, redirect: '/login' },
  },
  { match: 'downgrade not allowed', outcome: warning(userMessages.downgradeNotAllowed) },
  { match: 'failed parsing content', outcome: warning(catalogueMessages.failedParsingContent) },
];

/** The legacy 'quota limit exceeded' message; which sentence depends on the feature named in the body. */
export const legacyQuotaMatch = 'quota limit exceeded';

export interface LegacyQuotaRow {
  /** The feature named in the legacy body (`feature` or `payload.feature`). */
  feature: string;
  message: string;
}

/** Per-feature quota messages: quota, send limit, publish, storage or sender usage. */
export const legacyQuotaRows: readonly LegacyQuotaRow[] = [
  { feature: 'quota', message: userMessages.quotaExceeded },
  { feature: 'send', message: userMessages.sendQuotaExceeded },
  { feature: 'publish', message: userMessages.publishQuotaExceeded },
  { feature: 'storage', message: userMessages.storageQuotaExceeded },
  { feature: 'sender', message: userMessages.senderQuotaExceeded },
];
