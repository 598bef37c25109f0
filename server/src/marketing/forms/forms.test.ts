import { describe, expect, it } from 'vitest';
import { setCompanyLimit } from '../../accounts/plans/plan-catalogue.ts';
import { databases } from '../../testing/databases.ts';
import { engineAccount } from '../../testing/engine.ts';
import { signUpForm, useFormTests } from '../../testing/forms.ts';

describe.each(databases)('forms on $name', (database) => {
  const { t, create, publish, label, accounts } = useFormTests(database);

  it('checks a form before it is saved, lists and filters forms, and keeps them to their company', async () => {
    const { a, b, newsLabel } = accounts();
    const noEmail = await t.post('/v1/forms', a.token, {
      name: 'No email',
      components: [{ id: 'q', type: 'inputText', setting: { title: 'Name', field: 'firstname' } }],
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({ code: 'emailFieldMissing' });
    // Without contacts, no email question is needed.
    expect(
      (
        await t.post('/v1/forms', a.token, {
          name: 'Survey',
          saveToContact: false,
          components: [{ id: 'q', type: 'inputTextarea', setting: { title: 'Ideas?' } }],
        })
      ).statusCode,
    ).toBe(201);
    const checkboxParent = signUpForm();
    checkboxParent.components[2] = { ...checkboxParent.components[2], type: 'inputCheckbox' } as never;
    const refused = await t.post('/v1/forms', a.token, checkboxParent);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().payload.cause).toBe(
      'Only Multiple Choice and Dropdown fields can show other fields',
    );
    const unknownField = await t.post('/v1/forms', a.token, {
      ...signUpForm(),
      components: [
        { id: 'e', type: 'inputText', setting: { title: 'Email', field: 'email' } },
        { id: 'x', type: 'inputText', setting: { title: 'Age', field: 'age' } },
      ],
    });
    expect(unknownField.json().payload.cause).toBe('The contact field age does not exist');
    const theirLabel = await label(b, 'Theirs', []);
    const stolenLabel = await t.post('/v1/forms', a.token, signUpForm({ labels: [theirLabel] }));
    expect(stolenLabel.statusCode).toBe(404);
    expect(stolenLabel.json().message).toBe('Label not found');

    const id = await create(a, signUpForm({ labels: [newsLabel] }));
    const form = await t.getData(`/v1/forms/${id}`, a.token);
    expect(form).toMatchObject({
      name: 'Newsletter',
      published: false,
      optin: true,
      count: 0,
      labels: [{ id: newsLabel, name: 'Newsletter' }],
      contactFields: ['email', 'firstname'],
      url: `${t.config.publicUrl}/embed/forms/${id}`,
    });
    expect(form.settings).toMatchObject({ captcha: 'proofOfWork', submitBtnTitle: 'Submit' });
    const listed = await t.getData('/v1/forms?search=news&status=draft', a.token);
    expect(listed.items.map((item: { formId: string }) => item.formId)).toEqual([id]);
    expect((await t.getData('/v1/forms?status=published', a.token)).total).toBe(0);

    // Another company sees none of it and changes nothing.
    expect((await t.getData('/v1/forms', b.token)).total).toBe(0);
    expect((await t.get(`/v1/forms/${id}`, b.token)).statusCode).toBe(404);
    expect((await t.call('PUT', `/v1/forms/${id}`, b.token, signUpForm())).statusCode).toBe(404);
    expect((await t.post(`/v1/forms/${id}/publish`, b.token, { publish: true })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/v1/forms/${id}`, b.token)).statusCode).toBe(404);
    expect((await t.get(`/v1/forms/${id}/submissions`, b.token)).statusCode).toBe(404);
  });

  it('publishes a double opt-in form only with a validated sender, within the plan, and deletes it only once unpublished', async () => {
    const { a, senderA } = accounts();
    const id = await create(a, signUpForm());
    const noSender = await t.post(`/v1/forms/${id}/publish`, a.token, { publish: true });
    expect(noSender.statusCode).toBe(400);
    expect(noSender.json().payload.cause).toBe(
      'A double opt-in form needs a validated sender for its confirmation email',
    );
    // The public side knows nothing of a draft.
    expect((await t.app.inject({ method: 'GET', url: `/embed/forms/${id}` })).statusCode).toBe(404);

    await t.call(
      'PUT',
      `/v1/forms/${id}`,
      a.token,
      signUpForm({ settings: { enableConditional: true, selectedSenderId: senderA } as never }),
    );
    const hosted = () => t.app.sites.inject({ method: 'GET', url: `/forms/${id}` });
    const unpublished = await hosted();
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.headers['content-type']).toContain('text/html');
    expect(unpublished.body).toContain('This form is not available');
    await publish(a, id);
    // Published, it has a page of its own on the sites origin, which any site may frame.
    const page = await hosted();
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<signup-form form-id="${id}" redirect-target="top" style="--signup-form-font:system-ui`,
    );
    expect(page.body).toContain('<h1>Newsletter</h1>');
    expect(page.headers['content-security-policy']).toContain('frame-ancestors http: https:');
    // §3 instant-form settings dress the hosted page: heading, words, logo, theme; checked, escaped.
    const dressed = (instant: object) =>
      t.call(
        'PUT',
        `/v1/forms/${id}`,
        a.token,
        signUpForm({ settings: { enableConditional: true, selectedSenderId: senderA, instant } as never }),
      );
    const badColour = await dressed({ background: 'red;}</style><script>' });
    expect(badColour.json().payload).toMatchObject({
      field: 'settings.instant.background',
      cause: 'Enter a colour like #1a2b3c',
    });
    const look = {
      title: 'Join <us>',
      description: 'News once a month.',
      theme: 'dark',
      background: '#0b1320',
      showLogo: true,
      logo: 'https://cdn.shop.example/logo.png',
      logoPosition: 'left',
      headerAlign: 'center',
      fontFamily: 'Georgia, Times, serif',
    };
    expect((await dressed(look)).statusCode).toBe(200);
    const styled = await hosted();
    expect(styled.body).toContain('<title>Join &lt;us&gt;</title>');
    expect(styled.body).toContain('<header style="text-align:center"><h1>Join &lt;us&gt;</h1>');
    expect(styled.body).toContain('<img src="https://cdn.shop.example/logo.png" alt=""');
    expect(styled.body).toContain('background:#0b1320');
    expect(styled.body).toContain('--signup-form-text:#f3f4f6');
    expect(styled.body).toContain('font-family:Georgia, Times, serif');
    // The public side keeps published forms a few seconds, but sees a publish and every change at once.
    const definition = () => t.app.inject({ method: 'GET', url: `/embed/forms/${id}` });
    expect((await definition()).json().data.name).toBe('Newsletter');
    await t.call(
      'PUT',
      `/v1/forms/${id}`,
      a.token,
      signUpForm({
        name: 'Monthly news',
        settings: { enableConditional: true, selectedSenderId: senderA } as never,
      }),
    );
    expect((await definition()).json().data.name).toBe('Monthly news');
    expect((await t.getData(`/v1/forms/${id}`, a.token)).hostedUrl).toBe(`${t.config.sites.url}/forms/${id}`);
    expect((await t.app.sites.inject({ method: 'GET', url: '/forms/1%3Cx' })).statusCode).toBe(404);
    const again = await t.post(`/v1/forms/${id}/publish`, a.token, { publish: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'formPublished', message: 'This form is already published' });
    const deleting = await t.call('DELETE', `/v1/forms/${id}`, a.token);
    expect(deleting.statusCode).toBe(409);
    expect(deleting.json()).toMatchObject({
      code: 'formPublished',
      message: 'This form is still published: unpublish it first',
    });

    const c = await engineAccount(t.app, t.db, 'small-plan');
    await setCompanyLimit(t.db, c.companyId, 'publishedFormLimit', 1);
    const survey = {
      name: 'Poll',
      saveToContact: false,
      components: [{ id: 'q', type: 'inputText', setting: { title: 'Why?' } }],
    };
    await publish(c, await create(c, survey));
    const over = await t.post(`/v1/forms/${await create(c, survey)}/publish`, c.token, { publish: true });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'quotaExceeded',
      payload: { feature: 'forms', subfeature: 'publishedFormLimit' },
    });

    expect((await t.post(`/v1/forms/${id}/publish`, a.token, { publish: false })).json().data.published).toBe(
      false,
    );
    expect((await definition()).statusCode).toBe(404);
    expect((await t.call('DELETE', `/v1/forms/${id}`, a.token)).statusCode).toBe(200);
    expect((await t.get(`/v1/forms/${id}`, a.token)).statusCode).toBe(404);
  });
});
