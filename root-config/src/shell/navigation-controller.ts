import type { RouteDef } from '@app/contract/routes/route-types';
import { matchRoute } from '@app/contract/routes/routes';
import {
  $company,
  $consoleFlags,
  $sessionLoaded,
  $token,
  $tokenStage,
  $tours,
  clearSessionState,
  loadSession,
  logout,
  storeToken,
} from '@app/shared';
import { triggerAppChange } from 'single-spa';
import { decideNavigation, type GuardDecision } from '../routing/guards.ts';
import { routeFeatureOn } from '../routing/route-features.ts';
import { $view, type ShellView } from './view.ts';

let loadError: { status: number } | undefined;
let loading: Promise<void> | null = null;

function currentDecision(location: Location | URL): GuardDecision {
  const token = $token.get();
  const stage = $tokenStage.get();
  const company = $company.get();
  return decideNavigation({
    pathname: location.pathname,
    search: location.search,
    token: token && stage ? { stage } : null,
    session:
      $sessionLoaded.get() && company
        ? {
            environment: company.environment,
            tours: {
              productionDataCompletion: Boolean($tours.get().productionDataCompletion),
              productionWelcome: Boolean($tours.get().productionWelcome),
            },
          }
        : null,
    loadError,
  });
}

/** single-spa activeWhen: an app is active only when the guards allow the route and it renders it. */
export function isActive(appName: string, location: Location): boolean {
  const decision = currentDecision(location);
  if (decision.kind !== 'allow') return false;
  const route = matchRoute(location.pathname)?.route;
  return route?.app === appName && featureAllows(route);
}

function replace(to: string): void {
  window.history.replaceState(null, '', to);
}

function ensureSessionLoaded(skipUsageCall: boolean): void {
  if (loading) return;
  loading = loadSession({ skipUsageCall })
    .catch((error: { status?: number }) => {
      loadError = { status: error.status ?? 0 };
    })
    .finally(() => {
      loading = null;
      // Re-routing fires single-spa:before-routing-event, which applies the decision again.
      void triggerAppChange();
    });
}

/** Runs the side effects of the guard decision for the current URL and updates the shell view. */
export function applyDecision(skipUsageCall: boolean): void {
  const decision = currentDecision(window.location);
  switch (decision.kind) {
    case 'allow':
      loadError = undefined;
      $view.set(viewFor(matchRoute(window.location.pathname)?.route));
      break;
    case 'redirect':
      replace(decision.to);
      break;
    case 'store-token':
      storeToken(decision.token, 'full');
      replace(decision.to);
      break;
    case 'load-session':
      $view.set({ kind: 'loading' });
      ensureSessionLoaded(skipUsageCall);
      break;
    case 'logout':
      loadError = undefined;
      clearSessionState();
      void logout();
      replace(decision.to);
      break;
    case 'error':
      loadError = undefined;
      replace(decision.to);
      break;
    case 'not-found':
      $view.set({ kind: 'not-found', onErrorRoute: false });
      break;
  }
}

/** A protected route whose §6 flag the company's profile turns off is not opened (session loaded). */
function featureAllows(route: RouteDef): boolean {
  if (route.access !== 'protected' || !$company.get()) return true;
  return routeFeatureOn(route.name, $consoleFlags.get());
}

function viewFor(route: RouteDef | undefined): ShellView {
  if (!route) return { kind: 'not-found', onErrorRoute: false };
  if (!featureAllows(route)) return { kind: 'feature-off', route };
  if (route.app === 'shell') return { kind: 'shell-route', route };
  return { kind: 'app', route, chrome: route.access === 'protected' && $tokenStage.get() === 'full' };
}
