import type { CompanyToggle } from '@app/contract/accounts/company-toggles';
import type { CompleteProfile, ConsoleProfile } from '@app/contract/schemas';
import type { Db } from '../../db/db.ts';

export type CompanyStore = ReturnType<typeof createCompanyStore>;

export type Environment = 'sandbox' | 'production';

export interface CompanyRow {
  id: string;
  name: string;
  phone: string;
  industry: string;
  website: string;
  created_at: Date;
  /** When its name or profile last changed (its creation until then). */
  updated_at: Date;
  environment: Environment;
  production_status: string;
  timezone: string;
  country: string;
  language: string;
  console_profile: ConsoleProfile | null;
  toggles: CompanyToggle[];
  /** §3 autoLinkUtm: UTM parameters on the campaigns' links. */
  auto_link_utm: boolean;
}

/** The `companies` table: every statement on it. Methods that take `tx` run inside the caller's transaction. */
export function createCompanyStore(db: Db) {
  return {
    /** A new company on the FREE plan. */
    async insert(tx: Db, company: { name: string; phone: string; now: Date }): Promise<string> {
      const { id } = await tx.one<{ id: string }>(
        'INSERT INTO companies (name, phone, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING id',
        [company.name, company.phone, company.now],
      );
      await tx.query("INSERT INTO subscriptions (company_id, plan_id, started_at) VALUES ($1, 'FREE', $2)", [
        id,
        company.now,
      ]);
      return id;
    },

    detail: (companyId: string) =>
      db.one<CompanyRow>(
        `SELECT id, name, phone, industry, website, created_at, updated_at, environment, production_status, timezone,
           country, language, console_profile, toggles, auto_link_utm
         FROM companies WHERE id = $1`,
        [companyId],
      ),

    /**
     * The name, with the row locked until the transaction ends: serializes one company's changes. NO KEY
     * UPDATE, not UPDATE: the rows that only refer to the company (a form's submission, a message) are
     * inserted meanwhile without waiting, as their foreign key check takes KEY SHARE only.
     */
    async lockName(tx: Db, companyId: string): Promise<string> {
      const row = await tx.one<{ name: string }>(
        'SELECT name FROM companies WHERE id = $1 FOR NO KEY UPDATE',
        [companyId],
      );
      return row.name;
    },

    /** §6: restricts the company's console to a profile, or lifts the restriction (null). */
    async setConsoleProfile(companyId: string, profile: ConsoleProfile | null): Promise<void> {
      await db.query('UPDATE companies SET console_profile = $2 WHERE id = $1', [companyId, profile]);
    },

    /** §3 the team's autoLinkUtm: UTM parameters on its campaigns' links. */
    async setAutoLinkUtm(companyId: string, on: boolean): Promise<void> {
      await db.query('UPDATE companies SET auto_link_utm = $2 WHERE id = $1', [companyId, on]);
    },

    /** §6: turns one of the company's toggles on or off. */
    async setToggle(companyId: string, toggle: CompanyToggle, on: boolean): Promise<void> {
      await db.query(
        `UPDATE companies SET toggles = CASE WHEN $3 THEN array_append(array_remove(toggles, $2), $2)
           ELSE array_remove(toggles, $2) END
         WHERE id = $1`,
        [companyId, toggle, on],
      );
    },

    async setEnvironment(tx: Db, companyId: string, environment: Environment): Promise<void> {
      await tx.query('UPDATE companies SET environment = $2 WHERE id = $1', [companyId, environment]);
    },

    /** The ids of the plans a company can be on. */
    async planIds(): Promise<string[]> {
      const rows = await db.query<{ id: string }>('SELECT id FROM plans ORDER BY id');
      return rows.map((row) => row.id);
    },

    async setPlan(tx: Db, companyId: string, planId: string): Promise<void> {
      await tx.query('UPDATE subscriptions SET plan_id = $2 WHERE company_id = $1', [companyId, planId]);
    },

    async setProfile(tx: Db, companyId: string, profile: CompleteProfile, now: Date): Promise<void> {
      await tx.query(
        `UPDATE companies SET name = $2, phone = $3, industry = $4, website = $5, country = $6,
           timezone = COALESCE($7, timezone), updated_at = $8
         WHERE id = $1`,
        [
          companyId,
          profile.name,
          profile.phone,
          profile.industry,
          profile.website,
          profile.country,
          profile.timezone ?? null,
          now,
        ],
      );
    },

    async rename(on: Db, companyId: string, name: string, now: Date): Promise<void> {
      await on.query('UPDATE companies SET name = $2, updated_at = $3 WHERE id = $1', [companyId, name, now]);
    },

    /** 'None' becomes 'Requested'; any other status stays. */
    async requestProduction(companyId: string): Promise<void> {
      await db.query(
        `UPDATE companies SET production_status = 'Requested' WHERE id = $1 AND production_status = 'None'`,
        [companyId],
      );
    },

    async eventRetentionDays(companyId: string): Promise<number> {
      const row = await db.one<{ days: number }>(
        'SELECT event_retention_days AS days FROM companies WHERE id = $1',
        [companyId],
      );
      return row.days;
    },

    async setEventRetentionDays(companyId: string, days: number): Promise<number> {
      const row = await db.one<{ days: number }>(
        'UPDATE companies SET event_retention_days = $2 WHERE id = $1 RETURNING event_retention_days AS days',
        [companyId, days],
      );
      return row.days;
    },
  };
}
