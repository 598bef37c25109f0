import { ApiError } from '@app/shared';

/**
 * What to tell about a failed console call: the server's own sentence when it sent one (it names the
 * exact problem: "The import file delimiter is not supported"), else the catalogue's message.
 */
export function serverMessage(error: unknown, fallback = 'Something went wrong'): string {
  const body = error instanceof ApiError ? (error.body as { message?: unknown } | undefined) : undefined;
  if (typeof body?.message === 'string' && body.message !== '') return body.message;
  return error instanceof Error ? error.message : fallback;
}
