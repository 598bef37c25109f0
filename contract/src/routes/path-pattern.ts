/** Route path patterns ('/webhook/:id/edit'): compile, match, fill, and query-string helpers. */

export type PathSegment =
  | { readonly kind: 'static'; readonly value: string }
  | { readonly kind: 'param'; readonly name: string };

export type PathParams = Readonly<Record<string, string>>;

export type QueryValue = string | number | boolean | null | undefined;
export type QueryInput = Readonly<Record<string, QueryValue>>;

/** Drops one trailing slash (except on '/') so '/analytic/' matches '/analytic'. */
export function normalizePathname(pathname: string): string {
  const path = pathname === '' ? '/' : pathname;
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function splitPath(path: string): string[] {
  const normalized = normalizePathname(path);
  return normalized === '/' ? [] : normalized.slice(1).split('/');
}

export function compilePattern(pattern: string): readonly PathSegment[] {
  return splitPath(pattern).map(
    (part): PathSegment =>
      part.startsWith(':') ? { kind: 'param', name: part.slice(1) } : { kind: 'static', value: part },
  );
}

function decodeSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** Params when `pathname` matches the compiled pattern exactly, else null. Empty params never match. */
export function matchPattern(segments: readonly PathSegment[], pathname: string): PathParams | null {
  const parts = splitPath(pathname);
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of segments.entries()) {
    const part = parts[index];
    if (part === undefined) return null;
    if (segment.kind === 'static') {
      if (part !== segment.value) return null;
      continue;
    }
    const value = decodeSegment(part);
    if (value === null || value === '') return null;
    params[segment.name] = value;
  }
  return params;
}

/**
 * Total order on patterns: negative when `a` should be tried first. Only patterns of equal length can
 * compete, so length decides first; then, segment by segment from the left, a static segment beats a
 * param ('/template/add' before '/template/:id').
 */
export function compareSpecificity(a: readonly PathSegment[], b: readonly PathSegment[]): number {
  if (a.length !== b.length) return a.length - b.length;
  for (let index = 0; index < a.length; index += 1) {
    const left = a[index]?.kind === 'static' ? 0 : 1;
    const right = b[index]?.kind === 'static' ? 0 : 1;
    if (left !== right) return left - right;
  }
  return 0;
}

/** Substitutes `:name` params (URI-encoded). Throws on a missing or empty param. */
export function fillPattern(pattern: string, params: Readonly<Record<string, string | number>> = {}): string {
  const parts = compilePattern(pattern).map((segment) => {
    if (segment.kind === 'static') return segment.value;
    const value = params[segment.name];
    if (value === undefined || String(value) === '') {
      throw new Error(`Missing route param "${segment.name}" for ${pattern}`);
    }
    return encodeURIComponent(String(value));
  });
  return `/${parts.join('/')}`;
}

/** Appends a query string; null/undefined values are skipped. Keys and values are URI-encoded. */
export function withQuery(path: string, query: QueryInput = {}): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return pairs.length === 0 ? path : `${path}?${pairs.join('&')}`;
}

/** pathname + search, with the '?' added when missing. */
export function fullPathOf(pathname: string, search: string): string {
  if (search === '' || search === '?') return pathname;
  return search.startsWith('?') ? `${pathname}${search}` : `${pathname}?${search}`;
}

export function toQuery(search: string | URLSearchParams): URLSearchParams {
  return typeof search === 'string' ? new URLSearchParams(search) : search;
}
