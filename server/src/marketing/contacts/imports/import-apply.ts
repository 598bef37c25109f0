import type { ImportMode } from '@app/contract/marketing/contact-imports';
import { importMessages } from '@app/contract/marketing/import-messages';
import type { Db } from '../../../db/db.ts';
import type { RowError, SliceCounts } from './import-store.ts';

/** What a slice of staged rows needs to be applied. */
export interface ApplySlice {
  importId: string;
  companyId: string;
  mode: ImportMode;
  /** Whether the import takes rows without an address (fixed when it started). */
  addressOptional: boolean;
  emptyCells: 'keep' | 'clear';
  /** The file's header that identifies a row (what rejected rows name): the address's, or the phone's without one. */
  identityColumn: string;
  /** The built-in columns the mapping fills. */
  mappedBuiltIns: ReadonlyArray<'firstname' | 'lastname' | 'phone'>;
  labels: readonly string[];
  /** Staged rows with row numbers in (after, upTo]. */
  after: number;
  upTo: number;
  /** How many more contacts the plan allows (Infinity when unlimited). */
  room: number;
  /** The slice's addresses on the company's marketing suppression list (a new contact starts unsubscribed). */
  suppressed: Pick<ReadonlySet<string>, 'has'>;
  consent: { at: string; source: string; text: string };
  now: Date;
}

interface SliceRow {
  row_number: number;
  line: number;
  /** Null for a row without an address (the "custom import without email" toggle): its phone matches. */
  email: string | null;
  superseded_by: number | null;
  contact_id: string | null;
}

const builtIns = ['firstname', 'lastname', 'phone'] as const;

/** A phone as rows without an address are matched by it: its digits and + signs (migration 046's indexes). */
const phoneDigits = (column: string) => `regexp_replace(${column}, '[^0-9+]', '', 'g')`;

/**
 * The new value of a built-in column on update: a mapped column's non-empty cell wins; its empty cell
 * keeps the value or clears it; an unmapped column stays. Column names come from the fixed list above.
 */
function builtInUpdate(column: (typeof builtIns)[number], slice: ApplySlice): string {
  if (!slice.mappedBuiltIns.includes(column)) return `c.${column}`;
  return slice.emptyCells === 'clear' ? `s.${column}` : `COALESCE(s.${column}, c.${column})`;
}

/**
 * Applies one slice of an import's staged rows to the contact book, in the caller's transaction (which
 * holds the company lock): in-file duplicates give way to the file's last row of the address; the
 * mode decides between adding and updating; a new contact beyond the plan's room is refused; a new
 * contact on the suppression list starts unsubscribed, and no import changes an existing contact's
 * status. The labels go to every contact the slice added or matched.
 */
export async function applySlice(
  tx: Db,
  slice: ApplySlice,
): Promise<{ counts: SliceCounts; errors: RowError[] }> {
  const range = `FROM contact_import_rows r WHERE r.import_id = $1 AND r.row_number > $2 AND r.row_number <= $3`;
  // A row is identified by its address; without one (only when the import takes such rows), by its
  // phone among the contacts without one. Two statements, so that the address's stays as plain as it is.
  const byAddress = `SELECT r.row_number, r.line, r.email,
       (SELECT max(l.line) FROM contact_import_rows l
        WHERE l.import_id = r.import_id AND l.email = r.email AND l.row_number > r.row_number) AS superseded_by,
       (SELECT c.id::text FROM contacts c WHERE c.company_id = $4 AND c.email = r.email) AS contact_id
     ${range}`;
  const byPhone = `SELECT r.row_number, r.line, r.email,
       (SELECT max(l.line) FROM contact_import_rows l
        WHERE l.import_id = r.import_id AND l.email IS NULL AND l.row_number > r.row_number
          AND ${phoneDigits('l.phone')} = ${phoneDigits('r.phone')}) AS superseded_by,
       (SELECT min(c.id)::text FROM contacts c
        WHERE c.company_id = $4 AND c.email IS NULL AND ${phoneDigits('c.phone')} = ${phoneDigits('r.phone')}) AS contact_id
     ${range} AND r.email IS NULL`;
  const rows = await tx.query<SliceRow>(
    slice.addressOptional
      ? `${byAddress} AND r.email IS NOT NULL UNION ALL ${byPhone} ORDER BY row_number`
      : `${byAddress} ORDER BY r.row_number`,
    [slice.importId, slice.after, slice.upTo, slice.companyId],
  );
  const errors: RowError[] = [];
  const counts = { processed: 0, added: 0, updated: 0, skipped: 0, failed: 0 };
  const toUpdate: number[] = [];
  /** The contact each row of {@link toUpdate} matched, in its order. */
  const matchedIds: string[] = [];
  const toInsert: SliceRow[] = [];
  for (const row of rows) {
    if (row.superseded_by !== null) {
      counts.skipped += 1;
      errors.push({
        line: row.line,
        column: slice.identityColumn,
        reason:
          row.email === null
            ? `Same phone, without an address, as line ${row.superseded_by}, whose values were kept`
            : `Same address as line ${row.superseded_by}, whose values were kept`,
      });
    } else if (row.contact_id !== null) {
      if (slice.mode === 'add') counts.skipped += 1;
      else {
        toUpdate.push(row.row_number);
        matchedIds.push(row.contact_id);
      }
    } else if (slice.mode === 'update') {
      counts.skipped += 1;
      errors.push({
        line: row.line,
        column: slice.identityColumn,
        reason: 'Not in the contact book (the import only updates)',
      });
    } else toInsert.push(row);
  }
  const allowed = toInsert.slice(0, Math.max(0, Math.min(slice.room, toInsert.length)));
  for (const row of toInsert.slice(allowed.length)) {
    counts.failed += 1;
    errors.push({ line: row.line, column: slice.identityColumn, reason: importMessages.contactLimit });
  }

  if (toUpdate.length > 0) {
    const set = builtIns.map((column) => `${column} = ${builtInUpdate(column, slice)}`).join(', ');
    const newValues = `(${builtIns.map((column) => builtInUpdate(column, slice)).join(', ')}, jsonb_strip_nulls(c.fields || s.fields))`;
    const changed = await tx.query(
      `UPDATE contacts c SET ${set}, fields = jsonb_strip_nulls(c.fields || s.fields), updated_at = $4
       FROM contact_import_rows s
       JOIN unnest($2::int[], $5::bigint[]) AS m (row_number, contact_id) ON m.row_number = s.row_number
       WHERE s.import_id = $1 AND s.row_number > $6 AND s.row_number <= $7
         AND c.company_id = $3 AND c.id = m.contact_id
         AND (c.firstname, c.lastname, c.phone, c.fields) IS DISTINCT FROM ${newValues}
       RETURNING c.id`,
      [slice.importId, toUpdate, slice.companyId, slice.now, matchedIds, slice.after, slice.upTo],
    );
    counts.updated += changed.length;
    // The same values as the contact has: nothing to change (a file imported twice changes nothing).
    counts.skipped += toUpdate.length - changed.length;
  }

  let addedIds: string[] = [];
  if (allowed.length > 0) {
    const suppressed = allowed.flatMap((row) =>
      row.email && slice.suppressed.has(row.email) ? [row.email] : [],
    );
    // The slice's range (here and in the update) lets the primary key find the staged rows: with the
    // list alone and no statistics yet, PGlite's planner read the import's whole address index.
    const added = await tx.query<{ id: string }>(
      `INSERT INTO contacts (company_id, email, firstname, lastname, phone, status, source, consent, fields, created_at, updated_at)
       SELECT $3, s.email, s.firstname, s.lastname, s.phone,
              CASE WHEN s.email = ANY($4::text[]) THEN 'unsubscribed' ELSE 'subscribed' END,
              'import', $5::jsonb, jsonb_strip_nulls(s.fields), $6, $6
       FROM contact_import_rows s
       WHERE s.import_id = $1 AND s.row_number > $7 AND s.row_number <= $8 AND s.row_number = ANY($2::int[])
       ON CONFLICT (company_id, email) DO NOTHING
       RETURNING id::text AS id`,
      [
        slice.importId,
        allowed.map((row) => row.row_number),
        slice.companyId,
        suppressed,
        JSON.stringify(slice.consent),
        slice.now,
        slice.after,
        slice.upTo,
      ],
    );
    addedIds = added.map((row) => row.id);
    counts.added += addedIds.length;
  }

  const labelled = [...addedIds, ...matchedIds];
  if (slice.labels.length > 0 && labelled.length > 0) {
    await tx.query(
      `WITH added AS (
         INSERT INTO contact_label_members (label_id, contact_id, company_id, added_at)
         SELECT l.id, c.id, $3, $4
         FROM unnest($1::bigint[]) AS c (id)
         CROSS JOIN contact_labels l
         WHERE l.company_id = $3 AND l.id = ANY($2::bigint[])
         ON CONFLICT DO NOTHING
         RETURNING label_id)
       UPDATE contact_labels SET members = members + n.count
       FROM (SELECT label_id, count(*) AS count FROM added GROUP BY label_id) n
       WHERE contact_labels.id = n.label_id`,
      [labelled, slice.labels, slice.companyId, slice.now],
    );
  }
  // Applied rows are never read again (a row's duplicates are looked for among the rows after it).
  await tx.query(`DELETE ${range}`, [slice.importId, slice.after, slice.upTo]);
  counts.processed = slice.upTo - slice.after;
  return { counts, errors };
}
