import type { Environment, ProfileTours } from './environments.ts';

export type TokenState = null | { readonly stage: '2fa' | 'full' };

export type SessionState = null | {
  readonly environment: Environment;
  readonly tours: ProfileTours;
};

export type NavigationInput = {
  readonly pathname: string;
  /** location.search, with or without the leading '?'. */
  readonly search: string;
  /** The stored token (§4: logged in when a token is stored), null when none. */
  readonly token: TokenState;
  /** User, company, tour, usage and warning data; null until loaded. */
  readonly session: SessionState;
  /** Set by the shell when loading the session failed. */
  readonly loadError?: { readonly status: number };
};

export type GuardDecision =
  | { readonly kind: 'allow' }
  | { readonly kind: 'redirect'; readonly to: string }
  | { readonly kind: 'logout'; readonly to: '/login' }
  | { readonly kind: 'error'; readonly to: '/error' }
  | { readonly kind: 'load-session' }
  | { readonly kind: 'store-token'; readonly token: string; readonly to: '/loading-data' }
  | { readonly kind: 'not-found' };
