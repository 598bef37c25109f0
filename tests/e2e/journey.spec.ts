import { authenticate } from 'mailauth';
import nodemailer from 'nodemailer';
import { createDnsResolver } from '../../server/src/dns/resolver.ts';
import { mailauthResolver } from '../../server/src/testing/mailauth-resolver.ts';
import { axeViolations, choose, screenshots } from './helpers.ts';
import { curlWords, hasCurl, runCurlSnippet } from './support/curl.ts';
import { type EngineServer, expect, test } from './support/engine-server.ts';

// A server of its own that really sends mail: account mail and production deliveries go to the MX
// the test DNS names, i.e. the test receiver.
test.use({ engineOptions: { env: { MAIL_MODE: 'deliver' } } });

const id = Date.now().toString(36);
const companyDomain = `journey-${id}.e2e.test`;
const customerDomain = `customer-${id}.e2e.test`;
const owner = `owner@${companyDomain}`;
const teammate = `dev@${companyDomain}`;
const customer = `alice@${customerDomain}`;
const password = 'Journey-pass1';

/** Both domains receive mail at the test receiver (MX → 127.0.0.1, port DELIVERY_PORT). */
function publishMailHosts(engine: EngineServer) {
  for (const domain of [companyDomain, customerDomain]) {
    engine.dns.set(domain, { MX: [{ exchange: `mx.${domain}`, priority: 10 }] });
    engine.dns.set(`mx.${domain}`, { A: ['127.0.0.1'] });
  }
}

/** The first link to `path` in the newest message the receiver got for `to` with this subject. */
async function linkInMail(engine: EngineServer, to: string, subject: RegExp, path: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const message = engine.receiver.messages
          .filter((candidate) => candidate.rcptTo.includes(to))
          .map((candidate) => candidate.raw.toString())
          .reverse()
          .find((raw) => subject.test(raw.replace(/=\r?\n/g, '')));
        const text = message?.replace(/=\r?\n/g, '').replace(/=3D/g, '=') ?? '';
        link = text.match(new RegExp(`https?://[^\\s"<>]+${path}[^\\s"<>]*`))?.[0] ?? '';
        return link;
      },
      { timeout: 20_000, message: `a mail to ${to} with a ${path} link` },
    )
    .not.toBe('');
  return new URL(link).pathname + new URL(link).search;
}

test('from sign-up to a delivered, DKIM-signed production email, in the browser', async ({
  page,
  engine,
}) => {
  test.setTimeout(300_000);
  publishMailHosts(engine);

  // ---- sign up, confirm from the mail, sign in ----
  await page.goto('/signup');
  await page.getByLabel('Work email').fill(owner);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Company').fill('Journey Ltd');
  await page.getByLabel('Phone').fill('+62 811 000 222');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  await page.goto(await linkInMail(engine, owner, /confirm/i, '/validate'));
  await expect(page.getByText(/confirmed|validated|verified/i).first()).toBeVisible();
  await page.goto('/login');
  await page.getByLabel('Email').fill(owner);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.locator('#getting-started').getByText('0 of 6 done')).toBeVisible();

  // ---- the sandbox: authorize a recipient, confirmed through its own mail ----
  await page.getByRole('link', { name: 'Add a recipient' }).click();
  await expect(page.getByRole('heading', { name: 'Configuration', exact: true })).toBeVisible();
  await page.getByLabel('Email addresses').fill(teammate);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('1 of 10 used')).toBeVisible();
  await page.goto(await linkInMail(engine, teammate, /Confirm test emails/, '/authorized-recipient/verify/'));
  await expect(page.getByText(`${teammate} is verified.`)).toBeVisible();

  // ---- a sandbox email from the UI, one with the shown curl snippet; both in the inbox ----
  await page.goto('/configuration');
  await page.getByLabel('Subject').fill('Journey: from the console');
  await page.getByRole('button', { name: 'Send test email' }).click();
  await expect(page.getByText('Test email accepted')).toBeVisible();
  await page.getByRole('button', { name: 'Create a key for these snippets' }).click();
  const curlBlock = page.getByRole('region', { name: 'curl', exact: true });
  await expect(curlBlock).not.toContainText('<YOUR_API_KEY>');
  await page.getByLabel('Subject').fill('Journey: from curl');
  await expect(curlBlock).toContainText('Journey: from curl');
  const snippet = (await curlBlock.locator('code').textContent()) ?? '';
  if (hasCurl()) {
    expect(runCurlSnippet(snippet)).toMatchObject({ results: { total_accepted_recipients: 1 } });
  } else {
    const words = curlWords(snippet);
    const response = await page.request.post(words[2] ?? '', {
      headers: {
        authorization: (words[4] ?? '').replace(/^Authorization: /, ''),
        'content-type': 'application/json',
      },
      data: words[8] ?? '',
    });
    expect(response.status()).toBe(200);
  }
  await page.goto('/activity');
  const inbox = page.getByRole('table', { name: 'Sandbox messages' });
  await expect(inbox.getByRole('row').filter({ hasText: 'Journey: from curl' })).toBeVisible();
  await expect(inbox.getByRole('row').filter({ hasText: 'Journey: from the console' })).toBeVisible();
  // Sandbox mail stays in the inbox: nothing reached the receiver for the teammate but the verification.
  expect(
    engine.receiver.messages.filter((message) => message.raw.toString().includes('Journey: from')),
  ).toHaveLength(0);

  // ---- profile and the switch to production, from a production area the sandbox points at ----
  await page.goto('/domain/add');
  await expect(page).toHaveURL(/\/switch-to-production-environment\?to=%2Fdomain%2Fadd$/);
  await expect(page.getByText('Add Domain is part of the production environment.')).toBeVisible();
  const profile = page.getByRole('form', { name: 'Company profile' });
  await profile.getByLabel('Company name').fill('Journey Ltd');
  await profile.getByLabel('Company phone').fill('+62 811 000 222');
  await choose(page, 'Industry', 'Software Company');
  await choose(page, 'Country', 'Indonesia');
  await profile.getByRole('button', { name: 'Save company profile' }).click();
  await page.getByRole('button', { name: 'Finish the welcome' }).click();
  await page.getByRole('button', { name: 'Switch to production now' }).click();
  await expect(page).toHaveURL(/\/domain\/add$/);

  // ---- a sending domain, published in DNS as the page says, verified ----
  await page.getByLabel('Domain', { exact: true }).fill(companyDomain);
  await page.getByRole('button', { name: 'Add domain' }).click();
  await expect(page.getByRole('heading', { name: 'Sending Domain Detail' })).toBeVisible();
  const field = (label: string) => page.getByLabel(label, { exact: true }).inputValue();
  engine.dns.set(await field('DKIM record host name'), { TXT: [await field('DKIM record value')] });
  // The SPF record shares the name with the MX published above.
  engine.dns.set(companyDomain, {
    MX: [{ exchange: `mx.${companyDomain}`, priority: 10 }],
    TXT: [await field('SPF record value')],
  });
  engine.dns.set(await field('DMARC record host name'), { TXT: [await field('DMARC record value')] });
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  for (const title of ['DKIM record', 'SPF record', 'DMARC record']) {
    await expect(
      page.getByRole('region', { name: title, exact: true }).getByText('Valid', { exact: true }),
    ).toBeVisible();
  }

  // ---- an API key for the code, shown once ----
  await page.goto('/api-key/create');
  await page.getByLabel('Label', { exact: true }).fill('Journey backend');
  await page.getByRole('button', { name: 'Sending only' }).click();
  await page.getByRole('button', { name: 'Create API key' }).click();
  const apiKey = await page.getByLabel('API key', { exact: true }).inputValue();
  expect(apiKey).toMatch(/^\S{20,}$/);

  // ---- the customer's code sends through the relay with that key ----
  const relay = nodemailer.createTransport({
    host: '127.0.0.1',
    port: engine.smtpPort,
    auth: { user: 'SMTP_Injection', pass: apiKey },
    tls: { rejectUnauthorized: false },
  });
  await relay.sendMail({
    from: `Journey Ltd <hello@${companyDomain}>`,
    to: customer,
    subject: 'Journey: your order has shipped',
    text: 'It is on its way.',
  });
  relay.close();

  // ---- delivered to the customer's MX, signed with the domain's DKIM key ----
  let delivered = '';
  await expect
    .poll(
      () => {
        delivered =
          engine.receiver.messages.find((message) => message.rcptTo.includes(customer))?.raw.toString() ?? '';
        return delivered;
      },
      { timeout: 60_000, message: 'the relayed message reached the customer' },
    )
    .toContain('Journey: your order has shipped');
  const auth = await authenticate(Buffer.from(delivered), {
    resolver: mailauthResolver(createDnsResolver([engine.dns.address])),
    trustReceived: false,
  });
  expect(auth.dkim.results.map((result) => [result.signingDomain, result.status.result])).toContainEqual([
    companyDomain,
    'pass',
  ]);

  // ---- the console agrees: every step of the checklist is done ----
  await page.goto('/analytic');
  await expect(page.locator('#getting-started').getByText('6 of 6 done')).toBeVisible({ timeout: 30_000 });
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'journey-home-done');
});
