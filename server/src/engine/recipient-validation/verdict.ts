import { asciiDomain, isEmailAddress, type RecipientValidationResult } from '@app/contract/engine/index';
import { isDisposableDomain, isFreeDomain, isRoleLocalPart, likelyMeantDomain } from './address-facts.ts';
import type { DomainMail } from './domain-check.ts';

/** What an address says about itself before DNS is asked: its parts and the lists it is on. */
export type Examined =
  | { syntax: 'invalid'; isRole: boolean }
  | {
      syntax: 'valid';
      local: string;
      /** A-label (punycode), lower-case: what DNS is asked about. */
      domain: string;
      isRole: boolean;
      isDisposable: boolean;
      isFree: boolean;
      /** The address with the domain it most likely misspells. */
      didYouMean: string | undefined;
    };

/** Parses `address` (ASCII or internationalized, RFC 6531) and looks its parts up in the lists. */
export function examine(input: string): Examined {
  const address = input.trim();
  const at = address.lastIndexOf('@');
  const local = at > 0 ? address.slice(0, at) : address;
  const isRole = isRoleLocalPart(local);
  if (!isEmailAddress(address)) return { syntax: 'invalid', isRole };
  const written = address.slice(at + 1).normalize('NFC');
  const domain = asciiDomain(written)?.toLowerCase();
  if (domain === undefined) return { syntax: 'invalid', isRole };
  const meant = likelyMeantDomain(domain);
  return {
    syntax: 'valid',
    local,
    domain,
    isRole,
    isDisposable: isDisposableDomain(domain),
    isFree: isFreeDomain(domain),
    didYouMean: meant === undefined ? undefined : `${local}@${meant}`,
  };
}

const undeliverable = (reason: 'Invalid Syntax' | 'Invalid Domain') => ({
  valid: false,
  result: 'undeliverable' as const,
  reason,
  delivery_confidence: 0,
});

/**
 * SparkPost's verdict from the examined address and what DNS said about its domain. The scores are
 * ours: a domain with MX hosts starts at 85; only an address record (implicit MX) or no DNS answer
 * is neutral; a role mailbox lowers the score, a disposable one makes it risky. A domain that
 * takes no mail and looks like a misspelt provider is a `typo`; one that takes mail is taken as
 * meant (the checker proposes me.com for acme.com too).
 */
export function verdict(examined: Examined, mail: DomainMail): RecipientValidationResult {
  if (examined.syntax === 'invalid') {
    return {
      ...undeliverable('Invalid Syntax'),
      is_role: examined.isRole,
      is_disposable: false,
      is_free: false,
    };
  }
  const flags = { is_role: examined.isRole, is_disposable: examined.isDisposable, is_free: examined.isFree };
  if (examined.didYouMean !== undefined && (mail === 'none' || mail === 'nullMx')) {
    return {
      valid: false,
      result: 'typo',
      reason: 'Invalid Domain',
      ...flags,
      did_you_mean: examined.didYouMean,
      delivery_confidence: 0,
    };
  }
  if (mail === 'none' || mail === 'nullMx') return { ...undeliverable('Invalid Domain'), ...flags };
  if (examined.isDisposable) return { valid: true, result: 'risky', ...flags, delivery_confidence: 30 };
  if (mail === 'unknown') {
    return { valid: true, result: 'neutral', ...flags, delivery_confidence: 50 };
  }
  if (mail === 'address') {
    return { valid: true, result: 'neutral', ...flags, delivery_confidence: examined.isRole ? 45 : 60 };
  }
  if (examined.isRole) return { valid: true, result: 'neutral', ...flags, delivery_confidence: 60 };
  return { valid: true, result: 'valid', ...flags, delivery_confidence: 85 };
}
