import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { DnsResolver } from '../../dns/resolver.ts';
import { EngineError, missingValue, notFound } from '../../engine-error.ts';
import type { DkimKey, DkimKeyChange, DkimKeyWrite } from './dkim-key-store.ts';
import { type DkimKeyPair, generateDkimKeys, importDkimKeys } from './dkim-keys.ts';
import { type DnsRecord, dkimRecordName, dkimRecordValue } from './dns-records.ts';
import {
  defaultDkimHeaders,
  type SendingDomainService,
  selectorAt,
  signingDomainFor,
} from './sending-domain-service.ts';
import type {
  SendingDomain,
  SendingDomainStore,
  VerificationStatus,
  Viewer,
} from './sending-domain-store.ts';
import { defaultKeyId, isDefaultKeyId } from './sending-facts.ts';
import { type CheckResult, checkDkim } from './verify-dns.ts';

/** A DKIM key as the keys API shows it: one of the domain's additional keys, or its own ("default"). */
export interface DkimKeyView {
  id: string;
  signingDomain: string;
  publicKey: string;
  selector: string;
  headers: string;
  status: VerificationStatus;
  isDefault: boolean;
  /** Not on the default key. */
  createdAt?: Date;
  updatedAt?: Date;
}

export interface DkimKeyInput {
  id?: string | undefined;
  signing_domain?: string | undefined;
  headers?: string | undefined;
  private?: string | undefined;
  public?: string | undefined;
  selector?: string | undefined;
}

export interface DkimKeyCreateInput extends DkimKeyInput {
  dkim_key_length: number;
}

export interface DkimKeyVerification {
  key: DkimKeyView;
  record: DnsRecord;
  result: CheckResult;
}

const invalidParams = (description: string) => new EngineError('invalidParams', description);
const partialKeys = () =>
  invalidParams('When providing custom keys, private, public, and selector must all be specified');

/** Bad key material in the keys API's words (400 "invalid params"), not the schema's 422. */
function asInvalidParams<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof EngineError && error.kind === 'invalid') throw invalidParams(error.description);
    throw error;
  }
}

const viewOf = (key: DkimKey): DkimKeyView => ({
  id: key.id,
  signingDomain: key.signingDomain,
  publicKey: key.publicKey,
  selector: key.selector,
  headers: key.headers,
  status: key.status,
  isDefault: false,
  createdAt: key.createdAt,
  updatedAt: key.updatedAt,
});

const defaultViewOf = (domain: SendingDomain): DkimKeyView => ({
  id: defaultKeyId,
  signingDomain: domain.dkim.signingDomain,
  publicKey: domain.dkim.publicKey,
  selector: domain.dkim.selector,
  headers: domain.dkim.headers,
  status: domain.dkimStatus,
  isDefault: true,
});

/** The TXT record a key is verified by. */
export const recordOf = (key: Pick<DkimKeyView, 'selector' | 'signingDomain' | 'publicKey'>): DnsRecord => ({
  name: dkimRecordName(key.selector, key.signingDomain),
  type: 'TXT',
  value: dkimRecordValue(key.publicKey),
});

/** All three of private, public and selector, or none of them. */
function suppliedPair(
  input: DkimKeyInput,
): { private: string; public: string; selector: string } | undefined {
  const given = [input.private, input.public, input.selector].filter((value) => value !== undefined);
  if (given.length === 0) return undefined;
  if (given.length < 3) throw partialKeys();
  return {
    private: input.private as string,
    public: input.public as string,
    selector: input.selector as string,
  };
}

export type DkimKeyService = ReturnType<typeof createDkimKeyService>;

/**
 * A sending domain's DKIM keys (SparkPost's `/sending-domains/{domain}/dkim-keys`): the domain's own
 * key is "default" (changed and verified through the domain itself); up to 256 more, generated or
 * the caller's, each verified by looking its record up, sign the mail that names them
 * (options.dkim_key) once verified. Rotation without a gap: add a key, publish and verify it, send
 * with it, then delete the old one (or, for the domain's own key, PUT the new pair on the domain:
 * it is taken only once its record is in DNS).
 */
export function createDkimKeyService(deps: {
  domains: Pick<SendingDomainService, 'owned' | 'get'>;
  store: Pick<SendingDomainStore, 'dkimKeys'>;
  dns: DnsResolver;
  clock: Clock;
}) {
  const { domains, dns, clock } = deps;
  const keys = deps.store.dkimKeys;

  const missingKey = (id: string) => notFound(`DKIM key '${id}' does not exist`);

  /** A record place (selector at signing domain) no other key of the domain holds, the domain's own included. */
  async function checkRecordFree(
    companyId: string,
    domain: SendingDomain,
    record: { selector: string; signingDomain: string },
    exceptId?: string,
  ): Promise<void> {
    const other =
      domain.dkim.selector === record.selector && domain.dkim.signingDomain === record.signingDomain
        ? defaultKeyId
        : await keys.selectorTaken(companyId, domain.domain, record, exceptId);
    if (other !== undefined) {
      throw invalidParams(
        `Selector '${record.selector}' at '${record.signingDomain}' is already used by DKIM key '${other}'`,
      );
    }
  }

  /** `<id><MMYY>`, or with a random suffix when another key already has that selector. */
  async function newSelector(companyId: string, domain: SendingDomain, id: string, signingDomain: string) {
    const plain = selectorAt(clock.now(), id.toLowerCase().slice(0, 59));
    const taken =
      (domain.dkim.selector === plain && domain.dkim.signingDomain === signingDomain) ||
      (await keys.selectorTaken(companyId, domain.domain, { selector: plain, signingDomain })) !== undefined;
    return taken
      ? selectorAt(clock.now(), `${id.toLowerCase().slice(0, 50)}-${randomBytes(2).toString('hex')}`)
      : plain;
  }

  function refusedWrite(
    outcome: Exclude<DkimKeyWrite<unknown>['outcome'], 'done'>,
    id: string,
    domain: string,
  ) {
    switch (outcome) {
      case 'exists':
        return invalidParams(`Key ID '${id}' already exists`);
      case 'selectorTaken':
        return invalidParams('Another DKIM key of this domain already uses that selector and signing domain');
      case 'tooMany':
        return invalidParams(`Domain '${domain}' already has the most DKIM keys it may have (256)`);
      case 'noDomain':
        return notFound(`Domain '${domain}' does not exist`);
      case 'noKey':
        return missingKey(id);
    }
  }

  return {
    /** The domain's keys, its own first. */
    async list(viewer: Viewer, name: string): Promise<DkimKeyView[]> {
      const domain = await domains.get(viewer, name);
      const additional = await keys.list(viewer.companyId, domain.domain);
      return [defaultViewOf(domain), ...additional.map(viewOf)];
    },

    /** One key; "default" is the domain's own. */
    async get(viewer: Viewer, name: string, id: string): Promise<DkimKeyView> {
      const domain = await domains.get(viewer, name);
      if (isDefaultKeyId(id)) return defaultViewOf(domain);
      const key = await keys.get(viewer.companyId, domain.domain, id);
      if (!key) throw missingKey(id);
      return viewOf(key);
    },

    async create(viewer: Viewer, name: string, input: DkimKeyCreateInput): Promise<DkimKeyView> {
      const domain = await domains.owned(viewer, name);
      const id = input.id;
      if (id === undefined) throw missingValue('id is required');
      if (isDefaultKeyId(id)) throw invalidParams("Key ID 'default' is reserved");
      const supplied = suppliedPair(input);
      const signingDomain = asInvalidParams(() =>
        signingDomainFor(domain.domain, input.signing_domain, 'signing_domain'),
      );
      if (await keys.get(viewer.companyId, domain.domain, id))
        throw invalidParams(`Key ID '${id}' already exists`);
      let pair: DkimKeyPair;
      let selector: string;
      if (supplied) {
        pair = asInvalidParams(() => importDkimKeys(supplied.private, supplied.public, ''));
        selector = supplied.selector;
        await checkRecordFree(viewer.companyId, domain, { selector, signingDomain });
      } else {
        pair = await generateDkimKeys(input.dkim_key_length);
        selector = await newSelector(viewer.companyId, domain, id, signingDomain);
      }
      const written = await keys.create(viewer.companyId, domain.domain, {
        id,
        selector,
        signingDomain,
        headers: input.headers ?? defaultDkimHeaders,
        publicKey: pair.publicKey,
        privateKeyPem: pair.privateKeyPem,
      });
      if (written.outcome !== 'done') throw refusedWrite(written.outcome, id, domain.domain);
      return viewOf(written.key);
    },

    /** headers and signing_domain alone, or a whole new pair; a new pair or signing domain starts unverified. */
    async update(viewer: Viewer, name: string, id: string, input: DkimKeyInput): Promise<DkimKeyView> {
      const domain = await domains.owned(viewer, name);
      if (isDefaultKeyId(id)) {
        throw invalidParams(
          'Cannot update default key via this endpoint. Use /sending-domains/{domain} instead.',
        );
      }
      if (input.id !== undefined && input.id !== id) throw invalidParams("Field 'id' is immutable");
      const supplied = suppliedPair(input);
      const current = await keys.get(viewer.companyId, domain.domain, id);
      if (!current) throw missingKey(id);
      const signingDomain =
        input.signing_domain === undefined
          ? undefined
          : asInvalidParams(() => signingDomainFor(domain.domain, input.signing_domain, 'signing_domain'));
      const change: DkimKeyChange = {
        ...(input.headers !== undefined ? { headers: input.headers } : {}),
        ...(signingDomain !== undefined ? { signingDomain } : {}),
      };
      if (supplied) {
        const pair = asInvalidParams(() => importDkimKeys(supplied.private, supplied.public, ''));
        change.pair = {
          selector: supplied.selector,
          publicKey: pair.publicKey,
          privateKeyPem: pair.privateKeyPem,
        };
      }
      const record = {
        selector: change.pair?.selector ?? current.selector,
        signingDomain: signingDomain ?? current.signingDomain,
      };
      if (record.selector !== current.selector || record.signingDomain !== current.signingDomain) {
        await checkRecordFree(viewer.companyId, domain, record, id);
      }
      const written = await keys.update(viewer.companyId, domain.domain, id, change);
      if (written.outcome !== 'done') throw refusedWrite(written.outcome, id, domain.domain);
      return viewOf(written.key);
    },

    async remove(viewer: Viewer, name: string, id: string): Promise<void> {
      const domain = await domains.owned(viewer, name);
      if (isDefaultKeyId(id)) throw invalidParams('Cannot delete default key');
      if (!(await keys.remove(viewer.companyId, domain.domain, id))) throw missingKey(id);
    },

    /**
     * Looks the key's record up now and records what was found. DNS that did not answer proves
     * nothing: the status stays what the last answer proved.
     */
    async verify(viewer: Viewer, name: string, id: string): Promise<DkimKeyVerification> {
      const domain = await domains.owned(viewer, name);
      if (isDefaultKeyId(id)) {
        throw invalidParams(
          'Cannot verify default key via this endpoint. Use /sending-domains/{domain}/verify with dkim_verify: true instead.',
        );
      }
      const key = await keys.get(viewer.companyId, domain.domain, id);
      if (!key) throw missingKey(id);
      const record = recordOf(key);
      const result = await checkDkim(dns, record, key.publicKey);
      if (result.status === 'invalid' && result.lookupFailed) return { key: viewOf(key), record, result };
      const after = await keys.setStatus(viewer.companyId, domain.domain, id, result.status);
      if (!after) throw missingKey(id);
      return { key: viewOf(after), record, result };
    },
  };
}
