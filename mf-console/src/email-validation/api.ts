import {
  $token,
  getVendorConfig,
  http,
  type RecipientValidationJob,
  type RecipientValidationResult,
  runtimeConfig,
} from '@app/shared';
import { engineFieldErrors } from '../api-keys/api.ts';

/** The engine's refusal in its own words (its description), for a message on the page. */
export const engineMessage = (error: unknown) => engineFieldErrors(error, {}).form ?? 'Something went wrong';

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

/**
 * Saves a validated list's results CSV: fetched with the session (a plain link would carry no
 * token), then handed to the browser through a temporary object URL.
 */
export async function downloadResults(job: RecipientValidationJob): Promise<void> {
  const config = runtimeConfig();
  // As the API client authenticates: the session cookie for cookie vendors, else the bearer token.
  const cookieAuth = getVendorConfig(config.vendor, config.variant).auth === 'cookie';
  const token = cookieAuth ? null : $token.get();
  const response = await fetch(
    `${config.bases.transactional}/recipient-validation/job/${encodeURIComponent(job.list_id)}/results`,
    {
      credentials: cookieAuth ? 'include' : 'same-origin',
      headers: {
        'X-Product': config.productHeader,
        ...(cookieAuth ? { 'X-Auth-Mode': 'cookie' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    },
  );
  if (!response.ok) throw new Error(`The server answered ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${job.original_filename.replace(/\.(csv|txt)$/i, '')}-results.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
