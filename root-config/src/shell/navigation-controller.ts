import { canUseFeature } from '@app/contract';
import type { ProductArea } from '@app/contract/features/product-areas';
import type { RouteDef } from '@app/contract/routes/route-types';
import { matchRoute } from '@app/contract/routes/routes';
import {
  $company,
  $consoleFlags,
  $plan,
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
/** The §1 product areas this build shows (vendor and variant); set once at boot. */
let shownAreas: readonly ProductArea[] = ['transactionalEmail'];

export function showAreas(areas: readonly ProductArea[]): void {
  shownAreas = areas;
}

/** A marketing route exists only in a build that shows its area (the smtp variant shows none). */
const inBuild = (route: RouteDef) => route.area === undefined || shownAreas.includes(route.area);

/** Whether the sidebar offers the route: in the build, and open to the company's plan. */
export const routeOffered = (route: RouteDef): boolean => inBuild(route) && planAllows(route);

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
  return route?.app === appName && inBuild(route) && featureAllows(route) && planAllows(route);
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

/** §6: a route of a plan feature group needs the group on in the team's plan and the install. */
function planAllows(route: RouteDef): boolean {
  if (route.planGroup === undefined || route.access !== 'protected' || !$company.get()) return true;
  const plan = $plan.get();
  // No plan read (the vendors that skip the usage calls, §1): the server's limits still hold.
  if (!plan) return true;
  // The server sends the groups already and-ed with the install's (plan-catalogue.ts).
  return canUseFeature({
    teamFeatures: plan.features,
    globalFeatures: plan.features,
    group: route.planGroup,
  });
}

function viewFor(route: RouteDef | undefined): ShellView {
  if (!route || !inBuild(route)) return { kind: 'not-found', onErrorRoute: false };
  if (!featureAllows(route)) return { kind: 'feature-off', route, reason: 'profile' };
  if (!planAllows(route)) return { kind: 'feature-off', route, reason: 'plan' };
  if (route.app === 'shell') return { kind: 'shell-route', route };
  return { kind: 'app', route, chrome: route.access === 'protected' && $tokenStage.get() === 'full' };
}
