/** Which micro-app renders a route; 'shell' is root-config itself (loading, errors, redirects). */
export type RouteApp = '@app/mf-account' | '@app/mf-console' | '@app/mf-editor' | 'shell';

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
};
