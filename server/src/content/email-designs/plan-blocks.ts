import { type BlockType, planGatedBlocks } from '@app/contract/editor/design-constants';
import { planLimitOf } from '../../accounts/plans/plan-catalogue.ts';
import type { Db } from '../../db/db.ts';

/** The block types the company's plan leaves out (§6: a templates sub-feature off, or the group). */
export async function blocksOffFor(db: Db, companyId: string): Promise<BlockType[]> {
  const gated = Object.entries(planGatedBlocks) as Array<[BlockType, string]>;
  const limits = await Promise.all(
    gated.map(([, subFeature]) => planLimitOf(db, companyId, 'templates', subFeature)),
  );
  return gated.filter((_, index) => limits[index] === 0).map(([type]) => type);
}
