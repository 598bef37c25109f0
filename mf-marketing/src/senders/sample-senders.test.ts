import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SenderApi } from './api.ts';

let api: SenderApi;

/** What a refused call carries, as the screens read it. */
const refusalOf = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: { status?: number; message: string; body?: unknown }) => ({
      status: error.status,
      message: error.message,
      body: error.body,
    }),
  );

const emails = async (query = {}) => (await api.list(query)).items.map((sender) => sender.email);

describe('the demo shop senders', () => {
  // Each test starts from the sample set as a page load does.
  beforeEach(async () => {
    vi.resetModules();
    api = (await import('./sample-senders.ts')).sampleSenderApi;
  });

  it('lists newest first, with search, status and paging like the server', async () => {
    expect(await emails()).toEqual([
      'events@maplemoss.com',
      'shop@maplemoss.co.uk',
      'offers@maplemoss.com',
      'hello@maplemoss.com',
    ]);
    expect(await emails({ status: 'validated' })).toEqual(['offers@maplemoss.com', 'hello@maplemoss.com']);
    expect(await emails({ search: 'UK' })).toEqual(['shop@maplemoss.co.uk']);
    expect(await emails({ sort: 'email', size: 3, page: 2 })).toEqual(['shop@maplemoss.co.uk']);
    expect((await api.list({ size: 3 })).total).toBe(4);
  });

  it('refuses an address outside its sending domains on the email field, and a duplicate', async () => {
    expect(await refusalOf(api.create({ email: 'news@gmail.com', name: 'News', replyTo: null }))).toEqual({
      status: 422,
      message: 'The sender domain is not one of your verified sending domains',
      body: {
        code: 'senderDomainUnsupported',
        message: 'The sender domain is not one of your verified sending domains',
        payload: { field: 'email', value: 'news@gmail.com' },
      },
    });
    expect(
      await refusalOf(api.create({ email: 'hello@maplemoss.com', name: 'Again', replyTo: null })),
    ).toMatchObject({
      status: 409,
      message: 'This sender already exists',
      body: { payload: { field: 'email' } },
    });
  });

  it('adds a pending sender until the plan allows no more', async () => {
    const added = await api.create({ email: 'sale@maplemoss.com', name: 'Sale', replyTo: null });
    expect(added).toMatchObject({ validated: false, isDefault: false });
    expect(added.linkSentAt).not.toBeNull();
    expect((await emails())[0]).toBe('sale@maplemoss.com');
    expect(
      await refusalOf(api.create({ email: 'more@maplemoss.com', name: 'More', replyTo: null })),
    ).toMatchObject({
      message: 'Quota of senderLimit on sender is exceeded',
      body: { code: 'quotaExceeded', payload: { feature: 'sender', subfeature: 'senderLimit' } },
    });
  });

  it('confirms a pending sender once; the link then reads as used', async () => {
    expect(await api.validate('sender-4', 'token')).toEqual({
      email: 'events@maplemoss.com',
      name: 'Maple & Moss Events',
    });
    expect(await emails({ status: 'pending' })).toEqual(['shop@maplemoss.co.uk']);
    expect(await refusalOf(api.validate('sender-4', 'token'))).toMatchObject({
      status: 410,
      message: 'This link has already been used',
    });
  });

  it('suggests the same address at its usable domains for the sender at the old UK domain', async () => {
    expect(await api.suggestion('sender-3')).toEqual({
      email: 'shop@maplemoss.co.uk',
      usable: false,
      problem: {
        code: 'senderDomainUnsupported',
        message: 'The sender domain is not one of your verified sending domains',
      },
      addresses: ['shop@maplemoss.com', 'shop@news.maplemoss.com'],
    });
    expect(await api.suggestion('sender-4')).toMatchObject({ usable: true, addresses: [] });
  });

  it('deleting the default makes the oldest validated sender the default', async () => {
    await api.makeDefault('sender-2');
    await api.remove('sender-2');
    const senders = (await api.list({})).items;
    expect(senders.filter((sender) => sender.isDefault).map((sender) => sender.email)).toEqual([
      'hello@maplemoss.com',
    ]);
    expect(await refusalOf(api.makeDefault('sender-4'))).toMatchObject({ status: 409 });
  });
});
