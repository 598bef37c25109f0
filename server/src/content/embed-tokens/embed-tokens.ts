import type { Permission } from '@app/contract/accounts/team';
import { holdsGrant, sessionGrants } from '../../grants.ts';
import type { EmbedScope, EmbedTokenCreator, EmbedTokenInfo, EmbedTokenStore } from './embed-token-store.ts';

/** What the other domains tell about an embed token's creator and account (wired in app.ts). */
export interface EmbedTokenCreators {
  /** The grants the company's API key holds now; undefined when it no longer exists. */
  keyGrants(companyId: string, keyId: string): Promise<readonly string[] | undefined>;
  /**
   * The permissions, now, of the company's member signed in with this session; undefined once the session
   * ended (logout, expiry, revocation) or its user is no longer a member of the company.
   */
  sessionPermissions(companyId: string, sessionId: string): Promise<readonly Permission[] | undefined>;
  /** A subaccount's status (undefined when the company has no such subaccount). */
  subaccountStatus(companyId: string, id: number): Promise<string | undefined>;
}

type Checked = Pick<EmbedTokenInfo, 'companyId' | 'subaccountId' | 'creator'>;

const creatorKey = (creator: EmbedTokenCreator) =>
  'apiKeyId' in creator ? `key:${creator.apiKeyId}` : `session:${creator.sessionId}`;

export type EmbedTokens = ReturnType<typeof createEmbedTokens>;

/**
 * Embed tokens that live no longer than the right they were made with: a token works while its creator (the
 * API key, or the console session and its member's role) may still change the templates of the token's
 * account (templates/modify), and while that account, a subaccount, is active. One check, made on every
 * /embed/v1 request and for every listed token.
 */
export function createEmbedTokens(store: EmbedTokenStore, creators: EmbedTokenCreators) {
  async function creatorGrants(token: Checked): Promise<readonly string[] | 'all' | undefined> {
    const { companyId, creator } = token;
    if ('apiKeyId' in creator) return creators.keyGrants(companyId, creator.apiKeyId);
    const permissions = await creators.sessionPermissions(companyId, creator.sessionId);
    return permissions && sessionGrants(permissions);
  }

  /** Whether the token's creator may still edit the templates of the token's (active) account. */
  async function creatorAllows(token: Checked): Promise<boolean> {
    const grants = await creatorGrants(token);
    if (!grants || (grants !== 'all' && !holdsGrant(grants, 'templates/modify'))) return false;
    if (token.subaccountId === 0) return true;
    return (await creators.subaccountStatus(token.companyId, token.subaccountId)) === 'active';
  }

  return {
    create: store.create,
    revoke: store.revoke,

    /** The scope of a token that works now; undefined when it is unknown, expired, revoked or its creator may no longer. */
    async verify(token: string): Promise<EmbedScope | undefined> {
      const scope = await store.find(token);
      return scope && (await creatorAllows(scope)) ? scope : undefined;
    },

    /** The account's tokens that work now (of one template when given), newest first; each creator checked once. */
    async list(companyId: string, subaccountId: number, templateId?: string): Promise<EmbedTokenInfo[]> {
      const allowedBy = new Map<string, boolean>();
      const working: EmbedTokenInfo[] = [];
      for (const token of await store.list(companyId, subaccountId, templateId)) {
        const key = creatorKey(token.creator);
        const allowed = allowedBy.get(key) ?? (await creatorAllows(token));
        allowedBy.set(key, allowed);
        if (allowed) working.push(token);
      }
      return working;
    },
  };
}
