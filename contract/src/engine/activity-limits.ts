// The activity export's limits, without zod: the console's export panel reads them at first paint (activity.ts re-exports them).

/**
 * Most rows one export writes; a search matching more is cut there and the export says so. The file
 * is kept whole in the database (about 25 MB at this size), so the cap also bounds its memory.
 */
export const activityExportRowLimit = 200_000;
