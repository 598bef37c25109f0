import type { RouteDef } from './route-types.ts';

/** The shell's own pages: home, loading and error screens. */
export const shellRoutes = [
  { name: 'homepage', path: '/', title: 'Home', app: 'shell', access: 'protected', redirect: '/analytic' },
  { name: 'loading', path: '/loading', title: 'Loading', app: 'shell', access: 'protected' },
  { name: 'loading-data', path: '/loading-data', title: 'Loading Data', app: 'shell', access: 'protected' },
  {
    name: 'page-loading',
    path: '/page/loading',
    title: 'Loading',
    app: 'shell',
    access: 'protected',
    redirect: '/analytic',
  },
  { name: 'error', path: '/error', title: 'Error', app: 'shell', access: 'public' },
  { name: 'err', path: '/err', title: 'Error', app: 'shell', access: 'public' },
  {
    name: 'domain',
    path: '/domain',
    title: 'Domain',
    app: 'shell',
    access: 'protected',
    redirect: '/domain/sending',
  },
] as const satisfies readonly RouteDef[];
