import { type Db, pipelined } from '../../db/db.ts';
import type { StoredMessageEvent } from '../events/event-store.ts';
import {
  type Counter,
  type Counts,
  categoryOf,
  type RejectionType,
  rejectionCategories,
} from './metric-definitions.ts';

/** Stored grains in minutes: minute, hour and UTC day rows, written together. */
export const grains = [1, 60, 1440] as const;
export type Grain = (typeof grains)[number];

/** Dimensions of metric_rollups beyond company, grain, bucket and subaccount. */
export const dimensionColumns = [
  'recipient_domain',
  'sending_domain',
  'campaign_id',
  'template_id',
  'ip_pool',
  'sending_ip',
  'mailbox_provider',
] as const;
export type DimensionColumn = (typeof dimensionColumns)[number];

const isRejection = (type: string): type is RejectionType => Object.hasOwn(rejectionCategories, type);

const renders = new Set(['open', 'amp_open']);
const initialRenders = new Set(['initial_open', 'amp_initial_open']);
const clicks = new Set(['click', 'amp_click']);
const engagements = [...renders, ...initialRenders, ...clicks];

/** What a message had before this batch: the kinds of engagement already counted once for it. */
interface Seen {
  rendered: boolean;
  np_rendered: boolean;
  initial: boolean;
  np_initial: boolean;
  clicked: boolean;
  engaged: boolean;
  np_engaged: boolean;
}

const unseen = (): Seen => ({
  rendered: false,
  np_rendered: false,
  initial: false,
  np_initial: false,
  clicked: false,
  engaged: false,
  np_engaged: false,
});

const allSeen = (): Seen => ({
  rendered: true,
  np_rendered: true,
  initial: true,
  np_initial: true,
  clicked: true,
  engaged: true,
  np_engaged: true,
});

const maxReasonLength = 255;

export function bucketOf(time: Date, grain: Grain): string {
  const width = grain * 60_000;
  return new Date(Math.floor(time.getTime() / width) * width).toISOString();
}

const isPrefetched = (event: StoredMessageEvent) =>
  event.fields.prefetched === true || event.fields.prefetched === 'true';

function numberField(event: StoredMessageEvent, name: string): number {
  const value = Number(event.fields[name] ?? 0);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/** The kinds of first engagement each engagement event may be (metric_first_engagements.kind). */
function kindsOf(event: StoredMessageEvent): (keyof Seen)[] {
  const np = !isPrefetched(event);
  const kinds: (keyof Seen)[] = ['engaged'];
  if (np) kinds.push('np_engaged');
  if (renders.has(event.type)) kinds.push('rendered', ...(np ? (['np_rendered'] as const) : []));
  else if (initialRenders.has(event.type)) kinds.push('initial', ...(np ? (['np_initial'] as const) : []));
  else if (clicks.has(event.type)) kinds.push('clicked');
  return kinds;
}

/**
 * One statement for the whole batch: records each message's first engagement of each kind in
 * metric_first_engagements (kept as long as the rollups, unlike the events), in key order so
 * concurrent writers lock in the same order. Only the transaction whose insert wins counts the
 * unique: a concurrent one waits on the row and then finds it taken. Returns each engaged
 * message's state, where a kind is "seen" unless this batch recorded it first.
 */
async function seenBefore(tx: Db, events: readonly StoredMessageEvent[]): Promise<Map<string, Seen>> {
  const firsts = new Map<string, { message_id: string; kind: string; first_at: string }>();
  for (const event of events) {
    if (!event.messageId || !engagements.includes(event.type)) continue;
    for (const kind of kindsOf(event)) {
      const key = `${event.messageId} ${kind}`;
      if (!firsts.has(key))
        firsts.set(key, { message_id: event.messageId, kind, first_at: event.timestamp.toISOString() });
    }
  }
  const seen = new Map<string, Seen>();
  if (firsts.size === 0) return seen;
  const rows = [...firsts.values()];
  const won = await tx.query<{ message_id: string; kind: keyof Seen }>(
    `INSERT INTO metric_first_engagements (message_id, kind, first_at)
     SELECT message_id, kind, first_at FROM json_to_recordset($1::json)
       AS r(message_id uuid, kind text, first_at timestamptz)
     ORDER BY message_id::text, kind
     ON CONFLICT (message_id, kind) DO NOTHING
     RETURNING message_id::text AS message_id, kind`,
    [JSON.stringify(rows)],
  );
  for (const { message_id } of rows) {
    if (!seen.has(message_id)) {
      seen.set(message_id, allSeen());
    }
  }
  for (const { message_id, kind } of won) {
    const state = seen.get(message_id);
    if (state) state[kind] = false;
  }
  return seen;
}

/** The counters one event adds; `seen` is its message's state, updated as the batch is walked. */
function countersOf(event: StoredMessageEvent, seen: Seen | undefined): Partial<Counts> {
  const add: Partial<Counts> = {};
  const first = (name: keyof Seen, counter: Counter) => {
    if (!seen || seen[name]) return;
    seen[name] = true;
    add[counter] = 1;
  };
  const nonPrefetched = !isPrefetched(event);
  switch (event.type as string) {
    case 'injection':
      add.injected = 1;
      break;
    case 'policy_rejection':
      add.policy_rejection = 1;
      break;
    case 'generation_failure':
      add.generation_failed = 1;
      break;
    case 'generation_rejection':
      add.generation_rejection = 1;
      break;
    case 'delivery': {
      const onFirst = numberField(event, 'num_retries') === 0;
      add[onFirst ? 'delivered_first' : 'delivered_subsequent'] = 1;
      add[onFirst ? 'delivery_time_first' : 'delivery_time_subsequent'] = numberField(event, 'queue_time');
      add.msg_volume = numberField(event, 'msg_size');
      break;
    }
    case 'bounce':
    case 'out_of_band': {
      add[event.type === 'bounce' ? 'inband_bounce' : 'outofband_bounce'] = 1;
      const category = categoryOf(event.bounceClass);
      add[`${category.toLowerCase() as Lowercase<typeof category>}_bounce`] = 1;
      break;
    }
    case 'delay':
      add.delayed = 1;
      if (numberField(event, 'num_retries') === 0) add.delayed_first = 1;
      break;
    case 'spam_complaint':
      add.spam_complaint = 1;
      break;
    case 'list_unsubscribe':
    case 'link_unsubscribe':
      add.unsubscribe = 1;
      break;
  }
  if (renders.has(event.type)) {
    add.rendered = 1;
    first('rendered', 'unique_rendered');
    if (nonPrefetched) {
      add.np_rendered = 1;
      first('np_rendered', 'np_unique_rendered');
    }
  } else if (initialRenders.has(event.type)) {
    add.initial_rendered = 1;
    first('initial', 'unique_initial_rendered');
    if (nonPrefetched) {
      add.np_initial_rendered = 1;
      first('np_initial', 'np_unique_initial_rendered');
    }
  } else if (clicks.has(event.type)) {
    add.clicked = 1;
    first('clicked', 'unique_clicked');
  }
  if (engagements.includes(event.type)) {
    first('engaged', 'unique_confirmed_opened');
    if (nonPrefetched) first('np_engaged', 'np_unique_confirmed_opened');
  }
  return add;
}

/** Sums of counters by row key, and the columns written. */
class Rollup {
  readonly rows = new Map<
    string,
    { key: Record<string, unknown>; counts: Partial<Record<string, number>> }
  >();
  readonly used = new Set<string>();

  /** `id` identifies the row; `key` makes its key columns, called once per row. */
  add(id: string, key: () => Record<string, unknown>, counts: Partial<Record<string, number>>): void {
    let row = this.rows.get(id);
    if (!row) {
      row = { key: key(), counts: {} };
      this.rows.set(id, row);
    }
    for (const counter in counts) {
      const value = counts[counter as Counter];
      if (!value) continue;
      row.counts[counter] = (row.counts[counter] ?? 0) + value;
      this.used.add(counter);
    }
  }
}

/**
 * One `INSERT … ON CONFLICT DO UPDATE` adding the batch's sums to `table`, only the counters the
 * batch touched. Rows go in key order so concurrent writers lock rows in the same order.
 */
async function upsert(
  tx: Db,
  table: string,
  keyTypes: Record<string, string>,
  rollup: Rollup,
): Promise<void> {
  if (rollup.rows.size === 0 || rollup.used.size === 0) return;
  const ordered = [...rollup.rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const rows = ordered.map(([, row]) => ({ ...row.key, ...row.counts }));
  const keys = Object.keys(keyTypes);
  const used = [...rollup.used];
  const record = [
    ...keys.map((key) => `${key} ${keyTypes[key]}`),
    ...used.map((counter) => `${counter} bigint`),
  ].join(', ');
  await tx.query(
    `INSERT INTO ${table} (${[...keys, ...used].join(', ')})
     SELECT ${[...keys, ...used.map((counter) => `coalesce(${counter}, 0)`)].join(', ')}
     FROM json_to_recordset($1::json) AS r(${record})
     ON CONFLICT (${keys.join(', ')}) DO UPDATE SET
       ${used.map((counter) => `${counter} = ${table}.${counter} + excluded.${counter}`).join(', ')}`,
    [JSON.stringify(rows)],
  );
}

const baseKey = { company_id: 'uuid', grain: 'integer', bucket: 'timestamptz', subaccount_id: 'bigint' };
const rollupKey = { ...baseKey, ...Object.fromEntries(dimensionColumns.map((column) => [column, 'text'])) };
const bounceKey = { ...rollupKey, reason: 'text', bounce_class: 'integer' };
const rejectionKey = { ...rollupKey, reason: 'text', rejection_type: 'text' };

function reasonOf(reason: string): string {
  return reason.length <= maxReasonLength ? reason : [...reason].slice(0, maxReasonLength).join('');
}

/**
 * The event store's insert listener: adds a batch's events to the minute, hour and day rows of
 * metric_totals, metric_rollups, (bounces) metric_bounces and (rejections) metric_rejections, in the
 * writer's transaction. The batch is summed here first, so a 5,000-event slice costs five statements.
 *
 * Lock order: the event store calls this once per 5,000-event slice, and a transaction may insert
 * several times, so rows sorted within one statement are not sorted across a transaction. Before
 * touching any row, a slice takes a transaction-level advisory lock per company it writes (in
 * lock order; held to commit, taken again at no cost by later slices). Two transactions writing the
 * same company's rollups therefore run one after the other from their first slice instead of
 * interleaving row locks: no deadlock when each transaction's companies all appear in its first
 * slice (any one-company transaction, any transaction of up to 5,000 events). This adds no real
 * serialisation: every such transaction updates the company's same day row anyway. Left: a
 * transaction whose later slices or insert calls bring companies its first did not can still
 * deadlock with another (PostgreSQL aborts one); removing that needs one listener call per
 * transaction, not per slice.
 */
export async function rollUpEvents(tx: Db, events: readonly StoredMessageEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `SELECT pg_advisory_xact_lock(lock) FROM (
       SELECT DISTINCT hashtext('metric_rollups:' || company) AS lock
       FROM unnest($1::text[]) AS company ORDER BY lock) locks`,
    [[...new Set(events.map((event) => event.companyId))]],
  );
  const seen = await seenBefore(tx, events);
  const totals = new Rollup();
  const rollups = new Rollup();
  const bounces = new Rollup();
  const rejections = new Rollup();
  for (const event of events) {
    let state: Seen | undefined;
    if (event.messageId && engagements.includes(event.type)) {
      state = seen.get(event.messageId) ?? unseen();
      seen.set(event.messageId, state);
    }
    const counts = countersOf(event, state);
    const dimensions: Record<DimensionColumn, string> = {
      recipient_domain: event.recipientDomain,
      sending_domain: event.sendingDomain,
      campaign_id: event.campaignId,
      template_id: event.templateId ?? '',
      ip_pool: event.ipPool,
      sending_ip: String(event.fields.sending_ip ?? ''),
      mailbox_provider: String(event.fields.mailbox_provider ?? ''),
    };
    const isBounce = event.type === 'bounce' || (event.type as string) === 'out_of_band';
    const rejection = isRejection(event.type) ? event.type : undefined;
    const reason = isBounce || rejection ? reasonOf(event.reason) : '';
    const dimensionId = JSON.stringify(Object.values(dimensions));
    for (const grain of grains) {
      const bucket = bucketOf(event.timestamp, grain);
      const baseId = `${event.companyId} ${grain} ${bucket} ${event.subaccountId}`;
      const base = () => ({ company_id: event.companyId, grain, bucket, subaccount_id: event.subaccountId });
      totals.add(baseId, base, counts);
      rollups.add(`${baseId} ${dimensionId}`, () => ({ ...base(), ...dimensions }), counts);
      if (isBounce) {
        const bounceClass = event.bounceClass ?? 1;
        bounces.add(
          `${baseId} ${dimensionId} ${bounceClass} ${reason}`,
          () => ({ ...base(), ...dimensions, reason, bounce_class: bounceClass }),
          { inband_bounce: counts.inband_bounce ?? 0, outofband_bounce: counts.outofband_bounce ?? 0 },
        );
      }
      if (rejection) {
        rejections.add(
          `${baseId} ${dimensionId} ${rejection} ${reason}`,
          () => ({ ...base(), ...dimensions, reason, rejection_type: rejection }),
          { rejected: 1 },
        );
      }
    }
  }
  await pipelined([
    upsert(tx, 'metric_totals', baseKey, totals),
    upsert(tx, 'metric_rollups', rollupKey, rollups),
    upsert(tx, 'metric_bounces', bounceKey, bounces),
    upsert(tx, 'metric_rejections', rejectionKey, rejections),
  ]);
}
