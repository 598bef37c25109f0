import type { RouteOptions } from 'fastify';

/** A route path such as `/api/v1/templates/:id` as a pattern for concrete paths. */
function pathPattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * The methods each registered route path answers, so that a request with another method can be
 * told 405 (as SparkPost answers PUT on /transmissions) rather than 404.
 */
export function createMethodIndex() {
  const routes: Array<{ methods: string[]; pattern: RegExp }> = [];
  return {
    record(route: RouteOptions): void {
      if (route.url.includes('*')) return;
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
        (method) => method !== 'HEAD',
      );
      routes.push({ methods, pattern: pathPattern(route.url) });
    },
    /** The methods `path` answers; empty when no route has this path. */
    allowed(path: string): string[] {
      return [
        ...new Set(routes.filter((route) => route.pattern.test(path)).flatMap((route) => route.methods)),
      ];
    },
  };
}
