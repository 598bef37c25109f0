import { type ProductTour, type ProductTourFlag, productTourFlags } from '@app/contract/schemas';
import type { Db } from '../../db/db.ts';

// The `product_tours` table: every statement on it.

/** Stored flags over the all-false default, so flags added later start false. */
export function toTour(stored: Record<string, unknown> | undefined): ProductTour {
  return Object.fromEntries(productTourFlags.map((flag) => [flag, stored?.[flag] === true])) as ProductTour;
}

export async function readTour(db: Db, companyId: string): Promise<ProductTour> {
  const row = await db.maybeOne<{ flags: Record<string, unknown> }>(
    'SELECT flags FROM product_tours WHERE company_id = $1',
    [companyId],
  );
  return toTour(row?.flags);
}

/** Sets the flags to true; writes nothing when they already are. */
export async function setTourFlags(db: Db, companyId: string, flags: ProductTourFlag[]): Promise<void> {
  const patch = JSON.stringify(Object.fromEntries(flags.map((flag) => [flag, true])));
  await db.query(
    `INSERT INTO product_tours (company_id, flags) VALUES ($1, $2::jsonb)
     ON CONFLICT (company_id) DO UPDATE SET flags = product_tours.flags || EXCLUDED.flags
     WHERE NOT product_tours.flags @> EXCLUDED.flags`,
    [companyId, patch],
  );
}

/** A new company's tour, every flag false. */
export async function startTour(tx: Db, companyId: string): Promise<void> {
  await tx.query('INSERT INTO product_tours (company_id) VALUES ($1)', [companyId]);
}

/** Sets the given flags (true or false); the others stay. Returns the whole tour. */
export async function mergeTourFlags(
  db: Db,
  companyId: string,
  flags: Partial<Record<ProductTourFlag, boolean>>,
): Promise<ProductTour> {
  const row = await db.one<{ flags: Record<string, unknown> }>(
    `INSERT INTO product_tours (company_id, flags) VALUES ($1, $2::jsonb)
     ON CONFLICT (company_id) DO UPDATE SET flags = product_tours.flags || EXCLUDED.flags
     RETURNING flags`,
    [companyId, JSON.stringify(flags)],
  );
  return toTour(row.flags);
}

/** §4: production is usable only once both are set. */
export const productionFlags = ['productionDataCompletion', 'productionWelcome'] as const;

export const isProductionReady = (tour: ProductTour) => productionFlags.every((flag) => tour[flag]);
