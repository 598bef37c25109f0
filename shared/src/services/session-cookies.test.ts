import { describe, expect, it } from 'vitest';
import { cookiesFor } from './session-cookies.ts';

describe('cookiesFor', () => {
  it('returns email, fullname and image cookies living 1440 minutes', () => {
    expect(cookiesFor({ email: 'a@b.co', fullname: 'Ann Bee', image: 'https://cdn/x.png' })).toEqual([
      { name: 'email', value: 'a@b.co', maxAge: 86400, path: '/' },
      { name: 'fullname', value: 'Ann Bee', maxAge: 86400, path: '/' },
      { name: 'image', value: 'https://cdn/x.png', maxAge: 86400, path: '/' },
    ]);
  });

  it('uses an empty image when the user has none', () => {
    expect(cookiesFor({ email: 'a@b.co', fullname: 'Ann', image: null })[2]?.value).toBe('');
  });
});
