import type { PageReport } from '@app/contract/marketing/pages';
import type { Db } from '../../../db/db.ts';
import { invalidField } from '../../../domain-error.ts';
import { visitStore } from './visit-store.ts';

const dayMs = 86_400_000;
/** The longest report: a year and a day (as the console's other custom ranges). */
export const maxReportDays = 367;

/** §7 page reports: visits, daily unique visitors and locations of one page, `start` to `end` in the team's days. */
export async function pageReportOf(
  db: Db,
  pageId: string,
  range: { start: string; end: string },
  offsetMinutes: number,
): Promise<PageReport> {
  const first = Date.parse(`${range.start}T00:00:00Z`);
  const last = Date.parse(`${range.end}T00:00:00Z`);
  if (Number.isNaN(first) || Number.isNaN(last) || last < first)
    throw invalidField('end', 'The end is a day on or after the start', range.end);
  if ((last - first) / dayMs + 1 > maxReportDays)
    throw invalidField('end', `A report covers at most ${maxReportDays} days`, range.end);
  const from = new Date(first - offsetMinutes * 60_000);
  const to = new Date(last + dayMs - offsetMinutes * 60_000);
  const [days, locations] = await Promise.all([
    visitStore.byDay(db, pageId, from, to, offsetMinutes),
    visitStore.byCountry(db, pageId, from, to),
  ]);
  return {
    visits: days.reduce((sum, day) => sum + day.visits, 0),
    visitors: days.reduce((sum, day) => sum + day.visitors, 0),
    days,
    locations,
  };
}
