import type { ImportMode, ImportSetting, ImportState } from '@app/contract/marketing/contact-imports';
import { copyNullable, copyText } from '../../../db/copy-text.ts';
import type { Db } from '../../../db/db.ts';
import { deleteInSlices } from '../../../db/delete-in-slices.ts';
import { analyze } from '../../../db/table-statistics.ts';
import { type ClaimingProcess, claimFirstDue } from '../../../db/token-lease.ts';
import type { ImportEncoding } from './import-file.ts';

export interface ImportRow {
  id: string;
  company_id: string;
  file_name: string;
  file_path: string;
  encoding: ImportEncoding;
  delimiter: string;
  headers: string[];
  state: ImportState;
  mapping: Record<string, string> | null;
  mode: ImportMode | null;
  labels: string[] | null;
  empty_cells: 'keep' | 'clear' | null;
  /** Rows without an address are kept (the company's toggle when the import started). */
  address_optional: boolean;
  read: number;
  read_done: boolean;
  processed: number;
  added: number;
  updated: number;
  skipped: number;
  failed: number;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

/** A valid row of the file, as staged. */
export interface StagedRow {
  rowNumber: number;
  line: number;
  /** Null only with the "custom import without email" toggle. */
  email: string | null;
  firstname: string | null;
  lastname: string | null;
  phone: string | null;
  fields: Record<string, unknown>;
}

/** Staged rows in COPY's text format, a thousand lines a chunk. */
async function* stagedLines(id: string, rows: readonly StagedRow[]): AsyncGenerator<string> {
  for (let start = 0; start < rows.length; start += 1000) {
    let lines = '';
    for (const row of rows.slice(start, start + 1000)) {
      lines += `${id}\t${row.rowNumber}\t${row.line}\t${copyNullable(row.email)}\t${copyNullable(row.firstname)}\t${copyNullable(row.lastname)}\t${copyNullable(row.phone)}\t${copyText(JSON.stringify(row.fields))}\n`;
    }
    yield lines;
  }
}

export interface RowError {
  line: number;
  column: string;
  reason: string;
}

/** Counters a slice adds to its import. */
export interface SliceCounts {
  read?: number;
  processed?: number;
  added?: number;
  updated?: number;
  skipped?: number;
  failed?: number;
}

const columns = `id::text AS id, company_id::text AS company_id, file_name, file_path, encoding, delimiter, headers,
  state, mapping, mode, labels, empty_cells, address_optional, rows_read AS read, read_done, processed, added, updated, skipped, failed, error,
  created_at, finished_at`;

/** The import tables: every statement scoped by the company, but the worker's claim of due imports. */
export const importStore = {
  insert: (
    db: Db,
    row: Pick<
      ImportRow,
      'id' | 'company_id' | 'file_name' | 'file_path' | 'encoding' | 'delimiter' | 'headers'
    >,
    now: Date,
  ) =>
    db.query(
      `INSERT INTO contact_imports (id, company_id, file_name, file_path, encoding, delimiter, headers, state, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, 'prepared', $8)`,
      [
        row.id,
        row.company_id,
        row.file_name,
        row.file_path,
        row.encoding,
        row.delimiter,
        JSON.stringify(row.headers),
        now,
      ],
    ),

  get: (db: Db, companyId: string, id: string) =>
    db.maybeOne<ImportRow>(`SELECT ${columns} FROM contact_imports WHERE company_id = $1 AND id = $2`, [
      companyId,
      id,
    ]),

  /** Whether the company has an import running (§8 "unfinished import"). */
  running: async (db: Db, companyId: string) =>
    (await db.maybeOne(`SELECT 1 FROM contact_imports WHERE company_id = $1 AND state = 'running'`, [
      companyId,
    ])) !== undefined,

  /** Starts a prepared import; false when it is not prepared (started already, or failed). */
  start: async (
    tx: Db,
    companyId: string,
    id: string,
    options: {
      mapping: Record<string, string>;
      mode: ImportMode;
      labels: string[];
      emptyCells: 'keep' | 'clear';
      addressOptional: boolean;
    },
    now: Date,
  ) =>
    (await tx.maybeOne(
      `UPDATE contact_imports SET state = 'running', mapping = $3::jsonb, mode = $4, labels = $5::jsonb,
         empty_cells = $6, started_at = $7, address_optional = $8
       WHERE company_id = $1 AND id = $2 AND state = 'prepared' RETURNING 1`,
      [
        companyId,
        id,
        JSON.stringify(options.mapping),
        options.mode,
        JSON.stringify(options.labels),
        options.emptyCells,
        now,
        options.addressOptional,
      ],
    )) !== undefined,

  async page(db: Db, companyId: string, page: number, size: number) {
    const [rows, total] = await Promise.all([
      db.query<ImportRow>(
        `SELECT ${columns} FROM contact_imports WHERE company_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
        [companyId, size, (page - 1) * size],
      ),
      db.one<{ count: number }>('SELECT count(*)::int AS count FROM contact_imports WHERE company_id = $1', [
        companyId,
      ]),
    ]);
    return { rows, total: total.count };
  },

  /**
   * Claims a running import that no live worker holds: none had it, its claim lapsed, or its holder is
   * among `by.deadHolders` (a process found dead: free at once). It is held until `until`, by the
   * process `by.holder` (by none without `by`).
   */
  claimDue: (db: Db, now: Date, until: Date, by?: ClaimingProcess) =>
    claimFirstDue<ImportRow>(
      db,
      {
        table: 'contact_imports',
        set: 'claimed_until = $2, claimed_by = $3',
        due: `state = 'running'
          AND (claimed_until IS NULL OR claimed_until < $1 OR claimed_by = ANY($4::text[]))`,
        orderBy: 'started_at',
        returning: columns,
      },
      [now, until, by?.holder ?? null, by?.deadHolders ?? []],
    ),

  /**
   * Adds a slice's counters (and its rows' errors) under the import's row, keeping the claim: until
   * `claim.until`, by the process `claim.by` (the one that applied the slice).
   */
  async record(
    tx: Db,
    id: string,
    counts: SliceCounts,
    errors: readonly RowError[],
    claim: { until: Date; by: string | null },
  ) {
    if (errors.length > 0) {
      await tx.query(
        `INSERT INTO contact_import_errors (import_id, line, column_name, reason)
         SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[])`,
        [
          id,
          errors.map((error) => error.line),
          errors.map((error) => error.column),
          errors.map((error) => error.reason),
        ],
      );
    }
    await tx.query(
      `UPDATE contact_imports SET rows_read = rows_read + $2, processed = processed + $3, added = added + $4,
         updated = updated + $5, skipped = skipped + $6, failed = failed + $7, claimed_until = $8,
         claimed_by = $9
       WHERE id = $1`,
      [
        id,
        counts.read ?? 0,
        counts.processed ?? 0,
        counts.added ?? 0,
        counts.updated ?? 0,
        counts.skipped ?? 0,
        counts.failed ?? 0,
        claim.until,
        claim.by,
      ],
    );
  },

  /** Where the import stands, its row locked until `tx` ends: a slice checks it is still the one expected. */
  progress: (tx: Db, id: string) =>
    tx.one<{ read: number; processed: number; state: ImportState }>(
      'SELECT rows_read AS read, processed, state FROM contact_imports WHERE id = $1 FOR UPDATE',
      [id],
    ),

  /** Stages checked rows: on PostgreSQL by COPY, elsewhere by one INSERT of arrays. */
  stage: (tx: Db, id: string, rows: readonly StagedRow[]) =>
    rows.length === 0
      ? Promise.resolve()
      : tx.copyFrom
        ? tx.copyFrom(
            'COPY contact_import_rows (import_id, row_number, line, email, firstname, lastname, phone, fields) FROM STDIN',
            stagedLines(id, rows),
          )
        : tx.query(
            `INSERT INTO contact_import_rows (import_id, row_number, line, email, firstname, lastname, phone, fields)
           SELECT $1, * FROM unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::jsonb[])`,
            [
              id,
              rows.map((row) => row.rowNumber),
              rows.map((row) => row.line),
              rows.map((row) => row.email),
              rows.map((row) => row.firstname),
              rows.map((row) => row.lastname),
              rows.map((row) => row.phone),
              rows.map((row) => JSON.stringify(row.fields)),
            ],
          ),

  /** The addresses of the staged rows numbered in (after, upTo]. */
  stagedEmails: async (db: Db, id: string, after: number, upTo: number) =>
    (
      await db.query<{ email: string }>(
        `SELECT email FROM contact_import_rows
         WHERE import_id = $1 AND row_number > $2 AND row_number <= $3 AND email IS NOT NULL`,
        [id, after, upTo],
      )
    ).map((row) => row.email),

  /** Removes the imports prepared before `before` and never started; answers their files. */
  purgeUnstarted: async (db: Db, before: Date) =>
    (
      await db.query<{ file_path: string }>(
        "DELETE FROM contact_imports WHERE state = 'prepared' AND created_at < $1 RETURNING file_path",
        [before],
      )
    ).map((row) => row.file_path),

  /**
   * Planner statistics of the staged rows, gathered once a file is read and before its rows are applied
   * (autovacuum would come too late, and the embedded database has none): without them the planner
   * looked a slice's rows up through the address index and read all of the import's entries each time.
   */
  // A small sample is enough for the table's size and row numbers (ANALYZE holds PGlite's one connection).
  refreshStatistics: (db: Db) => analyze(db, 'contact_import_rows', 10),

  /**
   * Removes the staged rows that ended imports left (each slice deletes the rows it applied, so these
   * are a failed import's rest). When no import runs, the table is emptied by TRUNCATE, which gives its
   * space back at once: the embedded database has no autovacuum, so the space of deleted rows was
   * never used again and every import grew its file for good. Otherwise a slice at a time (a million
   * in one statement held PGlite for seconds); an import ends first, so a crash here leaves rows
   * nothing reads.
   */
  async dropEndedStaged(db: Db): Promise<void> {
    const emptied = await db.transaction(async (tx) => {
      // Already empty: nothing to lock (housekeeping comes by again and again).
      if (await tx.maybeOne("SELECT 1 WHERE pg_relation_size('contact_import_rows') = 0")) return true;
      // Taken first: an import that starts meanwhile stages its rows after the TRUNCATE, not before.
      await tx.exec('LOCK TABLE contact_import_rows IN ACCESS EXCLUSIVE MODE');
      if (await tx.maybeOne("SELECT 1 FROM contact_imports WHERE state = 'running' LIMIT 1")) return false;
      await tx.exec('TRUNCATE contact_import_rows');
      return true;
    });
    if (!emptied) {
      await deleteInSlices(
        db,
        'contact_import_rows',
        'import_id, row_number',
        "import_id IN (SELECT id FROM contact_imports WHERE state IN ('done', 'failed'))",
        [],
      );
    }
  },

  markReadDone: (tx: Db, id: string) =>
    tx.query('UPDATE contact_imports SET read_done = true WHERE id = $1', [id]),

  /** Ends an import: done, or failed with why; its errors stay (its staged rows go after: {@link dropEndedStaged}). */
  async finish(tx: Db, id: string, outcome: { failed?: string }, now: Date) {
    await tx.query(
      `UPDATE contact_imports SET state = $2, error = $3, finished_at = $4, claimed_until = NULL,
         claimed_by = NULL
       WHERE id = $1`,
      [id, outcome.failed === undefined ? 'done' : 'failed', outcome.failed ?? null, now],
    );
  },

  errors: (db: Db, companyId: string, id: string) =>
    db.query<{ line: number; column_name: string; reason: string }>(
      `SELECT e.line, e.column_name, e.reason FROM contact_import_errors e
       JOIN contact_imports i ON i.id = e.import_id AND i.company_id = $1
       WHERE e.import_id = $2 ORDER BY e.line, e.column_name`,
      [companyId, id],
    ),

  setting: (db: Db, companyId: string) =>
    db.maybeOne<{ mode: ImportMode; empty_cells: 'keep' | 'clear' }>(
      'SELECT mode, empty_cells FROM contact_import_settings WHERE company_id = $1',
      [companyId],
    ),

  saveSetting: (db: Db, companyId: string, setting: ImportSetting) =>
    db.query(
      `INSERT INTO contact_import_settings (company_id, mode, empty_cells) VALUES ($1, $2, $3)
       ON CONFLICT (company_id) DO UPDATE SET mode = EXCLUDED.mode, empty_cells = EXCLUDED.empty_cells`,
      [companyId, setting.mode, setting.emptyCells],
    ),
};
