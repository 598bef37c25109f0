// The sandbox's authorized-recipient limits, without zod: the console's configuration page reads them at
// first paint (sandbox.ts re-exports them).

/** At most this many authorized recipients per company (verified or not). */
export const authorizedRecipientLimit = 10;

/** A verification mail is sent again at most once per this many seconds per address. */
export const authorizedRecipientResendSeconds = 60;
