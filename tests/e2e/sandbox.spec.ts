import { expect, test } from '@playwright/test';
import {
  axeViolations,
  createConfirmedAccount,
  readCapturedMail,
  screenshots,
  signInToConsole,
} from './helpers.ts';
import { curlWords, hasCurl, runCurlSnippet } from './support/curl.ts';

test('sandbox: authorize a recipient, send from the UI and with the curl snippet, read both in the inbox', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  const { email, password } = await createConfirmedAccount(request, 'sandbox');
  await signInToConsole(page, email, password);
  await page.getByRole('button', { name: 'Accept' }).click();

  // ---- authorized recipients ----
  await page.goto('/configuration');
  await expect(page.getByRole('heading', { name: 'Configuration', exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/ - Configuration$/);
  await expect(page.getByText('No authorized recipients yet')).toBeVisible();
  await expect(page.getByText('0 of 10 used')).toBeVisible();
  await expect(page.getByText('No verified recipient yet')).toBeVisible();
  await screenshots(page, 'sandbox-configuration-empty');

  const me = `me-${Date.now()}@example.com`;
  const other = `other-${Date.now()}@example.com`;
  const addresses = page.getByLabel('Email addresses');
  await addresses.fill('not-an-address');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('"not-an-address" is not a valid email address')).toBeVisible();
  await addresses.fill(`${me}, ${other}`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('2 of 10 used')).toBeVisible();
  const row = (address: string) => page.getByRole('row').filter({ hasText: address });
  await expect(row(me).getByText('Pending')).toBeVisible();
  // The server sends the verification mail again at most once a minute: the button says when.
  await expect(row(me).getByText(/Again in \d+ s/)).toBeVisible();

  await row(other).getByRole('button', { name: 'Remove' }).click();
  await page.locator('sl-dialog[open]').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('1 of 10 used')).toBeVisible();
  await expect(row(other)).toHaveCount(0);

  const mail = await readCapturedMail(page, me, /Confirm test emails/);
  const link = mail.match(/https?:\/\/\S+\/authorized-recipient\/verify\/[\w-]+/)?.[0];
  if (!link) throw new Error('no verification link in the mail');
  await page.goto(new URL(link).pathname);
  await expect(page.getByText(`${me} is verified.`)).toBeVisible();

  // ---- a test email from the UI ----
  await page.goto('/configuration');
  await expect(row(me).getByText('Verified', { exact: true })).toBeVisible();
  await page.getByLabel('Subject').fill('Hello from the e2e sandbox');
  await page.getByRole('button', { name: 'Send test email' }).click();
  await expect(page.getByText('Test email accepted')).toBeVisible();
  await expect(page.getByTestId('transmission-id')).toHaveText(/^\d+$/);
  await expect(page.getByRole('link', { name: 'Open it in the sandbox inbox' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const tour = await (
    await request.get('/v1/on-boarding/product-tour', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(tour.data).toMatchObject({
    sandboxSetAuthorizedRecipient: true,
    sandboxEmailSent: true,
    sandboxTryProduction: true,
  });

  // ---- the snippets: a key made for them, the curl one run for real ----
  const curlBlock = page.getByRole('region', { name: 'curl', exact: true });
  await expect(curlBlock).toContainText('<YOUR_API_KEY>');
  await page.getByRole('button', { name: 'Create a key for these snippets' }).click();
  await expect(page.getByText('Copy this key now')).toBeVisible();
  await expect(curlBlock).not.toContainText('<YOUR_API_KEY>');
  await expect(page.getByText('The sandbox accepts any sender address.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Host', exact: true })).toHaveValue('127.0.0.1');
  await page.getByLabel('Subject').fill('Sent with the curl snippet');
  await expect(curlBlock).toContainText('Sent with the curl snippet');
  await screenshots(page, 'sandbox-configuration');
  await page
    .getByRole('region', { name: 'SMTP relay' })
    .screenshot({ path: 'tests/test-results/sandbox-smtp-panel.png' });
  expect(await axeViolations(page)).toEqual([]);

  const snippet = (await curlBlock.locator('code').textContent()) ?? '';
  const words = curlWords(snippet);
  expect(words.slice(0, 3)).toEqual(['-X', 'POST', expect.stringMatching(/\/api\/v1\/transmissions$/)]);
  const apiKey = words[4]?.replace(/^Authorization: /, '') ?? '';
  expect(apiKey).toMatch(/^\S{20,}$/);
  let answer: { results: { id: string; total_accepted_recipients: number } };
  if (hasCurl()) {
    answer = runCurlSnippet(snippet) as typeof answer;
  } else {
    const url = words[2] ?? '';
    const response = await request.post(url, {
      headers: { authorization: apiKey, 'content-type': 'application/json' },
      data: words[8] ?? '',
    });
    answer = await response.json();
  }
  expect(answer.results.total_accepted_recipients).toBe(1);

  // A third message with an attachment, sent with the same key, for the attachment download.
  const withFile = await request.post('/api/v1/transmissions', {
    headers: { authorization: apiKey },
    data: {
      recipients: [{ address: { email: me } }],
      content: {
        from: 'sandbox@example.com',
        subject: 'Invoice attached',
        text: 'See the file.',
        attachments: [
          { name: 'invoice.txt', type: 'text/plain', data: Buffer.from('total: 10\n').toString('base64') },
        ],
      },
    },
  });
  expect(withFile.status()).toBe(200);

  // ---- the inbox ----
  await page.goto('/activity');
  await expect(page.getByRole('heading', { name: 'Activity', exact: true })).toBeVisible();
  const inbox = page.getByRole('table', { name: 'Sandbox messages' });
  await expect(inbox.getByRole('row')).toHaveCount(4);
  await expect(inbox.getByRole('row').nth(1)).toContainText('Invoice attached');
  await expect(inbox.getByRole('row').nth(2)).toContainText('Sent with the curl snippet');
  await expect(inbox.getByRole('row').nth(3)).toContainText('Hello from the e2e sandbox');
  await page.getByLabel('Search').fill('curl');
  await expect(inbox.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Search').fill('');
  await expect(inbox.getByRole('row')).toHaveCount(4);
  await screenshots(page, 'sandbox-inbox');
  expect(await axeViolations(page)).toEqual([]);

  await inbox.getByRole('link', { name: 'Hello from the e2e sandbox' }).click();
  await expect(page.getByRole('heading', { name: 'Activity Detail', exact: true })).toBeVisible();
  const preview = page.locator('iframe[title="HTML preview of the message"]');
  await expect(preview).toHaveAttribute('sandbox', '');
  await expect(
    page.frameLocator('iframe[title="HTML preview of the message"]').getByRole('heading', {
      name: 'Hello from the sandbox',
    }),
  ).toBeVisible();
  await screenshots(page, 'sandbox-message');
  // axe cannot run inside the preview (no scripts may run there, by design) and would wait for it
  // forever; what it holds is the sender's mail, not the console. The rest of the page is checked.
  await page.evaluate(() => document.querySelector('iframe[title="HTML preview of the message"]')?.remove());
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'Text', exact: true }).click();
  await expect(page.getByTestId('message-text')).toContainText('This is a test email sent from the sandbox.');
  await page.getByRole('tab', { name: 'Headers', exact: true }).click();
  await expect(
    page
      .getByRole('table', { name: 'Message headers' })
      .getByRole('row')
      .filter({ hasText: 'Subject' })
      .first(),
  ).toContainText('Hello from the e2e sandbox');
  await page.getByRole('tab', { name: 'Source', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Message source' })).toContainText(
    'Subject: Hello from the e2e sandbox',
  );

  // The attachment of the third message downloads through the console.
  await page.goto('/activity');
  await inbox.getByRole('link', { name: 'Invoice attached' }).click();
  await page.getByRole('tab', { name: 'Attachments (1)' }).click();
  const attachments = page.getByRole('table', { name: 'Attachments' });
  await expect(attachments).toContainText('invoice.txt');
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    attachments.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe('invoice.txt');

  // Delete all asks first, then the inbox is empty and says what to do next.
  await page.goto('/activity');
  await page.getByRole('button', { name: 'Delete all' }).click();
  await page.locator('sl-dialog[open]').getByRole('button', { name: 'Delete all' }).click();
  await expect(page.getByText('The sandbox inbox is empty')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send a test email from Configuration' })).toBeVisible();
  await screenshots(page, 'sandbox-inbox-empty');
  expect(violations).toEqual([]);
});
