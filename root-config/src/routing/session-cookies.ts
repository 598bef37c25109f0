/** §2/§9: email, fullname and image cookies, lifetime 1440 minutes. */
export const sessionCookieMinutes = 1440;

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
  const maxAge = sessionCookieMinutes * 60;
  return [
    { name: 'email', value: user.email, maxAge, path: '/' },
    { name: 'fullname', value: user.fullname, maxAge, path: '/' },
    { name: 'image', value: user.image ?? '', maxAge, path: '/' },
  ];
}
