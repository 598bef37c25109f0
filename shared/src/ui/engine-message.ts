import { ApiError } from '../api/client.ts';

interface EngineErrorItem {
  message?: string;
  description?: string;
  part?: string;
  line?: number;
}

/**
 * The engine's refusal in its own words: SparkPost's message, then its description (for a
 * substitution syntax error, the part and line that do not compile).
 */
export function engineMessage(error: unknown): string {
  const items =
    error instanceof ApiError
      ? ((error.body as { errors?: EngineErrorItem[] } | undefined)?.errors ?? [])
      : [];
  if (items.length === 0) return error instanceof Error ? error.message : 'Something went wrong';
  return items
    .map((item) => {
      const where = item.part ? ` (${item.part}${item.line === undefined ? '' : `, line ${item.line}`})` : '';
      const detail = item.description ? `: ${item.description}` : '';
      return `${item.message ?? 'Refused'}${detail}${where}`;
    })
    .join('\n');
}

/** The engine's refusal as `{field: message}` for the form fields it names, else `{form: message}`. */
export function engineFieldErrors(error: unknown, fields: Record<string, string>): Record<string, string> {
  const message = error instanceof Error ? error.message : 'Something went wrong';
  const body =
    error instanceof ApiError
      ? (error.body as
          | { errors?: Array<{ param?: string; description?: string; message?: string }> }
          | undefined)
      : undefined;
  const found: Record<string, string> = {};
  for (const entry of body?.errors ?? []) {
    const text = entry.description ?? entry.message ?? message;
    const names = Object.keys(fields).sort((a, b) => b.length - a.length);
    const param = entry.param ?? names.find((name) => text.includes(name));
    const field = param ? fields[param.split('.')[0] ?? param] : undefined;
    const key = field ?? 'form';
    if (!found[key]) found[key] = text;
  }
  if (Object.keys(found).length === 0) found.form = message;
  return found;
}
