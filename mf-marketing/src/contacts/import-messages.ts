import { ApiError } from '@app/shared';

/**
 * What to tell about a failed import call: the server's own sentence (it names the exact problem:
 * "The import file delimiter is not supported"), else the catalogue's.
 */
export function importErrorText(error: unknown): string {
  const body = error instanceof ApiError ? (error.body as { message?: unknown } | undefined) : undefined;
  if (typeof body?.message === 'string' && body.message !== '') return body.message;
  return error instanceof Error ? error.message : 'The import could not be done';
}
