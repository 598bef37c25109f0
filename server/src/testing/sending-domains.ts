import { systemClock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { type DkimKeyPair, generateDkimKeys } from '../engine/sending-domains/dkim-keys.ts';
import {
  createSendingDomainStore,
  type SendingDomainStore,
} from '../engine/sending-domains/sending-domain-store.ts';

/**
 * The From domains the tests send from in production: every account of engineAccount has them
 * verified (and shared with its subaccounts), so a test about something else is not refused with 7001.
 */
export const fixtureSendingDomains = [
  'acme.test',
  'acme.example',
  'b.test',
  'example.com',
  'example.test',
  'garden.test',
  'harbour.test',
  'kiln.test',
  'mail.example.com',
  'mail.test',
  'reader.test',
  'rowing.test',
  'shop.example',
  'x.test',
  'y.test',
  // münchen.test, as it is registered.
  'xn--mnchen-3ya.test',
];

const stores = new WeakMap<Db, SendingDomainStore>();
let sharedKeys: Promise<DkimKeyPair> | undefined;

function storeOf(db: Db): SendingDomainStore {
  let store = stores.get(db);
  if (!store) {
    store = createSendingDomainStore(db, systemClock);
    stores.set(db, store);
  }
  return store;
}

export interface VerifiedDomainOptions {
  /** The owning account; the master's (0) by default. */
  subaccountId?: number;
  /** Shared with the subaccounts (master's domains only); true by default for the master's. */
  shared?: boolean;
  /** Also CNAME-verified, so it can be a bounce domain. */
  cname?: boolean;
}

/** Registers `domain` for the account straight through the store, DKIM-verified, without DNS. */
export async function addVerifiedSendingDomain(
  db: Db,
  companyId: string,
  domain: string,
  options: VerifiedDomainOptions = {},
): Promise<void> {
  const subaccountId = options.subaccountId ?? 0;
  // One key for every fixture domain: generating one per domain and account would slow every suite.
  sharedKeys ??= generateDkimKeys(1024);
  const keys = await sharedKeys;
  const store = storeOf(db);
  const outcome = await store.create(companyId, subaccountId, {
    domain: domain.toLowerCase(),
    trackingDomain: undefined,
    sharedWithSubaccounts: options.shared ?? subaccountId === 0,
    dkim: {
      selector: 'fixture',
      signingDomain: domain.toLowerCase(),
      headers: 'from:to:subject:date',
      publicKey: keys.publicKey,
      privateKeyPem: keys.privateKeyPem,
    },
  });
  if (outcome !== 'created') throw new Error(`sending domain ${domain}: ${outcome}`);
  await store.setStatuses(companyId, domain, {
    dkimStatus: 'valid',
    ...(options.cname ? { cnameStatus: 'valid' as const } : {}),
  });
}

/** {@link fixtureSendingDomains}, verified for the company's master account and shared with its subaccounts. */
export async function addFixtureSendingDomains(db: Db, companyId: string): Promise<void> {
  for (const domain of fixtureSendingDomains) await addVerifiedSendingDomain(db, companyId, domain);
}
