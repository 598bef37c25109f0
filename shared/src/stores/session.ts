import { atom, computed } from 'nanostores';
import { readItem, writeItem } from '../storage.ts';

export type TokenStage = '2fa' | 'full';

const tokenKey = 'token';
const stageKey = 'token2faStage';
const stageTimeKey = 'token2faTime';

/** The stored bearer token; logged in when a token is stored (§4). */
export const $token = atom<string | null>(readItem(tokenKey));
export const $tokenStage = atom<TokenStage | null>((readItem(stageKey) as TokenStage | null) ?? null);
/** True once user, company, tour, usage and warning data are loaded for the current token. */
export const $sessionLoaded = atom(false);

export const $isLoggedIn = computed(
  [$token, $tokenStage],
  (token, stage) => Boolean(token) && stage === 'full',
);

export function storeToken(token: string, stage: TokenStage): void {
  writeItem(tokenKey, token);
  writeItem(stageKey, stage);
  writeItem(stageTimeKey, stage === '2fa' ? String(Date.now()) : null);
  $token.set(token);
  $tokenStage.set(stage);
  $sessionLoaded.set(false);
}

export function forgetToken(): void {
  for (const key of [tokenKey, stageKey, stageTimeKey]) writeItem(key, null);
  $token.set(null);
  $tokenStage.set(null);
  $sessionLoaded.set(false);
}
