/**
 * What the §2 route table says about a path, for micro-apps that must name another screen (the
 * switch pages say which area a `to` path belongs to). The table belongs to the shell (root-config),
 * which apps do not import at run time: the shell registers its matcher here once at boot.
 */
export interface RouteFacts {
  name: string;
  title: string;
}

type RouteLookup = (pathname: string) => RouteFacts | null;

let lookup: RouteLookup = () => null;

/** Called once by the shell with its route matcher. */
export function registerRouteLookup(next: RouteLookup): void {
  lookup = next;
}

/** The route of a path (query and hash ignored), or null when none matches or no shell registered. */
export function routeOfPath(path: string): RouteFacts | null {
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (!pathname.startsWith('/')) return null;
  return lookup(pathname);
}
