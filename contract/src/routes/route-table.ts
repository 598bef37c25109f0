import { accountRoutes } from './account-routes.ts';
import { composerRoutes } from './composer-routes.ts';
import { consoleRoutes } from './console-routes.ts';
import { marketingRoutes } from './marketing-routes.ts';
import type { RouteApp, RouteDef } from './route-types.ts';
import { shellRoutes } from './shell-routes.ts';

/**
 * The §2 transactional console route table plus the shell and account pages the console needs, and
 * the marketing screens; each area's routes are in its own file here.
 */
const table = [
  ...shellRoutes,
  ...accountRoutes,
  ...consoleRoutes,
  ...composerRoutes,
  ...marketingRoutes,
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof table)[number]['name'];
export type Route = Omit<RouteDef, 'name'> & { readonly name: RouteName };

export const routes: readonly Route[] = table;

/** The routes the table gives to one micro-app. */
export type RouteNameOf<App extends RouteApp> = Extract<(typeof table)[number], { app: App }>['name'];

/** Shown for any path no route matches (not part of `routes`, so matchRoute never returns it). */
export const notFoundRoute: RouteDef = {
  name: 'not-found',
  path: '*',
  title: 'Page Not Found',
  app: 'shell',
  access: 'public',
};
