import { z } from 'zod';
import { contactFilterBody } from './contacts.ts';

export const contactExportFormats = ['csv', 'xlsx'] as const;
export type ContactExportFormat = (typeof contactExportFormats)[number];

/** Exports a company may have waiting or being written at once. */
export const contactExportsPending = 2;
/** The most rows one worksheet holds (Excel's own limit, less the header); a CSV has no limit. */
export const xlsxContactRowLimit = 1_048_575;

/**
 * What to export: the Contact Book's filter, read when the export is written; a segment is its rules
 * at that moment.
 */
export const contactExportFilter = contactFilterBody;
export type ContactExportFilter = z.output<typeof contactExportFilter>;

/** `POST /v1/contacts/export`: answered 202, then the file comes in a notification. */
export const contactExportBody = contactExportFilter
  .extend({ format: z.enum(contactExportFormats).default('csv') })
  .strict();
export type ContactExportBody = z.input<typeof contactExportBody>;

export const contactExportSchema = z.object({
  id: z.string(),
  format: z.enum(contactExportFormats),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  rowCount: z.number().int(),
  /** The XLSX held the first {@link xlsxContactRowLimit} contacts only. */
  truncated: z.boolean(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The console path of the file, once it is written. */
  downloadPath: z.string().nullable(),
});
export type ContactExport = z.output<typeof contactExportSchema>;

export const contactExportParams = z.object({ id: z.uuid() });
export const contactExportList = z.object({ items: z.array(contactExportSchema) });
