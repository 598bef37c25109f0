import {
  compareSpecificity,
  compilePattern,
  fillPattern,
  matchPattern,
  type PathParams,
  type PathSegment,
  type QueryInput,
  withQuery,
} from './path-pattern.ts';
import { type Route, type RouteName, routes } from './route-table.ts';

export type { Route, RouteName } from './route-table.ts';
export { notFoundRoute, routes } from './route-table.ts';

export type RouteMatch = { readonly route: Route; readonly params: PathParams };

type Compiled = { readonly route: Route; readonly segments: readonly PathSegment[] };

const compiled: readonly Compiled[] = routes
  .map((route) => ({ route, segments: compilePattern(route.path) }))
  .sort((a, b) => compareSpecificity(a.segments, b.segments));

const byName: ReadonlyMap<RouteName, Route> = new Map(routes.map((route) => [route.name, route]));

export function routeByName(name: RouteName): Route {
  const route = byName.get(name);
  if (route === undefined) throw new Error(`Unknown route ${name}`);
  return route;
}

/** The most specific route for a pathname (no query), or null when none matches. */
export function matchRoute(pathname: string): RouteMatch | null {
  for (const { route, segments } of compiled) {
    const params = matchPattern(segments, pathname);
    if (params !== null) return { route, params };
  }
  return null;
}

export function buildPath(
  name: RouteName,
  params?: Readonly<Record<string, string | number>>,
  query?: QueryInput,
): string {
  return withQuery(fillPattern(routeByName(name).path, params), query);
}
