import { z } from 'zod';

/** How many days message events are kept (spec §9: 30 by default). */
export const eventRetentionSchema = z.object({
  days: z
    .number('Enter a number of days')
    .int('Enter a whole number of days')
    .min(1, 'Keep events at least 1 day')
    .max(3650, 'Keep events at most 3650 days'),
});

export type EventRetention = z.output<typeof eventRetentionSchema>;
