import { defaultDesign } from '@app/contract/editor/default-design';
import { pageDesign } from '@app/contract/editor/design';
import { expect, type Page, test } from '@playwright/test';
import mjml2html from 'mjml';
import { designToMjml } from '../../server/src/content/email-designs/render/design-to-mjml.ts';
import { createGeneratorUrls } from '../../server/src/content/generators/generator-urls.ts';
import { popupLoader } from '../../server/src/marketing/pages/hosting/popup-loader.ts';
import { textRow } from '../../server/src/testing/design-rows.ts';

// The popup rows' scroll and exit triggers in a real browser: a tall page rendered as the sites
// publish it, with /embed/popup.js loaded from the page's own origin (served here by the browser's
// router, so the page has an origin and its sessionStorage).
const origin = 'http://popups.e2e.test';
async function publishedPage(): Promise<string> {
  const filler = Array.from({ length: 40 }, (_, index) =>
    textRow(`part-${index}`, `<p>Part ${index + 1} of the spring collection.</p>`),
  );
  const design = pageDesign.parse({
    ...defaultDesign(),
    blocks: [
      ...filler,
      textRow('halfway', '<p>Halfway there: take ten percent off.</p>', {
        trigger: 'scroll',
        scrollPercent: 50,
      }),
      textRow('leaving', '<p>Leaving already? Join the list.</p>', { trigger: 'exit' }),
    ],
  });
  const urls = createGeneratorUrls({ publicUrl: `${origin}/`, secret: 'e2e-secret' });
  const { html } = await mjml2html(designToMjml(design, urls).mjml, { validationLevel: 'strict' });
  return html.replace('</head>', '<script src="/embed/popup.js" defer></script></head>');
}

async function openSite(page: Page, html: string) {
  await page.route(`${origin}/**`, (route) =>
    new URL(route.request().url()).pathname === '/embed/popup.js'
      ? route.fulfill({ contentType: 'text/javascript', body: popupLoader })
      : route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
  );
  await page.goto(`${origin}/spring`, { waitUntil: 'load' });
}

/** Scrolls to `share` of the page's scrollable height and lets the scroll event arrive. */
async function scrollPageTo(page: Page, share: number) {
  await page.evaluate((to) => {
    window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * to);
  }, share);
  await page.evaluate(() => new Promise((settled) => requestAnimationFrame(() => setTimeout(settled, 100))));
}

test('a scroll popup opens past its share of the page, an exit popup when the pointer leaves through the top, each once a visit', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 600 });
  await openSite(page, await publishedPage());
  const halfway = page.getByRole('dialog').filter({ hasText: 'Halfway there' });
  const leaving = page.getByRole('dialog').filter({ hasText: 'Leaving already?' });

  await scrollPageTo(page, 0.3);
  await expect(halfway).toBeHidden();
  await scrollPageTo(page, 0.6);
  await expect(halfway).toBeVisible();
  // While one popup shows, the other waits: leaving through the top now opens nothing.
  await page.mouse.move(500, 300);
  await page.mouse.move(500, -10);
  await expect(leaving).toBeHidden();
  await halfway.getByRole('button', { name: 'Close' }).click();
  await expect(halfway).toBeHidden();
  await scrollPageTo(page, 0.1);
  await scrollPageTo(page, 0.9);
  await expect(halfway).toBeHidden();

  // The pointer leaving through the window's top again: the exit popup, which had waited its turn.
  await page.mouse.move(500, 300);
  await page.mouse.move(500, -10);
  await expect(leaving).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(leaving).toBeHidden();

  // Closed once, neither opens again on this visit, after a reload too.
  await page.reload({ waitUntil: 'load' });
  await scrollPageTo(page, 0.9);
  await page.mouse.move(500, 300);
  await page.mouse.move(500, -10);
  await page.evaluate(() => new Promise((settled) => setTimeout(settled, 300)));
  await expect(halfway).toBeHidden();
  await expect(leaving).toBeHidden();
});
