import { z } from 'zod';
import { type ListParams, listPage, listQuery } from './list.ts';

/** A file of the File Manager (§1 file manager): served publicly at `url`. */
export const fileItem = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  /** Its content type, from its extension: image/png, application/pdf... */
  type: z.string(),
  url: z.string(),
  createdAt: z.string(),
});

export const fileSortFields = ['createdAt', 'name', 'size'] as const;

export const fileListQuery = listQuery.extend({
  sort: z
    .enum([...fileSortFields, ...fileSortFields.map((field) => `-${field}` as const)])
    .default('-createdAt'),
  type: z.enum(['image', 'document']).optional(),
});

export const fileListAnswer = listPage(fileItem);

export const fileUploadAnswer = z.object({ items: z.array(fileItem) });

export const fileRenameBody = z.object({
  name: z.string().trim().min(1, 'Enter a file name').max(120, 'A file name has at most 120 characters'),
});

/** How much the company's files take and may take (bytes). */
export const fileUsageAnswer = z.object({ usedBytes: z.number(), quotaBytes: z.number() });

/** The email templates whose design shows the file: deleting it breaks them. */
export const fileDesignsAnswer = z.object({ templates: z.array(z.string()) });

export const fileIdParams = z.object({ id: z.string().max(64) });

export type FileItem = z.output<typeof fileItem>;
export type FileListQuery = ListParams & {
  sort?: z.input<typeof fileListQuery>['sort'];
  type?: 'image' | 'document';
};
export type FileListAnswer = z.output<typeof fileListAnswer>;
export type FileUsage = z.output<typeof fileUsageAnswer>;
