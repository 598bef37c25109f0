import type { Db } from '../db/db.ts';

/**
 * What marketing may know of a company, given by the accounts domain (marketing never reads its
 * table). Every change to a company's contacts, fields, labels and senders takes `lock` first: plan
 * limits are checked against what is really there, and concurrent changes never wait on each other
 * in opposite orders.
 */
export interface CompanyDoor {
  /** Locks the company's row until `tx` ends; answers the company's name. */
  lock(tx: Db, companyId: string): Promise<string>;
  name(companyId: string): Promise<string>;
}
