import { z } from 'zod';
import { fontFamilies } from '../editor/design-constants.ts';
import { numericId } from '../engine/common.ts';
import { formFieldTypes } from '../rules/constants.ts';
import { contactFieldTag, contactLabelRef } from './contacts.ts';
import { instantFormDefaults } from './instant-form.ts';
import { listPage, listQuery } from './list.ts';

/** §9's seven field types: inputText, inputTextarea, inputMultiple, inputCheckbox, inputDropdown, uploadFile, inputPhone. */
export const formComponentTypes = formFieldTypes.map((field) => field.type) as [
  (typeof formFieldTypes)[number]['type'],
  ...(typeof formFieldTypes)[number]['type'][],
];

const componentId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'An id has letters, digits, - and _ and at most 64 characters');

/** §3 "Option: optionId, childs": `childs` are the components shown when the option is chosen (conditional mode). */
export const formOption = z
  .object({
    optionId: componentId,
    label: z.string().trim().min(1, 'Enter the option text').max(200, 'An option has at most 200 characters'),
    childs: z.array(componentId).max(50).optional(),
  })
  .strict();

/** §3 "Form component: id, type, setting (title, options)". */
export const formComponent = z
  .object({
    id: componentId,
    type: z.enum(formComponentTypes),
    setting: z
      .object({
        title: z
          .string()
          .trim()
          .min(1, 'Enter the question')
          .max(300, 'A question has at most 300 characters'),
        required: z.boolean().default(false),
        placeholder: z.string().trim().max(200).optional(),
        options: z.array(formOption).max(100).optional(),
        /** The contact field (its tag: email, firstname, a custom tag) the answer fills when the form saves contacts. */
        field: contactFieldTag.optional(),
      })
      .strict(),
  })
  .strict();

/**
 * The captcha a form's public submit always enforces: the self-hosted proof of work (ALTCHA) by
 * default, or the company's own hCaptcha, Cloudflare Turnstile or reCAPTCHA (v2) account.
 */
export const formCaptchas = ['proofOfWork', 'hcaptcha', 'turnstile', 'recaptcha'] as const;
export type FormCaptchaKind = (typeof formCaptchas)[number];

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour like #1a2b3c');
const placement = z.enum(['left', 'center', 'right']);

/**
 * §3 instant-form settings: how the hosted form page (`/forms/{id}`, and its iframe) looks around the
 * form: its heading and words, the company's logo, font, colours and theme. Where it goes after a
 * submission is the form's own `redirectUrl` or `redirectPageId` (else its success message).
 */
export const instantFormSettings = z
  .object({
    /** The heading; the form's name when empty. */
    title: z
      .string()
      .trim()
      .max(120, 'A title has at most 120 characters')
      .default(instantFormDefaults.title),
    description: z
      .string()
      .trim()
      .max(1000, 'A description has at most 1,000 characters')
      .default(instantFormDefaults.description),
    headerAlign: placement.default(instantFormDefaults.headerAlign),
    successColor: hexColour.default(instantFormDefaults.successColor),
    fontFamily: z.enum(['system', ...fontFamilies]).default(instantFormDefaults.fontFamily),
    fontSize: z.number().int().min(12).max(24).default(instantFormDefaults.fontSize),
    background: hexColour.default(instantFormDefaults.background),
    theme: z.enum(['light', 'dark']).default(instantFormDefaults.theme),
    showLogo: z.boolean().default(instantFormDefaults.showLogo),
    logoPosition: placement.default(instantFormDefaults.logoPosition),
    logo: z
      .string()
      .trim()
      .max(2000)
      .regex(/^$|^https?:\/\/[^\s]+$/, 'Enter an http or https address')
      .default(instantFormDefaults.logo),
  })
  .strict();

/** §3 form settings, those this build carries out. */
export const formSettings = z
  .object({
    captcha: z.enum(formCaptchas).default('proofOfWork'),
    /** The provider's public site key (hCaptcha, Turnstile, reCAPTCHA); its secret key is `captchaSecret` of the body. */
    captchaSiteKey: z
      .string()
      .trim()
      .max(200, 'A site key has at most 200 characters')
      .nullable()
      .default(null),
    /** `limit` on: the form takes at most `limitForm` submissions, then shows `limitMessage`. */
    limit: z.boolean().default(false),
    limitForm: z.number().int().min(1).max(10_000_000).default(100),
    limitMessage: z.string().trim().min(1).max(300).default('This form no longer takes submissions.'),
    /** §5 conditional logic: an option's `childs` show only when it is chosen. */
    enableConditional: z.boolean().default(false),
    submitBtnTitle: z.string().trim().min(1).max(60).default('Submit'),
    /** One question per step, with `nextTitle` and `backTitle` buttons. */
    wizardMode: z.boolean().default(false),
    nextTitle: z.string().trim().min(1).max(60).default('Next'),
    backTitle: z.string().trim().min(1).max(60).default('Back'),
    /** The validated sender the double opt-in confirmation comes from (and the copies go to). */
    selectedSenderId: numericId.nullable().default(null),
    /** §3 send a copy: each submission is mailed to the form's sender, the company's own validated inbox. */
    sendCopy: z.boolean().default(false),
    /** Shown after a submission (unless `redirectUrl` is set). */
    successMessage: z.string().trim().min(1).max(500).default('Thank you! Your answers were received.'),
    redirectUrl: z
      .string()
      .trim()
      .max(2000)
      .regex(/^https?:\/\/[^\s]+$/, 'Enter an http or https address')
      .nullable()
      .default(null),
    /** §3 redirectPageId: the published thank-you page the visitor goes to (when `redirectUrl` is not set). */
    redirectPageId: numericId.nullable().default(null),
    /** Each submission is POSTed here (signed with the form's `webhookSecret`, retried for 8 hours). */
    webhookUrl: z
      .string()
      .trim()
      .max(2000)
      .regex(/^https?:\/\/[^\s]+$/, 'Enter an http or https address')
      .nullable()
      .default(null),
    /**
     * §3 distinctIdField: the id of a Short Answer or Phone Number question whose answer the form takes
     * once (one entry per address in a contest); null: any number.
     */
    distinctIdField: componentId.nullable().default(null),
    /** What the visitor agrees to, kept with the contact's consent record. */
    consentText: z
      .string()
      .trim()
      .min(1)
      .max(1000)
      .default('I agree to receive emails from this company and can unsubscribe at any time.'),
    instant: instantFormSettings.default(instantFormDefaults),
  })
  .strict();

/** `POST /v1/forms`, `PUT /v1/forms/{id}`. */
export const formBody = z
  .object({
    name: z.string().trim().min(1, 'Enter the form name').max(100, 'A form name has at most 100 characters'),
    components: z.array(formComponent).max(100, 'A form has at most 100 fields').default([]),
    settings: formSettings.default(formSettings.parse({})),
    /** Labels a contact who submits joins. */
    labels: z.array(numericId).max(50).default([]),
    saveToContact: z.boolean().default(true),
    /** A submission may change an existing contact's fields. */
    allowUpdate: z.boolean().default(false),
    /** Double opt-in: the contact stays pending until the confirmation link is followed. */
    optin: z.boolean().default(true),
    /**
     * The captcha provider's secret key, written only: kept sealed, never answered (`captchaSecretSet`
     * says whether there is one). Left out, the kept one stays.
     */
    captchaSecret: z.string().trim().min(1).max(200, 'A secret key has at most 200 characters').optional(),
  })
  .strict();

export const form = z.object({
  formId: z.string(),
  name: z.string(),
  published: z.boolean(),
  components: z.array(formComponent),
  settings: formSettings,
  /** Submissions so far. */
  count: z.number().int(),
  createdAt: z.string(),
  lastUpdate: z.string(),
  labels: z.array(contactLabelRef),
  saveToContact: z.boolean(),
  allowUpdate: z.boolean(),
  optin: z.boolean(),
  /** Used by an email automation (automations come later: always false). */
  used: z.boolean(),
  /** The contact fields the form fills. */
  contactFields: z.array(z.string()),
  /** Where the published form lives: its public definition, which `<signup-form>` reads. */
  url: z.string(),
  /** The published form alone on a page of the sites origin (its hosted URL, and what the iframe snippet frames). */
  hostedUrl: z.string(),
  /** The Standard Webhooks secret the POSTs to `settings.webhookUrl` are signed with. */
  webhookSecret: z.string(),
  /** A secret key of the captcha provider is kept (the secret itself is never answered). */
  captchaSecretSet: z.boolean(),
});

export const formSortFields = ['name', 'createdAt', 'lastUpdate'] as const;

/** `GET /v1/forms`: search by name, `status` published,draft; newest first by default. */
export const formListQuery = listQuery.omit({ category: true }).extend({
  sort: z
    .enum([...formSortFields, ...formSortFields.map((field) => `-${field}` as const)])
    .default('-createdAt'),
});
export const formList = listPage(form);

/** `POST /v1/forms/{id}/publish`. */
export const formPublishBody = z.object({ publish: z.boolean() }).strict();

/** One answer: text, or the chosen option ids (checkboxes: any number; multiple choice, dropdown: one). */
export const formAnswer = z.union([z.string().max(5000), z.array(z.string().max(64)).max(100)]);

/** `POST /embed/forms/{id}/submit`: the answers by component id, the captcha's solution, the honeypot. */
export const formSubmission = z
  .object({
    answers: z.record(z.string().max(64), formAnswer),
    /** The ALTCHA payload: base64 JSON of the challenge and its solution. */
    captcha: z.string().max(8192).optional(),
    /** A field people never see: a bot that fills it is ignored. */
    website: z.string().max(2000).optional(),
  })
  .strict();

/** What the visitor is told after a submission. */
export const formSubmitted = z.object({
  message: z.string(),
  redirectUrl: z.string().nullable(),
  /** A confirmation mail went out: the visitor is asked to follow its link. */
  confirmation: z.boolean(),
});

/** `GET /embed/forms/{id}`: a published form as a visitor's page draws it. */
export const publicForm = z.object({
  formId: z.string(),
  name: z.string(),
  components: z.array(formComponent),
  settings: formSettings.pick({
    captcha: true,
    captchaSiteKey: true,
    enableConditional: true,
    submitBtnTitle: true,
    wizardMode: true,
    nextTitle: true,
    backTitle: true,
    consentText: true,
    instant: true,
  }),
  /** The form takes no more submissions (its limit): the message to show instead. */
  closed: z.string().nullable(),
});

/** A file a visitor attached to an Upload File field: what `POST /embed/forms/{id}/files` answers, and a submission lists. */
export const formSubmissionFile = z.object({
  /** The answer that names the file in the submission. */
  id: z.string(),
  fieldId: z.string(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
});

/** `POST /embed/forms/{id}/files?field=`: multipart/form-data, one file in a part named file. */
export const formFileQuery = z.object({ field: componentId });

export const formSubmissionRecord = z.object({
  id: z.string(),
  createdAt: z.string(),
  answers: z.record(z.string(), formAnswer),
  email: z.string().nullable(),
  /** pending until the visitor confirms (double opt-in); confirmed; or saved (no opt-in asked). */
  state: z.enum(['pending', 'confirmed', 'saved']),
  /** The files of its Upload File fields (their answers hold the files' ids). */
  files: z.array(formSubmissionFile),
});
export const formSubmissionList = listPage(formSubmissionRecord);
export const formSubmissionQuery = listQuery.pick({ page: true, size: true });

export type FormComponent = z.output<typeof formComponent>;
export type FormSettings = z.output<typeof formSettings>;
export type InstantFormSettings = z.output<typeof instantFormSettings>;
export type FormBody = z.output<typeof formBody>;
export type Form = z.output<typeof form>;
export type FormListQuery = z.output<typeof formListQuery>;
export type FormAnswer = z.output<typeof formAnswer>;
export type FormSubmission = z.output<typeof formSubmission>;
export type FormSubmitted = z.output<typeof formSubmitted>;
export type PublicForm = z.output<typeof publicForm>;
export type FormSubmissionRecord = z.output<typeof formSubmissionRecord>;
export type FormSubmissionFile = z.output<typeof formSubmissionFile>;
