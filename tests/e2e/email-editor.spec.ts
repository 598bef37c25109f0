import type { APIRequestContext, Page } from '@playwright/test';
import { axeOutsidePreviews } from './support/axe-outside-previews.ts';
import {
  canvasOf,
  deliveredHtml,
  deliveringProductionAccount,
  dragBlock,
  fillSetting,
  journeyBlocks,
  sendTemplate,
  vendorApiKey,
} from './support/email-editor.ts';
import { type EngineServer, expect, test } from './support/engine-server.ts';
import { startVendorPortal } from './support/vendor-portal.ts';
import { sessionHeaders, verifiedSendingDomain } from './support/verified-domain.ts';

// A server of its own that really delivers: the designed template's mail reaches the test receiver.
test.use({ engineOptions: { env: { MAIL_MODE: 'deliver' } }, actionTimeout: 15_000 });
test.setTimeout(300_000);

/** The settings panel, when its heading names what it sets ("Global Setting", "<Type> Setting"). */
const panel = (page: Page, title: string) =>
  page.getByTestId('settings').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** A production company with a verified sending domain; its own domain's mail reaches the receiver. */
async function company(page: Page, request: APIRequestContext, engine: EngineServer, prefix: string) {
  const { id, domain } = await deliveringProductionAccount(page, request, engine, prefix);
  const headers = await sessionHeaders(page);
  await verifiedSendingDomain(request, engine, headers, domain);
  return { id, headers, from: `news@${domain}`, reader: `reader@${domain}` };
}

/**
 * The done-when journey inside one editor: thirteen block types dragged in, undo and redo, texts set
 * in the blocks' panels and in place, the message set in Global Setting, saved with Ctrl+S.
 */
async function designAndSave(page: Page, from: string, marker: string) {
  const canvas = canvasOf(page);
  await expect(canvas).toBeVisible();
  await expect(canvas.getByText('Drag blocks here')).toBeVisible();
  await expect(panel(page, 'Global Setting')).toBeVisible();

  for (const type of journeyBlocks) await dragBlock(page, type);
  const blocks = canvas.locator('[data-block-id]');
  await expect(blocks).toHaveCount(journeyBlocks.length);

  // Undo takes the last block away, redo brings it back.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(blocks).toHaveCount(journeyBlocks.length - 1);
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect(blocks).toHaveCount(journeyBlocks.length);

  // The button's label, in its panel.
  await canvas.locator('[data-block-type="button"]').click();
  const buttonPanel = panel(page, 'Button Setting');
  await expect(buttonPanel).toBeVisible();
  await fillSetting(buttonPanel, 'Button text', `Shop ${marker}`);
  await expect(canvas.locator('[data-block-type="button"]')).toContainText(`Shop ${marker}`);

  // The text, typed in place.
  await canvas.locator('[data-block-type="text"]').click();
  await expect(panel(page, 'Text Setting')).toBeVisible();
  const richText = canvas.locator(
    '[data-block-type="text"] [data-testid="rich-text"][contenteditable="true"]',
  );
  await richText.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(`Hello {{first_name}}, news ${marker}`);
  await expect(richText).toContainText(`news ${marker}`);

  // Nothing selected: Global Setting holds the message's subject and sender.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  const global = panel(page, 'Global Setting');
  await expect(global).toBeVisible();
  await fillSetting(global, 'Subject', `Newsletter ${marker}`);
  await fillSetting(global, 'From email', from);
  await fillSetting(global, 'From name', 'Acme News');

  await page.keyboard.press('Control+s');
}

/** What the delivered mail must hold: the blocks' own content and the engine-made images and links. */
function expectBlocksIn(html: string, marker: string) {
  expect(html).toContain(`Shop ${marker}`);
  expect(html).toContain(`news ${marker}`);
  expect(html).toContain('WELCOME10');
  expect(html).toContain('/generator/v1/qrcode.png');
  expect(html).toContain('/generator/v1/barcode.png');
  expect(html).toContain('/generator/v1/chart.png');
  expect(html).toContain('/generator/v1/countdown.png');
  expect(html).toContain('Google Calendar');
  expect(html).toContain('Apple / Outlook (.ics)');
  // MJML's output: tables for Outlook, a media query for phones.
  expect(html).toContain('<!--[if mso');
  expect(html).toContain('@media');
}

test('the console: design a template from blocks, save with Ctrl+S, publish, send it by template_id', async ({
  page,
  request,
  engine,
}) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const { id, headers, from, reader } = await company(page, request, engine, 'editor');
  const templateId = `news-${id}`;

  await page.goto('/template/add');
  await page.getByRole('button', { name: 'Design with the editor' }).click();
  await expect(page).toHaveURL(/\/template\/add\?editor=design$/);
  await page.getByLabel('Template ID').fill(templateId);
  await page.getByLabel('Name', { exact: true }).fill(`News ${id}`);
  await page.getByRole('button', { name: 'Open the editor' }).click();

  await designAndSave(page, from, id);
  // The first save made the template; the page moves on to its edit page, still in the editor.
  await expect(page).toHaveURL(new RegExp(`/template/edit/${templateId}\\?editor=design$`), {
    timeout: 20_000,
  });
  await expect(page.getByText('Draft saved.')).toBeVisible();
  const stored = await request.get(`/api/v1/templates/${templateId}?draft=true`, { headers });
  expect(stored.ok(), await stored.text()).toBe(true);
  const draft = (await stored.json()).results;
  expect(draft.name).toBe(`News ${id}`);
  expect(draft.content.subject).toBe(`Newsletter ${id}`);
  expect(draft.content.text).toContain(`news ${id}`);

  // Every panel of the editor passes axe: Global Setting and each block's. The editor is made tall
  // enough to show each panel whole: axe takes a label scrolled out of a panel for a missing one.
  await page.addStyleTag({ content: 'email-editor { --email-editor-height: 6000px; }' });
  await expect(canvasOf(page).locator('[data-block-id]')).toHaveCount(journeyBlocks.length);
  expect(await axeOutsidePreviews(page)).toEqual([]);
  for (const type of journeyBlocks) {
    await canvasOf(page)
      .locator(`[data-block-type="${type}"]`)
      .first()
      .click({ position: { x: 4, y: 4 } });
    await expect(page.getByTestId(`settings-${type}`)).toBeVisible();
    expect({ type, violations: await axeOutsidePreviews(page) }).toEqual({ type, violations: [] });
  }
  await page.screenshot({ path: 'tests/test-results/email-editor-console.png', fullPage: true });

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Template published.')).toBeVisible({ timeout: 20_000 });

  const key = await vendorApiKey(request, headers);
  const sent = await sendTemplate(request, key, templateId, reader);
  expect(sent.status, sent.body).toBe(200);
  expectBlocksIn(await deliveredHtml(engine, reader), id);

  // The template's page hands out the embed code for a vendor's site, with a token shown once.
  await page.goto(`/template/${templateId}`);
  await page.getByRole('button', { name: 'Create an embed token' }).click();
  const code = page.getByRole('region', { name: 'Embed code' });
  await expect(code).toContainText(`template-id="${templateId}"`);
  await expect(code).toContainText('/embed/email-editor.js');
  const token = ((await code.textContent()) ?? '').match(/token="(emb_[^"]+)"/)?.[1] ?? '';
  const session = await request.get('/embed/v1/session', { headers: { authorization: `Bearer ${token}` } });
  expect((await session.json()).results.template_id).toBe(templateId);
  // It is listed (newest first) among the template's tokens that work now, and revoked after a confirmation.
  const tokens = page.getByRole('table', { name: 'Embed tokens of this template' });
  await expect(tokens.getByRole('row').nth(1)).toContainText('A console session');
  expect(await axeOutsidePreviews(page)).toEqual([]);
  await tokens.getByRole('button', { name: 'Revoke' }).first().click();
  await page.getByRole('button', { name: 'Revoke token' }).click();
  await expect
    .poll(async () => {
      const answer = await request.get('/embed/v1/session', {
        headers: { authorization: `Bearer ${token}` },
      });
      return answer.status();
    })
    .toBe(401);
});

test('a vendor portal on another origin embeds <email-editor> with a token, saves, publishes and sends', async ({
  page,
  request,
  engine,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const { id, headers, from, reader } = await company(page, request, engine, 'portal');
  const templateId = `portal-${id}`;
  // The vendor's server holds an API key and mints a token for this one template.
  const key = await vendorApiKey(request, headers);
  const minted = await request.post('/api/v1/embed-tokens', {
    headers: { authorization: key },
    data: { template_id: templateId, ttl_seconds: 600 },
  });
  expect(minted.ok(), await minted.text()).toBe(true);
  const portal = await startVendorPortal({
    engine: baseURL ?? '',
    token: (await minted.json()).results.token,
    templateId,
    send: () => sendTemplate(request, key, templateId, reader),
  });
  try {
    // What the portal and the embedded editor ask for must all load (the console's own requests,
    // cut short when the page leaves it for the portal, are not the portal's).
    const failed: string[] = [];
    const portalOrigin = new URL(portal.url).origin;
    page.on('requestfailed', (failure) => {
      const url = failure.url();
      if (url.startsWith(portalOrigin) || url.includes('/embed/')) failed.push(url);
    });
    await page.goto(portal.url);
    await expect(page.getByRole('status').filter({ hasText: 'Designer ready' })).toBeVisible();
    await designAndSave(page, from, id);
    await expect(page.getByText('Saved revision 1')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText(/Published revision \d+/)).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: 'tests/test-results/email-editor-portal.png', fullPage: true });
    await page.getByRole('button', { name: 'Send to my test address' }).click();
    await expect(page.getByText('Sent', { exact: true })).toBeVisible();
    expectBlocksIn(await deliveredHtml(engine, reader), id);
    expect(failed).toEqual([]);
  } finally {
    await portal.close();
  }
});

test('the editor does not open in a window narrower than 1024px', async ({ page, request, engine }) => {
  await page.setViewportSize({ width: 1000, height: 900 });
  const { id } = await company(page, request, engine, 'narrow');
  await page.goto('/template/add?editor=design');
  await page.getByLabel('Template ID').fill(`narrow-${id}`);
  await page.getByLabel('Name', { exact: true }).fill(`Narrow ${id}`);
  await page.getByRole('button', { name: 'Open the editor' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The editor cannot open on a screen narrower than 1024px.' }),
  ).toBeVisible();
  await expect(canvasOf(page)).toHaveCount(0);
  // Wide enough again: it opens.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(canvasOf(page)).toBeVisible();
});
