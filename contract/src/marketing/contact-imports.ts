import { z } from 'zod';
import { numericId } from '../engine/common.ts';
import { listPage, listQuery } from './list.ts';

/** §5, §9: the largest import file (CSV or XLSX), in bytes. */
export const maxImportBytes = 100 * 1024 * 1024;
/** Most columns a file may have; most rows the preview shows. */
export const maxImportColumns = 50;
export const importPreviewRows = 5;

export const importModes = ['add', 'update', 'upsert'] as const;
export type ImportMode = (typeof importModes)[number];
/** An empty cell keeps the contact's value, or clears it. */
export const importEmptyCells = ['keep', 'clear'] as const;
export const importStates = ['prepared', 'running', 'done', 'failed'] as const;
export type ImportState = (typeof importStates)[number];

/** `POST /v1/contacts/import/prepare`'s answer: what the file holds, and a mapping to start from. */
export const importPrepared = z.object({
  importId: z.string(),
  fileName: z.string(),
  /** An Excel workbook is read as its first sheet, as UTF-8 comma-separated text. */
  format: z.enum(['csv', 'xlsx']),
  encoding: z.string(),
  delimiter: z.string(),
  headers: z.array(z.string()),
  /** The first rows, each cell under its header. */
  preview: z.array(z.array(z.string())),
  /** Header → `email`, a field tag, or `skip`. */
  suggestedMapping: z.record(z.string(), z.string()),
});
export type ImportPrepared = z.infer<typeof importPrepared>;

/** `POST /v1/contacts/import/start`. */
export const importStartBody = z
  .object({
    importId: z.uuid(),
    mapping: z.record(z.string().max(200), z.string().max(40)),
    mode: z.enum(importModes).default('upsert'),
    labels: z.array(numericId).max(20).default([]),
    emptyCells: z.enum(importEmptyCells).default('keep'),
  })
  .strict();
export type ImportStartBody = z.input<typeof importStartBody>;

/** An import's progress (`GET /v1/contacts/import/status/{importId}`) and its history entry. */
export const importStatus = z.object({
  importId: z.string(),
  fileName: z.string(),
  state: z.enum(importStates),
  mode: z.enum(importModes).nullable(),
  /** Data rows in the file; known once the file was read through (0 before). */
  total: z.number().int(),
  /** Rows read so far (every row is read once, then applied). */
  read: z.number().int(),
  processed: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  /** Why the import failed as a whole (state failed). */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportStatus = z.infer<typeof importStatus>;

export const importHistoryQuery = listQuery.pick({ page: true, size: true });
export const importHistoryAnswer = listPage(importStatus);
export type ImportHistoryAnswer = z.infer<typeof importHistoryAnswer>;

/** `GET/PUT /v1/contacts/import/setting`: the company's defaults for the wizard. */
export const importSetting = z
  .object({
    mode: z.enum(importModes),
    emptyCells: z.enum(importEmptyCells),
  })
  .strict();
export type ImportSetting = z.infer<typeof importSetting>;
