import { describe, expect, it } from 'vitest';
import { type PrepareDeps, prepareMessage } from './prepare.ts';

const deps = (unsubscribeTransactional?: boolean): PrepareDeps => ({
  verpKey: 'verp-key',
  defaultBounceDomain: 'bounces.platform.test',
  bounceDomainFor: async () => undefined,
  listUnsubscribeHeaders: (id) => ({ 'List-Unsubscribe': `<https://platform.test/u/${id}>` }),
  ...(unsubscribeTransactional === undefined
    ? {}
    : { unsubscribeTransactional: async () => unsubscribeTransactional }),
  sign: async (raw) => raw,
});

const message = (transactional: boolean) => ({
  id: 'm1',
  companyId: 'c1',
  subaccountId: 0,
  friendlyFrom: 'shop@acme.test',
  transactional,
  raw: Buffer.from('From: shop@acme.test\r\nSubject: Hi\r\n\r\nHello\r\n'),
});

const unsubscribes = async (prepareDeps: PrepareDeps, transactional: boolean) =>
  (await prepareMessage(prepareDeps, message(transactional))).raw.toString().includes('List-Unsubscribe');

describe('prepareMessage: the one-click unsubscribe header', () => {
  it('is on non-transactional mail, and on transactional mail only when the account asks (transactional_unsub)', async () => {
    expect(await unsubscribes(deps(), false)).toBe(true);
    expect(await unsubscribes(deps(), true)).toBe(false);
    expect(await unsubscribes(deps(false), true)).toBe(false);
    expect(await unsubscribes(deps(true), true)).toBe(true);
  });
});
