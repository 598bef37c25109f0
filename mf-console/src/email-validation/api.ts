import type { RecipientValidationJob, RecipientValidationResult } from '@app/contract';
import { http, saveFile } from '@app/shared';

export const validateAddress = (address: string) =>
  http.transactional
    .get<{ results: RecipientValidationResult }>(
      `/recipient-validation/single/${encodeURIComponent(address)}`,
      { quiet: true },
    )
    .then((answer) => answer.results);

export const listJobs = (quiet = false) =>
  http.transactional
    .get<{ results: RecipientValidationJob[] }>('/recipient-validation/list', { quiet })
    .then((answer) => answer.results);

/** Uploads a CSV list (multipart, one file field); the engine counts its addresses and keeps it. */
export function uploadList(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.transactional
    .post<{ results: RecipientValidationJob }>('/recipient-validation/upload', form, { quiet: true })
    .then((answer) => answer.results);
}

/** Starts validating an uploaded list, or resumes one that failed. */
export const triggerList = (listId: string) =>
  http.transactional
    .post<{ results: RecipientValidationJob }>(
      `/recipient-validation/trigger/${encodeURIComponent(listId)}`,
      {},
      {
        quiet: true,
      },
    )
    .then((answer) => answer.results);

/** Saves a validated list's results CSV (fetched with the session: a plain link would carry no token). */
export const downloadResults = (job: RecipientValidationJob) =>
  http.transactional
    .blob(`/recipient-validation/job/${encodeURIComponent(job.list_id)}/results`, { quiet: true })
    .then((blob) => saveFile(blob, `${job.original_filename.replace(/\.(csv|txt)$/i, '')}-results.csv`));
