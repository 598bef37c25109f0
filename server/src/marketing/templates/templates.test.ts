import { defaultPageDesign } from '@app/contract/editor/default-design';
import { beforeAll, describe, expect, it } from 'vitest';
import { setCompanyLimit } from '../../accounts/plans/plan-catalogue.ts';
import { lastMailTo, linkIn } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount } from '../../testing/engine.ts';
import { formHelpers, signUpForm } from '../../testing/forms.ts';

const blockStyle = {
  paddingY: 8,
  paddingX: 8,
  background: 'transparent',
  align: 'center',
  hideOnMobile: false,
};

describe.each(databases)('the template manager on $name', (database) => {
  const t = useTestApp(database);
  const forms = formHelpers(t);
  let a: EngineAccount;
  let b: EngineAccount;
  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'templater');
    b = await engineAccount(t.app, t.db, 'other-templater');
    for (const account of [a, b])
      for (const limit of ['emailTemplateLimit', 'pageTemplateLimit', 'formTemplateLimit'])
        await setCompanyLimit(t.db, account.companyId, limit, -1);
  });
  const put = (url: string, token: string, payload: object) => t.call('PUT', url, token, payload);
  const created = async (account: EngineAccount, body: object) => {
    const response = await t.post('/v1/template', account.token, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };

  it('offers the featured templates to every company, read only, and makes a campaign, page or form of them', async () => {
    const featured = await t.getData('/v1/template?featured=true&size=50', b.token);
    expect(featured.items.map((item: { type: string }) => item.type).sort()).toEqual(
      expect.arrayContaining(['email', 'page', 'form']),
    );
    const newsletter = await t.getData('/v1/template/featured-newsletter', b.token);
    expect(newsletter).toMatchObject({ featured: true, type: 'email', name: 'Monthly newsletter' });
    const preview = await t.getData('/v1/template/featured-newsletter/preview', b.token);
    expect(preview.html).toContain('What is new this month');

    const campaign = await t.post('/v1/template/featured-newsletter/use', b.token, { name: 'November news' });
    expect(campaign.statusCode, campaign.body).toBe(201);
    expect(campaign.json().data.type).toBe('email');
    const draft = await t.getData(`/v1/email-marketing/${campaign.json().data.id}`, b.token);
    expect(draft).toMatchObject({
      name: 'November news',
      subject: 'What is new this month',
      status: 'DRAFT',
    });
    expect(draft.content.design.blocks.length).toBeGreaterThan(3);

    const page = await t.post('/v1/template/featured-launch/use', b.token, {});
    expect(page.statusCode, page.body).toBe(201);
    const made = await t.getData(`/v1/pages/${page.json().data.id}`, b.token);
    expect(made).toMatchObject({ name: 'Product launch', permalink: 'product-launch', published: false });
    // A second page from it gets a free permalink.
    const again = await t.post('/v1/template/featured-launch/use', b.token, {});
    expect((await t.getData(`/v1/pages/${again.json().data.id}`, b.token)).permalink).toBe(
      'product-launch-2',
    );

    const form = await t.post('/v1/template/featured-event/use', b.token, {});
    const madeForm = await t.getData(`/v1/forms/${form.json().data.id}`, b.token);
    expect(madeForm).toMatchObject({ name: 'Event registration', published: false, optin: true });
    expect(madeForm.components.map((c: { id: string }) => c.id)).toEqual([
      'email',
      'name',
      'phone',
      'session',
    ]);

    const change = await put('/v1/template/featured-newsletter', b.token, { name: 'Mine' });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe('A featured template cannot be changed: save a copy of it first');
    expect((await t.get('/v1/template/featured-nothing', b.token)).statusCode).toBe(404);
    // A featured template copied is the company's own, and can be changed.
    const copy = await created(b, {
      type: 'email',
      name: 'My newsletter',
      source: { from: 'template', id: 'featured-newsletter' },
    });
    expect(copy).toMatchObject({
      featured: false,
      type: 'email',
      content: { subject: 'What is new this month' },
    });
  });

  it('saves a page with its forms as a template, and a page made from it gets copies of the forms', async () => {
    const formId = await forms.create(a, {
      ...signUpForm(),
      settings: { webhookUrl: 'https://hooks.example/x' },
    });
    const page = await t.post('/v1/pages', a.token, { name: 'Spring sale', permalink: 'spring-sale' });
    const pageId = page.json().data.pageId;
    const design = {
      ...defaultPageDesign(),
      blocks: [{ id: 'signup', type: 'form', style: blockStyle, props: { formId } }],
    };
    expect((await put(`/v1/pages/${pageId}`, a.token, { design })).statusCode).toBe(200);

    const pageOnly = await created(a, {
      type: 'page',
      name: 'Sale page',
      source: { from: 'page', id: pageId },
    });
    expect(pageOnly).toMatchObject({ containsForm: false, content: { type: 'page', forms: [] } });
    // Used by the company, a page-only template shows the same form; a form of another company is left unchosen.
    const same = await t.post(`/v1/template/${pageOnly.templateId}/use`, a.token, {});
    expect((await t.getData(`/v1/pages/${same.json().data.id}`, a.token)).formIds).toEqual([formId]);
    const withForms = await created(a, {
      type: 'page',
      name: 'Sale page with form',
      category: 'promotion',
      source: { from: 'page', id: pageId, withForms: true },
    });
    expect(withForms.containsForm).toBe(true);
    // What belongs to the company stays out of the template.
    expect(withForms.content.forms[0].form.settings.webhookUrl).toBeNull();
    const listed = await t.getData('/v1/template?type=page&isContainForm=true', a.token);
    expect(listed.items.map((item: { name: string }) => item.name)).toEqual(['Sale page with form']);

    const used = await t.post(`/v1/template/${withForms.templateId}/use`, a.token, { name: 'Autumn sale' });
    expect(used.statusCode, used.body).toBe(201);
    const made = await t.getData(`/v1/pages/${used.json().data.id}`, a.token);
    expect(made).toMatchObject({
      name: 'Autumn sale',
      permalink: 'autumn-sale',
      templateId: withForms.templateId,
    });
    expect(made.formIds).toHaveLength(1);
    expect(made.formIds[0]).not.toBe(formId);
    const copy = await t.getData(`/v1/forms/${made.formIds[0]}`, a.token);
    expect(copy).toMatchObject({ name: 'Newsletter', published: false });

    // §7 change template: another page takes the template's content, with its own copy of the form.
    const plain = await t.post('/v1/pages', a.token, { name: 'Plain', permalink: 'plain' });
    const plainId = plain.json().data.pageId;
    const applied = await t.post(`/v1/template/${withForms.templateId}/apply`, a.token, { pageId: plainId });
    expect(applied.statusCode, applied.body).toBe(200);
    const changed = await t.getData(`/v1/pages/${plainId}`, a.token);
    expect(changed).toMatchObject({ name: 'Plain', permalink: 'plain', templateId: withForms.templateId });
    expect(changed.formIds).toHaveLength(1);
    expect([formId, made.formIds[0]]).not.toContain(changed.formIds[0]);
    const emailTemplate = await created(a, { type: 'email', name: 'Not a page' });
    const wrongKind = await t.post(`/v1/template/${emailTemplate.templateId}/apply`, a.token, {
      pageId: plainId,
    });
    expect(wrongKind.json().message).toBe('Only a page template can change a page');
    const othersPage = await t.post('/v1/pages', b.token, { name: 'Theirs', permalink: 'theirs' });
    const across = await t.post(`/v1/template/${withForms.templateId}/apply`, a.token, {
      pageId: othersPage.json().data.pageId,
    });
    expect(across.statusCode).toBe(404);

    // A campaign makes an email template, not a page template.
    const mismatch = await t.post('/v1/template', a.token, {
      type: 'page',
      name: 'Wrong',
      source: { from: 'form', id: formId },
    });
    expect(mismatch.statusCode).toBe(400);
  });

  it('keeps labels to letters, digits, spaces and hyphens, and renames and deletes them everywhere', async () => {
    const template = await created(a, {
      type: 'form',
      name: 'Survey',
      category: 'survey',
      labels: ['Spring <b>sale</b>!', 'spring bsalebb', 'Q4-2026'],
    });
    expect(template.labels).toEqual(['Spring bsaleb', 'spring bsalebb', 'Q4-2026']);
    const symbols = await t.post('/v1/template', a.token, { type: 'form', name: 'X', labels: ['!!!'] });
    expect(symbols.statusCode).toBe(400);
    expect(symbols.body).toContain('A label needs a letter or a digit');

    const labels = await t.getData('/v1/template/label', a.token);
    const q4 = labels.find((label: { name: string }) => label.name === 'Q4-2026');
    expect(q4.templates).toBe(1);
    const renamed = await put(`/v1/template/label/${q4.labelId}`, a.token, { name: 'Q1 2027' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await t.getData(`/v1/template/${template.templateId}`, a.token)).labels).toContain('Q1 2027');
    const byLabel = await t.getData('/v1/template?templateLabels=q1%202027', a.token);
    expect(byLabel.items.map((item: { templateId: string }) => item.templateId)).toEqual([
      template.templateId,
    ]);
    const exists = await t.post('/v1/template/label', a.token, { name: 'q1 2027' });
    expect(exists.json().message).toBe('This label already exists');
    expect((await t.call('DELETE', `/v1/template/label/${q4.labelId}`, a.token)).statusCode).toBe(204);
    expect((await t.getData(`/v1/template/${template.templateId}`, a.token)).labels).not.toContain('Q1 2027');

    const categories = await t.getData('/v1/template/category?type=form', a.token);
    expect(categories.find((row: { category: string }) => row.category === 'survey').count).toBe(1);
  });

  it("holds each kind to the plan's limit", async () => {
    const c = await engineAccount(t.app, t.db, 'limited-templater');
    await setCompanyLimit(t.db, c.companyId, 'emailTemplateLimit', 1);
    await created(c, { type: 'email', name: 'One' });
    const second = await t.post('/v1/template', c.token, { type: 'email', name: 'Two' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'quotaExceeded',
      payload: { feature: 'templates', subfeature: 'emailTemplateLimit' },
    });
    // Other kinds have their own limit.
    await created(c, { type: 'form', name: 'A form' });
  });

  it("never lets a company read, change, use or share another's templates", async () => {
    const own = await created(a, { type: 'email', name: 'Private' });
    const path = `/v1/template/${own.templateId}`;
    expect((await t.get(path, b.token)).statusCode).toBe(404);
    expect((await put(path, b.token, { name: 'Taken' })).statusCode).toBe(404);
    expect((await t.post(`${path}/use`, b.token, {})).statusCode).toBe(404);
    expect((await t.get(`${path}/preview`, b.token)).statusCode).toBe(404);
    expect((await t.post(`${path}/share-by-email`, b.token, { email: b.email })).statusCode).toBe(404);
    expect((await t.call('DELETE', path, b.token)).statusCode).toBe(404);
    const theirs = await t.getData('/v1/template?size=100', b.token);
    expect(theirs.items.some((item: { name: string }) => item.name === 'Private')).toBe(false);
    // Nor save another company's page or form as a template.
    const aPage = await t.post('/v1/pages', a.token, { name: 'Hidden', permalink: 'hidden' });
    const steal = await t.post('/v1/template', b.token, {
      type: 'page',
      name: 'Stolen',
      source: { from: 'page', id: aPage.json().data.pageId },
    });
    expect(steal.statusCode).toBe(404);
    expect((await t.get(path, a.token)).json().data.name).toBe('Private');
    expect((await t.get('/v1/template/1;DROP', a.token)).statusCode).toBe(400);
  });

  it('shares a template by email: the link adds a copy to the company of whoever opens it, once', async () => {
    const own = await created(a, { type: 'email', name: 'Shared one', labels: ['Promo'] });
    const shared = await t.post(`/v1/template/${own.templateId}/share-by-email`, a.token, { email: b.email });
    expect(shared.statusCode, shared.body).toBe(200);
    const mail = await lastMailTo(t.db, b.email);
    expect(mail.subject).toContain('shared a template with you');
    const token = linkIn(mail.text).searchParams.get('shared') ?? '';
    expect(token.length).toBeGreaterThan(20);
    const accepted = await t.post('/v1/template/shared/accept', b.token, { token });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().data).toMatchObject({ name: 'Shared one', labels: ['Promo'], featured: false });
    expect(accepted.json().data.templateId).not.toBe(own.templateId);
    const twice = await t.post('/v1/template/shared/accept', b.token, { token });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe('This share link was used already or has expired');
  });
});
