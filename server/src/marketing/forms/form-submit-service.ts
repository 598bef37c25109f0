import { createHash, randomBytes } from 'node:crypto';
import type { ContactFieldValue } from '@app/contract/marketing/contacts';
import type { FormAnswer, FormSubmission, FormSubmitted, PublicForm } from '@app/contract/marketing/forms';
import type { Challenge } from 'altcha-lib';
import { ensureWithinLimit, planLimitOf } from '../../accounts/plans/plan-catalogue.ts';
import { type Clock, monthStart } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { DomainError, invalidField } from '../../domain-error.ts';
import { CampaignBatchRefused, type MarketingEngine } from '../../engine/interfaces.ts';
import { escapeHtml } from '../../html-escape.ts';
import type { ReportError } from '../../report-error.ts';
import type { CompanyDoor } from '../company-door.ts';
import { isId } from '../contacts/entity-id.ts';
import type { SignUp, SignUps } from '../contacts/subscription/sign-ups.ts';
import type { SenderDoor } from '../senders/sender-door.ts';
import type { FormCaptcha } from './form-captcha.ts';
import { checkAnswers } from './form-definition.ts';
import { formNotFound } from './form-service.ts';
import { type FormRow, formStore } from './form-store.ts';
import type { FormUploads } from './form-uploads.ts';
import { formWebhookStore } from './form-webhook-store.ts';
import type { PublishedForms } from './published-forms.ts';
import type { CaptchaVerifier } from './third-party-captcha.ts';

export interface FormSubmitDeps {
  db: Db;
  clock: Clock;
  company: CompanyDoor;
  /** The published forms, kept a few seconds (every change drops one at once). */
  published: Pick<PublishedForms, 'get'>;
  captcha: FormCaptcha;
  /** The company's own captcha provider, when a form uses one: its verdict on a visitor's token. */
  thirdPartyCaptcha: { verify: CaptchaVerifier; unseal(sealed: string): string };
  uploads: Pick<FormUploads, 'receive' | 'namesFiles' | 'ensureWaiting' | 'claim'>;
  signUps: SignUps;
  senders: SenderDoor;
  engine: Pick<MarketingEngine, 'submitCampaignBatch'>;
  /** Where the confirmation link points (the public origin). */
  publicUrl: string;
  /** The address of the company's published page `pageId` (a form's thank-you page), null when it is not published. */
  pageUrlOf(companyId: string, pageId: string): Promise<string | null>;
  /** A copy that could not be sent is reported, never the visitor's failure: the submission is kept. */
  reportError: ReportError;
}

export type FormSubmitService = ReturnType<typeof createFormSubmitService>;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const builtIn = new Set(['email', 'firstname', 'lastname', 'phone']);

/**
 * An answer as text (a contact field, a webhook, a copy): the text, the chosen options' labels, or the
 * attached file's name (`files`, by id).
 */
function fieldValueOf(
  form: FormRow,
  id: string,
  answer: FormAnswer,
  files: ReadonlyMap<string, string> = new Map(),
): string {
  const component = form.components.find((candidate) => candidate.id === id);
  if (component?.type === 'uploadFile' && typeof answer === 'string') return files.get(answer) ?? answer;
  const options = component?.setting.options;
  if (!options) return Array.isArray(answer) ? answer.join(', ') : answer;
  const labels = new Map(options.map((option) => [option.optionId, option.label]));
  return (Array.isArray(answer) ? answer : [answer])
    .map((optionId) => labels.get(optionId) ?? optionId)
    .join(', ');
}

/** The contact a form's answers describe, with the consent given at `at` from `ip`. */
function signUpOf(form: FormRow, answers: Record<string, FormAnswer>, consent: SignUp['consent']): SignUp {
  const columns: Record<string, string> = {};
  const fields: Record<string, ContactFieldValue> = {};
  for (const component of form.components) {
    const tag = component.setting.field;
    const answer = answers[component.id];
    if (!tag || answer === undefined) continue;
    const value = fieldValueOf(form, component.id, answer);
    if (builtIn.has(tag)) columns[tag] = value;
    else fields[tag] = value;
  }
  return {
    email: columns.email ?? '',
    ...(columns.firstname ? { firstname: columns.firstname } : {}),
    ...(columns.lastname ? { lastname: columns.lastname } : {}),
    ...(columns.phone ? { phone: columns.phone } : {}),
    fields,
    labels: form.label_ids,
    allowUpdate: form.allow_update,
    consent,
  };
}

/** The settings a visitor's page needs (not the sender, the limit, the redirect...). */
const publicSettings = [
  'captcha',
  'captchaSiteKey',
  'enableConditional',
  'submitBtnTitle',
  'wizardMode',
  'nextTitle',
  'backTitle',
  'consentText',
  'instant',
] as const satisfies readonly (keyof PublicForm['settings'])[];

/** What a form's webhook receives of one submission: the form, and each answer with its question (choices by label). */
function webhookBody(
  form: FormRow,
  submission: {
    id: string;
    at: Date;
    state: string;
    email: string | null;
    answers: Record<string, FormAnswer>;
    files: ReadonlyMap<string, string>;
  },
): string {
  return JSON.stringify({
    type: 'form.submission',
    form: { id: form.id, name: form.name },
    submission: {
      id: submission.id,
      submittedAt: submission.at.toISOString(),
      state: submission.state,
      email: submission.email,
      answers: form.components
        .filter((component) => submission.answers[component.id] !== undefined)
        .map((component) => ({
          id: component.id,
          question: component.setting.title,
          answer: fieldValueOf(
            form,
            component.id,
            submission.answers[component.id] as FormAnswer,
            submission.files,
          ),
        })),
    },
  });
}

/** A form that saves contacts was sent without its email question answered (optional, or in a hidden branch). */
function unansweredEmail(form: FormRow): DomainError {
  const question = form.components.find((component) => component.setting.field === 'email');
  return invalidField(question?.setting.title ?? 'email', 'This field is required', question?.id);
}

/** A contact field's refusal ("Enter a number" for fields.age) as the visitor reads it: on the question that fills it. */
function asAnswerError(form: FormRow, error: unknown): unknown {
  const field = error instanceof DomainError ? error.payload?.field : undefined;
  const tag = field?.startsWith('fields.') ? field.slice('fields.'.length) : undefined;
  const question = tag && form.components.find((component) => component.setting.field === tag);
  if (!question || !(error instanceof DomainError)) return error;
  return invalidField(question.setting.title, error.payload?.cause ?? error.message, question.id);
}

/**
 * The answer to the form's distinctIdField question, as compared (trimmed, lower case), and the
 * refusal of a second submission with it; undefined when the form has none or it was left empty.
 */
function distinctOf(form: FormRow, answers: Readonly<Record<string, FormAnswer>>) {
  const id = form.settings.distinctIdField;
  const answer = id === null ? undefined : answers[id];
  const question = form.components.find((component) => component.id === id);
  if (typeof answer !== 'string' || answer.trim() === '' || !question) return undefined;
  return {
    key: answer.trim().toLowerCase(),
    taken: () =>
      invalidField(
        question.setting.title,
        'This answer was already sent: the form takes it once',
        question.id,
      ),
  };
}

/** The calendar month (UTC) of `now`, as its first day: the key of the company's monthly counts. */
const monthOf = (now: Date) => monthStart(now).toISOString().slice(0, 10);

/**
 * The public side of forms: a published form's definition and captcha challenge, a visitor's
 * submission and the double opt-in confirmation. The submit checks everything before it writes
 * (honeypot, captcha, answers, the form's and the plan's limits): a failed check creates nothing.
 */
export function createFormSubmitService(deps: FormSubmitDeps) {
  const { db, clock, captcha, signUps } = deps;

  const publishedForm = async (id: string) => {
    const form = isId(id) ? await deps.published.get(id) : null;
    if (!form) throw formNotFound();
    return form;
  };

  /** The form's limit message once it has taken its last submission (counted afresh), else null. */
  const closedMessage = async (form: FormRow) =>
    form.settings.limit && (await formStore.submissionCount(db, form.id)) >= form.settings.limitForm
      ? form.settings.limitMessage
      : null;

  /** Refuses a submission past the form's own limit (as last counted) or the plan's monthly submissions. */
  const ensureRoom = async (form: FormRow) => {
    const closed = await closedMessage(form);
    if (closed !== null) throw new DomainError('state', closed, { field: 'form' });
    // Both at once (on PostgreSQL each on its own connection): the month's sum is a few rows.
    const [limit, used] = await Promise.all([
      planLimitOf(db, form.company_id, 'forms', 'formSubmissionLimit'),
      formStore.submissionsInMonth(db, form.company_id, monthOf(clock.now())),
    ]);
    ensureWithinLimit(limit, { group: 'forms', subFeature: 'formSubmissionLimit', used });
  };

  /** The form's captcha: the proof of work's solution checked here, or a provider's token checked by the provider. */
  const ensureCaptchaPassed = async (form: FormRow, solution: string, ip: string) => {
    const kind = form.settings.captcha;
    const verdict =
      kind === 'proofOfWork' || form.captcha_secret === null
        ? (await captcha.verify(form.id, solution))
          ? 'passed'
          : 'failed'
        : await deps.thirdPartyCaptcha.verify(
            kind,
            deps.thirdPartyCaptcha.unseal(form.captcha_secret),
            solution,
            ip,
          );
    if (verdict === 'unreachable') {
      throw new DomainError('captchaInvalid', 'The captcha could not be checked, please try again', {
        field: 'captcha',
      });
    }
    if (verdict === 'failed')
      throw new DomainError('captchaInvalid', 'Captcha is invalid', { field: 'captcha' });
  };

  /** Mails the confirmation link from the form's sender; it never repeats what the visitor typed. */
  const sendConfirmation = async (form: FormRow, submissionId: string, email: string, token: string) => {
    const senderId = form.settings.selectedSenderId;
    const sender = senderId === null ? undefined : await deps.senders.find(form.company_id, senderId);
    const cannotSend = () => new DomainError('state', 'This form cannot send its confirmation email now');
    if (!sender?.validated) throw cannotSend();
    const batch = {
      key: `form-confirmation-${submissionId}`,
      campaignId: `form-${form.id}-confirmation`,
      transactional: true,
      content: {
        from: { email: sender.email, name: sender.name },
        ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
        subject: 'Please confirm your subscription',
        html: `<p>Please confirm that you want to receive emails from {{company}}.</p>
<p><a href="{{{confirm_url}}}">Confirm my subscription</a></p>
<p>If you did not ask for this, ignore this email: you will not be subscribed.</p>`,
        text: `Please confirm that you want to receive emails from {{company}}:\n{{{confirm_url}}}\n\nIf you did not ask for this, ignore this email: you will not be subscribed.\n`,
      },
      recipients: [
        {
          address: email,
          data: {
            company: await deps.company.name(form.company_id),
            confirm_url: `${deps.publicUrl}/forms/confirm/${token}`,
          },
        },
      ],
      openTracking: false,
      clickTracking: false,
    };
    // The engine's quota or a rule of its send said no: the visitor may try again later, and the
    // pending submission's link is simply never mailed.
    await deps.engine.submitCampaignBatch(form.company_id, batch).catch((error: unknown) => {
      throw error instanceof CampaignBatchRefused ? cannotSend() : error;
    });
  };

  /**
   * §3 send a copy: the answers to the form's own validated sender. What the visitor typed goes in as
   * substitution data, escaped, so it is never read as the template language or as markup.
   */
  const sendCopy = async (
    form: FormRow,
    submissionId: string,
    answers: Record<string, FormAnswer>,
    files: ReadonlyMap<string, string>,
  ) => {
    const senderId = form.settings.selectedSenderId;
    const sender = senderId === null ? undefined : await deps.senders.find(form.company_id, senderId);
    if (!sender?.validated) throw new DomainError('state', 'The form has no validated sender for its copies');
    const lines = form.components
      .filter((component) => answers[component.id] !== undefined)
      .map((component) => ({
        question: component.setting.title,
        answer: fieldValueOf(form, component.id, answers[component.id] as FormAnswer, files),
      }));
    await deps.engine.submitCampaignBatch(form.company_id, {
      key: `form-copy-${submissionId}`,
      campaignId: `form-${form.id}-copy`,
      transactional: true,
      content: {
        from: { email: sender.email, name: sender.name },
        subject: 'New submission: {{form}}',
        html: '<p>A visitor sent the form {{form}}:</p>{{{answers_html}}}',
        text: 'A visitor sent the form {{form}}:\n\n{{answers_text}}\n',
      },
      recipients: [
        {
          address: sender.email,
          data: {
            form: form.name,
            answers_html: `<dl>${lines
              .map(
                (line) =>
                  `<dt><strong>${escapeHtml(line.question)}</strong></dt><dd>${escapeHtml(line.answer)}</dd>`,
              )
              .join('')}</dl>`,
            answers_text: lines.map((line) => `${line.question}: ${line.answer}`).join('\n'),
          },
        },
      ],
      openTracking: false,
      clickTracking: false,
    });
  };

  return {
    async definition(id: string): Promise<PublicForm> {
      const form = await publishedForm(id);
      return {
        formId: form.id,
        name: form.name,
        components: form.components,
        settings: Object.fromEntries(
          publicSettings.map((key) => [key, form.settings[key]]),
        ) as PublicForm['settings'],
        closed: await closedMessage(form),
      };
    },

    challenge: async (id: string): Promise<Challenge> => captcha.challenge((await publishedForm(id)).id),

    /**
     * A file for the Upload File field `fieldId` of the published form `id`, before its submission
     * names it; a form that takes no more submissions takes no files either.
     */
    async receive(id: string, fieldId: string, fileName: string, source: AsyncIterable<Buffer>) {
      const form = await publishedForm(id);
      const closed = await closedMessage(form);
      if (closed !== null) throw new DomainError('state', closed, { field: 'form' });
      return deps.uploads.receive(form, fieldId, fileName, source);
    },

    /** Takes a visitor's answers; `ip` is the visitor's address (kept with the submission and the consent). */
    async submit(id: string, body: FormSubmission, ip: string): Promise<FormSubmitted> {
      const form = await publishedForm(id);
      const thankYou = form.settings.redirectPageId;
      const done = async (confirmation: boolean): Promise<FormSubmitted> => ({
        message: confirmation
          ? 'Almost done: we sent you an email, follow its link to confirm your subscription.'
          : form.settings.successMessage,
        redirectUrl:
          form.settings.redirectUrl ?? (thankYou ? await deps.pageUrlOf(form.company_id, thankYou) : null),
        confirmation,
      });
      const confirmLater = form.save_to_contact && form.optin;
      // A bot filled the field people never see: it is told what a person would be, and nothing is kept.
      if (body.website) return done(confirmLater);
      if (!body.captcha)
        throw new DomainError('captchaRequired', 'Captcha is required', { field: 'captcha' });
      // The limits are read while the captcha is checked; a refusal is still told in the order of the
      // checks (captcha, answers, distinct answer, limits), so the early read is only held until then.
      const room = ensureRoom(form);
      room.catch(() => {});
      await ensureCaptchaPassed(form, body.captcha, ip);
      const answers = checkAnswers(form.components, form.settings.enableConditional, body.answers);
      const distinct = distinctOf(form, answers);
      if (distinct && (await formStore.hasDistinct(db, form.id, distinct.key))) throw distinct.taken();
      const now = clock.now();
      const signUp = form.save_to_contact
        ? signUpOf(form, answers, {
            at: now.toISOString(),
            source: `form ${form.id}`,
            ip,
            text: form.settings.consentText,
          })
        : undefined;
      if (signUp && !signUp.email) throw unansweredEmail(form);
      await room;
      await deps.uploads.ensureWaiting(form, answers);
      if (signUp) {
        const save = confirmLater ? signUps.awaitConfirmation : signUps.saveNow;
        await save(form.company_id, signUp).catch((error: unknown) => {
          throw asAnswerError(form, error);
        });
      }
      const token = confirmLater ? randomBytes(32).toString('base64url') : null;
      const state = confirmLater ? 'pending' : 'saved';
      const email = signUp?.email ?? null;
      const keep = async (tx: Db) => {
        // The form's limit once more as the submission takes its place: two visitors never both get the last one.
        if (!(await formStore.hasPlace(tx, form))) {
          const now = await formStore.published(tx, form.id);
          throw now ? new DomainError('state', now.settings.limitMessage, { field: 'form' }) : formNotFound();
        }
        const added = await formStore
          .addSubmission(
            tx,
            form,
            {
              answers,
              email,
              ip,
              state,
              confirmTokenHash: token && hashOf(token),
              distinctKey: distinct?.key ?? null,
              now,
            },
            monthOf(now),
          )
          .catch((error: unknown) => {
            // Two visitors sent the same answer at once: the second is told as if it came later.
            throw distinct && (error as { code?: string }).code === '23505' ? distinct.taken() : error;
          });
        // Unpublished since it was read: nothing is kept.
        if (!added) throw formNotFound();
        const files = await deps.uploads.claim(tx, form, added.id, answers);
        const target = form.settings.webhookUrl;
        if (target) {
          const body = webhookBody(form, { id: added.id, at: now, state, email, answers, files });
          await formWebhookStore.queue(tx, { formId: form.id, submissionId: added.id, target, body, now });
        }
        return { ...added, files };
      };
      // A submission that is one statement (no limit to hold, no file to claim, no webhook to queue)
      // needs no transaction of its own: two round trips fewer on the busiest public route.
      const alone =
        !form.settings.limit && !form.settings.webhookUrl && !deps.uploads.namesFiles(form, answers);
      const submission = alone ? await keep(db) : await db.transaction(keep);
      if (token && signUp) await sendConfirmation(form, submission.id, signUp.email, token);
      if (form.settings.sendCopy)
        await sendCopy(form, submission.id, answers, submission.files).catch((error: unknown) =>
          deps.reportError(error, `form ${form.id}: the copy of submission ${submission.id} was not sent`),
        );
      return done(confirmLater);
    },

    /** Where a confirmation link stands: unknown, waiting to be confirmed, or confirmed already. */
    async linkState(token: string): Promise<'unknown' | 'pending' | 'confirmed'> {
      const submission = await formStore.byToken(db, hashOf(token));
      return submission ? (submission.state === 'pending' ? 'pending' : 'confirmed') : 'unknown';
    },

    /**
     * Follows a confirmation link: the answers go to the contact, subscribed with this consent, and then
     * the submission is confirmed (a failure half-way leaves the link working; a second click changes
     * nothing more). False when the link is unknown.
     */
    async confirm(token: string, ip: string): Promise<boolean> {
      const submission = await formStore.byToken(db, hashOf(token));
      if (submission?.state === 'confirmed') return true;
      const form = submission && (await formStore.get(db, submission.company_id, submission.form_id));
      if (!submission || !form) return false;
      const now = clock.now();
      await signUps.confirm(
        form.company_id,
        signUpOf(form, submission.answers, {
          at: now.toISOString(),
          source: `form ${form.id}`,
          ip,
          text: `${form.settings.consentText} (confirmed by email)`,
        }),
      );
      await formStore.confirm(db, hashOf(token), now);
      return true;
    },
  };
}
