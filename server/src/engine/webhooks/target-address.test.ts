import { describe, expect, it } from 'vitest';
import { createAddressPolicy } from '../../net/address-policy.ts';
import { checkedAddresses, TargetRefused } from './target-address.ts';

describe('webhook target addresses', () => {
  const policy = createAddressPolicy([]);

  it('refuses a name when any of its addresses is private, and a name without address', async () => {
    const resolve = async (host: string) => (host === 'mixed.test' ? ['8.8.8.8', '10.0.0.1'] : []);
    await expect(checkedAddresses('mixed.test', resolve, policy)).rejects.toThrow(
      'mixed.test resolves to 10.0.0.1, which is a private, local or reserved address',
    );
    await expect(checkedAddresses('none.test', resolve, policy)).rejects.toBeInstanceOf(TargetRefused);
    await expect(checkedAddresses('8.8.4.4', resolve, policy)).resolves.toEqual(['8.8.4.4']);
  });

  it('judges resolved addresses by the same rule as literals', async () => {
    const resolve = async () => ['2606:4700:4700::1111', '::7f00:1'];
    await expect(checkedAddresses('compat.test', resolve, policy)).rejects.toThrow(
      'compat.test resolves to ::7f00:1, which is a private, local or reserved address',
    );
    await expect(checkedAddresses('::7f00:1', resolve, policy)).rejects.toBeInstanceOf(TargetRefused);
  });
});
