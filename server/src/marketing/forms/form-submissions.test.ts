import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { setCompanyLimit } from '../../accounts/plans/plan-catalogue.ts';
import { databases } from '../../testing/databases.ts';
import { engineAccount } from '../../testing/engine.ts';
import { signUpForm, useFormTests } from '../../testing/forms.ts';
import { validatedSender } from '../../testing/senders.ts';
import { joinMember } from '../../testing/team.ts';

describe.each(databases)('form submissions on $name', (database) => {
  const {
    t,
    create,
    publish,
    solved,
    submit,
    confirmationTo,
    contact,
    accounts,
    contactOf,
    submissionCount,
  } = useFormTests(database);

  it('takes a visitor through conditional questions, the captcha and double opt-in to a subscribed contact with consent', async () => {
    const { a, senderA, newsLabel } = accounts();
    const id = await create(
      a,
      signUpForm({
        labels: [newsLabel],
        settings: { enableConditional: true, selectedSenderId: senderA } as never,
      }),
    );
    await publish(a, id);

    const definition = await t.app.inject({
      method: 'GET',
      url: `/embed/forms/${id}`,
      headers: { origin: 'https://shop.example' },
    });
    expect(definition.statusCode).toBe(200);
    expect(definition.headers['access-control-allow-origin']).toBe('*');
    expect(definition.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(definition.json().data).toMatchObject({
      formId: id,
      closed: null,
      settings: { enableConditional: true },
    });
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/embed/forms/${id}/submit`,
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type');

    const answers = { email: 'Zoe@Visitor.test', name: 'Zoë', shop: 'no', shopName: 'dropped' };
    // A bot: no captcha, a forged one, or the hidden field filled. Nothing is kept.
    const bare = await submit(id, { answers });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: 'captchaRequired', message: 'Captcha is required' });
    const forged = await submit(id, {
      answers,
      captcha: Buffer.from('{"challenge":{},"solution":{}}').toString('base64'),
    });
    expect(forged.json()).toMatchObject({ code: 'captchaInvalid' });
    const honeypot = await submit(id, {
      answers,
      captcha: await solved(id),
      website: 'https://spam.example',
    });
    expect(honeypot.statusCode).toBe(200);
    expect(await submissionCount(id)).toBe(0);
    expect(await contactOf(a, 'zoe@visitor.test')).toBeUndefined();

    // "Yes" shows the shop's name, which is then required.
    const missing = await submit(id, {
      answers: { ...answers, shop: 'yes', shopName: '' },
      captcha: await solved(id),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().payload).toMatchObject({ field: 'Shop name', cause: 'This field is required' });
    const badEmail = await submit(id, {
      answers: { ...answers, email: 'not an address' },
      captcha: await solved(id),
    });
    expect(badEmail.json().payload).toMatchObject({
      field: 'Your email',
      cause: 'Enter a valid email address',
    });
    expect(await submissionCount(id)).toBe(0);

    const captcha = await solved(id);
    const done = await submit(id, { answers, captcha });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers['access-control-allow-origin']).toBe('*');
    expect(done.json().data).toMatchObject({ confirmation: true, redirectUrl: null });
    // A solution counts once.
    expect((await submit(id, { answers, captcha })).json()).toMatchObject({ code: 'captchaInvalid' });

    const pending = await contactOf(a, 'zoe@visitor.test');
    expect(pending).toMatchObject({
      status: 'pending',
      firstname: 'Zoë',
      source: 'form',
      labels: [{ id: newsLabel }],
    });
    const listed = await t.getData(`/v1/forms/${id}/submissions`, a.token);
    expect(listed.total).toBe(1);
    // "No" hid the shop's name: its answer is not kept.
    expect(listed.items[0]).toMatchObject({
      email: 'zoe@visitor.test',
      state: 'pending',
      answers: { email: 'zoe@visitor.test', name: 'Zoë', shop: 'no' },
    });
    expect(listed.items[0].answers.shopName).toBeUndefined();

    const { mail, token, transactional } = await confirmationTo(a.companyId, 'zoe@visitor.test');
    expect(transactional).toBe(true);
    expect(mail.subject).toBe('Please confirm your subscription');
    expect(mail.from?.text).toContain('news@acme.test');
    expect(mail.text).toContain('former Inc');
    // The mail never repeats what the visitor typed.
    expect(`${mail.text}${mail.html}`).not.toContain('Zoë');

    // Opening the link only shows a button: a mail scanner confirms nothing.
    const page = await t.app.inject({ method: 'GET', url: `/forms/confirm/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirm my subscription');
    expect((await contactOf(a, 'zoe@visitor.test')).status).toBe('pending');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/forms/confirm/${token}`,
      remoteAddress: '198.51.100.9',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('your subscription is confirmed');
    const subscribed = await contactOf(a, 'zoe@visitor.test');
    expect(subscribed.status).toBe('subscribed');
    expect(subscribed.consent).toMatchObject({ source: `form ${id}`, ip: '198.51.100.9' });
    expect(subscribed.consent.text).toContain('(confirmed by email)');
    expect((await t.getData(`/v1/forms/${id}/submissions`, a.token)).items[0].state).toBe('confirmed');
    // A second click changes nothing; a made-up link is refused.
    expect((await t.app.inject({ method: 'GET', url: `/forms/confirm/${token}` })).body).toContain(
      'already confirmed',
    );
    expect((await t.app.inject({ method: 'POST', url: '/forms/confirm/made-up' })).statusCode).toBe(404);

    // A member builds forms and reads their submissions; taking them out is the contact export's right.
    await t.db.query("UPDATE plan_quotas SET quota = -1 WHERE plan_id = 'FREE' AND feature = 'member'");
    const member = await joinMember(t.app, t.db, a);
    expect((await t.get(`/v1/forms/${id}/submissions`, member.token)).statusCode).toBe(200);
    const refused = await t.get(`/v1/forms/${id}/submissions/export`, member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'notAuthorized',
      payload: { subfeature: 'contacts.export' },
    });
    const csv = await t.get(`/v1/forms/${id}/submissions/export`, a.token);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('submitted_at,state,email,Your email,First name,Do you have a shop?,Shop name');
    expect(lines[1]).toContain(',confirmed,zoe@visitor.test,zoe@visitor.test,Zoë,No,');
  });

  it('resubscribes an unsubscribed contact who confirms, and leaves existing contacts alone until then', async () => {
    const { a, senderA, newsLabel } = accounts();
    const id = await create(
      a,
      signUpForm({
        labels: [newsLabel],
        allowUpdate: true,
        settings: { enableConditional: true, selectedSenderId: senderA } as never,
      }),
    );
    await publish(a, id);
    await contact(a, { email: 'back@visitor.test', firstname: 'Old' });
    expect(
      (await t.post('/v1/contacts/unsubscribe', a.token, { email: 'back@visitor.test' })).statusCode,
    ).toBe(200);

    const done = await submit(id, {
      answers: { email: 'back@visitor.test', name: 'New', shop: 'no' },
      captcha: await solved(id),
    });
    expect(done.statusCode, done.body).toBe(200);
    // Not yet: anyone can type an address.
    expect(await contactOf(a, 'back@visitor.test')).toMatchObject({
      status: 'unsubscribed',
      firstname: 'Old',
      labels: [],
    });
    const { token } = await confirmationTo(a.companyId, 'back@visitor.test');
    await t.app.inject({ method: 'POST', url: `/forms/confirm/${token}` });
    expect(await contactOf(a, 'back@visitor.test')).toMatchObject({
      status: 'subscribed',
      firstname: 'New',
      labels: [{ id: newsLabel }],
    });
  });

  it('saves at once without opt-in, updates only when allowed, and holds the form and the visitor to their limits', async () => {
    const { a, newsLabel } = accounts();
    const survey = (allowUpdate: boolean) =>
      signUpForm({
        optin: false,
        allowUpdate,
        labels: [newsLabel],
        settings: {
          enableConditional: true,
          limit: true,
          limitForm: 2,
          limitMessage: 'The draw is closed.',
        } as never,
      });
    const keep = await create(a, survey(false));
    await publish(a, keep);
    await contact(a, { email: 'known@visitor.test', firstname: 'Known', lastname: 'Keeps' });
    const first = await submit(keep, {
      answers: { email: 'known@visitor.test', name: 'Changed', shop: 'yes', shopName: 'Bikes' },
      captcha: await solved(keep),
    });
    expect(first.json().data).toMatchObject({
      confirmation: false,
      message: 'Thank you! Your answers were received.',
    });
    expect(await contactOf(a, 'known@visitor.test')).toMatchObject({
      status: 'subscribed',
      firstname: 'Known',
      labels: [{ id: newsLabel }],
    });
    const fresh = await submit(keep, {
      answers: { email: 'fresh@visitor.test', shop: 'no' },
      captcha: await solved(keep),
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await contactOf(a, 'fresh@visitor.test')).toMatchObject({ status: 'subscribed', source: 'form' });

    const closed = await submit(keep, {
      answers: { email: 'late@visitor.test', shop: 'no' },
      captcha: await solved(keep),
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('The draw is closed.');
    expect(await contactOf(a, 'late@visitor.test')).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/embed/forms/${keep}` })).json().data.closed).toBe(
      'The draw is closed.',
    );

    const update = await create(a, survey(true));
    await publish(a, update);
    await submit(update, {
      answers: { email: 'known@visitor.test', name: 'Changed', shop: 'no' },
      captcha: await solved(update),
    });
    // What the form asks changes; what it does not ask keeps its value.
    expect(await contactOf(a, 'known@visitor.test')).toMatchObject({
      firstname: 'Changed',
      lastname: 'Keeps',
    });

    // Ten a minute per visitor and form; another visitor still gets in.
    const open = await create(a, {
      name: 'Open poll',
      saveToContact: false,
      components: [{ id: 'q', type: 'inputText', setting: { title: 'Why?' } }],
    });
    await publish(a, open);
    const codes: number[] = [];
    for (let turn = 0; turn < 11; turn += 1) {
      codes.push(
        (await submit(open, { answers: { q: `try ${turn}` }, captcha: await solved(open) }, '203.0.113.5'))
          .statusCode,
      );
    }
    expect(codes.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(codes[10]).toBe(429);
    expect(
      (await submit(open, { answers: { q: 'me' }, captcha: await solved(open) }, '203.0.113.6')).statusCode,
    ).toBe(200);
    expect(await submissionCount(open)).toBe(11);
  });

  it("holds the company to the plan's submissions a month, whichever form they came to, and counts again next month", async () => {
    const owner = await engineAccount(t.app, t.db, 'monthly-forms');
    await setCompanyLimit(t.db, owner.companyId, 'formSubmissionLimit', 2);
    await setCompanyLimit(t.db, owner.companyId, 'publishedFormLimit', 2);
    const poll = (name: string) =>
      create(owner, {
        name,
        saveToContact: false,
        components: [{ id: 'q', type: 'inputText', setting: { title: 'Why?' } }],
      });
    const first = await poll('First poll');
    const second = await poll('Second poll');
    await publish(owner, first);
    await publish(owner, second);
    const send = async (form: string, answer: string) =>
      submit(form, { answers: { q: answer }, captcha: await solved(form) }, '198.51.100.90');
    expect((await send(first, 'one')).statusCode).toBe(200);
    expect((await send(second, 'two')).statusCode).toBe(200);
    const over = await send(first, 'three');
    expect(over.json()).toMatchObject({ code: 'quotaExceeded' });
    expect(await submissionCount(first)).toBe(1);
    const month = 32 * 24 * 3600_000;
    t.clock.advance(month);
    try {
      expect((await send(second, 'next month')).statusCode).toBe(200);
    } finally {
      t.clock.advance(-month);
    }
  });

  it('takes one submission per answer to its distinct-id question, whatever its case or spaces', async () => {
    const { a } = accounts();
    const notAQuestion = await t.post(
      '/v1/forms',
      a.token,
      signUpForm({ optin: false, settings: { distinctIdField: 'shop' } as never }),
    );
    expect(notAQuestion.json().payload).toMatchObject({
      field: 'settings.distinctIdField',
      cause: 'Choose a Short Answer or Phone Number question of this form',
    });
    const contest = await create(
      a,
      signUpForm({ optin: false, settings: { enableConditional: true, distinctIdField: 'email' } as never }),
    );
    await publish(a, contest);
    const enter = async (email: string) =>
      submit(contest, { answers: { email, shop: 'no' }, captcha: await solved(contest) }, '198.51.100.60');
    expect((await enter('Lucky@Visitor.test')).statusCode).toBe(200);
    const again = await enter('  lucky@visitor.TEST ');
    expect(again.statusCode).toBe(400);
    expect(again.json().payload).toMatchObject({
      field: 'Your email',
      value: 'email',
      cause: 'This answer was already sent: the form takes it once',
    });
    expect((await enter('other@visitor.test')).statusCode).toBe(200);
    expect(await submissionCount(contest)).toBe(2);
  });

  it("sends a copy of each submission to the form's validated sender, the answers as plain text", async () => {
    const e = await engineAccount(t.app, t.db, 'copier');
    const senderE = await validatedSender(t.db, e.companyId, 'team@acme.test');
    const body = { ...signUpForm(), saveToContact: false, optin: false };
    const noSender = await create(e, { ...body, settings: { sendCopy: true, enableConditional: true } });
    const refused = await t.post(`/v1/forms/${noSender}/publish`, e.token, { publish: true });
    expect(refused.json().payload.cause).toBe(
      'A form that sends copies needs a validated sender to send them to',
    );
    const id = await create(e, {
      ...body,
      settings: { sendCopy: true, enableConditional: true, selectedSenderId: senderE },
    });
    await publish(e, id);
    const sent = await submit(id, {
      answers: { email: 'visitor@copy.test', name: '{{company}} <b>Zoe</b>', shop: 'no' },
      captcha: await solved(id),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.composeQueued();
    const row = await t.db.one<{ raw: Uint8Array }>(
      `SELECT raw FROM messages WHERE company_id = $1 AND rcpt_to = $2 AND campaign_id = $3`,
      [e.companyId, 'team@acme.test', `form-${id}-copy`],
    );
    const mail = await simpleParser(Buffer.from(row.raw));
    expect(mail.subject).toBe('New submission: Newsletter');
    expect(mail.text).toContain('First name: {{company}} <b>Zoe</b>');
    expect(mail.text).toContain('Do you have a shop?: No');
    expect(mail.html).toContain('&lt;b&gt;Zoe&lt;/b&gt;');
  });

  it('says so when the confirmation mail cannot be sent (its sender no longer validated)', async () => {
    const d = await engineAccount(t.app, t.db, 'lost-sender');
    const senderD = await validatedSender(t.db, d.companyId, 'news@acme.test');
    const id = await create(
      d,
      signUpForm({ settings: { enableConditional: true, selectedSenderId: senderD } as never }),
    );
    await publish(d, id);
    await t.db.query('UPDATE senders SET validated_at = NULL WHERE id = $1', [senderD]);
    const refused = await submit(id, {
      answers: { email: 'late@visitor.test', shop: 'no' },
      captcha: await solved(id),
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe('This form cannot send its confirmation email now');
  });

  it('names the question when the email is left out or a contact field refuses an answer', async () => {
    const { a } = accounts();
    const field = await t.post('/v1/contacts/field', a.token, { name: 'Age', tag: 'age', type: 'number' });
    expect(field.statusCode, field.body).toBe(201);
    const id = await create(a, {
      name: 'Ages',
      optin: false,
      components: [
        { id: 'mail', type: 'inputText', setting: { title: 'Email (optional?)', field: 'email' } },
        { id: 'years', type: 'inputText', setting: { title: 'How old are you?', field: 'age' } },
      ],
    });
    await publish(a, id);
    const noEmail = await submit(id, { answers: { years: '30' }, captcha: await solved(id) });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().payload).toMatchObject({
      field: 'Email (optional?)',
      value: 'mail',
      cause: 'This field is required',
    });
    const notNumber = await submit(
      id,
      {
        answers: { mail: 'ages@visitor.test', years: 'thirty' },
        captcha: await solved(id),
      },
      '198.51.100.8',
    );
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().payload).toMatchObject({
      field: 'How old are you?',
      value: 'years',
      cause: 'Enter a number',
    });
    expect(await contactOf(a, 'ages@visitor.test')).toBeUndefined();
    expect(await submissionCount(id)).toBe(0);
  });
});
