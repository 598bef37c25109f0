import { z } from 'zod';

/** SparkPost's success envelope `{results}`. */
export const results = <T extends z.ZodType>(schema: T) => z.object({ results: schema });

/** `{}`: what SparkPost answers some deletes with. */
export const emptyAnswer = z.object({});

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

/** `/{id}` of a resource named by its id (templates, snippets, lists, webhooks). */
export const resourceIdParams = z.object({ id: z.string().min(1).max(64) });

/** `/{id}` of a resource whose id is a number (subaccounts, transmissions). */
export const numericIdParams = z.object({ id: numericId });

/** `/{domain}` of a sending or tracking domain. */
export const domainParams = z.object({ domain: z.string().min(1).max(253) });

/** `/{id}` of an id of at most 64 characters (an unknown one answers 404). */
export const stringIdParams = z.object({ id: z.string().max(64) });

/** `/{id}` of a resource whose id is a UUID (media files, saved blocks). */
export const uuidParams = z.object({ id: z.uuid() });

/** The answers that name what was created or changed. */
export const idAnswer = z.object({ id: z.string() });
export const messageAnswer = z.object({ message: z.string() });
export const domainAnswer = z.object({ domain: z.string() });
export const countAnswer = z.object({ total: z.number() });

/** `a,b,c` in a query string, as SparkPost filters are sent. */
export const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
);
