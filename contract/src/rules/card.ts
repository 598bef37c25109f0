export type CardType =
  | 'Visa'
  | 'Mastercard'
  | 'AMEX'
  | 'Discover'
  | 'Diners'
  | 'Carte Blanche'
  | 'JCB'
  | 'Visa Electron';

/**
 * Prefix patterns, checked in order: Visa Electron before Visa and Carte Blanche (300–305)
 * before Diners, because the narrower ranges sit inside the broader ones.
 */
export const cardPrefixRules: readonly { type: CardType; pattern: RegExp }[] = [
  { type: 'Visa Electron', pattern: /^(4026|417500|4508|4844|4913|4917)/ },
  { type: 'Visa', pattern: /^4/ },
  { type: 'Mastercard', pattern: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d{2}|27[01]\d|2720)/ },
  { type: 'AMEX', pattern: /^3[47]/ },
  { type: 'Carte Blanche', pattern: /^30[0-5]/ },
  { type: 'Diners', pattern: /^(3095|36|38|39)/ },
  { type: 'JCB', pattern: /^(352[89]|35[3-8]\d)/ },
  { type: 'Discover', pattern: /^(6011|65|64[4-9]|622(12[6-9]|1[3-9]\d|[2-8]\d{2}|9[01]\d|92[0-5]))/ },
];

/** §5 card type from the number's prefix (spaces and dashes ignored); null when unknown. */
export function cardTypeFromNumber(cardNumber: string): CardType | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  return cardPrefixRules.find((rule) => rule.pattern.test(digits))?.type ?? null;
}
