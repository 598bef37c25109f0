import { describe, expect, it } from 'vitest';
import { contactListHref, contactListOf, contactQueryOf } from './contact-query.ts';

describe('the Contact Book in the address', () => {
  it('the plain address is the first page of every contact', () => {
    const view = contactListOf('');
    expect(view).toEqual({
      page: 1,
      size: 10,
      search: '',
      status: '',
      label: '',
      segment: '',
      field: '',
      value: '',
    });
    expect(contactListHref(view)).toBe('/contact');
    expect(contactQueryOf(view)).toEqual({ page: 1, size: 10 });
  });

  it('keeps search, status, label, segment, a field value and page', () => {
    const href = contactListHref({
      page: 2,
      size: 25,
      search: 'ana',
      status: 'unsubscribed',
      label: '7',
      segment: '3',
      field: 'city',
      value: 'Porto & Braga',
    });
    expect(href).toBe(
      '/contact?search=ana&status=unsubscribed&label=7&segment=3&field=city&value=Porto+%26+Braga&page=2&size=25',
    );
    const view = contactListOf(href.slice(href.indexOf('?')));
    expect(contactQueryOf(view)).toEqual({
      page: 2,
      size: 25,
      search: 'ana',
      status: 'unsubscribed',
      label: '7',
      segment: '3',
      field: 'city',
      value: 'Porto & Braga',
    });
  });

  it('drops what the server would refuse', () => {
    expect(contactListOf('?status=archived&label=abc&segment=1;drop&field=1%27;drop')).toMatchObject({
      status: '',
      label: '',
      segment: '',
      field: '',
    });
  });
});
