import type { PlanFeatureGroupName } from '../accounts/plans.ts';
import type { ProductArea } from '../features/product-areas.ts';

/** Which micro-app renders a route; 'shell' is root-config itself (loading, errors, redirects). */
export type RouteApp = '@app/mf-account' | '@app/mf-console' | '@app/mf-marketing' | 'shell';

/**
 * 'public': no login needed, any session may visit.
 * 'guest': no login needed, but a fully logged-in user is sent away (login, signup).
 * 'protected': needs a fully logged-in session (except routes with `tokenStage: '2fa'`).
 */
export type RouteAccess = 'public' | 'guest' | 'protected';

export type RouteDef = {
  readonly name: string;
  /** Path pattern, params as `:id`. */
  readonly path: string;
  /** Human title, shown as "{brand} - {title}". */
  readonly title: string;
  readonly app: RouteApp;
  readonly access: RouteAccess;
  /** Pure redirect target (the homepage goes to /login instead when no token is stored). */
  readonly redirect?: string;
  /** Composer screens (editor). */
  readonly compose?: true;
  /** Help widgets hidden (composers; public routes are hidden by access, see isHelpHidden). */
  readonly helpHidden?: true;
  /** Route only usable with a token still at the second-factor stage. */
  readonly tokenStage?: '2fa';
  /**
   * A marketing route's §1 product area: the route exists only in a build that shows the area (the
   * full variant, the vendor's areas); it is outside the sandbox/production split of the console.
   */
  readonly area?: ProductArea;
  /** The §3 plan feature group the route needs on (team and install, §6); its page says so when off. */
  readonly planGroup?: PlanFeatureGroupName;
};
