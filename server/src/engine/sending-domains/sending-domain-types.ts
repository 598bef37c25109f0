import type { verificationStatus } from '@app/contract/engine/sending-domains';
import type { z } from 'zod';

/** Where a domain's DNS check stands (SPF, DKIM, CNAME...). */
export type VerificationStatus = z.infer<typeof verificationStatus>;
