// From its own module: the first-paint contract module stays within the pages' load budget.

import type { CampaignStatus } from '@app/contract/marketing/campaign-messages';
import { isoAtOffset } from '@app/contract/rules/time';

type Variant = 'success' | 'warning' | 'danger' | 'neutral' | 'primary';

/** How each status reads in the list and on the campaign's page. */
export const campaignStatusView: Record<CampaignStatus, { label: string; variant: Variant }> = {
  DRAFT: { label: 'Draft', variant: 'neutral' },
  SCHEDULED: { label: 'Scheduled', variant: 'primary' },
  SENDING: { label: 'Sending', variant: 'warning' },
  PAUSED: { label: 'Paused', variant: 'warning' },
  SENT: { label: 'Sent', variant: 'success' },
  CANCELLED: { label: 'Cancelled', variant: 'neutral' },
  FAILED: { label: 'Failed', variant: 'danger' },
};

/** What a campaign in `status` can be asked to do next, besides editing a draft. */
export function campaignActions(status: CampaignStatus) {
  return {
    pause: status === 'SENDING',
    resume: status === 'PAUSED',
    cancel: status === 'SCHEDULED' || status === 'SENDING' || status === 'PAUSED',
    cancelSchedule: status === 'SCHEDULED',
    remove: status !== 'SENDING',
    /** Its page follows it while it waits or goes out. */
    follow: status === 'SCHEDULED' || status === 'SENDING',
  };
}

/**
 * A `datetime-local` value ("2026-12-01T09:30") as the send takes it ("2026-12-01 09:30", the team's
 * time zone); undefined for anything else.
 */
export function scheduleOf(local: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(local);
  return match ? `${match[1]} ${match[2]}` : undefined;
}

/** Test addresses typed with commas, semicolons, spaces or lines between them, each once. */
export const testAddressesOf = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((address) => address.trim())
      .filter(Boolean),
  ),
];

const offsetPattern = /^([+-])(\d{2})(\d{2})$/;

/** "UTC+07:00" for the team's offset "+0700" (UTC when it cannot be read). */
export function zoneLabel(offset: string): string {
  const match = offsetPattern.exec(offset);
  return match ? `UTC${match[1]}${match[2]}:${match[3]}` : 'UTC';
}

/**
 * A send time as the schedule was given: "YYYY-MM-DD HH:mm (UTC+07:00)" in the team's zone
 * (`offset` like "+0700"), whatever the viewer's own zone is.
 */
export function inTeamZone(iso: string, offset: string): string {
  const shifted = isoAtOffset(iso, offset);
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 16)} (${zoneLabel(offset)})`;
}

/** "(42.5%)": `part` as a share of `whole`, one decimal; empty when there is no whole. */
export const shareOf = (part: number, whole: number) =>
  whole > 0 ? `(${((part / whole) * 100).toFixed(1).replace(/\.0$/, '')}%)` : '';
