import { describe, expect, it } from 'vitest';
import { listParamsOf, pageAfterEnd, senderListHref, senderListOf } from './sender-query.ts';

describe('the senders list in the address', () => {
  it('the plain address is the first page of every sender', () => {
    const view = senderListOf('');
    expect(view).toEqual({ page: 1, size: 10, search: '', status: '' });
    expect(senderListHref(view)).toBe('/sender');
    expect(listParamsOf(view)).toEqual({ page: 1, size: 10 });
  });

  it('keeps a search, status and page through the address', () => {
    const href = senderListHref({ page: 3, size: 25, search: 'news & offers', status: 'pending' });
    expect(href).toBe('/sender?search=news+%26+offers&status=pending&page=3&size=25');
    const view = senderListOf(href.slice(href.indexOf('?')));
    expect(view).toEqual({ page: 3, size: 25, search: 'news & offers', status: 'pending' });
    expect(listParamsOf(view)).toEqual({ page: 3, size: 25, search: 'news & offers', status: 'pending' });
  });

  it('an address the server would refuse falls back to the defaults', () => {
    expect(senderListOf('?page=0&size=500&status=archived&search=%20%20')).toEqual({
      page: 1,
      size: 10,
      search: '',
      status: '',
    });
    expect(senderListOf('?page=2.5&size=abc')).toMatchObject({ page: 1, size: 10 });
    expect(senderListOf(`?search=${'x'.repeat(300)}`).search).toHaveLength(200);
  });

  it('goes to the last page when the one shown has emptied (its last sender deleted)', () => {
    const view = { page: 3, size: 10, search: '', status: '' as const };
    expect(pageAfterEnd(view, 0, 20)).toBe(2);
    expect(pageAfterEnd(view, 1, 21)).toBeNull();
    expect(pageAfterEnd(view, 0, 0)).toBeNull();
    expect(pageAfterEnd({ ...view, page: 1 }, 0, 5)).toBeNull();
  });
});
