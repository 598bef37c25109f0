import { describe, expect, it } from 'vitest';
import { cardTypeFromNumber } from './card.ts';

describe('cardTypeFromNumber', () => {
  it.each([
    ['4111 1111 1111 1111', 'Visa'],
    ['4000-0566-5566-5556', 'Visa'],
    ['4026000000000002', 'Visa Electron'],
    ['4175000000000001', 'Visa Electron'],
    ['4508000000000000', 'Visa Electron'],
    ['4844000000000000', 'Visa Electron'],
    ['4913000000000000', 'Visa Electron'],
    ['4917300800000000', 'Visa Electron'],
    ['5555555555554444', 'Mastercard'],
    ['5105105105105100', 'Mastercard'],
    ['2221000000000009', 'Mastercard'],
    ['2720990000000000', 'Mastercard'],
    ['378282246310005', 'AMEX'],
    ['341111111111111', 'AMEX'],
    ['6011111111111117', 'Discover'],
    ['6500000000000002', 'Discover'],
    ['6440000000000000', 'Discover'],
    ['6221260000000000', 'Discover'],
    ['6229250000000000', 'Discover'],
    ['30000000000004', 'Carte Blanche'],
    ['30569309025904', 'Carte Blanche'],
    ['36227206271667', 'Diners'],
    ['38520000023237', 'Diners'],
    ['30950000000000', 'Diners'],
    ['3530111333300000', 'JCB'],
    ['3566002020360505', 'JCB'],
  ])('%s is %s', (number, type) => {
    expect(cardTypeFromNumber(number)).toBe(type);
  });
  it.each([
    '',
    'abcd',
    '1234567890',
    '2220999999999999',
    '2721000000000000',
    '6221250000000000',
    '3527000000000000',
  ])('%j is unknown', (number) => {
    expect(cardTypeFromNumber(number)).toBeNull();
  });
});
