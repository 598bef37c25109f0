import { domainName } from '@app/contract/engine/sending-domains';
import { z } from 'zod';

/** The console's IP pool form (mf-console/src/ip-pools): a name, a DKIM signing domain, an overflow pool. */
export const ipPoolFormSchema = z.object({
  name: z.string().trim().min(1, 'A name is required').max(128, 'The name is at most 128 characters'),
  signing_domain: z.union([z.literal(''), domainName]),
  auto_warmup_overflow_pool: z.string(),
});
export type IpPoolFormValues = z.infer<typeof ipPoolFormSchema>;
