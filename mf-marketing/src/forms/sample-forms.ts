import type { Form, FormSubmissionRecord } from '@app/contract/marketing/forms';
import { instantFormDefaults } from '@app/contract/marketing/instant-form';
import { ApiError } from '@app/shared';
import type { FormApi, FormDraft } from './api.ts';

const day = 24 * 60 * 60 * 1000;
const at = (daysAgo: number) => new Date(Date.UTC(2026, 10, 20) - daysAgo * day).toISOString();

/** The settings a new form gets, as the server gives them. */
const defaultSettings: Form['settings'] = {
  captcha: 'proofOfWork',
  captchaSiteKey: null,
  limit: false,
  limitForm: 100,
  limitMessage: 'This form no longer takes submissions.',
  enableConditional: false,
  submitBtnTitle: 'Submit',
  wizardMode: false,
  nextTitle: 'Next',
  backTitle: 'Back',
  selectedSenderId: null,
  sendCopy: false,
  successMessage: 'Thank you! Your answers were received.',
  redirectUrl: null,
  redirectPageId: null,
  webhookUrl: null,
  distinctIdField: null,
  consentText: 'I agree to receive emails from this company and can unsubscribe at any time.',
  instant: instantFormDefaults,
};

const formOf = (id: string, draft: FormDraft, extra: Partial<Form>): Form => ({
  formId: id,
  name: draft.name,
  published: false,
  components: draft.components,
  settings: { ...defaultSettings, ...draft.settings },
  count: 0,
  createdAt: at(0),
  lastUpdate: at(0),
  labels: [],
  saveToContact: draft.saveToContact,
  allowUpdate: draft.allowUpdate,
  optin: draft.optin,
  used: false,
  captchaSecretSet: false,
  contactFields: draft.components.flatMap((component) =>
    component.setting.field ? [component.setting.field] : [],
  ),
  url: `https://forms.maplemoss.com/embed/forms/${id}`,
  hostedUrl: `https://pages.maplemoss.com/forms/${id}`,
  webhookSecret: 'whsec_c2FtcGxlIHNlY3JldCBvZiB0aGUgZGVtbyBzaG9w',
  ...extra,
});

/** A demo shop's newsletter form, published, with its first sign-ups. */
let forms: Form[] = [
  formOf(
    'form-1',
    {
      name: 'Newsletter sign-up',
      components: [
        { id: 'email', type: 'inputText', setting: { title: 'Email', required: true, field: 'email' } },
        {
          id: 'name',
          type: 'inputText',
          setting: { title: 'First name', required: false, field: 'firstname' },
        },
      ],
      settings: { selectedSenderId: 'sender-1' },
      labels: [],
      saveToContact: true,
      allowUpdate: false,
      optin: true,
    },
    { published: true, count: 2, createdAt: at(30), lastUpdate: at(12) },
  ),
];

const submissions: FormSubmissionRecord[] = [
  {
    id: 'submission-2',
    createdAt: at(1),
    email: 'ivy@example.com',
    state: 'pending',
    answers: { email: 'ivy@example.com', name: 'Ivy' },
    files: [],
  },
  {
    id: 'submission-1',
    createdAt: at(3),
    email: 'noah@example.com',
    state: 'confirmed',
    answers: { email: 'noah@example.com', name: 'Noah' },
    files: [],
  },
];

const notFound = () =>
  new ApiError('Form not found', 404, { code: 'entityNotFound', message: 'Form not found' }, true);
const find = (id: string) => {
  const form = forms.find((candidate) => candidate.formId === id);
  if (!form) throw notFound();
  return form;
};
const replace = (next: Form) => {
  forms = forms.map((form) => (form.formId === next.formId ? next : form));
  return next;
};
let made = forms.length;

/** The demo vendors' forms (§1): kept in memory, so a reload starts again from the sample. */
export const sampleFormApi: FormApi = {
  async list(query) {
    const search = (query.search ?? '').toLowerCase();
    const status = query.status ?? '';
    const matching = forms.filter(
      (form) =>
        form.name.toLowerCase().includes(search) &&
        (status === '' || status === (form.published ? 'published' : 'draft')),
    );
    const page = query.page ?? 1;
    const size = query.size ?? 10;
    return { items: matching.slice((page - 1) * size, page * size), total: matching.length, page, size };
  },
  async create(body) {
    made += 1;
    const form = formOf(`form-${made}`, body, {});
    forms = [form, ...forms];
    return form;
  },
  get: async (id) => find(id),
  update: async (id, body) => {
    const form = find(id);
    return replace(
      formOf(id, body, { published: form.published, count: form.count, createdAt: form.createdAt }),
    );
  },
  async remove(id) {
    if (find(id).published) {
      throw new ApiError(
        'This form is still published: unpublish it first',
        409,
        { code: 'formPublished' },
        false,
      );
    }
    forms = forms.filter((form) => form.formId !== id);
  },
  publish: async (id, publish) => replace({ ...find(id), published: publish, lastUpdate: at(0) }),
  async submissions(id, query) {
    const items = id === 'form-1' ? submissions : [];
    return {
      items: items.slice((query.page - 1) * query.size, query.page * query.size),
      total: items.length,
      ...query,
    };
  },
  csvPath: (id) => `/forms/${id}/submissions/export`,
  filePath: (id, submissionId, fileId) => `/forms/${id}/submissions/${submissionId}/files/${fileId}`,
};
