import { z } from 'zod';

/** SparkPost's success envelope `{results}`. */
export const results = <T extends z.ZodType>(schema: T) => z.object({ results: schema });

export const sparkpostErrorBody = z.object({
  errors: z.array(
    z.object({ message: z.string(), description: z.string().optional(), code: z.string().optional() }),
  ),
});

/**
 * An id in a path: SparkPost's ids are numbers sent as strings. At most 8999999999999999999, so it
 * fits PostgreSQL's bigint (transmission ids are 62-bit, often 19 digits).
 */
export const numericId = z.string().regex(/^(?:\d{1,18}|[1-8]\d{18})$/, 'must be a number');

/** `a,b,c` in a query string, as SparkPost filters are sent. */
export const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
);
