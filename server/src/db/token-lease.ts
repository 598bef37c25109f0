import { randomUUID } from 'node:crypto';
import type { Db } from './db.ts';

/** The claim of one row of a job table (keyed by `id`): the SQL of its parts, the caller's own. */
export interface DueClaim {
  table: string;
  /** What the claim sets on the row. */
  set: string;
  /** Which rows are due. */
  due: string;
  /** Which due row comes first. */
  orderBy: string;
  returning: string;
}

/**
 * Claims the first due row of a job table and answers it. Workers claiming at once get different
 * rows: a row another worker is claiming is skipped, not waited for. `params` are `$1`…; the names
 * and conditions are code, never user input.
 */
export const claimFirstDue = <Row extends object>(db: Db, claim: DueClaim, params: unknown[]) =>
  db.maybeOne<Row>(
    `UPDATE ${claim.table} SET ${claim.set}
     WHERE id = (SELECT id FROM ${claim.table} WHERE ${claim.due} ORDER BY ${claim.orderBy} LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING ${claim.returning}`,
    params,
  );

/**
 * A job table whose rows a worker claims with a fresh token each time: `id`, `created_at`,
 * `claimed_until`, `claim_token`, `attempts`, `error`, `finished_at` and the state column, which goes
 * 'queued', 'running' (while claimed), then 'done' or 'failed'.
 */
export interface TokenLeaseTable {
  table: string;
  /** The state column's name. */
  state: string;
  /** What a claim and a give-up answer of each row. */
  returning: string;
  /** How long a claim lasts unless renewed. */
  claimMs: number;
  /** Claims of one row before it is given up (its worker died each time). */
  attempts: number;
  /**
   * The column naming the worker process that holds the claim, and the condition that it is one of
   * the processes of a text[] parameter: a claim of a process found dead is free at once.
   */
  holder?: { column: string; heldByAny: (column: string, param: string) => string };
}

/** A claimed row as its worker knows it: only the holder of the row's current token settles it. */
export interface ClaimedJob {
  id: string;
  claimToken: string | null;
}

/** The worker process claiming, and the processes found dead (for a table with a `holder`). */
export interface ClaimingProcess {
  holder: string;
  deadHolders: readonly string[];
}

/**
 * What a claimer of job rows needs of its process's presence among the worker processes (the
 * engine's worker presence is one): its id, and the processes found dead, whose claims are free at once.
 */
export interface ClaimHolder {
  /** This process's id (it may change: a process found dead goes on under a new one). */
  id(): string;
  /** Processes found dead: the claims they hold are free, whatever their expiry. */
  deadHolders(): readonly string[];
}

/** `holder` as it claims now; none without a holder (then only a lapsed claim is free). */
export const claimingProcess = (holder: ClaimHolder | undefined): ClaimingProcess | undefined =>
  holder && { holder: holder.id(), deadHolders: holder.deadHolders() };

/** The SQL condition that `column`, holding a process id as it is, names one of the text[] parameter `param`. */
export const heldByAnyOf = (column: string, param: string) => `${column} = ANY(${param}::text[])`;

/** The statements of a {@link TokenLeaseTable}, its rows answered as `Row`. */
export function tokenLease<Row extends object>(spec: TokenLeaseTable) {
  const { table, state, holder } = spec;
  const until = (now: Date) => new Date(now.getTime() + spec.claimMs);
  /** A running row's claim is free: it lapsed ($1 is now), or its holder is among `deadParam`. */
  const free = (deadParam: string) =>
    holder ? `(claimed_until < $1 OR ${holder.heldByAny(holder.column, deadParam)})` : 'claimed_until < $1';
  const release = [
    'claimed_until = NULL',
    'claim_token = NULL',
    ...(holder ? [`${holder.column} = NULL`] : []),
  ];

  /** Ends `job` as `outcome`, setting `values` (column → value), if its token is still the row's. */
  async function settle(
    db: Db,
    job: ClaimedJob,
    outcome: 'done' | 'failed',
    values: Record<string, unknown>,
    now: Date,
  ): Promise<boolean> {
    const columns = Object.keys(values);
    const set = [
      `${state} = '${outcome}'`,
      ...columns.map((column, index) => `${column} = $${index + 3}`),
      `finished_at = $${columns.length + 3}`,
      ...release,
    ];
    const rows = await db.query(
      `UPDATE ${table} SET ${set.join(', ')} WHERE id = $1 AND claim_token = $2 AND ${state} = 'running' RETURNING id`,
      [job.id, job.claimToken, ...Object.values(values), now],
    );
    return rows.length > 0;
  }

  return {
    /**
     * Takes the oldest queued row, or a running one whose claim is free, for `claimMs` with a fresh
     * token (and, with a `holder` column, for the process `by`); a row claimed `attempts` times is left
     * to `failAbandoned`.
     */
    claim: (db: Db, now: Date, by?: ClaimingProcess) =>
      claimFirstDue<Row>(
        db,
        {
          table,
          set: [
            `${state} = 'running'`,
            'claimed_until = $2',
            'claim_token = $3',
            ...(holder ? [`${holder.column} = $5`] : []),
            'attempts = attempts + 1',
          ].join(', '),
          due: `(${state} = 'queued' OR (${state} = 'running' AND ${free('$6')})) AND attempts < $4`,
          orderBy: 'created_at',
          returning: spec.returning,
        },
        [
          now,
          until(now),
          randomUUID(),
          spec.attempts,
          ...(holder ? [by?.holder ?? null, by?.deadHolders ?? []] : []),
        ],
      ),

    /** Renews `job`'s claim; false once the row is another worker's (or no longer running). */
    extend: async (db: Db, job: ClaimedJob, now: Date) =>
      (
        await db.query(
          `UPDATE ${table} SET claimed_until = $3 WHERE id = $1 AND claim_token = $2 AND ${state} = 'running'
           RETURNING id`,
          [job.id, job.claimToken, until(now)],
        )
      ).length > 0,

    /** Records `job` done with `values` (column → value), if its claim is still the row's; answers whether it did. */
    finish: (db: Db, job: ClaimedJob, values: Record<string, unknown>, now: Date) =>
      settle(db, job, 'done', values, now),

    /** Records `job`'s failure, if its claim is still the row's; answers whether it did. */
    fail: (db: Db, job: ClaimedJob, error: string, now: Date) => settle(db, job, 'failed', { error }, now),

    /**
     * Fails the rows claimed `attempts` times whose last claim is free too (error: "stopped before it
     * was written, N times"), and answers them.
     */
    failAbandoned: (db: Db, now: Date, deadHolders: readonly string[] = []) =>
      db.query<Row>(
        `UPDATE ${table} SET ${state} = 'failed', error = 'stopped before it was written, ' || attempts || ' times',
           finished_at = $1, ${release.join(', ')}
         WHERE ${state} = 'running' AND ${free('$3')} AND attempts >= $2
         RETURNING ${spec.returning}`,
        [now, spec.attempts, ...(holder ? [deadHolders] : [])],
      ),
  };
}
