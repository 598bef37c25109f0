import { z } from 'zod';
import { listDefaults } from '../rules/constants.ts';

/**
 * The query every marketing list takes (§7, §9): `page` from 1, `size` (default 10, at most 100),
 * `sort` a field name, `-` first for descending (each list names the fields it sorts by), `search`,
 * `status` comma-joined, `category`.
 */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(listDefaults.page),
  size: z.coerce.number().int().min(1).max(100).default(listDefaults.size),
  sort: z
    .string()
    .regex(/^-?[A-Za-z]+$/, 'must be a field name, with - first for descending')
    .optional(),
  search: z.string().trim().max(200).optional(),
  status: z
    .string()
    .max(200)
    .transform((value) => value.split(',').filter(Boolean))
    .optional(),
  category: z.string().max(100).optional(),
});

export type ListQuery = z.output<typeof listQuery>;

/** A list's `sort` read: the field (one the list's schema allowed) and whether it is descending. */
export function sortOf<F extends string>(sort: string): { column: F; descending: boolean } {
  const descending = sort.startsWith('-');
  return { column: (descending ? sort.slice(1) : sort) as F, descending };
}

/** The list query as a client sends it (numbers as numbers, the status list comma-joined). */
export interface ListParams {
  page?: number;
  size?: number;
  sort?: string;
  search?: string;
  status?: string;
  category?: string;
}

/** One page of a marketing list: its items, how many there are in all, and where the page is. */
export const listPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });

export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}
