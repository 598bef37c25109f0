import { inertCell } from '../rules/inert-cell.ts';
import type { PageReport } from './pages.ts';

/** The report as CSV (§7 "export summary"): the days, then the locations. */
export function pageReportCsv(report: PageReport): string {
  const lines = [
    'day,visits,visitors',
    ...report.days.map((day) => `${day.day},${day.visits},${day.visitors}`),
    '',
    'country,visits',
    ...report.locations.map((place) => `${inertCell(place.country || 'unknown')},${place.visits}`),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
