// The suppression list's types, sources and bulk limit, without zod: the console's search reads them at
// first paint (suppression.ts re-exports them).

export const suppressionTypes = ['transactional', 'non_transactional'] as const;
export type SuppressionType = (typeof suppressionTypes)[number];

/** Who put an entry on the list, with SparkPost's names. */
export const suppressionSources = [
  'Spam Complaint',
  'List Unsubscribe',
  'Bounce Rule',
  'Unsubscribe Link',
  'Manually Added',
  'Compliance',
] as const;
export type SuppressionSource = (typeof suppressionSources)[number];

export const suppressionBulkMax = 10_000;
