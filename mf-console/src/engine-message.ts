import { ApiError } from '@app/shared';

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
