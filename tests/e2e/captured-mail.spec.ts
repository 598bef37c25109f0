import { expect, test } from '@playwright/test';
import { operatorMailLink } from './helpers.ts';

const email = `captured-${Date.now()}@example.com`;
const longAddress = `a-very-long-local-part-${'x'.repeat(40)}-${Date.now()}@example.com`;

test.beforeAll(async ({ request }) => {
  for (const address of [email, longAddress]) {
    await request.post('/v1/register', {
      data: { email: address, password: 'Captured-pass1', company: 'Captured Co', phone: '+62 811 000 222' },
    });
  }
});

test('on a 390px phone the messages stay openable and their text stays inside its card', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(operatorMailLink());
  const row = page.getByRole('row').filter({ hasText: longAddress });
  // A click fails when another element covers the button.
  await row.getByRole('button', { name: /confirm/i }).click();
  const message = page.getByRole('article', { name: 'Message' });
  await expect(message.locator('pre')).toContainText('/validate?token=');
  const overflow = await message.evaluate((card) => {
    const text = card.querySelector('pre') as HTMLElement;
    return {
      card: card.getBoundingClientRect().right,
      text: text.getBoundingClientRect().right,
      textScrolls: text.scrollWidth > text.clientWidth,
      page: document.documentElement.scrollWidth,
    };
  });
  expect(overflow.textScrolls).toBe(false);
  expect(overflow.text).toBeLessThanOrEqual(overflow.card);
  expect(overflow.page).toBeLessThanOrEqual(390);
});

test('without a session or the operator link nobody reads the mail', async ({ page }) => {
  await page.goto('/captured-mail');
  await expect(page.getByText('Captured mail is private.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.goto('/captured-mail?key=guessed');
  await expect(page.getByRole('alert').filter({ hasText: 'not valid' })).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
});
