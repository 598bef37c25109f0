import { z } from 'zod';
import {
  type AnalyticFilterKey,
  analyticBreakdowns,
  analyticFilterKeys,
  analyticRanges,
  analyticStatuses,
} from './analytic-choices.ts';

export type { AnalyticBreakdown, AnalyticFilterKey, AnalyticRange } from './analytic-choices.ts';
export { analyticBreakdowns, analyticFilterKeys, analyticRanges } from './analytic-choices.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
const filterValues = z.array(z.string().trim().min(1).max(255)).max(20);

/** One view of the analytics page: what the URL query and a saved preset both hold. */
export const analyticFilterSet = z
  .object({
    range: z.enum(analyticRanges),
    /** The custom range's first and last days (both included), only with range custom. */
    from: day.optional(),
    to: day.optional(),
    status: z
      .array(z.enum(analyticStatuses))
      .min(1, 'choose at least one status')
      .max(analyticStatuses.length),
    breakdown: z.enum(analyticBreakdowns),
    filters: z.object(
      Object.fromEntries(analyticFilterKeys.map((key) => [key, filterValues.optional()])) as Record<
        AnalyticFilterKey,
        z.ZodOptional<typeof filterValues>
      >,
    ),
  })
  .refine((set) => set.range !== 'custom' || (set.from !== undefined && set.to !== undefined), {
    message: 'a custom range needs from and to',
    path: ['from'],
  });
export type AnalyticFilterSet = z.infer<typeof analyticFilterSet>;

export const analyticPresetName = z
  .string()
  .trim()
  .min(1, 'Enter a name')
  .max(100, 'Use at most 100 characters');

/** The console's name form (saving a view, renaming a preset). */
export const analyticPresetNameBody = z.object({ name: analyticPresetName });

/** `POST /v1/analytic-presets`. */
export const analyticPresetCreateBody = z.object({ name: analyticPresetName, filters: analyticFilterSet });

/** `PUT /v1/analytic-presets/:id`: a new name, new filters, or both. */
export const analyticPresetUpdateBody = z
  .object({ name: analyticPresetName.optional(), filters: analyticFilterSet.optional() })
  .refine((body) => body.name !== undefined || body.filters !== undefined, 'send a name or filters');

export const analyticPreset = z.object({
  id: z.string(),
  name: z.string(),
  filters: analyticFilterSet,
  created_at: z.string(),
  updated_at: z.string(),
});
export type AnalyticPreset = z.infer<typeof analyticPreset>;

export const analyticPresetList = z.object({ items: z.array(analyticPreset) });

/** How many presets one company may keep. */
export const analyticPresetLimit = 100;

export const analyticPresetDeleted = z.object({ deleted: z.literal(true) });
