/**
 * Who calls the engine: an API key or a console session, for the company's own (master) account or
 * for one subaccount. Every query of the engine is scoped by companyId and subaccountId from here.
 */
export interface Principal {
  companyId: string;
  /** 0 = the company's own account. */
  subaccountId: number;
  /** The master account, not acting for a subaccount: it may see every subaccount's data. */
  isMaster: boolean;
  grants: readonly string[] | 'all';
  /** The API key used, or null for a console session. */
  keyId: string | null;
  /** The console session used, or null for an API key (and for the engine's own work). */
  sessionId: string | null;
}

/** The engine's own work over a company's whole account (exports, benchmarks): its master, every grant. */
export const companyMaster = (companyId: string): Principal => ({
  companyId,
  subaccountId: 0,
  isMaster: true,
  grants: 'all',
  keyId: null,
  sessionId: null,
});
