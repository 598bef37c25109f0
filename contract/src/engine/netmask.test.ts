import { describe, expect, it } from 'vitest';
import { isNetmask, netmaskLines } from './netmask.ts';

// What the API keys' allowed IPs accept: one address or a CIDR netmask, IPv4 or IPv6.
const netmasks = [
  '192.168.1.7',
  '10.0.0.0/8',
  '0.0.0.0/0',
  '255.255.255.255/32',
  '::1',
  '::',
  '2001:db8::/32',
  '2001:db8::1/128',
  '::ffff:1.2.3.4',
  '1:2:3:4:5:6:7:8',
];
const notNetmasks = [
  '1.2.3.4/33',
  '256.1.1.1',
  '1.2.3',
  '01.2.3.4',
  '1.2.3.4/',
  '1.2.3.4/8/9',
  '1.2.3.4/x',
  '2001:db8::1/129',
  'fe80::1:2:3:4:5:6:7',
  '1:2:3:4:5:6:7:8:9',
  '1::2::3',
  'gggg::1',
  'example.com',
  'localhost',
  '',
  ' 1.2.3.4',
  '[::1]',
];

describe('isNetmask, run by the console and the server', () => {
  it.each(netmasks)('accepts %j', (sample) => {
    expect(isNetmask(sample)).toBe(true);
  });

  it.each(notNetmasks)('refuses %j', (sample) => {
    expect(isNetmask(sample)).toBe(false);
  });

  it('reads one address or netmask a line, skipping blank lines', () => {
    expect(netmaskLines(' 10.0.0.1 \n\n2001:db8::/32\n')).toEqual(['10.0.0.1', '2001:db8::/32']);
  });
});
