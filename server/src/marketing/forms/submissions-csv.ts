import { Readable } from 'node:stream';
import type { FormAnswer, FormComponent, FormSubmissionFile } from '@app/contract/marketing/forms';
import { inertCell } from '@app/contract/rules/inert-cell';
import { stringify } from 'csv-stringify';
import type { FormRow, SubmissionRow } from './form-store.ts';

/** Submissions read per query while the CSV streams. */
const pageSize = 500;

/** A submission read for the CSV, with the files it has. */
export interface SubmissionWithFiles {
  row: SubmissionRow;
  files: FormSubmissionFile[];
}

/** An answer as a cell: a choice's option labels (not their ids), joined with ", "; a file's name. */
function cellOf(
  component: FormComponent,
  answer: FormAnswer | undefined,
  files: FormSubmissionFile[],
): string {
  if (answer === undefined) return '';
  if (component.type === 'uploadFile') return files.find((file) => file.id === answer)?.name ?? '';
  if (!Array.isArray(answer) && !component.setting.options) return answer;
  const labels = new Map((component.setting.options ?? []).map((option) => [option.optionId, option.label]));
  return (Array.isArray(answer) ? answer : [answer]).map((id) => labels.get(id) ?? id).join(', ');
}

async function* recordsOf(
  form: FormRow,
  after: (id: string, size: number) => Promise<SubmissionWithFiles[]>,
): AsyncGenerator<(string | number | boolean)[]> {
  yield [
    'submitted_at',
    'state',
    'email',
    ...form.components.map((component) => component.setting.title),
  ].map(inertCell);
  let last = '0';
  for (;;) {
    const rows = await after(last, pageSize);
    for (const { row, files } of rows) {
      yield [
        row.created_at.toISOString(),
        row.state,
        row.email ?? '',
        ...form.components.map((component) => cellOf(component, row.answers[component.id], files)),
      ].map(inertCell);
    }
    const end = rows.at(-1);
    if (!end || rows.length < pageSize) return;
    last = end.row.id;
  }
}

/** A form's submissions as CSV, oldest first, page by page: the header names each question by its title. */
export function submissionsCsv(
  form: FormRow,
  after: (id: string, size: number) => Promise<SubmissionWithFiles[]>,
): Readable {
  return Readable.from(recordsOf(form, after)).pipe(stringify({ bom: true }));
}
