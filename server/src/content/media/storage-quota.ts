import { planLimitOf } from '../../accounts/plans/plan-catalogue.ts';
import type { Db } from '../../db/db.ts';

/**
 * How many bytes a company's files may take: its plan's storage limit (file manager, storageLimit),
 * never more than the install's MEDIA_QUOTA_MB.
 */
export const storageQuota =
  (db: Db, installBytes: number) =>
  async (companyId: string): Promise<number> => {
    const planBytes = await planLimitOf(db, companyId, 'file manager', 'storageLimit');
    return planBytes === -1 ? installBytes : Math.min(planBytes, installBytes);
  };
