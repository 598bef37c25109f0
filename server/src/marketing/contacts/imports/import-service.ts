import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  type ImportHistoryAnswer,
  type ImportPrepared,
  type ImportSetting,
  type ImportStartBody,
  type ImportStatus,
  importPreviewRows,
} from '@app/contract/marketing/contact-imports';
import { builtInFieldTags } from '@app/contract/marketing/contacts';
import { importMessages } from '@app/contract/marketing/import-messages';
import { stringify } from 'csv-stringify/sync';
import { planLimitOf } from '../../../accounts/plans/plan-catalogue.ts';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/db.ts';
import { DomainError, invalidField } from '../../../domain-error.ts';
import type { CompanyDoor } from '../../company-door.ts';
import { createContactStore } from '../contact-store.ts';
import { fieldStore } from '../field-store.ts';
import { checkedHeaders, delimiterOf, encodingOf, type FileRecord, fileRecords } from './import-file.ts';
import { suggestedMapping } from './import-rows.ts';
import { type ImportRow, importStore } from './import-store.ts';
import { xlsxToCsv } from './xlsx-to-csv.ts';

export interface ImportServiceDeps {
  db: Db;
  clock: Clock;
  company: CompanyDoor;
  /** Where uploaded files wait for their import (under DATA_DIR). */
  dir: string;
}

export type ImportService = ReturnType<typeof createImportService>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const notFound = () => new DomainError('entityNotFound', 'Import not found', { field: 'importId' });
const unfinished = () => new DomainError('state', importMessages.unfinished);
const defaults: ImportSetting = { mode: 'upsert', emptyCells: 'keep' };

const toStatus = (row: ImportRow): ImportStatus => ({
  importId: row.id,
  fileName: row.file_name,
  state: row.state,
  mode: row.mode,
  total: row.read_done ? row.read : 0,
  read: row.read,
  processed: row.processed,
  added: row.added,
  updated: row.updated,
  skipped: row.skipped,
  failed: row.failed,
  error: row.error,
  createdAt: row.created_at.toISOString(),
  finishedAt: row.finished_at?.toISOString() ?? null,
});

/** The file's first bytes (for its encoding and header). */
async function headOf(path: string): Promise<Buffer> {
  const file = await open(path);
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** The header and the first rows, read as the import will read them. */
async function firstRecords(path: string, format: Parameters<typeof fileRecords>[1]): Promise<FileRecord[]> {
  const records: FileRecord[] = [];
  for await (const record of fileRecords(path, format)) {
    records.push(record);
    if (records.length > importPreviewRows) break;
  }
  return records;
}

/**
 * §7 /contacts/import: prepare (the file stored, its encoding, delimiter and header found, a preview
 * and a mapping suggested), start (the mapping and options checked; the workers run it), status,
 * history, rejected rows, the sample file and the company's defaults. One import runs at a time.
 */
export function createImportService(deps: ImportServiceDeps) {
  const { db, clock, dir } = deps;
  const contacts = createContactStore(db);

  const owned = async (companyId: string, id: string) => {
    const row = uuidPattern.test(id) ? await importStore.get(db, companyId, id) : undefined;
    if (!row) throw notFound();
    return row;
  };

  return {
    async prepare(
      companyId: string,
      upload: { fileName: string; stream: NodeJS.ReadableStream; truncated: () => boolean },
    ): Promise<ImportPrepared> {
      if (await importStore.running(db, companyId)) throw unfinished();
      const fileName = upload.fileName.replace(/\p{Cc}/gu, '').slice(0, 255) || 'contacts.csv';
      const excel = /\.xlsx$/i.test(fileName);
      if (!excel && !/\.(csv|txt|tsv)$/i.test(fileName)) {
        throw new DomainError(
          'importFormat',
          'The import file format is not supported: upload a CSV or XLSX file',
        );
      }
      await mkdir(dir, { recursive: true });
      const id = randomUUID();
      const uploaded = join(dir, `${id}.${excel ? 'xlsx' : 'csv'}`);
      const path = join(dir, `${id}.csv`);
      try {
        await pipeline(upload.stream, createWriteStream(uploaded));
        if (upload.truncated()) throw new DomainError('importSize', importMessages.tooBig);
        if (excel) {
          await xlsxToCsv(uploaded, path);
          await rm(uploaded, { force: true });
        }
        const head = await headOf(path);
        if (head.length === 0) throw new DomainError('importData', importMessages.emptyData);
        const encoding = encodingOf(head);
        const text = new TextDecoder(encoding).decode(head, { stream: true });
        const delimiter = delimiterOf(text.split(/\r?\n/, 1)[0] ?? '');
        const [header, ...preview] = await firstRecords(path, { encoding, delimiter });
        const headers = checkedHeaders(header);
        if (preview.length === 0) throw new DomainError('importData', importMessages.emptyData);
        const fields = await fieldStore.list(db, companyId);
        await importStore.insert(
          db,
          { id, company_id: companyId, file_name: fileName, file_path: path, encoding, delimiter, headers },
          clock.now(),
        );
        return {
          importId: id,
          fileName,
          format: excel ? 'xlsx' : 'csv',
          encoding,
          delimiter,
          headers,
          preview: preview.map((record) => headers.map((_, index) => record.cells[index] ?? '')),
          suggestedMapping: suggestedMapping(headers, fields),
        };
      } catch (error) {
        // Nothing of a refused file stays.
        await Promise.all([rm(uploaded, { force: true }), rm(path, { force: true })]);
        throw error;
      }
    },

    async start(
      companyId: string,
      body: ImportStartBody & { mapping: Record<string, string> },
    ): Promise<ImportStatus> {
      const row = await owned(companyId, body.importId);
      if (row.state !== 'prepared') throw new DomainError('state', 'This import was started already');
      const fields = await fieldStore.list(db, companyId);
      const targets = new Set<string>([...builtInFieldTags, ...fields.map((field) => field.tag), 'skip']);
      const used = new Set<string>();
      for (const [header, target] of Object.entries(body.mapping)) {
        if (!row.headers.includes(header))
          throw invalidField(`mapping.${header}`, 'There is no such column in the file', header);
        if (!targets.has(target))
          throw invalidField(`mapping.${header}`, 'There is no field with this tag', target);
        if (target !== 'skip' && used.has(target)) {
          throw invalidField(`mapping.${header}`, `Two columns are mapped to ${target}`, target);
        }
        used.add(target);
      }
      const addressOptional = (await deps.company.toggles(companyId)).includes('customImportWithoutEmail');
      if (!used.has('email') && !addressOptional) throw invalidField('mapping', 'Map one column to email');
      if (!used.has('email') && !used.has('phone')) {
        throw invalidField('mapping', 'Map one column to email or to phone');
      }
      const mode = body.mode ?? defaults.mode;
      const labels = body.labels ?? [];
      await db.transaction(async (tx) => {
        await deps.company.lock(tx, companyId);
        if (await importStore.running(tx, companyId)) throw unfinished();
        if (labels.length > 0) {
          const found = await tx.query<{ id: string }>(
            'SELECT id::text AS id FROM contact_labels WHERE company_id = $1 AND id = ANY($2::bigint[])',
            [companyId, labels],
          );
          const missing = labels.find((label) => !found.some((entry) => entry.id === label));
          if (missing)
            throw new DomainError('entityNotFound', 'Label not found', { field: 'labels', value: missing });
        }
        if (mode !== 'update') {
          const limit = await planLimitOf(tx, companyId, 'contacts', 'contactLimit');
          if (limit !== -1 && (await contacts.countUpTo(tx, companyId, limit)) >= limit) {
            throw new DomainError('quotaExceeded', importMessages.contactLimit, {
              feature: 'contacts',
              subfeature: 'contactLimit',
            });
          }
        }
        await importStore.start(
          tx,
          companyId,
          row.id,
          {
            mapping: body.mapping,
            mode,
            labels,
            emptyCells: body.emptyCells ?? defaults.emptyCells,
            addressOptional,
          },
          clock.now(),
        );
      });
      return toStatus(await owned(companyId, row.id));
    },

    status: async (companyId: string, id: string) => toStatus(await owned(companyId, id)),

    async history(companyId: string, page: number, size: number): Promise<ImportHistoryAnswer> {
      const { rows, total } = await importStore.page(db, companyId, page, size);
      return { items: rows.map(toStatus), total, page, size };
    },

    /** The rejected and skipped rows as CSV: line, column, reason. */
    async errorsCsv(companyId: string, id: string): Promise<string> {
      await owned(companyId, id);
      const rows = await importStore.errors(db, companyId, id);
      return stringify([
        ['line', 'column', 'reason'],
        ...rows.map((row) => [row.line, row.column_name, row.reason]),
      ]);
    },

    /** A sample file with the company's columns: the built-in fields, then its custom fields' tags. */
    async sampleCsv(companyId: string): Promise<string> {
      const fields = await fieldStore.list(db, companyId);
      const header = [...builtInFieldTags, ...fields.map((field) => field.tag)];
      const example = ['ana@example.com', 'Ana', 'Silva', '+351 912 345 678', ...fields.map(() => '')];
      return stringify([header, example]);
    },

    setting: async (companyId: string): Promise<ImportSetting> => {
      const row = await importStore.setting(db, companyId);
      return row ? { mode: row.mode, emptyCells: row.empty_cells } : defaults;
    },

    async saveSetting(companyId: string, setting: ImportSetting): Promise<ImportSetting> {
      await importStore.saveSetting(db, companyId, setting);
      return setting;
    },
  };
}
