/**
 * Open-redirect protection for every `to` / `redirect` query value: only same-origin relative paths
 * starting with exactly one '/' are accepted.
 */

const probeOrigin = 'https://same-origin.invalid';

function hasControlOrBackslash(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code <= 0x1f || code === 0x7f || char === '\\') return true;
  }
  return false;
}

/** The value itself when it is a safe in-app path, else null. */
export function safeRelativePath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value === '') return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers treat '\' like '/' and strip tabs/newlines, so '/\evil.com' or '/\t/evil.com' leave the site.
  if (hasControlOrBackslash(value)) return null;
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return null;
  }
  return url.origin === probeOrigin ? value : null;
}
