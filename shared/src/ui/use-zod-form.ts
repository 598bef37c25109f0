import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../api/client.ts';
import { humanIssueMessage } from '../errors/issue-messages.ts';
import type { LazySchema } from '../forms/form-schema.ts';

export type FieldErrors = Record<string, string>;

/** First issue per field, keyed by the dotted path of the field. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (!errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** What a form says when its schema cannot be fetched. */
const uncheckable = 'The form could not be checked: check your connection and try again.';

/**
 * Form state validated with the same zod schema the server uses (formSchema: fetched once the user
 * starts filling the form in, or on submit). `submit` validates, then runs the call; a server
 * validation error lands on its field, any other failure in `formError`.
 */
export function useZodForm<S extends z.ZodType<Record<string, unknown>>>(
  schema: LazySchema<S>,
  initial: z.input<S>,
) {
  const [values, setValues] = useState<z.input<S>>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (name: keyof z.input<S> & string, value: unknown) => {
    schema().catch(() => undefined);
    setValues((current) => ({ ...(current as object), [name]: value }) as z.input<S>);
    setErrors((current) => {
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  };

  /** Props that bind one text input to the form: value, error and change handler (with an optional filter). */
  const field = (name: keyof z.input<S> & string, filter: (value: string) => string = (value) => value) => ({
    name,
    value: String((values as Record<string, unknown>)[name] ?? ''),
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set(name, filter(event.target.value)),
  });

  async function submit(run: (data: z.output<S>) => Promise<void>): Promise<void> {
    setFormError(null);
    setBusy(true);
    try {
      const parsed = await schema().then(
        (loaded) => loaded.safeParse(values, { error: humanIssueMessage }),
        () => null,
      );
      if (parsed === null) setFormError(uncheckable);
      else if (!parsed.success) setErrors(fieldErrorsOf(parsed.error));
      else await run(parsed.data);
    } catch (error) {
      const body =
        error instanceof ApiError ? (error.body as { payload?: { field?: string } } | undefined) : undefined;
      const field = body?.payload?.field;
      const message = error instanceof Error ? error.message : 'Something went wrong';
      if (field && field in (values as object)) setErrors((current) => ({ ...current, [field]: message }));
      else if (!(error instanceof ApiError && error.handled)) setFormError(message);
    } finally {
      setBusy(false);
    }
  }

  return { values, set, field, errors, formError, setFormError, busy, submit };
}
