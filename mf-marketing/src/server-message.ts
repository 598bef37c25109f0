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

/** Which field a refusal names: the server's `payload.field` (components, settings.…, name). */
export function fieldProblemOf(error: unknown): { field: string; message: string } {
  const body =
    error instanceof ApiError ? (error.body as { payload?: { field?: string; cause?: string } }) : undefined;
  return { field: body?.payload?.field ?? '', message: body?.payload?.cause ?? serverMessage(error) };
}
