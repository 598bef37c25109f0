/** The ranges Home offers, in days back from now (no zod here: the marketing app takes it). */
export const dashboardRanges = [7, 30, 90] as const;
