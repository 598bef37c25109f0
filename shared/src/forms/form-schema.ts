import type { z } from 'zod';

type Schemas = typeof import('./schemas.ts')['formSchemas'];

/** The names of the forms' schemas (schemas.ts). */
export type FormSchemaName = {
  [K in keyof Schemas]: Schemas[K] extends z.ZodType ? K : never;
}[keyof Schemas];

/** One of the forms' schemas, as a value's type. */
export type FormSchema<K extends FormSchemaName> = Schemas[K];

/** A schema fetched on first use, with zod. */
export type LazySchema<S extends z.ZodType> = () => Promise<S>;

let schemas: Promise<Schemas> | undefined;

/**
 * One of the forms' schemas, fetched on first use: zod and the schemas are a chunk of their own,
 * loaded once (a failed fetch is tried again next time).
 */
export function formSchema<K extends FormSchemaName>(name: K): LazySchema<Schemas[K]> {
  return () => {
    schemas ??= import('./schemas.ts').then(
      (loaded) => loaded.formSchemas,
      (error: unknown) => {
        schemas = undefined;
        throw error;
      },
    );
    return schemas.then((loaded) => loaded[name]);
  };
}
