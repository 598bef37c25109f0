import type { FormSubmissionFile, FormSubmitted, PublicForm } from '@app/contract/marketing/forms';
import type { Challenge } from 'altcha-lib';
import wretch, { type WretchError } from 'wretch';
import { InsecurePageError } from './solve-captcha.ts';

/** What a refused call says: the server's message, its code, and the field it blames (a field id). */
export interface FormApiFailure {
  message: string;
  code: string;
  fieldId?: string;
}

const cannotConnect = 'The form could not be reached. Check your connection and try again.';

/** A failed call as a visitor reads it (the console's error shape: `{code, message, payload}`). */
export async function failureOf(error: unknown): Promise<FormApiFailure> {
  if (error instanceof InsecurePageError) return { message: error.message, code: 'insecure' };
  const response = (error as Partial<WretchError>).response;
  const body = (await response?.json().catch(() => undefined)) as
    | { code?: string; message?: string; payload?: { value?: unknown; cause?: string } }
    | undefined;
  if (!body?.code) return { message: cannotConnect, code: 'network' };
  const fieldId = typeof body.payload?.value === 'string' ? body.payload.value : undefined;
  const message =
    body.code === 'validation' ? (body.payload?.cause ?? body.message ?? '') : (body.message ?? '');
  return { message, code: body.code, ...(fieldId ? { fieldId } : {}) };
}

/**
 * The public Form API of the server at `apiBase` (empty: this page's origin), never with the page's
 * cookies: a published form's definition, a captcha challenge, a file for an upload field, the submit.
 */
export function signupFormApi(apiBase: string) {
  const api = wretch(`${apiBase.replace(/\/+$/, '')}/embed/forms`).options({ credentials: 'omit' });
  return {
    definition: (formId: string) =>
      api
        .get(`/${encodeURIComponent(formId)}`)
        .json<{ data: PublicForm }>()
        .then((answer) => answer.data),
    challenge: (formId: string) => api.get(`/${encodeURIComponent(formId)}/challenge`).json<Challenge>(),
    /** Sends a file for the Upload File field `fieldId`: its id is that field's answer. */
    upload: (formId: string, fieldId: string, file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api
        .url(`/${encodeURIComponent(formId)}/files?field=${encodeURIComponent(fieldId)}`)
        .body(body)
        .post()
        .json<{ data: FormSubmissionFile }>()
        .then((answer) => answer.data.id);
    },
    submit: (
      formId: string,
      body: { answers: Record<string, string | string[]>; captcha: string; website: string },
    ) =>
      api
        .url(`/${encodeURIComponent(formId)}/submit`)
        .post(body)
        .json<{ data: FormSubmitted }>()
        .then((answer) => answer.data),
  };
}

export type SignupFormApi = ReturnType<typeof signupFormApi>;
