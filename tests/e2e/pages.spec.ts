import { chromium, type Page } from '@playwright/test';
import { axeViolations, createConfirmedAccount, runAdminIn, signInToConsole } from './helpers.ts';
import { axeOutsidePreviews } from './support/axe-outside-previews.ts';
import { canvasOf, dragBlock, fillSetting } from './support/email-editor.ts';
import { expect, test } from './support/engine-server.ts';
import { sessionHeaders } from './support/verified-domain.ts';

// Landing and thank-you pages (issue 26): a landing page built in the console with a form inside,
// published on the sites origin and on the company's own domain (routed by its Host header), a
// visitor's submission there landing on the thank-you page, and the visit in the page's report.
test.use({ engineOptions: { env: { APP_VARIANT: 'full', FORM_CAPTCHA_COST: '10' } }, actionTimeout: 20_000 });
test.setTimeout(180_000);

const shopDomain = 'shop.pages-e2e.test';

/** A visitor fills the sign-up form on a hosted page and submits it. */
async function signUpOn(visitor: Page, email: string) {
  const form = visitor.locator('signup-form');
  await form.getByLabel('Your email').fill(email);
  await form.getByRole('button', { name: 'Join' }).click();
}

test('pages: a landing page with its form, on its own origin and a custom domain, leads to the thank-you page and counts the visit', async ({
  page,
  request,
  engine,
}) => {
  const { email, password } = await createConfirmedAccount(request, 'pages');
  runAdminIn(engine.dataDir, 'set-plan', '--email', email, '--plan', 'UNLIMITED');
  await signInToConsole(page, email, password);
  await page.getByRole('button', { name: 'Accept' }).click();
  const headers = await sessionHeaders(page);

  // The thank-you page and the form, through the API: the landing page is built in the console.
  const thanks = await request.post('/v1/pages', {
    headers,
    data: { name: 'Thanks', category: 'THANK_YOU', permalink: 'thanks' },
  });
  expect(thanks.ok(), await thanks.text()).toBe(true);
  const thanksPage = (await thanks.json()).data;
  const thanksDesign = {
    ...thanksPage.design,
    blocks: [
      {
        id: 'thanks',
        type: 'html',
        style: {
          paddingY: 24,
          paddingX: 24,
          background: 'transparent',
          align: 'center',
          hideOnMobile: false,
        },
        props: { html: '<h1>Thank you for signing up</h1>' },
      },
    ],
  };
  expect(
    (await request.put(`/v1/pages/${thanksPage.pageId}`, { headers, data: { design: thanksDesign } })).ok(),
  ).toBe(true);
  expect(
    (await request.post(`/v1/pages/${thanksPage.pageId}/publish`, { headers, data: { publish: true } })).ok(),
  ).toBe(true);
  const form = await request.post('/v1/forms', {
    headers,
    data: {
      name: 'Spring list',
      components: [
        { id: 'email', type: 'inputText', setting: { title: 'Your email', required: true, field: 'email' } },
      ],
      settings: { submitBtnTitle: 'Join', redirectPageId: thanksPage.pageId },
      optin: false,
    },
  });
  expect(form.ok(), await form.text()).toBe(true);
  const formId = (await form.json()).data.formId;

  // The landing page, in the console: named, its permalink checked as typed, then built.
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Page', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Page', exact: true })).toBeVisible();
  const newPage = page.getByRole('form', { name: 'New page' });
  await newPage.getByLabel('Page name').fill('Spring sale');
  await newPage.getByLabel('Permalink').fill('thanks');
  await expect(newPage.getByText('This URL already exists')).toBeVisible();
  await newPage.getByLabel('Permalink').fill('spring-sale');
  await expect(newPage.getByText('Free to use')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await newPage.getByRole('button', { name: 'Create and build' }).click();
  await expect(page).toHaveURL(/\/page\/compose\/\d+$/);

  await dragBlock(page, 'form');
  const settings = page.getByTestId('settings-form');
  await settings.locator('sl-select').click();
  await page.getByRole('option', { name: 'Spring list (not published)' }).click();
  await expect(settings.getByRole('note')).toHaveText(
    'A form in a page must be published before the page is.',
  );
  await expect(canvasOf(page).getByTestId('form-block')).toHaveText('Form: Spring list');
  // The other page blocks, each with its "<Type> Setting" panel passing axe. The editor is made tall
  // enough to show each panel whole: axe takes a label scrolled out of a panel for a missing one.
  await page.addStyleTag({ content: 'email-editor { --email-editor-height: 6000px; }' });
  for (const type of [
    'textExpand',
    'testimonial',
    'navigation',
    'product',
    'payment',
    'code',
    'disqus',
    'googleMap',
    'podcast',
    'inlineImages',
    'carousel',
  ]) {
    await dragBlock(page, type);
    await expect(page.getByTestId(`settings-${type}`)).toBeVisible();
    expect({ type, violations: await axeOutsidePreviews(page) }).toEqual({ type, violations: [] });
  }
  // A popup row (§3): shown over the page when it opens, once per visit.
  await dragBlock(page, 'row');
  const popupSettings = page.getByTestId('popup-settings');
  await popupSettings.locator('sl-switch', { hasText: 'Show this row as a popup' }).click();
  await fillSetting(popupSettings, 'Delay', '0');
  const popupRow = canvasOf(page).locator('.ee-popup-row');
  await expect(popupRow.getByText('Popup · when the page opens')).toBeVisible();
  expect(await axeOutsidePreviews(page)).toEqual([]);
  await dragBlock(page, 'text', popupRow.getByTestId('column').first());
  // A ready-made section (§7 section templates): a row added whole, then edited like any other.
  await page.getByTestId('palette').getByRole('tab', { name: 'Sections' }).click();
  const heroes = page.getByTestId('palette').getByRole('region', { name: 'Hero' });
  await heroes.getByRole('button', { name: 'Headline with a button' }).click();
  await expect(canvasOf(page).getByText('Say what you offer in one line')).toBeVisible();
  expect(await axeOutsidePreviews(page)).toEqual([]);
  await page.getByTestId('palette').getByRole('tab', { name: 'Blocks', exact: true }).click();
  // The Code block's HTML and script run on the published page, in a sandboxed frame of their own.
  await canvasOf(page).getByRole('img', { name: 'Code: paste it in the settings' }).click();
  const code = page.getByTestId('settings-code');
  await code
    .getByLabel('HTML, CSS and scripts')
    .fill(
      '<p id="slot">Loading</p><script>document.getElementById("slot").textContent = "Booking ready"</script>',
    );
  await code.getByLabel('What it shows').fill('Booking');
  await page.getByTestId('editor-toolbar').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The page is saved.')).toBeVisible();
  // §8 48: a page is published only with its forms.
  await page.getByRole('button', { name: 'Publish', exact: true }).first().click();
  await expect(
    page.getByText('This page contains unpublished forms, please publish them first'),
  ).toBeVisible();
  expect((await request.post(`/v1/forms/${formId}/publish`, { headers, data: { publish: true } })).ok()).toBe(
    true,
  );
  await page.getByRole('button', { name: 'Publish', exact: true }).first().click();
  await expect(page.getByText('Spring sale is published.')).toBeVisible();
  const live = page.getByRole('link', { name: /\/spring-sale$/ });
  const liveUrl = (await live.getAttribute('href')) ?? '';
  expect(liveUrl.startsWith(`${engine.sitesURL}/`)).toBe(true);
  expect(await axeOutsidePreviews(page)).toEqual([]);

  // A visitor on the sites origin: no console cookie or session there; the form leads to the thank-you page.
  const visitor = await page.context().browser()?.newContext();
  if (!visitor) throw new Error('no browser');
  const visit = await visitor.newPage();
  const answer = await visit.goto(liveUrl);
  expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(visit).toHaveTitle('Spring sale');
  await expect(visit.getByRole('heading', { name: 'Say what you offer in one line' })).toBeVisible();
  const popup = visit.getByRole('dialog', { name: 'Popup' });
  await expect(popup.getByText('Tell your visitors what you offer', { exact: false })).toBeVisible();
  expect(await axeViolations(visit)).toEqual([]);
  await closePopup(visit);
  // Closed, it stays closed for the rest of the visit.
  await visit.reload({ waitUntil: 'load' });
  await visit.evaluate(() => new Promise((settled) => setTimeout(settled, 200)));
  await expect(popup).toBeHidden();
  await expect(visit.frameLocator('iframe[title="Booking"]').getByText('Booking ready')).toBeVisible();
  await expect(
    visit.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Shop' }),
  ).toBeVisible();
  await visit.getByText('How fast is delivery?').click();
  await expect(visit.getByText('Two working days, and returns are free for thirty days.')).toBeVisible();
  expect(await axeViolations(visit)).toEqual([]);
  await signUpOn(visit, 'visitor@example.com');
  await expect(visit).toHaveURL(
    `${engine.sitesURL}${new URL(liveUrl).pathname.replace('spring-sale', 'thanks')}`,
  );
  await expect(visit.getByRole('heading', { name: 'Thank you for signing up' })).toBeVisible();
  await visitor.close();

  // The company's own domain: added, its TXT record published, verified, made the default.
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Page Integration' })
    .click();
  await page.getByRole('form', { name: 'Add a domain' }).getByLabel('Domain').fill(shopDomain);
  await page.getByRole('button', { name: 'Add domain' }).click();
  const sites = await (await request.get('/v1/domains', { headers })).json();
  const added = sites.data.items[0];
  await expect(page.getByText(added.verification.value)).toBeVisible();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/The TXT record .* was not found/)).toBeVisible();
  engine.dns.set(added.verification.host, { TXT: [added.verification.value] });
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(`${shopDomain} is verified.`)).toBeVisible();
  await page.getByRole('button', { name: 'Make default' }).click();
  await expect(page.getByText('Verified, default')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // A browser that finds the shop's domain on this machine, as DNS would on the internet. Over plain
  // http a custom domain is not a secure page: the browser keeps Web Crypto from it, and the form
  // says so. Served over https (a proxy in front, in production), it works: the flag stands for that.
  const sitesPort = new URL(engine.sitesURL).port;
  const shopOrigin = `http://${shopDomain}:${sitesPort}`;
  const onShopDomain = async (secure: boolean) => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        `--host-resolver-rules=MAP ${shopDomain} 127.0.0.1`,
        ...(secure ? [`--unsafely-treat-insecure-origin-as-secure=${shopOrigin}`] : []),
      ],
    });
    const shopper = await browser.newPage();
    await shopper.goto(`${shopOrigin}/spring-sale`);
    await closePopup(shopper);
    await expect(shopper.locator('signup-form').getByLabel('Your email')).toBeVisible();
    return { browser, shopper };
  };
  const insecure = await onShopDomain(false);
  try {
    await signUpOn(insecure.shopper, 'shopper@example.com');
    await expect(insecure.shopper.getByText('This form works on secure (https) pages only')).toBeVisible();
  } finally {
    await insecure.browser.close();
  }
  const secure = await onShopDomain(true);
  try {
    await signUpOn(secure.shopper, 'shopper@example.com');
    await expect(secure.shopper).toHaveURL(`${shopOrigin}/thanks`);
    await expect(secure.shopper.getByRole('heading', { name: 'Thank you for signing up' })).toBeVisible();
  } finally {
    await secure.browser.close();
  }

  // The four views of the landing page (one a reload) are in its report (views are written a second later, in batches).
  const listed = await (await request.get('/v1/pages?search=spring', { headers })).json();
  const landing = listed.data.items[0];
  // The report counts the team's days (a new team is at UTC+07:00): the UTC day either side covers any zone.
  const utcDay = (shift: number) => new Date(Date.now() + shift * 86_400_000).toISOString().slice(0, 10);
  await expect
    .poll(async () => {
      const report = await request.get(
        `/v1/pages/${landing.pageId}/reports?start=${utcDay(-1)}&end=${utcDay(1)}`,
        {
          headers,
        },
      );
      return (await report.json()).data.visits;
    })
    .toBe(4);
  await page.goto(`/page/${landing.pageId}`);
  await expect(page.getByTestId('page-report-totals')).toContainText('4 visits');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'tests/test-results/page-report.png', fullPage: true });

  // The team's Google Analytics on its pages (not in the console): loaded from the sites origin.
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Page Integration' })
    .click();
  const pixels = page.getByRole('form', { name: 'Pixels' });
  await pixels.getByLabel('Google Analytics 4 measurement ID').fill('UA-1');
  await pixels.getByRole('button', { name: 'Save pixels' }).click();
  await expect(pixels.getByText('A Google Analytics 4 measurement ID looks like G-XXXXXXX')).toBeVisible();
  await pixels.getByLabel('Google Analytics 4 measurement ID').fill('G-SPRING01');
  await pixels.getByLabel('WhatsApp number').fill('+6281234567890');
  expect(await axeViolations(page)).toEqual([]);
  await pixels.getByRole('button', { name: 'Save pixels' }).click();
  await expect(page.getByText('The pixels are saved: your pages load them from now on.')).toBeVisible();
  await expect
    .poll(async () => (await request.get(liveUrl)).headers()['content-security-policy'] ?? '', {
      timeout: 10_000,
    })
    .toContain('https://www.googletagmanager.com');
  expect(await (await request.get(liveUrl)).text()).toContain('/embed/pixels/');
  // A visitor is asked first: Google's tag starts only once the cookies are accepted, and the
  // answer is kept for the site.
  const later = await page.context().browser()?.newContext();
  if (!later) throw new Error('no browser');
  const returning = await later.newPage();
  await returning.goto(liveUrl);
  await closePopup(returning);
  const consent = returning.getByRole('region', { name: 'Cookies' });
  await expect(consent).toContainText('This site uses cookies of Google Analytics');
  expect(await returning.evaluate(() => 'dataLayer' in window)).toBe(false);
  expect(await axeViolations(returning)).toEqual([]);
  await consent.getByRole('button', { name: 'Accept' }).click();
  await expect(consent).toHaveCount(0);
  expect(await returning.evaluate(() => 'dataLayer' in window)).toBe(true);
  await returning.reload();
  await expect.poll(() => returning.evaluate(() => 'dataLayer' in window)).toBe(true);
  await expect(returning.getByRole('region', { name: 'Cookies' })).toHaveCount(0);
  // The chat button: a link to the company's WhatsApp, nothing of WhatsApp's loaded.
  await expect(
    returning
      .getByRole('navigation', { name: 'Chat with us' })
      .getByRole('link', { name: 'Chat on WhatsApp' }),
  ).toHaveAttribute('href', 'https://wa.me/6281234567890');
  await later.close();
});

/** Closes the landing page's popup, as a visitor would before reading on. */
async function closePopup(visit: Page): Promise<void> {
  const popup = visit.getByRole('dialog', { name: 'Popup' });
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
}
