import type { Environment, SendDeps } from './send-deps.ts';

export interface Screening {
  /** Sandbox only: addresses that are not verified authorized recipients. */
  notAuthorized: Set<string>;
  suppressed: Set<string>;
}

/**
 * The policy decisions made before a message exists, for the API and the SMTP relay alike:
 * the sandbox sends only to verified authorized recipients, and suppressed addresses get no mail
 * unless the sender asked to skip the suppression list.
 */
export async function screenRecipients(
  deps: SendDeps,
  input: {
    companyId: string;
    subaccountId: number;
    environment: Environment;
    addresses: string[];
    transactional: boolean;
    skipSuppression: boolean;
  },
): Promise<Screening> {
  const lower = [...new Set(input.addresses.map((address) => address.toLowerCase()))];
  const [verified, suppressed] = await Promise.all([
    input.environment === 'sandbox' ? deps.verifiedRecipients(input.companyId, lower) : undefined,
    input.skipSuppression
      ? new Set<string>()
      : deps.suppressed(
          input.companyId,
          input.subaccountId,
          lower,
          input.transactional ? 'transactional' : 'non_transactional',
        ),
  ]);
  const notAuthorized = new Set(verified ? lower.filter((address) => !verified.has(address)) : []);
  return { notAuthorized, suppressed };
}
