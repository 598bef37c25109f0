import type { AudienceChoice } from '../contacts/audience/audience.ts';
import type { CampaignRow } from './campaign-store.ts';

/** The campaign's chosen labels and segments, as the contact book's audiences take them. */
export const audienceOf = (row: CampaignRow): AudienceChoice => ({
  labels: row.labels,
  segments: row.segments,
  excludedLabels: row.excluded_labels,
  excludedSegments: row.excluded_segments,
});
