import type { RouteDef } from '@app/contract/routes/route-types';
import { atom } from 'nanostores';

/** What the shell shows around (or instead of) the micro-apps. */
export type ShellView =
  | { kind: 'loading' }
  | { kind: 'app'; route: RouteDef; chrome: boolean }
  | { kind: 'shell-route'; route: RouteDef }
  | { kind: 'not-found'; onErrorRoute: boolean }
  | { kind: 'routing-error' }
  /** The route's §6 flag is off for the company's restricted profile, or its plan group is off. */
  | { kind: 'feature-off'; route: RouteDef; reason: 'profile' | 'plan' };

export const $view = atom<ShellView>({ kind: 'loading' });
