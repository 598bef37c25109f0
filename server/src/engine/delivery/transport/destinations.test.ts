import { describe, expect, it } from 'vitest';
import type { DnsResolver } from '../../../dns/resolver.ts';
import { resolveDestinations } from './destinations.ts';

function resolverWith(mx: { exchange: string; priority: number }[]): DnsResolver {
  return { mx: async () => mx, addresses: async () => [], txt: async () => [], cname: async () => [] };
}

describe('destinations', () => {
  it('orders MX hosts by preference and shuffles equal preferences', async () => {
    const resolver = resolverWith([
      { exchange: 'a.dest.test', priority: 10 },
      { exchange: 'b.dest.test', priority: 10 },
      { exchange: 'backup.dest.test.', priority: 20 },
      { exchange: 'first.dest.test', priority: 5 },
    ]);
    const orders = new Set<string>();
    for (let round = 0; round < 40; round += 1) {
      const result = await resolveDestinations(resolver, 'dest.test');
      if (result.status !== 'hosts') throw new Error(result.status);
      orders.add(result.hosts.map((destination) => destination.host).join(' '));
    }
    expect([...orders].toSorted()).toEqual([
      'first.dest.test a.dest.test b.dest.test backup.dest.test',
      'first.dest.test b.dest.test a.dest.test backup.dest.test',
    ]);
  });

  it('sends to an address literal as it is', async () => {
    expect(await resolveDestinations(resolverWith([]), '[192.0.2.1]')).toEqual({
      status: 'hosts',
      hosts: [{ host: '192.0.2.1', addresses: ['192.0.2.1'] }],
    });
  });
});
