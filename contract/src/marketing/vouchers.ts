import { z } from 'zod';
import { numericId } from '../engine/common.ts';

/** The most codes one voucher list holds: one a contact of its label. */
export const maxVoucherCodes = 100_000;

export const voucherMessages = {
  /** §5: a voucher list is generated for a recipient label. */
  labelFirst: 'The recipient label must be set before generating vouchers',
  tooMany: `A voucher list has at most ${maxVoucherCodes.toLocaleString('en-US')} codes: choose a smaller label`,
  /** §8, word for word. */
  notInLabel: 'Contact not found in target recipient label',
} as const;

/** `POST /v1/utils/vouchers`: a code for each contact of the label, `prefix` first. */
export const newVoucherListBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Enter the voucher list name')
      .max(100, 'A name has at most 100 characters'),
    /** Optional in the schema so a missing label gets §5's words. */
    labelId: numericId.optional(),
    prefix: z
      .string()
      .trim()
      .regex(/^[A-Z0-9-]{0,12}$/, 'A prefix has up to 12 capital letters, digits or "-"')
      .default(''),
  })
  .strict();

export const voucherList = z.object({
  id: z.string(),
  name: z.string(),
  /** The recipient label it was generated for (null once that label is deleted). */
  labelId: z.string().nullable(),
  prefix: z.string(),
  codes: z.number().int(),
  createdAt: z.string(),
});
/** `GET /v1/utils/vouchers`: the company's voucher lists, newest first. */
export const voucherLists = z.object({ items: z.array(voucherList) });

/** `GET /v1/utils/vouchers/{id}/find?email=`: one contact's code. */
export const voucherFindQuery = z.object({ email: z.string().trim().toLowerCase().min(1).max(254) });
export const voucherFound = z.object({ email: z.string(), code: z.string() });

export type NewVoucherList = z.output<typeof newVoucherListBody>;
export type VoucherList = z.output<typeof voucherList>;
export type VoucherLists = z.output<typeof voucherLists>;
