import { z } from 'zod';

/** `true` or `false` in a query string, as SparkPost clients send booleans. */
export const booleanQuery = z
  .enum(['true', 'false'], 'must be true or false')
  .transform((value) => value === 'true');

/** A whole number in a query string. */
export const countQuery = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number')
  .transform(Number);
