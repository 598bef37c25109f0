import type { TemplateSummary } from '@app/contract';

/** Templates whose name or ID contains `search` (case and surrounding spaces ignored), newest change first. */
export function searchTemplates(templates: readonly TemplateSummary[], search: string): TemplateSummary[] {
  const wanted = search.trim().toLowerCase();
  return templates
    .filter(
      (template) =>
        !wanted || template.name.toLowerCase().includes(wanted) || template.id.toLowerCase().includes(wanted),
    )
    .sort((a, b) => b.last_update_time.localeCompare(a.last_update_time));
}

/** One page of `rows` (1-based, clamped to the pages there are). */
export function pageOf<Row>(rows: readonly Row[], page: number, size: number) {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { rows: rows.slice((current - 1) * size, current * size), page: current, pages };
}
