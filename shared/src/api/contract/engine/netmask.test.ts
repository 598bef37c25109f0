import { describe, expect, it } from 'vitest';
import { isNetmask as engineRule } from '../../../../../server/src/engine/api-keys/valid-ips.ts';
import { isNetmask, netmaskLines } from './netmask.ts';

const samples = [
  '192.168.1.7',
  '10.0.0.0/8',
  '0.0.0.0/0',
  '255.255.255.255/32',
  '1.2.3.4/33',
  '256.1.1.1',
  '1.2.3',
  '01.2.3.4',
  '1.2.3.4/',
  '1.2.3.4/8/9',
  '1.2.3.4/x',
  '::1',
  '::',
  '2001:db8::/32',
  '2001:db8::1/128',
  '2001:db8::1/129',
  '::ffff:1.2.3.4',
  'fe80::1:2:3:4:5:6:7',
  '1:2:3:4:5:6:7:8',
  '1:2:3:4:5:6:7:8:9',
  '1::2::3',
  'gggg::1',
  'example.com',
  'localhost',
  '',
  ' 1.2.3.4',
  '[::1]',
];

describe('isNetmask in the browser', () => {
  it.each(samples)('agrees with the engine on %j', (sample) => {
    expect(isNetmask(sample)).toBe(engineRule(sample));
  });

  it('reads one address or netmask a line, skipping blank lines', () => {
    expect(netmaskLines(' 10.0.0.1 \n\n2001:db8::/32\n')).toEqual(['10.0.0.1', '2001:db8::/32']);
  });
});
