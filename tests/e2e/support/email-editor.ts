import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { signInToConsole } from '../helpers.ts';
import type { EngineServer } from './engine-server.ts';
import { moveToProduction } from './production-account.ts';

/** The editor's canvas (inside the element's open shadow root: Playwright's locators pierce it). */
export const canvasOf = (page: Page) => page.getByTestId('canvas');

/**
 * Drags a block type from the palette onto the canvas with the mouse, as a person would: press,
 * move a few pixels (the drag starts after 5 px), travel to the gap after the last block (or into
 * the column `into`), release.
 */
export async function dragBlock(page: Page, type: string, into?: Locator): Promise<void> {
  const canvas = canvasOf(page);
  const blocks = canvas.locator('[data-block-id]');
  const before = await blocks.count();
  // One gap before each top-level block and one after the last (blocks in columns have none).
  const topLevel = Math.max(0, (await canvas.locator('[data-testid^="drop-zone-"]').count()) - 1);
  const target = into ?? canvas.getByTestId(topLevel === 0 ? 'canvas-empty' : `drop-zone-${topLevel}`);
  const inTarget = into ? await into.locator(`[data-block-type="${type}"]`).count() : 0;
  // The engine-made images of the blocks already there come first: each one moves the gaps below it.
  await expect(canvas.getByText(/preview appears in a moment/)).toHaveCount(0);
  await canvas.evaluate((element) =>
    Promise.all(
      [...element.querySelectorAll('img')]
        .filter((image) => !image.complete)
        .map(
          (image) =>
            new Promise((settled) => {
              image.addEventListener('load', settled, { once: true });
              image.addEventListener('error', settled, { once: true });
            }),
        ),
    ),
  );
  await target.scrollIntoViewIfNeeded();
  const tile = page.locator(`[data-block-type="${type}"]`).first();
  await tile.scrollIntoViewIfNeeded();
  const from = await tile.boundingBox();
  if (!from || !(await target.boundingBox()))
    throw new Error(`cannot drag ${type}: palette tile or drop zone not visible`);
  // Measured again just before the release: an engine-made image loading meanwhile moves the gap.
  const landing = async () => {
    const to = await target.boundingBox();
    if (!to) throw new Error(`cannot drag ${type}: the drop zone went away`);
    return { x: to.x + to.width / 2, y: to.y + to.height / 2 };
  };
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 6, { steps: 3 });
  const near = await landing();
  await page.mouse.move(near.x, near.y, { steps: 12 });
  const at = await landing();
  await page.mouse.move(at.x, at.y + 1, { steps: 2 });
  await page.mouse.up();
  await expect(blocks).toHaveCount(before + 1);
  if (into) await expect(into.locator(`[data-block-type="${type}"]`)).toHaveCount(inTarget + 1);
  else await expect(blocks.last()).toHaveAttribute('data-block-type', type);
}

/** The block types of the done-when journey: more than ten, with every engine-made kind among them. */
export const journeyBlocks = [
  'header',
  'text',
  'image',
  'button',
  'separator',
  'social',
  'table',
  'qrcode',
  'barcode',
  'chart',
  'countdown',
  'calendar',
  'voucher',
] as const;

/** Fills one labelled field of the settings panel (Shoelace inputs and native ones alike). */
export async function fillSetting(panel: Locator, label: string, value: string): Promise<void> {
  const field = panel.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.press('Tab');
}

/** MX records sending every recipient of `domain` to the engine's test receiver. */
export function receiveMailFor(engine: EngineServer, domain: string): void {
  engine.dns.set(domain, { MX: [{ exchange: `mx.${domain}`, priority: 10 }] });
  engine.dns.set(`mx.${domain}`, { A: ['127.0.0.1'] });
}

/** The HTML of the newest message the receiver got for `to` (decoded from its MIME). */
export async function deliveredHtml(engine: EngineServer, to: string): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        const message = engine.receiver.messages.findLast((received) => received.rcptTo.includes(to));
        if (!message) return '';
        html = String((await simpleParser(message.raw)).html || '');
        return html;
      },
      { timeout: 60_000 },
    )
    .not.toBe('');
  return html;
}

/** An API key of the signed-in company with the grants a vendor's server needs. */
export async function vendorApiKey(
  request: APIRequestContext,
  headers: { authorization: string },
): Promise<string> {
  const created = await request.post('/api/v1/api-keys', {
    headers,
    data: { label: 'vendor portal', grants: ['templates/modify', 'templates/view', 'transmissions/modify'] },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()).results.key as string;
}

/** Sends a stored template by id through `/api/v1/transmissions` with an API key. */
export async function sendTemplate(
  request: APIRequestContext,
  key: string,
  templateId: string,
  to: string,
): Promise<{ status: number; body: string }> {
  const answer = await request.post('/api/v1/transmissions', {
    headers: { authorization: key },
    data: { recipients: [{ address: { email: to } }], content: { template_id: templateId } },
  });
  return { status: answer.status(), body: await answer.text() };
}

/** The first `path` link of the newest mail the receiver got for `to`. */
export async function linkDeliveredTo(engine: EngineServer, to: string, path: string): Promise<URL> {
  let link = '';
  await expect
    .poll(
      async () => {
        const message = engine.receiver.messages.findLast((received) => received.rcptTo.includes(to));
        const text = message ? String((await simpleParser(message.raw)).text ?? '') : '';
        link = text.match(new RegExp(`https?://[^\\s"<>\\]]+${path}[^\\s"<>\\]]*`))?.[0] ?? '';
        return link;
      },
      { timeout: 30_000, message: `a mail to ${to} with a ${path} link` },
    )
    .not.toBe('');
  return new URL(link);
}

/**
 * A production account on a server that delivers (its confirmation mail reaches the receiver, not
 * the captured-mail store), signed in to the console; its domain's mail reaches the receiver too.
 */
export async function deliveringProductionAccount(
  page: Page,
  request: APIRequestContext,
  engine: EngineServer,
  prefix: string,
): Promise<{ id: string; domain: string }> {
  const id = `${prefix}${Date.now().toString(36)}`;
  const domain = `${id}.e2e.test`;
  receiveMailFor(engine, domain);
  const email = `owner@${domain}`;
  const password = 'Confirmed-pass1';
  const registered = await request.post('/v1/register', {
    data: { email, password, company: `${prefix} Co`, phone: '+62 811 000 111' },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const link = await linkDeliveredTo(engine, email, '/validate');
  await request.post('/v1/validate', { data: { token: link.searchParams.get('token') } });
  await signInToConsole(page, email, password);
  await page.getByRole('button', { name: 'Accept' }).click();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await moveToProduction(request, token ?? '', `${prefix} Co`);
  return { id, domain };
}
