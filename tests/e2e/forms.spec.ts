import { createServer, type Server } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { startWebhookReceiver } from '../../server/src/testing/webhook-receiver.ts';
import { axeViolations, choose, screenshots } from './helpers.ts';
import { labelWith, platformHost, validatedCampaignSender } from './support/campaign-sender.ts';
import { deliveringProductionAccount, linkDeliveredTo } from './support/email-editor.ts';
import { expect, test } from './support/engine-server.ts';
import { sessionHeaders } from './support/verified-domain.ts';

// Forms (issue 26): built in the console, published, embedded with <signup-form> on a page of
// another origin, submitted by a visitor who confirms by email (the test receiver gets the mail).
test.use({
  engineOptions: {
    env: {
      APP_VARIANT: 'full',
      SMTP_HOSTNAME: platformHost,
      MAIL_MODE: 'deliver',
      // The shop's webhook receiver listens on loopback.
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8',
    },
  },
  actionTimeout: 20_000,
});
test.setTimeout(180_000);

/** A shop's own page on another origin: one module script and the element, its events written to the title. */
async function vendorSite(engineOrigin: string, formId: string): Promise<{ url: string; server: Server }> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bike shop</title></head><body>
<main><h1>Bike shop</h1><p>Get our news:</p><signup-form id="signup" form-id="${formId}"></signup-form></main>
<script type="module" src="${engineOrigin}/embed/signup-form.js"></script>
<script>
  document.getElementById('signup').addEventListener('success', (event) => {
    document.title = 'signed up: ' + (event.detail.confirmation ? 'confirm by email' : 'done');
  });
</script></body></html>`;
  const server = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html),
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`, server };
}

/** The smallest start of a PNG the server takes for one (its signature). */
const logo = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);

const tickIn = (scope: Page | Locator, name: string) =>
  scope.locator('sl-checkbox').filter({ hasText: name }).locator('[part~="control"]').click();

test('forms: built in the console, embedded on another origin, submitted and confirmed by email into a subscribed contact', async ({
  page,
  request,
  engine,
  browser,
  baseURL,
}) => {
  const { domain } = await deliveringProductionAccount(page, request, engine, 'forms');
  const headers = await sessionHeaders(page);
  await validatedCampaignSender(page, request, engine, headers, domain);
  await labelWith(request, headers, 'Newsletter', [`reader@${domain}`]);

  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Form API' }).click();
  await expect(page.getByRole('heading', { name: 'Form API', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No forms yet' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const newForm = page.getByRole('form', { name: 'New form' });
  await newForm.getByRole('button', { name: 'Create and build' }).click();
  await expect(newForm.getByText('Enter the form name')).toBeVisible();
  await newForm.getByLabel('Form name').fill('Newsletter sign-up');
  await newForm.getByRole('button', { name: 'Create and build' }).click();
  await expect(page).toHaveURL(/\/form\/compose\/\d+$/);
  const formId = page.url().split('/').pop() ?? '';

  // The builder starts with the email question; a dropdown whose "Yes" shows the shop's name.
  const questions = page.getByRole('list', { name: 'Questions' }).getByRole('listitem');
  await expect(questions).toHaveCount(1);
  await page.getByRole('button', { name: 'Add Dropdown' }).click();
  await page.getByRole('button', { name: 'Add Short Answer' }).click();
  const dropdown = questions.filter({ has: page.getByText('Dropdown', { exact: true }) });
  await dropdown.getByLabel('Question').fill('Do you have a shop?');
  await dropdown.getByLabel('Option 1').fill('Yes');
  await dropdown.getByLabel('Option 2').fill('No');
  await dropdown.locator('sl-switch').filter({ hasText: 'Required' }).locator('[part~="control"]').click();
  const shopName = questions.last();
  await shopName.getByLabel('Question').fill('Shop name');
  await shopName.locator('sl-switch').filter({ hasText: 'Required' }).locator('[part~="control"]').click();
  await page.getByRole('button', { name: 'Add Upload File' }).click();
  await questions.last().getByLabel('Question').fill('Your logo');
  await page
    .locator('sl-switch')
    .filter({ hasText: 'Conditional questions' })
    .locator('[part~="control"]')
    .click();
  // The first option ("Yes") shows the shop's name.
  const yesShows = dropdown.locator('details').first();
  await yesShows.locator('summary').click();
  await tickIn(yesShows, 'Shop name');
  await choose(page, 'Confirmation email from', `Shop News <hello@${domain}>`);
  await tickIn(page, 'Newsletter');
  const hooks = await startWebhookReceiver();
  await page.getByLabel('Send each submission to (webhook)').fill(`${hooks.url}/hooks/forms`);
  // The preview draws the draft as visitors will see it: the shop's name waits for "Yes".
  const preview = page.locator('signup-form');
  await preview.getByLabel('Do you have a shop?').selectOption({ label: 'Yes' });
  await expect(preview.getByLabel('Shop name')).toBeVisible();
  // §2: Ctrl+S saves a compose page.
  await page.getByLabel('Form name').press('Control+s');
  await expect(page.getByText('The form is saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('The form is published.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'forms-builder');

  // Its embed code, pasted on the shop's own site (another origin).
  await page.getByRole('link', { name: 'Submissions and embed code' }).click();
  await expect(page.getByRole('region', { name: 'Embed code' })).toContainText(
    `<signup-form form-id="${formId}">`,
  );
  const site = await vendorSite(new URL(baseURL ?? '').origin, formId);
  // A visitor of its own: no session, no cookies of the console.
  const visit = await browser.newContext();
  const visitor = await visit.newPage();
  try {
    const failed: string[] = [];
    visitor.on('requestfailed', (failure) => failed.push(failure.url()));
    await visitor.goto(site.url);
    await visitor.getByLabel('Email').fill(`visitor@${domain}`);
    await expect(visitor.getByLabel('Shop name')).toHaveCount(0);
    await visitor.getByLabel('Do you have a shop?').selectOption({ label: 'Yes' });
    await visitor.getByRole('button', { name: 'Submit' }).click();
    await expect(visitor.getByText('This field is required')).toBeVisible();
    await visitor.getByLabel('Shop name').fill('Pedal & Co');
    // A file of a type §5 does not allow is refused at once; the logo is sent with the answers.
    await visitor.getByLabel('Your logo').setInputFiles({ name: 'tool.exe', mimeType: 'x', buffer: logo });
    await expect(visitor.getByText('Files of this type cannot be uploaded', { exact: false })).toBeVisible();
    await visitor
      .getByLabel('Your logo')
      .setInputFiles({ name: 'our logo.png', mimeType: 'image/png', buffer: logo });
    await expect(visitor.getByText('Chosen: our logo.png')).toBeVisible();
    await visitor.screenshot({ path: 'tests/test-results/forms-on-a-shop-page.png', fullPage: true });
    await visitor.getByRole('button', { name: 'Submit' }).click();
    await expect(visitor.getByRole('status')).toHaveText(
      'Almost done: we sent you an email, follow its link to confirm your subscription.',
    );
    await expect(visitor).toHaveTitle('signed up: confirm by email');
    expect(failed).toEqual([]);
    expect(await axeViolations(visitor)).toEqual([]);
  } finally {
    await visit.close();
    await new Promise((done) => site.server.close(done));
  }

  // The shop's server got the submission, signed.
  await expect.poll(() => hooks.posts.length, { timeout: 15_000 }).toBe(1);
  expect(hooks.posts[0]?.headers['webhook-signature']).toMatch(/^v1,/);
  expect(JSON.parse(hooks.posts[0]?.body ?? '{}').submission.answers).toContainEqual({
    id: expect.any(String),
    question: 'Shop name',
    answer: 'Pedal & Co',
  });
  expect(JSON.parse(hooks.posts[0]?.body ?? '{}').submission.answers).toContainEqual({
    id: expect.any(String),
    question: 'Your logo',
    answer: 'ourlogo.png',
  });
  await hooks.close();

  // A bot posting straight to the submit without the captcha creates nothing.
  const bot = await request.post(`/embed/forms/${formId}/submit`, {
    data: { answers: { email: `bot@${domain}` } },
  });
  expect(bot.status()).toBe(400);
  expect((await bot.json()).code).toBe('captchaRequired');
  expect((await request.get(`/v1/contacts/find?email=bot@${domain}`, { headers })).status()).toBe(404);

  // The visitor is pending until the mailed link is followed; the page asks before it confirms.
  const pending = await request.get(`/v1/contacts/find?email=visitor@${domain}`, { headers });
  expect((await pending.json()).data).toMatchObject({ status: 'pending', source: 'form' });
  const link = await linkDeliveredTo(engine, `visitor@${domain}`, '/forms/confirm/');
  await page.goto(link.href);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByText('Thank you: your subscription is confirmed.')).toBeVisible();
  const contact = (await (await request.get(`/v1/contacts/find?email=visitor@${domain}`, { headers })).json())
    .data;
  expect(contact).toMatchObject({ status: 'subscribed', labels: [{ name: 'Newsletter' }] });
  expect(contact.consent.text).toContain('(confirmed by email)');

  // The submission, with its answers, in the console.
  await page.goto(`/form/${formId}`);
  const table = page.getByRole('table', { name: 'Submissions' });
  await expect(table).toContainText(`visitor@${domain}`);
  await expect(table).toContainText('Confirmed');
  await expect(table).toContainText('Pedal & Co');
  const download = page.waitForEvent('download');
  await table.getByRole('button', { name: 'ourlogo.png (' }).click();
  expect((await download).suggestedFilename()).toBe('ourlogo.png');
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'forms-submissions');

  // The hosted form framed by a site (its iframe code), dressed by its Hosted page settings: after a
  // submission its thank-you address opens in the whole window, not in the frame.
  const framed = await request.post('/v1/forms', {
    headers,
    data: {
      name: 'Call back',
      saveToContact: false,
      optin: false,
      components: [{ id: 'name', type: 'inputText', setting: { title: 'Your name', required: true } }],
      settings: { redirectUrl: 'https://thanks.shop.example/called', instant: { title: 'We call you back' } },
    },
  });
  const framedId = (await framed.json()).data.formId;
  // Within the plan's published forms: the sign-up form is done.
  await request.post(`/v1/forms/${formId}/publish`, { headers, data: { publish: false } });
  expect(
    (await request.post(`/v1/forms/${framedId}/publish`, { headers, data: { publish: true } })).ok(),
  ).toBe(true);
  // Its hosted page's look, designed beside the page itself (formpage-compose), saved with Ctrl+S.
  await page.goto(`/form/compose/${framedId}`);
  await page.getByRole('link', { name: 'Hosted page' }).click();
  await expect(page).toHaveURL(`/formpage/compose/${framedId}`);
  const hostedPage = page.frameLocator('iframe[title="The hosted page of Call back"]');
  await expect(hostedPage.getByRole('heading', { name: 'We call you back' })).toBeVisible();
  await page.getByLabel('Heading', { exact: true }).fill('We call you back today');
  await expect(page.getByText('Unsaved changes: Save or Ctrl+S stores them.')).toBeVisible();
  await page.keyboard.press('Control+s');
  await expect(page.getByText('The hosted page is saved.')).toBeVisible();
  await expect(hostedPage.getByRole('heading', { name: 'We call you back today' })).toBeVisible();
  // The composer itself; the page it frames is a document of its own (its `main` is not the console's).
  const composer = await new AxeBuilder({ page }).exclude('iframe').analyze();
  expect(composer.violations.map((violation) => violation.id)).toEqual([]);
  await screenshots(page, 'forms-hosted-page');
  const shop = createServer((_request, response) =>
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="en"><head><title>Bike shop</title></head><body><iframe src="${engine.sitesURL}/forms/${framedId}" title="Call back" style="width:600px;height:420px"></iframe></body></html>`,
      ),
  );
  await new Promise<void>((done) => shop.listen(0, '127.0.0.1', done));
  const shopAddress = shop.address();
  const caller = await browser.newContext();
  try {
    const callerPage = await caller.newPage();
    await callerPage.route('https://thanks.shop.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Called</title><h1>Thank you</h1>' }),
    );
    await callerPage.goto(
      `http://127.0.0.1:${typeof shopAddress === 'object' && shopAddress ? shopAddress.port : 0}/`,
    );
    const frame = callerPage.frameLocator('iframe[title="Call back"]');
    await expect(frame.getByRole('heading', { name: 'We call you back today' })).toBeVisible();
    await frame.getByLabel('Your name').fill('Ada');
    await frame.getByRole('button', { name: 'Submit' }).click();
    await expect(callerPage).toHaveURL('https://thanks.shop.example/called');
  } finally {
    await caller.close();
    await new Promise((done) => shop.close(done));
  }
});
