import type { Db } from '../../../db/db.ts';
import { DomainError } from '../../../domain-error.ts';
import { fieldStore } from '../field-store.ts';
import { segmentStore } from '../segments/segment-store.ts';

/** Who a campaign goes to: the contacts in any of the labels or segments, but those in an excluded one. */
export interface AudienceChoice {
  labels: readonly string[];
  segments: readonly string[];
  excludedLabels: readonly string[];
  excludedSegments: readonly string[];
}

/** A contact picked to be mailed: its address and the merge data its fields give (by their tags). */
export interface AudienceMember {
  id: string;
  email: string;
  name: string;
  data: Record<string, unknown>;
  /** When it was created, as the database keeps it (to the microsecond): where a walk goes on from. */
  createdAt: string;
}

/**
 * Where a walk through the audience stands: before the contact created at `at` (a timestamptz as the
 * database writes it: a Date would drop its microseconds and skip contacts) with the id `id`.
 */
export interface AudienceCursor {
  at: string;
  id: string;
}

interface MemberRow {
  id: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  phone: string | null;
  fields: Record<string, unknown>;
  created_at: string;
}

type Condition = (params: unknown[]) => string;

/** A row as a member, with each custom value under its field's tag. */
function toMember(tags: ReadonlyMap<string, string>, row: MemberRow): AudienceMember {
  const data: Record<string, unknown> = {
    firstname: row.firstname ?? '',
    lastname: row.lastname ?? '',
    phone: row.phone ?? '',
  };
  for (const [fieldId, value] of Object.entries(row.fields)) {
    const tag = tags.get(fieldId);
    if (tag !== undefined) data[tag] = value;
  }
  const name = [row.firstname, row.lastname].filter(Boolean).join(' ');
  return { id: row.id, email: row.email, name, data, createdAt: row.created_at };
}

/**
 * A part of an audience drawn at random, yet the same at every step and in every process: the contacts
 * whose hash under `seed` is at most `threshold` (`test`), or above it (`rest`). An A/B test's share.
 */
export interface AudienceSample {
  seed: string;
  threshold: string;
  side: 'test' | 'rest';
}

/** A contact's place in a sample drawn under the seed `$n` (PostgreSQL's 64-bit text hash). */
const sampleHash = (seedParam: number) => `hashtextextended(contacts.id::text, $${seedParam}::bigint)`;

/** Contacts that may be mailed at all: subscribed, with an address. */
const mailable = `status = 'subscribed' AND email IS NOT NULL`;

/** The one label an audience is, when it is nothing else (no segment, no exclusion). */
const soleLabel = (choice: AudienceChoice): string | undefined =>
  choice.labels.length === 1 &&
  choice.segments.length === 0 &&
  choice.excludedLabels.length === 0 &&
  choice.excludedSegments.length === 0
    ? choice.labels[0]
    : undefined;

/**
 * The audiences of campaigns (and later of automations) over the contact book: checked, counted
 * exactly, and walked newest first in batches, each contact once whatever labels and segments it is
 * in. Segments are compiled when used, so an audience is never stale.
 */
export function createAudiences(deps: {
  db: Db;
  /** A saved segment's condition over `contacts` (throws "Segment not found" for another company's). */
  segmentCondition: (companyId: string, id: string) => Promise<Condition>;
}) {
  const { db } = deps;

  async function checkLabels(companyId: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await db.query<{ id: string }>(
      'SELECT id::text AS id FROM contact_labels WHERE company_id = $1 AND id = ANY($2::bigint[])',
      [companyId, ids],
    );
    const missing = ids.find((id) => !found.some((row) => row.id === id));
    if (missing)
      throw new DomainError('entityNotFound', 'Label not found', { field: 'labels', value: missing });
  }

  /** The audience as one SQL condition over `contacts` (the company's id is $1). */
  async function conditionOf(companyId: string, choice: AudienceChoice): Promise<Condition> {
    const [included, excluded] = await Promise.all([
      Promise.all(choice.segments.map((id) => deps.segmentCondition(companyId, id))),
      Promise.all(choice.excludedSegments.map((id) => deps.segmentCondition(companyId, id))),
    ]);
    const inLabels = (ids: readonly string[], params: unknown[]) => {
      params.push(ids);
      return `EXISTS (SELECT 1 FROM contact_label_members m
               WHERE m.contact_id = contacts.id AND m.company_id = $1 AND m.label_id = ANY($${params.length}::bigint[]))`;
    };
    return (params) => {
      const any = [
        ...(choice.labels.length > 0 ? [inLabels(choice.labels, params)] : []),
        ...included.map((condition) => `(${condition(params)})`),
      ];
      const none = [
        ...(choice.excludedLabels.length > 0 ? [inLabels(choice.excludedLabels, params)] : []),
        ...excluded.map((condition) => `(${condition(params)})`),
      ];
      const parts = [mailable, any.length > 0 ? `(${any.join(' OR ')})` : 'false'];
      // A contact an excluded segment cannot tell about (a null) is not excluded by it.
      if (none.length > 0) parts.push(`NOT COALESCE(${none.join(' OR ')}, false)`);
      return parts.join(' AND ');
    };
  }

  /** The company's custom fields' tags by field id. */
  const tagsOf = async (companyId: string) =>
    new Map((await fieldStore.list(db, companyId)).map((field) => [field.id, field.tag]));

  const memberColumns =
    'id::text AS id, email, firstname, lastname, phone, fields, created_at::text AS created_at';

  return {
    /** Refuses labels and segments the company does not have (404, naming the first). */
    async check(companyId: string, choice: AudienceChoice): Promise<void> {
      await Promise.all([
        checkLabels(companyId, [...choice.labels, ...choice.excludedLabels]),
        conditionOf(companyId, choice),
      ]);
    },

    /**
     * How many contacts the audience holds now, each once, only those who may be mailed. A label alone is
     * its kept member count less its members who may not be mailed (few, and each membership knows: see
     * migration 060): no walk through the label.
     */
    async count(companyId: string, choice: AudienceChoice): Promise<number> {
      const label = soleLabel(choice);
      if (label === undefined) return segmentStore.count(db, companyId, await conditionOf(companyId, choice));
      const row = await db.maybeOne<{ count: number }>(
        `SELECT (l.members - (SELECT count(*) FROM contact_label_members m WHERE m.label_id = l.id AND NOT m.mailable))::int AS count
         FROM contact_labels l WHERE l.company_id = $1 AND l.id = $2::bigint`,
        [companyId, label],
      );
      return row?.count ?? 0;
    },

    /** Those of the contacts `ids` who are in the company's label `labelId` now. */
    async inLabel(companyId: string, labelId: string, ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.query<{ id: string }>(
        `SELECT contact_id::text AS id FROM contact_label_members
         WHERE company_id = $1 AND label_id = $2 AND contact_id = ANY($3::bigint[])`,
        [companyId, labelId, ids],
      );
      return rows.map((row) => row.id);
    },

    /** One contact of the company as a member, whatever its status: a test send with its data. */
    async member(companyId: string, contactId: string): Promise<AudienceMember | undefined> {
      const [rows, tags] = await Promise.all([
        db.query<MemberRow>(
          `SELECT ${memberColumns} FROM contacts WHERE company_id = $1 AND id = $2::bigint`,
          [companyId, contactId],
        ),
        tagsOf(companyId),
      ]);
      return rows[0] && toMember(tags, rows[0]);
    },

    /**
     * The threshold of a sample of `size` contacts of the audience created before `before`, drawn under
     * `seed` (see AudienceSample); null when the audience is empty.
     */
    async sampleThreshold(
      companyId: string,
      choice: AudienceChoice,
      draw: { seed: string; size: number; before: Date },
    ): Promise<string | null> {
      const condition = await conditionOf(companyId, choice);
      const params: unknown[] = [companyId, draw.seed, draw.before, Math.max(0, draw.size - 1)];
      const where = condition(params);
      const row = await db.maybeOne<{ threshold: string }>(
        `SELECT ${sampleHash(2)}::text AS threshold FROM contacts
         WHERE company_id = $1 AND created_at <= $3 AND ${where}
         ORDER BY ${sampleHash(2)} LIMIT 1 OFFSET $4`,
        params,
      );
      return row?.threshold ?? null;
    },

    /**
     * A walk through the audience (or the `sample` of it), newest contacts first, in batches; what it
     * needs from the company (segments compiled, fields' tags) is read now, so that its steps can run
     * inside a transaction.
     */
    async walk(companyId: string, choice: AudienceChoice, sample?: AudienceSample) {
      const [audience, tags] = await Promise.all([conditionOf(companyId, choice), tagsOf(companyId)]);
      const condition: Condition = sample
        ? (params) => {
            const where = audience(params);
            params.push(sample.seed, sample.threshold);
            const side = sample.side === 'test' ? '<=' : '>';
            return `${where} AND ${sampleHash(params.length - 1)} ${side} $${params.length}::bigint`;
          }
        : audience;
      return {
        /**
         * The next `limit` members before `cursor` (the company's creation index serves it: only the
         * company's contacts are read), in the transaction `tx` that records them.
         */
        async next(tx: Db, cursor: AudienceCursor, limit: number): Promise<AudienceMember[]> {
          const params: unknown[] = [companyId, cursor.at, cursor.id, limit];
          const where = condition(params);
          const rows = await tx.query<MemberRow>(
            `SELECT ${memberColumns} FROM contacts
             WHERE company_id = $1 AND (created_at, id) < ($2::timestamptz, $3::bigint) AND ${where}
             ORDER BY contacts.created_at DESC, contacts.id DESC LIMIT $4`,
            params,
          );
          return rows.map((row) => toMember(tags, row));
        },

        /** Those of the contacts `ids` who may still be mailed (a batch submitted again after a crash). */
        async stillMailable(tx: Db, ids: readonly string[]): Promise<AudienceMember[]> {
          const rows = await tx.query<MemberRow>(
            `SELECT ${memberColumns} FROM contacts WHERE company_id = $1 AND id = ANY($2::bigint[]) AND ${mailable}`,
            [companyId, ids],
          );
          return rows.map((row) => toMember(tags, row));
        },
      };
    },
  };
}

export type Audiences = ReturnType<typeof createAudiences>;
