import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type {
  Form,
  FormBody,
  FormListQuery,
  FormSubmissionFile,
  FormSubmissionRecord,
  formSortFields,
} from '@app/contract/marketing/forms';
import { type ListPage, sortOf } from '@app/contract/marketing/list';
import { ensureWithinPlan } from '../../accounts/plans/plan-catalogue.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { DomainError, invalidField } from '../../domain-error.ts';
import type { CompanyDoor } from '../company-door.ts';
import { isId } from '../contacts/entity-id.ts';
import type { FieldService } from '../contacts/field-service.ts';
import type { LabelService } from '../contacts/label-service.ts';
import type { SenderDoor } from '../senders/sender-door.ts';
import { checkDefinition } from './form-definition.ts';
import { type FormRow, formStore, type SubmissionRow } from './form-store.ts';
import type { FormUploads } from './form-uploads.ts';
import type { PublishedForms } from './published-forms.ts';
import { submissionsCsv } from './submissions-csv.ts';
import { captchaProviderNames } from './third-party-captcha.ts';

export interface FormServiceDeps {
  db: Db;
  clock: Clock;
  company: CompanyDoor;
  fields: Pick<FieldService, 'list'>;
  labels: Pick<LabelService, 'named'>;
  senders: SenderDoor;
  uploads: Pick<FormUploads, 'ofSubmissions' | 'open' | 'removingForm'>;
  /** Seals the captcha providers' secret keys (`captchaSecretSealer`). */
  captchaSecrets: { seal(plain: string): string };
  /** Where the public form routes are reached (the embed code's origin). */
  publicUrl: string;
  /** The sites origin: a published form's hosted page is there. */
  sitesUrl: string;
  /** The public side's published forms: told of every change. */
  published: Pick<PublishedForms, 'changed'>;
}

export type FormService = ReturnType<typeof createFormService>;

export const formNotFound = () => new DomainError('entityNotFound', 'Form not found', { field: 'form' });

/** The public address of a form's definition (what `<signup-form form-id>` reads). */
export const formUrlOf = (publicUrl: string, id: string) => `${publicUrl}/embed/forms/${id}`;
/** Where the sites serve a published form on a page of its own (its hosted URL and iframe). */
export const hostedFormPath = (id: string) => `/forms/${encodeURIComponent(id)}`;

const submissionRecord = (row: SubmissionRow, files: FormSubmissionFile[]): FormSubmissionRecord => ({
  id: row.id,
  createdAt: row.created_at.toISOString(),
  answers: row.answers,
  email: row.email,
  state: row.state,
  files,
});

/** §7 /forms: a company's forms, built in the console, published for its sites. */
export function createFormService(deps: FormServiceDeps) {
  const { db, clock, company, publicUrl, uploads } = deps;
  const withFiles = async (companyId: string, rows: SubmissionRow[]) => {
    const files = await uploads.ofSubmissions(
      companyId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ row, files: files.get(row.id) ?? [] }));
  };

  const answerOf = async (companyId: string, row: FormRow): Promise<Form> => ({
    formId: row.id,
    name: row.name,
    published: row.published,
    components: row.components,
    settings: row.settings,
    count: row.submissions,
    createdAt: row.created_at.toISOString(),
    lastUpdate: row.updated_at.toISOString(),
    labels: row.label_ids.length > 0 ? await deps.labels.named(companyId, row.label_ids) : [],
    saveToContact: row.save_to_contact,
    allowUpdate: row.allow_update,
    optin: row.optin,
    used: false,
    contactFields: row.components.flatMap((component) =>
      component.setting.field ? [component.setting.field] : [],
    ),
    url: formUrlOf(publicUrl, row.id),
    hostedUrl: `${deps.sitesUrl}${hostedFormPath(row.id)}`,
    webhookSecret: row.webhook_secret,
    captchaSecretSet: row.captcha_secret !== null,
  });

  const rowOf = async (companyId: string, id: string) => {
    const row = isId(id) ? await formStore.get(db, companyId, id) : undefined;
    if (!row) throw formNotFound();
    return row;
  };

  /** The body's fields, labels and sender, checked against what the company has. */
  const checked = async (companyId: string, body: FormBody): Promise<FormBody> => {
    const tags = new Set((await deps.fields.list(companyId)).items.map((field) => field.tag));
    checkDefinition(body, tags);
    const labels = [...new Set(body.labels)];
    const named = await deps.labels.named(companyId, labels);
    const missing = labels.find((id) => !named.some((label) => label.id === id));
    if (missing !== undefined)
      throw new DomainError('entityNotFound', 'Label not found', { field: 'labels', value: missing });
    const senderId = body.settings.selectedSenderId;
    if (senderId !== null && !(await deps.senders.find(companyId, senderId))) {
      throw new DomainError('entityNotFound', 'Sender not found', {
        field: 'settings.selectedSenderId',
        value: senderId,
      });
    }
    return { ...body, labels };
  };

  /**
   * A double opt-in form sends its confirmation from a validated sender, and a form that sends copies
   * sends them to one: checked when it goes live.
   */
  const ensureConfirmationSender = async (
    companyId: string,
    form: Pick<FormBody, 'optin' | 'saveToContact' | 'settings'>,
  ) => {
    const confirms = form.optin && form.saveToContact;
    if (!confirms && !form.settings.sendCopy) return;
    const id = form.settings.selectedSenderId;
    const sender = id === null ? undefined : await deps.senders.find(companyId, id);
    if (!sender?.validated) {
      throw invalidField(
        'settings.selectedSenderId',
        confirms
          ? 'A double opt-in form needs a validated sender for its confirmation email'
          : 'A form that sends copies needs a validated sender to send them to',
        id,
      );
    }
  };

  /**
   * The body with its captcha settled, and the sealed secret key the form keeps: the new one, `kept`,
   * or none with the proof of work. A provider needs its site key and a secret key.
   */
  const withCaptcha = (body: FormBody, kept: string | null): { body: FormBody; secret: string | null } => {
    const { captchaSecret, ...rest } = body;
    const kind = body.settings.captcha;
    if (kind === 'proofOfWork') {
      return { body: { ...rest, settings: { ...body.settings, captchaSiteKey: null } }, secret: null };
    }
    const provider = captchaProviderNames[kind];
    if (!body.settings.captchaSiteKey) {
      throw invalidField('settings.captchaSiteKey', `Enter the site key of your ${provider} account`);
    }
    const secret = captchaSecret ? deps.captchaSecrets.seal(captchaSecret) : kept;
    if (!secret) throw invalidField('captchaSecret', `Enter the secret key of your ${provider} account`);
    return { body: rest, secret };
  };

  const bodyOf = (row: FormRow) => ({
    optin: row.optin,
    saveToContact: row.save_to_contact,
    settings: row.settings,
  });

  const create = async (companyId: string, body: FormBody): Promise<Form> => {
    const webhook = `whsec_${randomBytes(32).toString('base64')}`;
    const settled = withCaptcha(await checked(companyId, body), null);
    const row = await formStore.insert(
      db,
      companyId,
      settled.body,
      { webhook, captcha: settled.secret },
      clock.now(),
    );
    return answerOf(companyId, row);
  };

  return {
    async list(companyId: string, query: FormListQuery): Promise<ListPage<Form>> {
      const statuses = new Set(query.status ?? []);
      const published =
        statuses.has('published') === statuses.has('draft') ? undefined : statuses.has('published');
      const { rows, total } = await formStore.page(
        db,
        companyId,
        { page: query.page, size: query.size, search: query.search, published },
        sortOf<(typeof formSortFields)[number]>(query.sort),
      );
      return {
        items: await Promise.all(rows.map((row) => answerOf(companyId, row))),
        total,
        page: query.page,
        size: query.size,
      };
    },

    get: async (companyId: string, id: string) => answerOf(companyId, await rowOf(companyId, id)),

    create,

    /** A new form from a template: its questions keep only the contact fields this company has. */
    async createFromTemplate(companyId: string, body: FormBody): Promise<Form> {
      const tags = new Set((await deps.fields.list(companyId)).items.map((field) => field.tag));
      const components = body.components.map((component) => {
        const { field, ...setting } = component.setting;
        return field === undefined || tags.has(field) ? component : { ...component, setting };
      });
      return create(companyId, { ...body, components });
    },

    /** Changes a form; a published one changes on the sites at once, so it must stay publishable. */
    async update(companyId: string, id: string, body: FormBody): Promise<Form> {
      const existing = await rowOf(companyId, id);
      const next = withCaptcha(await checked(companyId, body), existing.captcha_secret);
      // A published form changes on the sites at once: it must stay able to confirm its sign-ups.
      if (existing.published) await ensureConfirmationSender(companyId, next.body);
      const row = await formStore.update(db, companyId, existing.id, next.body, next.secret, clock.now());
      if (!row) throw formNotFound();
      await deps.published.changed(db, row.id);
      return answerOf(companyId, row);
    },

    /** §8 47: a published form is unpublished first. Its submissions go with it. */
    async remove(companyId: string, id: string): Promise<void> {
      const row = await rowOf(companyId, id);
      if (row.published) {
        throw new DomainError('formPublished', 'This form is still published: unpublish it first', {
          field: 'form',
        });
      }
      const removed = await uploads.removingForm(companyId, row.id, () =>
        formStore.remove(db, companyId, row.id),
      );
      if (!removed) throw formNotFound();
      await deps.published.changed(db, row.id);
    },

    /** Publishes (within the plan's published forms) or unpublishes; §8 47 when it already is published. */
    async publish(companyId: string, id: string, publish: boolean): Promise<Form> {
      const existing = await rowOf(companyId, id);
      if (publish) await ensureConfirmationSender(companyId, bodyOf(existing));
      const row = await db.transaction(async (tx) => {
        await company.lock(tx, companyId);
        const locked = await formStore.lock(tx, companyId, existing.id);
        if (!locked) throw formNotFound();
        if (publish) {
          if (locked.published) {
            throw new DomainError('formPublished', 'This form is already published', { field: 'form' });
          }
          await ensureWithinPlan(tx, companyId, {
            group: 'forms',
            subFeature: 'publishedFormLimit',
            used: await formStore.countPublished(tx, companyId),
          });
        }
        await formStore.setPublished(tx, companyId, locked.id, publish, clock.now());
        await deps.published.changed(tx, locked.id);
        return { ...locked, published: publish };
      });
      return answerOf(companyId, row);
    },

    async submissions(
      companyId: string,
      id: string,
      page: { page: number; size: number },
    ): Promise<ListPage<FormSubmissionRecord>> {
      const row = await rowOf(companyId, id);
      const rows = await withFiles(companyId, await formStore.submissions(db, companyId, row.id, page));
      return {
        items: rows.map(({ row, files }) => submissionRecord(row, files)),
        total: row.submissions,
        ...page,
      };
    },

    /** A file a visitor attached to the submission `submissionId` of the form `id`, with its bytes. */
    async file(companyId: string, id: string, submissionId: string, fileId: string) {
      const form = await rowOf(companyId, id);
      const found = isId(submissionId) && (await uploads.open(companyId, form.id, submissionId, fileId));
      if (!found) throw new DomainError('entityNotFound', 'File not found', { field: 'file' });
      return found;
    },

    /** The form's submissions as CSV (UTF-8 with a BOM): when, state, email, then one column per question. */
    async csv(companyId: string, id: string): Promise<Readable> {
      const form = await rowOf(companyId, id);
      return submissionsCsv(form, async (after, size) =>
        withFiles(companyId, await formStore.submissionsAfter(db, companyId, form.id, after, size)),
      );
    },
  };
}
