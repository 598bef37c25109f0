import { type PageIntegrations, pageIntegrations } from '@app/contract/marketing/page-domains';
import type { Db } from '../../../db/db.ts';

/** The company's pixels on its hosted pages (table page_integrations); none set: all null. */
export const integrationStore = {
  async get(db: Db, companyId: string): Promise<PageIntegrations> {
    const row = await db.maybeOne<{ settings: PageIntegrations }>(
      'SELECT settings FROM page_integrations WHERE company_id = $1',
      [companyId],
    );
    return pageIntegrations.parse(row?.settings ?? {});
  },

  put: (db: Db, companyId: string, settings: PageIntegrations, now: Date) =>
    db.query(
      `INSERT INTO page_integrations (company_id, settings, updated_at) VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (company_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
      [companyId, JSON.stringify(settings), now],
    ),
};
