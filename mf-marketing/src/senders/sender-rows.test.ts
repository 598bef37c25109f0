import { usableSenderDomains } from '@app/contract/rules/sender-domain';
import { describe, expect, it } from 'vitest';
import {
  domainsAwaitingSpf,
  senderActions,
  senderDomainProblem,
  senderStatus,
  usageText,
} from './sender-rows.ts';

const domains = [
  { domain: 'acme.com', verified: true, spfVerified: true },
  { domain: 'news.acme.com', verified: true, spfVerified: false },
  { domain: 'draft.example', verified: false, spfVerified: false },
];

describe('a sender in the list', () => {
  it('reads Validated once its link was followed, Pending confirmation before', () => {
    expect(senderStatus({ validated: true })).toEqual({ label: 'Validated', variant: 'success' });
    expect(senderStatus({ validated: false })).toEqual({ label: 'Pending confirmation', variant: 'warning' });
  });

  it('offers Send link again while pending and Make default once validated, unless it is the default', () => {
    expect(senderActions({ validated: false, isDefault: false })).toEqual({
      sendLink: true,
      makeDefault: false,
    });
    expect(senderActions({ validated: true, isDefault: false })).toEqual({
      sendLink: false,
      makeDefault: true,
    });
    expect(senderActions({ validated: true, isDefault: true })).toEqual({
      sendLink: false,
      makeDefault: false,
    });
  });
});

describe('the sending domains', () => {
  it('usable are the verified ones with SPF verified; the others verified wait for SPF', () => {
    expect(usableSenderDomains(domains)).toEqual(['acme.com']);
    expect(domainsAwaitingSpf(domains)).toEqual(['news.acme.com']);
  });

  it('a sender at a usable domain or a subdomain of one has no problem', () => {
    expect(senderDomainProblem('hello@acme.com', domains)).toBeNull();
    expect(senderDomainProblem('Hello@Shop.ACME.com', domains)).toBeNull();
  });

  it('the closest verified domain decides: its SPF must be verified', () => {
    expect(senderDomainProblem('hi@news.acme.com', domains)).toEqual({
      kind: 'spfNotVerified',
      domain: 'news.acme.com',
    });
    expect(senderDomainProblem('hi@eu.news.acme.com', domains)).toEqual({
      kind: 'spfNotVerified',
      domain: 'news.acme.com',
    });
  });

  it('an address at no verified sending domain cannot send, an unverified one or a look-alike neither', () => {
    for (const email of ['hi@draft.example', 'hi@notacme.com', 'hi@gmail.com']) {
      expect(senderDomainProblem(email, domains), email).toEqual({ kind: 'notSendingDomain' });
    }
  });
});

describe('what uses a sender, before a delete', () => {
  it('counts what uses it in words, and says nothing when nothing does', () => {
    expect(usageText({ campaigns: 0, automations: 0, forms: 0 })).toBeNull();
    expect(usageText({ campaigns: 1, automations: 0, forms: 0 })).toBe('1 campaign');
    expect(usageText({ campaigns: 0, automations: 2, forms: 1 })).toBe('2 automations and 1 form');
    expect(usageText({ campaigns: 4, automations: 1, forms: 2 })).toBe(
      '4 campaigns, 1 automation and 2 forms',
    );
  });
});
