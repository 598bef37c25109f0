import type { CompanyToggle } from '@app/contract/accounts/company-toggles';
import { offsetMinutesOf, timezoneOffsetFromText } from '@app/contract/rules/time';
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
  /** The §6 toggles the operator turned on for the company. */
  toggles(companyId: string): Promise<readonly CompanyToggle[]>;
  /** The team's time zone as minutes east of UTC: where the company's days begin. */
  utcOffsetMinutes(companyId: string): Promise<number>;
  /** §3 the team's autoLinkUtm: its campaigns' links carry UTM parameters. */
  autoLinkUtm(companyId: string): Promise<boolean>;
}

/** The door on the accounts domain's company store. */
export function companyDoorOf(companies: {
  lockName(tx: Db, companyId: string): Promise<string>;
  detail(companyId: string): Promise<{
    name: string;
    toggles: readonly CompanyToggle[];
    timezone: string | null;
    auto_link_utm: boolean;
  }>;
}): CompanyDoor {
  return {
    lock: (tx, companyId) => companies.lockName(tx, companyId),
    name: async (companyId) => (await companies.detail(companyId)).name,
    toggles: async (companyId) => (await companies.detail(companyId)).toggles,
    utcOffsetMinutes: async (companyId) =>
      offsetMinutesOf(timezoneOffsetFromText((await companies.detail(companyId)).timezone)),
    autoLinkUtm: async (companyId) => (await companies.detail(companyId)).auto_link_utm,
  };
}
