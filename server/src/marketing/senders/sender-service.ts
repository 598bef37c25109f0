import { timingSafeEqual } from 'node:crypto';
import { sortOf } from '@app/contract/marketing/list';
import {
  type NewSender,
  type Sender,
  type SenderDomains,
  type SenderListAnswer,
  type SenderListFilter,
  type SenderSuggestion,
  type SenderUsage,
  type SenderValidated,
  senderLinkValidDays,
  type senderSortFields,
} from '@app/contract/marketing/senders';
import { domainOfAddress, usableSenderDomains } from '@app/contract/rules/sender-domain';
import type { FastifyBaseLogger } from 'fastify';
import { ensureWithinPlan } from '../../accounts/plans/plan-catalogue.ts';
import type { Clock } from '../../clock.ts';
import { randomToken, sha256Hex } from '../../crypto.ts';
import type { Db } from '../../db/db.ts';
import { DomainError, invalidField } from '../../domain-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { senderConfirmationMail } from '../../mail/templates.ts';
import type { CompanyDoor } from '../company-door.ts';
import { checkSenderDomain, type SenderDomainFacts } from './sender-rules.ts';
import { createSenderStore, type SenderRow } from './sender-store.ts';

export interface SenderServiceDeps extends SenderDomainFacts {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  company: CompanyDoor;
}

export type SenderService = ReturnType<typeof createSenderService>;

const dayMs = 24 * 60 * 60 * 1000;
/** A bigint id: anything else names no sender (and would make PostgreSQL fail the query). */
const idPattern = /^[1-9][0-9]{0,17}$/;

const iso = (date: Date | null) => date?.toISOString() ?? null;

const toSender = (row: SenderRow): Sender => ({
  id: row.id,
  email: row.email,
  name: row.name,
  replyTo: row.reply_to,
  isDefault: row.is_default,
  validated: row.validated_at !== null,
  validatedAt: iso(row.validated_at),
  linkSentAt: iso(row.link_sent_at),
  createdAt: row.created_at.toISOString(),
});

const notFound = () => new DomainError('entityNotFound', 'Sender not found', { field: 'id' });
const duplicate = (email: string) =>
  new DomainError('duplicate', 'This sender already exists', { field: 'email', value: email });
const wrongToken = () => invalidField('token', 'The token is Invalid');
const linkUsed = () => new DomainError('linkUsed', 'Link already used: the sender address is confirmed');

/** The token's hash is the stored one, compared in constant time. */
const sameHash = (stored: string, token: string) =>
  timingSafeEqual(Buffer.from(stored, 'hex'), Buffer.from(sha256Hex(token), 'hex'));

/**
 * §7 /senders: the From addresses of the company's marketing mail. A sender is added with a
 * confirmation link mailed to its address and becomes usable when someone there follows it (§5's
 * domain rule is checked again then); the first one validated becomes the default.
 */
export function createSenderService(deps: SenderServiceDeps) {
  const { db, clock, mailer, publicUrl, company } = deps;
  const store = createSenderStore(db);

  const newLink = (now: Date) => {
    const token = randomToken();
    return {
      token,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now.getTime() + senderLinkValidDays * dayMs),
    };
  };

  const mailLink = (companyName: string, sender: SenderRow, token: string) =>
    mailer.send({
      to: sender.email,
      ...senderConfirmationMail(
        companyName,
        sender.name,
        `${publicUrl}/sender/validate/${sender.id}?${new URLSearchParams({ token })}`,
        senderLinkValidDays,
      ),
    });

  const owned = async (tx: Db, companyId: string, id: string): Promise<SenderRow> => {
    const row = idPattern.test(id) ? await store.get(tx, companyId, id) : undefined;
    if (!row) throw notFound();
    return row;
  };

  return {
    async list(companyId: string, query: SenderListFilter): Promise<SenderListAnswer> {
      const { rows, total } = await store.page(companyId, {
        page: query.page,
        size: query.size,
        search: query.search,
        status: query.status,
        sort: sortOf<(typeof senderSortFields)[number]>(query.sort),
      });
      return { items: rows.map(toSender), total, page: query.page, size: query.size };
    },

    /**
     * Adds a sender and mails its address the confirmation link. A mail that cannot be sent is logged
     * and the sender kept all the same, with linkSentAt null: the console offers to send it again.
     */
    async create(companyId: string, body: NewSender, log: FastifyBaseLogger): Promise<Sender> {
      const { email } = body;
      await checkSenderDomain(deps, companyId, email);
      const now = clock.now();
      const link = newLink(now);
      const { companyName, row } = await db.transaction(async (tx) => {
        const companyName = await company.lock(tx, companyId);
        if (await store.exists(tx, companyId, email)) throw duplicate(email);
        const held = await store.holdings(tx, companyId);
        await ensureWithinPlan(tx, companyId, {
          group: 'sender',
          subFeature: 'senderLimit',
          used: held.count,
        });
        if (!held.domains.includes(domainOfAddress(email))) {
          await ensureWithinPlan(tx, companyId, {
            group: 'sender',
            subFeature: 'senderDomainLimit',
            used: held.domains.length,
          });
        }
        const row = await store.insert(tx, {
          companyId,
          ...body,
          tokenHash: link.tokenHash,
          expiresAt: link.expiresAt,
          now,
        });
        if (!row) throw duplicate(email);
        return { companyName, row };
      });
      try {
        await mailLink(companyName, row, link.token);
        return toSender(row);
      } catch (error) {
        log.warn({ err: error, sender: row.id }, 'sender confirmation mail failed');
        await store.markUnsent(companyId, row.id);
        return toSender({ ...row, link_sent_at: null });
      }
    },

    /** Mails a new link (the previous one stops working); 409 state for a validated sender. */
    async revalidate(companyId: string, id: string): Promise<Sender> {
      if (!idPattern.test(id)) throw notFound();
      const now = clock.now();
      const link = newLink(now);
      const row = await store.renewLink(companyId, id, { ...link, now });
      if (!row) {
        await owned(db, companyId, id);
        throw new DomainError('state', 'The sender is already validated');
      }
      try {
        await mailLink(await company.name(companyId), row, link.token);
      } catch (error) {
        await store.markUnsent(companyId, id);
        throw error;
      }
      return toSender(row);
    },

    /**
     * The confirmation link, followed by whoever holds the address (no session). A wrong, replaced or
     * expired token is a validation error on `token`; the link of a validated sender answers linkUsed.
     */
    async validate(id: string, token: string): Promise<SenderValidated> {
      const row = idPattern.test(id) ? await store.forLink(id) : undefined;
      if (!row || !sameHash(row.token_hash, token)) throw wrongToken();
      if (row.validated_at) throw linkUsed();
      if (row.token_expires_at <= clock.now()) {
        throw invalidField('token', 'The link has expired: ask for a new confirmation mail');
      }
      // The domain may have lost its verification since the sender was added.
      await checkSenderDomain(deps, row.company_id, row.email);
      const validated = await db.transaction(async (tx) => {
        await company.lock(tx, row.company_id);
        return store.markValidated(tx, row.company_id, row.id, row.token_hash, clock.now());
      });
      if (!validated) {
        const now = await store.forLink(id);
        throw now?.validated_at && now.token_hash === row.token_hash ? linkUsed() : wrongToken();
      }
      return { email: validated.email, name: validated.name };
    },

    /** Removes a sender; when it was the default, the oldest validated one takes its place. */
    async remove(companyId: string, id: string): Promise<void> {
      if (!idPattern.test(id)) throw notFound();
      await db.transaction(async (tx) => {
        await company.lock(tx, companyId);
        const removed = await store.remove(tx, companyId, id);
        if (!removed) throw notFound();
        if (removed.is_default) await store.promoteOldestValidated(tx, companyId);
      });
    },

    /** Makes a validated sender the company's default (409 state for one not validated yet). */
    async makeDefault(companyId: string, id: string): Promise<Sender> {
      return db.transaction(async (tx) => {
        await company.lock(tx, companyId);
        const row = await owned(tx, companyId, id);
        if (!row.validated_at) {
          throw new DomainError(
            'state',
            'Only a validated sender can be the default: confirm its address first',
          );
        }
        await store.setDefault(tx, companyId, id);
        return toSender({ ...row, is_default: true });
      });
    },

    /** The company's sending domains, which the senders screen shows with what each still needs. */
    domains: async (companyId: string): Promise<SenderDomains> => ({
      items: await deps.engine.sendingDomainsOf(companyId),
    }),

    /**
     * Whether the sender's domain may be used today and, when not, why (the refusal creating it would get)
     * and the same local part at each of the company's usable sending domains.
     */
    async suggestion(companyId: string, id: string): Promise<SenderSuggestion> {
      const { email } = await owned(db, companyId, id);
      try {
        await checkSenderDomain(deps, companyId, email);
        return { email, usable: true, problem: null, addresses: [] };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const local = email.slice(0, email.lastIndexOf('@'));
        const domains = usableSenderDomains(await deps.engine.sendingDomainsOf(companyId));
        return {
          email,
          usable: false,
          problem: { code: error.code, message: error.message },
          addresses: domains.map((domain) => `${local}@${domain}`),
        };
      }
    },

    /**
     * What uses the sender, asked before a delete. Campaigns, automations and forms do not exist yet:
     * each will count its own senders here when it does.
     */
    async usage(companyId: string, id: string): Promise<SenderUsage> {
      await owned(db, companyId, id);
      return { campaigns: 0, automations: 0, forms: 0 };
    },
  };
}
