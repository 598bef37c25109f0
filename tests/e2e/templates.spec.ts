import type { Page } from '@playwright/test';
import { screenshots } from './helpers.ts';
import { axeOutsidePreviews } from './support/axe-outside-previews.ts';
import { curlWords } from './support/curl.ts';
import { expect, test } from './support/engine-server.ts';
import { productionAccount } from './support/production-account.ts';
import { sessionHeaders, verifiedSendingDomain } from './support/verified-domain.ts';

test.setTimeout(240_000);

/** A CodeMirror editor by its accessible name: all its text replaced (one insertion, as a paste). */
async function replaceCode(page: Page, name: string, code: string) {
  const editor = page.getByRole('textbox', { name, exact: true });
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(code);
  await expect(editor).toContainText(code.slice(0, 20));
}

const previewFrame = (page: Page, title: string) => page.frameLocator(`iframe[title="${title}"]`);

test('templates: write with the live preview, draft, publish, send with the snippet, search, delete', async ({
  page,
  request,
  engine,
}) => {
  const id = Date.now().toString(36);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await productionAccount(page, request, 'templates', 'Templates Co');
  const headers = await sessionHeaders(page);
  const domain = `tpl-${id}.e2e.test`;
  await verifiedSendingDomain(request, engine, headers, domain);

  // None yet: the empty state says what a template is for.
  await page.goto('/template');
  await expect(page.getByRole('heading', { name: 'Template', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No templates yet' })).toBeVisible();
  expect(await axeOutsidePreviews(page)).toEqual([]);
  await page.getByRole('link', { name: 'Add template' }).click();
  await expect(page).toHaveURL(/\/template\/add$/);
  await expect(page.getByRole('heading', { name: 'Add Template', exact: true })).toBeVisible();
  const html = page.getByRole('textbox', { name: 'HTML', exact: true });
  await expect(html).toBeVisible();

  // Nothing is sent before the required fields are there.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('A name is required')).toBeVisible();
  await expect(page.getByText('Write the HTML or the text version')).toBeVisible();

  const templateId = `welcome-${id}`;
  await page.getByLabel('Template ID').fill(templateId);
  await page.getByLabel('Name', { exact: true }).fill(`Welcome ${id}`);
  await page.getByLabel('From email').fill(`hello@${domain}`);
  await page.getByLabel('From name (optional)').fill('Acme');
  await page.getByLabel('Subject').fill('Welcome {{first_name}}');
  await replaceCode(page, 'HTML', '<h1>Hello {{first_name}}</h1><p>Your plan: {{plan}}</p>');
  // Typed key by key: the editor closes the braces and steps over them.
  await page.getByRole('textbox', { name: 'Text', exact: true }).click();
  await page.keyboard.type('Hello {{first_name}}');
  await expect(page.getByRole('textbox', { name: 'Text', exact: true })).toHaveText('Hello {{first_name}}');
  await replaceCode(page, 'Sample substitution data (JSON)', '{"first_name": "Ada", "plan": "Pro"}');

  // The engine renders it with the sample data.
  const preview = previewFrame(page, 'Preview of the template');
  await expect(preview.getByRole('heading', { name: 'Hello Ada' })).toBeVisible();
  await expect(preview.getByText('Your plan: Pro')).toBeVisible();
  await expect(page.getByTestId('rendered-message')).toContainText('Welcome Ada');
  await expect(page.getByTestId('rendered-message')).toContainText(`Acme <hello@${domain}>`);
  await screenshots(page, 'templates-editor');
  expect(await axeOutsidePreviews(page)).toEqual([]);

  // A substitution syntax error: the engine's own words, as the API answers them.
  const broken = '<h1>Hello {{first_name}</h1>';
  await replaceCode(page, 'HTML', broken);
  const answer = await request.post('/api/v1/utils/content-previewer', {
    headers,
    data: { content: { html: broken }, substitution_data: { first_name: 'Ada' } },
  });
  const refusal = (await answer.json()).errors[0];
  expect(refusal.code).toBe('3000');
  const error = page.getByTestId('preview-error');
  await expect(error).toContainText(refusal.message);
  await expect(error).toContainText(refusal.description);
  await expect(error).toContainText('(html');
  await screenshots(page, 'templates-editor-syntax-error');
  // Invalid sample data is caught before the engine is asked.
  await replaceCode(page, 'Sample substitution data (JSON)', '{"first_name": ');
  await expect(error).toContainText('The sample data is not valid JSON');
  await replaceCode(page, 'Sample substitution data (JSON)', '{"first_name": "Ada", "plan": "Pro"}');
  await replaceCode(page, 'HTML', '<h1>Hello {{first_name}}</h1><p>Your plan: {{plan}}</p>');
  await expect(error).toHaveCount(0);
  await expect(preview.getByText('Your plan: Pro')).toBeVisible();

  // Ctrl+S saves a draft; the editor moves to the stored template.
  await page.keyboard.press('Control+S');
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/template/edit/${templateId}$`));
  await expect(page.getByRole('heading', { name: 'Edit Template', exact: true })).toBeVisible();
  await expect(
    page.getByText('This template is a draft: publish it to use it in transmissions.'),
  ).toBeVisible();
  await expect(page.getByLabel('Template ID')).toHaveValue(templateId);
  expect(await axeOutsidePreviews(page)).toEqual([]);

  // Listed as a draft; a second template to search among.
  const other = await request.post('/api/v1/templates', {
    headers,
    data: {
      id: `reset-${id}`,
      name: `Password reset ${id}`,
      published: true,
      content: { from: `hello@${domain}`, subject: 'Reset', text: 'Reset it' },
    },
  });
  expect(other.ok(), await other.text()).toBe(true);
  await page.goto('/template');
  const row = page.getByRole('row').filter({ hasText: templateId });
  await expect(row).toContainText(`Welcome ${id}`);
  await expect(row).toContainText('Draft');
  await expect(page.getByRole('row').filter({ hasText: `reset-${id}` })).toContainText('Published');
  expect(await axeOutsidePreviews(page)).toEqual([]);
  await screenshots(page, 'templates-list');
  await page.getByLabel('Search by name or ID').fill('PASSWORD');
  await expect(page.getByRole('row').filter({ hasText: `reset-${id}` })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('1 of 2 templates')).toBeVisible();
  await page.getByLabel('Search by name or ID').fill(`welcome-${id}`);
  await expect(row).toBeVisible();
  await page.getByLabel('Search by name or ID').fill('nothing-like-it');
  await expect(page.getByRole('heading', { name: 'No template matches' })).toBeVisible();

  // Publish from the editor: the created page shows how to send it.
  await page.goto(`/template/edit/${templateId}`);
  await expect(preview.getByText('Your plan: Pro')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(new RegExp(`/template/created/${templateId}$`));
  await expect(page.getByRole('heading', { name: 'Template Created', exact: true })).toBeVisible();
  await expect(page.getByText(`Welcome ${id} is published`)).toBeVisible();
  expect(await axeOutsidePreviews(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create a key for this snippet' }).click();
  const key = await page.getByLabel('New API key', { exact: true }).inputValue();
  const snippet = page.getByRole('region', { name: 'curl' });
  await expect(snippet).toContainText(key);
  await screenshots(page, 'templates-created');

  // The snippet works: sent as the shell would read it.
  const words = curlWords((await snippet.textContent()) ?? '');
  const url = words[words.indexOf('-X') + 2] ?? '';
  const sent = await request.post(url, {
    headers: { authorization: key, 'content-type': 'application/json' },
    data: words[words.indexOf('-d') + 1],
  });
  expect(sent.status(), await sent.text()).toBe(200);
  expect((await sent.json()).results.total_accepted_recipients).toBe(1);
  // Its message was made from the template with the recipient's data, and delivered.
  await expect
    .poll(
      async () => {
        const found = await request.get(
          `/api/v1/events/message?templates=${templateId}&events=delivery&recipients=recipient@example.com`,
          { headers },
        );
        return ((await found.json()).results ?? []).map((event: { subject: string }) => event.subject);
      },
      { timeout: 30_000 },
    )
    .toEqual(['Welcome Ada']);

  // Detail: the published version rendered by the engine with the stored sample data.
  await page.getByRole('link', { name: 'View template' }).click();
  await expect(page.getByRole('heading', { name: 'Template Detail', exact: true })).toBeVisible();
  await expect(previewFrame(page, `Preview of Welcome ${id}`).getByText('Your plan: Pro')).toBeVisible();
  await expect(page.getByText(`hello@${domain}`).first()).toBeVisible();
  expect(await axeOutsidePreviews(page)).toEqual([]);

  // Delete, after a confirmation.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this template?' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete template' }).click();
  await expect(page).toHaveURL(/\/template$/);
  await expect(page.getByText(`Template Welcome ${id} deleted.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `reset-${id}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: templateId })).toHaveCount(0);
  const gone = await request.get(`/api/v1/templates/${templateId}`, { headers });
  expect(gone.status()).toBe(404);
});
