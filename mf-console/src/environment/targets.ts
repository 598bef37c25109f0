import { routeOfPath, safeRelativePath } from '@app/shared';

/** Screens of the switch itself: never a destination after switching. */
const switchRoutes = new Set([
  'switch-to-production-environment',
  'switch-to-sandbox-environment',
  'loading-switch-production-environment',
  'loading-switch-sandbox-environment',
]);

/** Where the user wanted to go (the guards' `to` query), when it is a safe in-app path. */
export function switchTarget(search: string): { path: string; title: string | null } | null {
  const path = safeRelativePath(new URLSearchParams(search).get('to'));
  if (path === null) return null;
  const route = routeOfPath(path);
  if (route && switchRoutes.has(route.name)) return null;
  return { path, title: route?.title ?? null };
}

/** `/preparing-...-environment` keeping the destination. */
export function preparingPath(environment: 'sandbox' | 'production', to: string | undefined): string {
  const base = `/preparing-${environment}-environment`;
  return to ? `${base}?to=${encodeURIComponent(to)}` : base;
}
