const allowedSchemes: readonly string[] = ['ftp', 'http', 'https'];

/**
 * §5 client URL: ftp, http or https; a URL with no scheme gets https:// prepended.
 * Returns null for empty input or any other scheme (javascript:, mailto:, data:, …).
 * 'host:8080' is a host and port, not a scheme.
 */
export function normalizeUrl(input: string): string | null {
  const url = input.trim();
  if (url === '') return null;
  const withSlashes = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url);
  if (withSlashes) return allowedSchemes.includes(withSlashes[1]?.toLowerCase() ?? '') ? url : null;
  if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(url)) return null;
  return `https://${url.replace(/^\/+/, '')}`;
}

const youtubeId = /^[A-Za-z0-9_-]{11}$/;

/** §5: only YouTube watch links (youtube.com/watch?v=) and short links (youtu.be/ID) become embed links. */
export function youtubeEmbedUrl(input: string): string | null {
  const normalized = normalizeUrl(input);
  if (!normalized) return null;
  let url: URL;
  try {
    url = new URL(normalized);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  let id: string | null = null;
  if (host === 'youtube.com' && url.pathname === '/watch') id = url.searchParams.get('v');
  else if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0] ?? null;
  return id && youtubeId.test(id) ? `https://www.youtube.com/embed/${id}` : null;
}

/** A permalink made of a page name: `Spring Sale!` → `spring-sale` (at most 100 characters). */
export const permalinkOf = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
