import { z } from 'zod';
import { numericId } from '../engine/common.ts';
import { isEmailAddress } from '../engine/email-address.ts';
import { campaignReportTypes } from './campaign-messages.ts';
import { listPage, listQuery } from './list.ts';

/** The built-in fields' tags (their merge tags): a custom field may not take one. */
export const builtInFieldTags = ['email', 'firstname', 'lastname', 'phone'] as const;

/**
 * The merge tags each campaign send fills in with the reader's own signed page links (view in browser,
 * subscription, forward, complaint, reply): no custom field may take one either.
 */
export const readerLinkTags = [
  'view_in_browser_url',
  'preferences_url',
  'forward_url',
  'complaint_url',
  'reply_url',
] as const;
export type ReaderLinkTag = (typeof readerLinkTags)[number];

/** Every merge tag a campaign send fills in itself: the reader's page links and its voucher code. */
export const sendFilledTags = [...readerLinkTags, 'voucher'] as const;

export const contactStatuses = ['subscribed', 'unsubscribed', 'pending', 'bounced', 'complained'] as const;

export const contactFieldTypes = ['text', 'number', 'date', 'boolean', 'choice'] as const;

/** A custom field's value as sent: a date is `YYYY-MM-DD`; null (or '') removes the value. */
export const contactFieldValue = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);

/** A name part or phone: trimmed; empty or null for none. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

/**
 * A contact's address, by the engine's rules (RFC 5321 sizes, internationalized addresses as RFC 6531
 * allows), lower-cased.
 */
export const contactEmail = z
  .string()
  .trim()
  .toLowerCase()
  .refine(isEmailAddress, 'Enter a valid email address');

const contactShape = {
  email: contactEmail,
  firstname: optionalText(100),
  lastname: optionalText(100),
  phone: optionalText(40),
  /** Custom field values by tag. */
  fields: z.record(z.string().max(40), contactFieldValue).optional(),
  /** Label ids: on a change, the contact's labels become exactly these. */
  labels: z.array(numericId).max(100).optional(),
};

export const newContactBody = z.object(contactShape).strict();

/**
 * A change to a contact: what it names. An empty address changes nothing (a contact imported without
 * one keeps none until one is typed); an address is never removed.
 */
export const contactPatchBody = z
  .object({
    ...contactShape,
    email: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      contactEmail.optional(),
    ),
  })
  .partial()
  .strict();

export const contactLabelRef = z.object({ id: z.string(), name: z.string() });

export const contactSchema = z.object({
  id: z.string(),
  /** Null only for a contact imported without an address (the company's toggle allows it). */
  email: z.string().nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(contactStatuses),
  /** Where it came from: console, import, form, api. */
  source: z.string(),
  fields: z.record(z.string(), contactFieldValue),
  labels: z.array(contactLabelRef),
  /** When and how the contact agreed to be mailed: an import, a form (with its IP and text), the console. */
  consent: z
    .object({ at: z.string(), source: z.string(), ip: z.string().optional(), text: z.string().optional() })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastOpenAt: z.string().nullable(),
  lastClickAt: z.string().nullable(),
});

/** The Contact Book's filter in a body (an export, a bulk delete): search, statuses, a label, a segment. */
export const contactFilterBody = z
  .object({
    search: z.string().trim().max(200).optional(),
    status: z.array(z.enum(contactStatuses)).max(contactStatuses.length).optional(),
    label: numericId.optional(),
    segment: numericId.optional(),
    /** With `value`: the field (by tag) that holds exactly that value. */
    field: z.string().max(40).optional(),
    value: z.string().max(1000).optional(),
    /** With `report`: the recipients of this campaign (or A/B test) of one §9 report type. */
    campaign: numericId.optional(),
    report: z.enum(campaignReportTypes).optional(),
  })
  .strict();
export type ContactFilterBody = z.output<typeof contactFilterBody>;

/** Contacts deleted at once without the company's largeContactDelete toggle (§6). */
export const largeContactDelete = 1000;

/**
 * `POST /v1/contacts/delete`: the contacts named, or every contact of a filter (more than
 * {@link largeContactDelete} only with the large contact delete toggle).
 */
export const contactBulkDeleteBody = z.union([
  z.object({ ids: z.array(numericId).min(1).max(largeContactDelete) }).strict(),
  z.object({ filter: contactFilterBody }).strict(),
]);

/** One entry of a contact's timeline: an engine event of mail to the address, or a change in the book. */
export const contactTimelineEntry = z.object({
  at: z.string(),
  /** The engine's event type (delivery, open, click, bounce...), or contact_created, label_added. */
  type: z.string(),
  subject: z.string(),
  campaignId: z.string(),
  /** A bounce's reason, a click's link, a label's name, where the contact came from. */
  detail: z.string(),
});

export const contactTimeline = z.object({ items: z.array(contactTimelineEntry) });

export const contactSortFields = ['createdAt', 'email', 'firstname', 'lastname'] as const;

export const contactListQuery = listQuery.omit({ category: true }).extend({
  sort: z
    .enum([...contactSortFields, ...contactSortFields.map((field) => `-${field}` as const)])
    .default('-createdAt'),
  status: z
    .string()
    .max(200)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.enum(contactStatuses)))
    .optional(),
  /** Only the members of this label. */
  label: numericId.optional(),
  /** Only the contacts the segment holds now. */
  segment: numericId.optional(),
  /** With `value`: only the contacts whose field of this tag (built in or custom) holds exactly that value. */
  field: z.string().max(40).optional(),
  value: z.string().max(1000).optional(),
});

/** A search counts its matches no further than this: "10,000+" reads as well as the exact figure and costs a tenth. */
export const searchCountCap = 10_000;

/** A page of the Contact Book; `totalCapped` when a search matched more than {@link searchCountCap} (the total is the cap). */
export const contactListAnswer = listPage(contactSchema).extend({ totalCapped: z.boolean().optional() });

/** `GET /v1/contacts/find`: by address, or by the value of a field (its tag): the oldest such contact. */
export const contactFindQuery = z
  .object({
    email: contactEmail.optional(),
    field: z.string().max(40).optional(),
    value: z.string().max(1000).optional(),
  })
  .refine(
    (query) => (query.email !== undefined) !== (query.field !== undefined && query.value !== undefined),
    {
      message: 'Give an email, or a field and a value',
      path: ['email'],
    },
  );

/** `POST /v1/contacts/unsubscribe` and `/resubscribe`. */
export const contactEmailBody = z.object({ email: contactEmail }).strict();

/** `/{id}` of a contact, a custom field or a label. */
export const idParams = z.object({ id: z.string().max(32) });

export const contactFieldTag = z
  .string()
  .regex(
    /^[a-z][a-z0-9_]{0,39}$/,
    'A tag has lower-case letters, digits and _, starts with a letter and has at most 40 characters',
  );

export const newFieldBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Enter the field name')
      .max(100, 'A field name has at most 100 characters'),
    tag: contactFieldTag,
    type: z.enum(contactFieldTypes),
    /** The options of a choice field (and of no other type). */
    choices: z.array(z.string().trim().min(1).max(100)).min(1).max(100).optional(),
  })
  .strict()
  .superRefine((field, context) => {
    if ((field.type === 'choice') !== (field.choices !== undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['choices'],
        message: 'A choice field has choices; no other type has',
      });
    } else if (field.choices && new Set(field.choices).size !== field.choices.length) {
      context.addIssue({ code: 'custom', path: ['choices'], message: 'Each choice appears once' });
    }
  });

export const contactFieldSchema = z.object({
  /** A custom field's id; a built-in field's is its tag. */
  id: z.string(),
  name: z.string(),
  tag: z.string(),
  type: z.enum(contactFieldTypes),
  choices: z.array(z.string()).nullable(),
  builtIn: z.boolean(),
  /** Null for a built-in field. */
  createdAt: z.string().nullable(),
});

/** The built-in fields first, then the custom ones by creation. */
export const contactFieldsAnswer = z.object({ items: z.array(contactFieldSchema) });

export const newLabelBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Enter the label name')
      .max(100, 'A label name has at most 100 characters'),
  })
  .strict();

export const labelSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Exact: kept with every membership change. */
  members: z.number().int(),
  createdAt: z.string(),
});

export const labelSortFields = ['name', 'members', 'createdAt'] as const;

export const labelListQuery = listQuery.omit({ status: true, category: true }).extend({
  sort: z
    .enum([...labelSortFields, ...labelSortFields.map((field) => `-${field}` as const)])
    .default('-createdAt'),
});

export const labelListAnswer = listPage(labelSchema);

/** Contacts to put in or take out of a label: ids that are not the company's contacts are ignored. */
export const labelMembersBody = z
  .object({ contactIds: z.array(numericId).min(1).max(1000, 'At most 1000 contacts at once') })
  .strict();

export type ContactStatus = (typeof contactStatuses)[number];
export type ContactFieldType = (typeof contactFieldTypes)[number];
export type ContactFieldValue = z.output<typeof contactFieldValue>;
export type NewContactBody = z.input<typeof newContactBody>;
export type NewContact = z.output<typeof newContactBody>;
export type ContactPatch = z.output<typeof contactPatchBody>;
export type ContactBulkDelete = z.output<typeof contactBulkDeleteBody>;
export type ContactTimelineEntry = z.output<typeof contactTimelineEntry>;
export type ContactTimeline = z.output<typeof contactTimeline>;
export type Contact = z.output<typeof contactSchema>;
export type ContactListQuery = z.input<typeof contactListQuery>;
export type ContactListFilter = z.output<typeof contactListQuery>;
export type ContactFindQuery = z.output<typeof contactFindQuery>;
export type ContactListAnswer = z.output<typeof contactListAnswer>;
export type NewFieldBody = z.input<typeof newFieldBody>;
export type NewField = z.output<typeof newFieldBody>;
export type ContactField = z.output<typeof contactFieldSchema>;
export type ContactFields = z.output<typeof contactFieldsAnswer>;
export type NewLabel = z.output<typeof newLabelBody>;
export type Label = z.output<typeof labelSchema>;
export type LabelListQuery = z.input<typeof labelListQuery>;
export type LabelListFilter = z.output<typeof labelListQuery>;
export type LabelListAnswer = z.output<typeof labelListAnswer>;
export type LabelMembers = z.output<typeof labelMembersBody>;
