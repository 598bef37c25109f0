import mailSpellChecker from '@zootools/email-spell-checker';
import disposableDomains from 'disposable-email-domains/index.json' with { type: 'json' };
import { DOMAINS as freeDomains } from 'free-email-domains-list';
import roleLocalParts from 'role-based-email-addresses';

const disposable = new Set<string>(disposableDomains);
const roles = new Set(roleLocalParts.map((part) => part.toLowerCase()));

/** Whether the (A-label, lower-case) domain hands out throw-away mailboxes. */
export const isDisposableDomain = (domain: string) => disposable.has(domain);

/** Whether anyone may sign up for a mailbox at the (A-label, lower-case) domain. */
export const isFreeDomain = (domain: string) => freeDomains.has(domain);

/** Whether the local part names a role rather than a person: `sales`, `no-reply`, `support+eu`. */
export function isRoleLocalPart(local: string): boolean {
  const base = local.toLowerCase().split('+', 1)[0] ?? '';
  return roles.has(base);
}

const popular = new Set(mailSpellChecker.POPULAR_DOMAINS);
/** Suggestions already worked out: a list names a few domains many times (bounded, emptied when full). */
const meant = new Map<string, string | undefined>();
const maxMeant = 10_000;

/**
 * The mail provider `domain` most likely misspells (gmial.com → gmail.com, hotmal.com → hotmail.com),
 * if any. The checker also proposes other endings for any rare top-level domain (acme.test →
 * acme.de): only a suggestion naming a popular or free provider counts.
 */
export function likelyMeantDomain(domain: string): string | undefined {
  if (meant.has(domain)) return meant.get(domain);
  if (meant.size >= maxMeant) meant.clear();
  const suggestion = suggest(domain);
  meant.set(domain, suggestion);
  return suggestion;
}

function suggest(domain: string): string | undefined {
  const suggested = mailSpellChecker.run({ email: `x@${domain}` })?.domain;
  if (suggested === undefined || suggested === domain) return undefined;
  return popular.has(suggested) || isFreeDomain(suggested) ? suggested : undefined;
}
