import type { Principal } from '../principal.ts';
import { forbidden, invalidParameter, notFound } from './sparkpost-errors.ts';

/**
 * How `/api/v1` answers for what a master account shares with its subaccounts (templates,
 * snippets): only the master shares, and a subaccount may use a shared one but not change it.
 */
export function masterSharing(
  noun: 'template' | 'snippet',
  readable: (companyId: string, subaccountId: number, id: string) => Promise<unknown>,
) {
  return {
    /** Why this account cannot change `id`: it is the master's, shared with it, or it does not exist. */
    async notOwned(principal: Principal, id: string): Promise<never> {
      if (principal.subaccountId !== 0 && (await readable(principal.companyId, principal.subaccountId, id))) {
        throw forbidden(`${noun} ${id} belongs to the master account: subaccounts may use it, not change it`);
      }
      throw notFound(`${noun} ${id} does not exist`);
    },

    checkSharing(principal: Principal, shared: boolean | undefined): void {
      if (shared && principal.subaccountId !== 0) {
        throw invalidParameter(`only the master account's ${noun}s can be shared with subaccounts`);
      }
    },
  };
}
