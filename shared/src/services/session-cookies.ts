import { cookieLifetimeMinutes } from '@app/contract';

/** §2/§9: email, fullname and image cookies, lifetime 1440 minutes. */

export type SessionCookieName = 'email' | 'fullname' | 'image';

export type CookieSpec = {
  readonly name: SessionCookieName;
  readonly value: string;
  /** Seconds (1440 minutes = 86400). */
  readonly maxAge: number;
  readonly path: '/';
};

export type CookieUser = {
  readonly email: string;
  readonly fullname: string;
  readonly image?: string | null;
};

export function cookiesFor(user: CookieUser): readonly CookieSpec[] {
  const maxAge = cookieLifetimeMinutes * 60;
  return [
    { name: 'email', value: user.email, maxAge, path: '/' },
    { name: 'fullname', value: user.fullname, maxAge, path: '/' },
    { name: 'image', value: user.image ?? '', maxAge, path: '/' },
  ];
}

/** Writes the cookies into the document (or clears them when `user` is null). */
export function writeSessionCookies(user: CookieUser | null): void {
  if (typeof document === 'undefined') return;
  const specs = cookiesFor(user ?? { email: '', fullname: '' });
  for (const spec of specs) {
    const maxAge = user ? spec.maxAge : 0;
    // biome-ignore lint/suspicious/noDocumentCookie: §2 asks for these plain cookies; cookieStore is not in every browser.
    document.cookie = `${spec.name}=${encodeURIComponent(spec.value)}; Max-Age=${maxAge}; Path=${spec.path}; SameSite=Lax`;
  }
}
