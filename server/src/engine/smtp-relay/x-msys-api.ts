import {
  campaignId,
  metadataObject,
  storableInput,
  substitutionDataObject,
  templateContent,
  transmissionOptions,
} from '@app/contract/engine/index';
import libmime from 'libmime';
import { z } from 'zod';
import type { RelayRefusal, XMsysApi } from './relay-deps.ts';

// The limits of the same fields of POST /transmissions, and the same storable-input check first.
const xMsysApiSchema = storableInput.pipe(
  z
    .object({
      campaign_id: campaignId.optional(),
      metadata: metadataObject.optional(),
      tags: z.array(z.string().max(64)).max(10).optional(),
      options: transmissionOptions
        .pick({
          open_tracking: true,
          initial_open: true,
          click_tracking: true,
          transactional: true,
          sandbox: true,
          skip_suppression: true,
          ip_pool: true,
          inline_css: true,
          dkim_key: true,
        })
        .optional(),
      template_id: templateContent.shape.template_id.optional(),
      use_draft_template: templateContent.shape.use_draft_template,
      substitution_data: substitutionDataObject.optional(),
    })
    .refine(
      (api) =>
        api.template_id !== undefined ||
        (api.use_draft_template === undefined && api.substitution_data === undefined),
      { message: 'use_draft_template and substitution_data need a template_id', path: ['template_id'] },
    ),
) satisfies z.ZodType<XMsysApi>;

/** Offset just past the header block's last line: the blank line and the body stay where they are. */
function headerBlockEnd(raw: Buffer): number {
  if (raw[0] === 0x0a || (raw[0] === 0x0d && raw[1] === 0x0a)) return 0;
  const ends = [raw.indexOf('\n\n'), raw.indexOf('\n\r\n')].filter((index) => index >= 0);
  return ends.length > 0 ? Math.min(...ends) + 1 : raw.length;
}

/**
 * Removes every X-MSYS-API field (name matched case-insensitively, folded continuation lines included)
 * from the header block only, and returns the unfolded values in order. The body is never looked at.
 */
export function removeXMsysApiHeaders(raw: Buffer): { raw: Buffer; values: string[] } {
  const end = headerBlockEnd(raw);
  // latin1 maps bytes 1:1, so kept lines go back unchanged whatever their encoding.
  const header = raw.subarray(0, end).toString('latin1');
  if (!/x-msys-api/i.test(header)) return { raw, values: [] };

  const lines = header.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const fields: string[] = [];
  for (const line of lines) {
    const last = fields.length - 1;
    if ((line.startsWith(' ') || line.startsWith('\t')) && last >= 0) fields[last] += line;
    else fields.push(line);
  }

  const kept: string[] = [];
  const values: string[] = [];
  for (const field of fields) {
    const colon = field.indexOf(':');
    if (colon < 0 || field.slice(0, colon).trim().toLowerCase() !== 'x-msys-api') {
      kept.push(field);
      continue;
    }
    const value = field
      .slice(colon + 1)
      .replace(/\r?\n/g, '')
      .trim();
    values.push(Buffer.from(value, 'latin1').toString('utf8'));
  }
  if (values.length === 0) return { raw, values };
  return { raw: Buffer.concat([Buffer.from(kept.join(''), 'latin1'), raw.subarray(end)]), values };
}

export type XMsysApiResult = { ok: true; api: XMsysApi | undefined } | { ok: false; refusal: RelayRefusal };

const invalid = Symbol('invalid');

/** Raw JSON first; RFC 2047 encoded words (Nodemailer folds long values that way) only when that fails. */
function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    if (!value.includes('=?')) return invalid;
  }
  try {
    return JSON.parse(libmime.decodeWords(value));
  } catch {
    return invalid;
  }
}

const notJson: RelayRefusal = { code: 550, message: '5.6.0 X-MSYS-API header is not valid JSON' };

/**
 * Parses the X-MSYS-API values (plain JSON or JSON in RFC 2047 encoded words). Several fields are merged key by key at the top level, later ones winning;
 * keys this platform does not know are ignored.
 */
export function parseXMsysApi(values: string[]): XMsysApiResult {
  if (values.length === 0) return { ok: true, api: undefined };
  // A Map, not Object.assign: a "__proto__" key must stay an ordinary key.
  const merged = new Map<string, unknown>();
  for (const value of values) {
    const parsed = parseJson(value);
    if (parsed === invalid) return { ok: false, refusal: notJson };
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return { ok: false, refusal: notJson };
    }
    for (const [key, entry] of Object.entries(parsed)) merged.set(key, entry);
  }
  const result = xMsysApiSchema.safeParse(Object.fromEntries(merged));
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue ? issue.path.map(String).join('.') : '';
    return {
      ok: false,
      refusal: {
        code: 550,
        message: `5.6.0 X-MSYS-API header is invalid: ${where ? `${where}: ` : ''}${issue?.message ?? 'bad value'}`,
      },
    };
  }
  return { ok: true, api: result.data };
}
