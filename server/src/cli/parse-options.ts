import type { z } from 'zod';

/** Parses CLI options with a schema; throws one readable line per bad option. */
export function parseOptions<T extends z.ZodType>(schema: T, options: unknown): z.output<T> {
  const parsed = schema.safeParse(options);
  if (parsed.success) return parsed.data;
  throw new Error(
    parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n'),
  );
}
