// The zod schemas the console's forms validate with, the same the server checks: a chunk of their
// own, with zod, fetched the first time a form needs them (formSchema), so that no page's first
// load carries them.

export { suppressionBulkEntry } from '@app/contract/engine/suppression';
export * from '@app/contract/schemas';
export { ipPoolFormSchema } from './ip-pool-form.ts';
export { templateFormSchema } from './template-form.ts';
