/**
 * The video id of a YouTube watch or short link (youtube.com/watch?v=…, youtu.be/…,
 * youtube.com/shorts/…; §5: only these convert), or undefined for any other address.
 */
export function youTubeId(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(parsed.protocol)) return undefined;
  const host = parsed.hostname.replace(/^(www\.|m\.)/, '');
  const candidate =
    host === 'youtu.be'
      ? parsed.pathname.split('/')[1]
      : host === 'youtube.com' && parsed.pathname === '/watch'
        ? parsed.searchParams.get('v')
        : host === 'youtube.com' && parsed.pathname.startsWith('/shorts/')
          ? parsed.pathname.split('/')[2]
          : undefined;
  return candidate && /^[A-Za-z0-9_-]{11}$/.test(candidate) ? candidate : undefined;
}
