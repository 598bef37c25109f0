import { describe, expect, it } from 'vitest';
import { checkedAddresses, createAddressPolicy, TargetRefused } from './target-address.ts';

describe('webhook target addresses', () => {
  const policy = createAddressPolicy([]);

  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '2002:7f00:1::1',
    '64:ff9b::a00:1',
  ])('refuses %s', (address) => {
    expect(policy.isPermitted(address)).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.215.14', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('permits %s', (address) => {
    expect(policy.isPermitted(address)).toBe(true);
  });

  it('permits what the operator allow-lists, mapped forms included, and nothing else', () => {
    const allowing = createAddressPolicy(['10.0.0.0/8', '::1', 'fd00::/8']);
    expect(allowing.isPermitted('10.20.30.40')).toBe(true);
    expect(allowing.isPermitted('::ffff:10.20.30.40')).toBe(true);
    expect(allowing.isPermitted('::1')).toBe(true);
    expect(allowing.isPermitted('fd00::5')).toBe(true);
    expect(allowing.isPermitted('192.168.0.1')).toBe(false);
    expect(allowing.isPermitted('127.0.0.1')).toBe(false);
    expect(allowing.isAllowListed('10.1.1.1')).toBe(true);
    expect(allowing.isAllowListed('8.8.8.8')).toBe(false);
  });

  it('refuses a name when any of its addresses is private, and a name without address', async () => {
    const resolve = async (host: string) => (host === 'mixed.test' ? ['8.8.8.8', '10.0.0.1'] : []);
    await expect(checkedAddresses('mixed.test', resolve, policy)).rejects.toThrow(
      'mixed.test resolves to 10.0.0.1, which is a private, local or reserved address',
    );
    await expect(checkedAddresses('none.test', resolve, policy)).rejects.toBeInstanceOf(TargetRefused);
    await expect(checkedAddresses('8.8.4.4', resolve, policy)).resolves.toEqual(['8.8.4.4']);
  });
});
