import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';

/** A vendor's own page, on another origin, that embeds the tour with one module script. */
function vendorPage(consoleOrigin: string): string {
  const steps = JSON.stringify([
    { target: '#start', title: 'Start here', body: 'This button begins your order.' },
    { title: 'That is all', body: 'Enjoy the shop.' },
  ]);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vendor shop</title></head><body>
<main><h1>Vendor shop</h1><button id="start" type="button">Start</button></main>
<product-tour id="tour" steps='${steps}' done-label="Got it"></product-tour>
<script type="module" src="${consoleOrigin}/embed/product-tour.js"></script>
<script>
  const tour = document.getElementById('tour');
  document.getElementById('start').addEventListener('click', () => tour.setAttribute('open', 'true'));
  tour.addEventListener('finish', (event) => { document.title = 'finished after ' + event.detail.steps + ' steps'; });
</script></body></html>`;
}

let vendor: Server;
let vendorUrl = '';

test.beforeAll(async ({ baseURL }) => {
  const page = vendorPage(baseURL ?? '');
  vendor = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((done) => vendor.listen(0, '127.0.0.1', done));
  const address = vendor.address();
  vendorUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
});

test.afterAll(async () => {
  await new Promise((done) => vendor.close(done));
});

test('a vendor page on another origin embeds <product-tour> with one script tag', async ({ page }) => {
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(request.url()));
  await page.goto(vendorUrl);
  await page.getByRole('button', { name: 'Start' }).click();
  const card = page.getByRole('dialog', { name: 'Start here' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Step 1 of 2');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Got it' }).click();
  await expect(page).toHaveTitle('finished after 2 steps');
  expect(failed).toEqual([]);
});
