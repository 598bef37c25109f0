import { describe, expect, it } from 'vitest';
import { createAddressPolicy, isPublicAddress } from './address-policy.ts';

describe('address policy', () => {
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
    // IPv4-compatible (::/96): judged as the IPv4 address they carry, like the mapped ones.
    '::7f00:1',
    '::127.0.0.1',
    '::a00:1',
    '::a9fe:a9fe',
    '::c0a8:101',
    // NAT64: a gateway translates these to the IPv4 address they carry.
    '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::a00:1',
    // 6to4 and Teredo (deprecated tunnels), IPv4-translated, discard, site-local, outside 2000::/3.
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '::ffff:0:7f00:1',
    '100::1',
    'fec0::1',
    '4000::1',
    // IPv4 literals written in octal, hex or as one number.
    '0177.0.0.1',
    '0x7f.0.0.1',
    '2130706433',
  ])('refuses %s', (address) => {
    expect(policy.isPermitted(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '93.184.215.14',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '::808:808',
    '64:ff9b::808:808',
  ])('permits %s', (address) => {
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
    // An embedded IPv4 address is allow-listed as that address, and the IPv6 form as itself.
    const loopback = createAddressPolicy(['127.0.0.0/8']);
    expect(loopback.isPermitted('::7f00:1')).toBe(true);
    expect(loopback.isAllowListed('::ffff:127.0.0.1')).toBe(true);
    expect(loopback.isPermitted('::a00:1')).toBe(false);
    expect(allowing.isPermitted('::1')).toBe(true);
  });

  it('is the rule delivery applies to MX hosts', () => {
    expect(isPublicAddress('::7f00:1')).toBe(false);
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
    expect(isPublicAddress('not an address')).toBe(false);
  });
});
