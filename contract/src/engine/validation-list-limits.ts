// The size limits of an uploaded validation list, without zod: the console checks a file against them
// before sending it (recipient-validation.ts re-exports them).

/** The most addresses one uploaded list may hold, and its largest size in bytes. */
export const maxValidationListAddresses = 100_000;

export const maxValidationListBytes = 20 * 1024 * 1024;
