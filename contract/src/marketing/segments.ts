import { z } from 'zod';
import { numericId } from '../engine/common.ts';
import { contactFieldTag, contactStatuses } from './contacts.ts';
import { listPage, listQuery } from './list.ts';

import { maxSegmentConditions, maxSegmentDepth } from './segment-limits.ts';

export { maxSegmentConditions, maxSegmentDepth };

export const fieldOperators = [
  'is',
  'isNot',
  'contains',
  'notContains',
  'startsWith',
  'isEmpty',
  'isNotEmpty',
  'greaterThan',
  'lessThan',
  'before',
  'after',
  'inLastDays',
] as const;
export type FieldOperator = (typeof fieldOperators)[number];

const days = z.number().int().min(1).max(3650);

/** One condition of a segment: on a field (by tag), the status, a label, when added, or engagement. */
export const segmentCondition = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('field'),
      field: contactFieldTag,
      operator: z.enum(fieldOperators),
      value: z.union([z.string().max(1000), z.number(), z.boolean()]).optional(),
    })
    .strict(),
  z
    .object({ kind: z.literal('status'), operator: z.enum(['is', 'isNot']), value: z.enum(contactStatuses) })
    .strict(),
  z.object({ kind: z.literal('label'), operator: z.enum(['in', 'notIn']), value: numericId }).strict(),
  z
    .object({
      kind: z.literal('added'),
      operator: z.enum(['before', 'after', 'inLastDays']),
      value: z.union([z.iso.date(), days]),
    })
    .strict(),
  z
    .object({
      kind: z.literal('engagement'),
      operator: z.enum([
        'openedInLastDays',
        'notOpenedInLastDays',
        'clickedInLastDays',
        'notClickedInLastDays',
      ]),
      value: days,
    })
    .strict(),
]);
export type SegmentCondition = z.infer<typeof segmentCondition>;

export interface SegmentGroup {
  match: 'all' | 'any';
  conditions: Array<SegmentCondition | SegmentGroup>;
}

const depthOf = (group: SegmentGroup): number =>
  1 + Math.max(0, ...group.conditions.map((entry) => ('match' in entry ? depthOf(entry) : 0)));
const countOf = (group: SegmentGroup): number =>
  group.conditions.reduce((sum, entry) => sum + ('match' in entry ? countOf(entry) : 1), 0);

/** A group of conditions, all or any of which a contact meets; groups nest. */
export const segmentGroup: z.ZodType<SegmentGroup> = z.lazy(() =>
  z
    .object({
      match: z.enum(['all', 'any']),
      conditions: z
        .array(z.union([segmentCondition, segmentGroup]))
        .min(1, 'Add at least one condition')
        .max(maxSegmentConditions),
    })
    .strict(),
);

/** A segment's rules: a group, no deeper than {@link maxSegmentDepth}, at most {@link maxSegmentConditions} conditions. */
export const segmentRules = segmentGroup.superRefine((group, context) => {
  if (depthOf(group) > maxSegmentDepth) {
    context.addIssue({ code: 'custom', message: `Groups nest at most ${maxSegmentDepth} deep` });
  }
  if (countOf(group) > maxSegmentConditions) {
    context.addIssue({ code: 'custom', message: `A segment has at most ${maxSegmentConditions} conditions` });
  }
});

const segmentName = z
  .string()
  .trim()
  .min(1, 'Enter the segment name')
  .max(100, 'A segment name has at most 100 characters');

export const newSegmentBody = z.object({ name: segmentName, rules: segmentRules }).strict();
export const segmentPatchBody = z
  .object({ name: segmentName.optional(), rules: segmentRules.optional() })
  .strict()
  .refine((body) => body.name !== undefined || body.rules !== undefined, 'Send a name or rules');
/** `POST /v1/contacts/segment/count`: the count of rules being edited. */
export const segmentCountBody = z.object({ rules: segmentRules }).strict();

export const segmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  rules: segmentGroup,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const segmentListQuery = listQuery.pick({ page: true, size: true, search: true });
export const segmentListAnswer = listPage(segmentSchema);
export const segmentCount = z.object({ count: z.number().int() });

export type NewSegment = z.output<typeof newSegmentBody>;
export type SegmentPatch = z.output<typeof segmentPatchBody>;
export type Segment = z.output<typeof segmentSchema>;
export type SegmentListAnswer = z.output<typeof segmentListAnswer>;
