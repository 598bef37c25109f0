import type { EmbedTokenInfo } from '@app/contract';

/** Who made an embed token, as the Embed panel's list says it (the token stops with its maker). */
export const tokenMaker = (token: Pick<EmbedTokenInfo, 'created_by'>): string =>
  token.created_by.type === 'api_key'
    ? `API key ${token.created_by.api_key_id.slice(0, 8)}…`
    : 'A console session (ends with it)';
