import type { ParsedErrorBody } from './types.ts';

/**
 * Lower-case words for matching server texts: 'passwordInvalid', 'PASSWORD_INVALID' and
 * 'Password invalid.' all become 'password invalid'. Keeps '%' (the A/B '0%' message).
 */
export function normalizeErrorText(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim();
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Reads either body shape (new `{code, message, payload}` or legacy `{message, status?, code?: number}`). */
export function parseErrorBody(body: unknown): ParsedErrorBody {
  if (typeof body === 'string') return body.trim() ? { message: body } : {};
  const record = asRecord(body);
  if (!record) return {};
  const parsed: ParsedErrorBody = {};
  const code = record.code;
  if (typeof code === 'string' && code !== '') {
    if (/^\d+$/.test(code)) parsed.numericCode = Number(code);
    else parsed.code = code;
  } else if (typeof code === 'number' && Number.isFinite(code)) {
    parsed.numericCode = code;
  }
  if (Array.isArray(record.errors)) {
    // SparkPost's `/api/v1` shape: {errors: [{message, description?, code?}]}.
    const sentences = record.errors
      .map((entry) => asRecord(entry))
      .map((entry) => text(entry?.description) ?? text(entry?.message))
      .filter((sentence): sentence is string => sentence !== undefined);
    if (sentences.length > 0) parsed.sparkPostErrors = sentences;
  }
  const message = text(record.message) ?? text(record.error);
  if (message) parsed.message = message;
  if (typeof record.status === 'number') parsed.status = record.status;
  const payload = asRecord(record.payload);
  if (payload) {
    parsed.payload = {};
    const field = text(payload.field);
    const cause = text(payload.cause);
    const feature = text(payload.feature);
    const subfeature = text(payload.subfeature);
    if (field) parsed.payload.field = field;
    if (payload.value !== undefined && payload.value !== null) parsed.payload.value = payload.value;
    if (cause) parsed.payload.cause = cause;
    if (feature) parsed.payload.feature = feature;
    if (subfeature) parsed.payload.subfeature = subfeature;
  }
  const feature = text(record.feature) ?? parsed.payload?.feature;
  if (feature) parsed.feature = feature;
  return parsed;
}
