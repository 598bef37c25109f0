import { describe, expect, it } from 'vitest';
import {
  compareSpecificity,
  compilePattern,
  fullPathOf,
  matchPattern,
  normalizePathname,
  withQuery,
} from './path-pattern.ts';

describe('path patterns', () => {
  it('normalizes trailing slashes', () => {
    expect(normalizePathname('')).toBe('/');
    expect(normalizePathname('/')).toBe('/');
    expect(normalizePathname('/a/')).toBe('/a');
  });

  it('matches params and rejects empty ones', () => {
    const segments = compilePattern('/webhook/:id/edit');
    expect(matchPattern(segments, '/webhook/5/edit')).toEqual({ id: '5' });
    expect(matchPattern(segments, '/webhook//edit')).toBeNull();
    expect(matchPattern(compilePattern('/'), '/')).toEqual({});
  });

  it('orders static before param, shorter before longer', () => {
    const add = compilePattern('/template/add');
    const detail = compilePattern('/template/:id');
    expect(compareSpecificity(add, detail)).toBeLessThan(0);
    expect(compareSpecificity(detail, add)).toBeGreaterThan(0);
    expect(compareSpecificity(compilePattern('/a'), add)).toBeLessThan(0);
  });

  it('builds query strings and full paths', () => {
    expect(withQuery('/login', { redirect: '/a?b=c&d=e' })).toBe('/login?redirect=%2Fa%3Fb%3Dc%26d%3De');
    expect(withQuery('/login', { redirect: null })).toBe('/login');
    expect(fullPathOf('/a', '')).toBe('/a');
    expect(fullPathOf('/a', '?x=1')).toBe('/a?x=1');
    expect(fullPathOf('/a', 'x=1')).toBe('/a?x=1');
  });
});
