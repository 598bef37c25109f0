import { describe, expect, it } from 'vitest';
import { everyPage } from './every-page.ts';

describe('everyPage', () => {
  it('reads a list of 250 labels 100 at a time into one answer', async () => {
    const all = Array.from({ length: 250 }, (_, n) => `label ${n}`);
    const asked: number[] = [];
    const answer = await everyPage(async (page) => {
      asked.push(page);
      return { items: all.slice((page - 1) * 100, page * 100), total: all.length, page, size: 100 };
    });
    expect(asked).toEqual([1, 2, 3]);
    expect(answer.items).toEqual(all);
    expect(answer.total).toBe(250);
  });

  it('stops when the list shrank while it was read', async () => {
    const asked: number[] = [];
    const answer = await everyPage(async (page) => {
      asked.push(page);
      return { items: page === 1 ? ['a', 'b'] : [], total: page === 1 ? 150 : 2, page, size: 2 };
    });
    expect(answer.items).toEqual(['a', 'b']);
    expect(asked).toEqual([1, 2]);
  });
});
