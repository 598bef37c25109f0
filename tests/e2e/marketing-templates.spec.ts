import { capturedMailText, createConfirmedAccount, linkIn, runAdminIn, signInToConsole } from './helpers.ts';
import { axeOutsidePreviews } from './support/axe-outside-previews.ts';
import { expect, test } from './support/engine-server.ts';

// The Template Manager (issue 26): a featured page template used, the page saved as a template of
// the company's, that template shared by email and added by another company from the mail's link,
// and a form template copied and designed in the form builder.
test.use({ engineOptions: { env: { APP_VARIANT: 'full' } }, actionTimeout: 20_000 });
test.setTimeout(150_000);

/** A PNG the server takes for one (its signature, then bytes). */
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);

test('templates: use a featured one, save a page as a template, share it by email, design a form template', async ({
  page,
  request,
  engine,
  browser,
}) => {
  const owner = await createConfirmedAccount(request, 'templates');
  const friend = await createConfirmedAccount(request, 'template-friend');
  for (const { email } of [owner, friend])
    runAdminIn(engine.dataDir, 'set-plan', '--email', email, '--plan', 'UNLIMITED');
  await signInToConsole(page, owner.email, owner.password);
  await page.getByRole('button', { name: 'Accept' }).click();

  // The featured page templates, as cards; one makes a page that opens in the page builder.
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Template Manager', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Template Manager', exact: true })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Template kinds' })
    .getByRole('link', { name: 'Page templates' })
    .click();
  await expect(page.getByText('No page templates yet')).toBeVisible();
  await page.getByRole('button', { name: 'See the featured ones' }).click();
  const launch = page.getByRole('listitem', { name: 'Product launch' });
  await expect(launch.locator('iframe[title="Preview of Product launch"]')).toBeVisible();
  expect(await axeOutsidePreviews(page)).toEqual([]);
  await launch.getByRole('button', { name: 'Use this template' }).click();
  await expect(page).toHaveURL(/\/page\/compose\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Product launch' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Permalink' })).toHaveValue('product-launch');

  // §4 save as template, from the page's own screen.
  await page.getByRole('link', { name: 'Report and sharing' }).click();
  await page.getByRole('button', { name: 'Save as template' }).click();
  // A dialog's fields are slotted into it, not inside its shadow panel: found on the page.
  await expect(page.getByRole('dialog', { name: 'Save as template' })).toBeVisible();
  await page.getByLabel('Template name').fill('Launch kit');
  await page.getByLabel('Template name').press('Enter');
  await expect(page.getByText('Launch kit is saved in the Template Manager.')).toBeVisible();
  await expect(page).toHaveURL(/\/template-manager\?type=page$/);
  const kit = page.getByRole('listitem', { name: 'Launch kit' });
  await expect(kit).toBeVisible();
  expect(await axeOutsidePreviews(page)).toEqual([]);

  // §7 change template: another page takes the template's content and keeps its own address.
  await page.goto('/page');
  const newPage = page.getByRole('form', { name: 'New page' });
  await newPage.getByLabel('Page name').fill('Autumn');
  await newPage.getByRole('button', { name: 'Create and build' }).click();
  await expect(page).toHaveURL(/\/page\/compose\/\d+$/);
  await page.getByRole('link', { name: 'Report and sharing' }).click();
  await page.getByRole('button', { name: 'Change template' }).click();
  await expect(page.getByRole('dialog', { name: 'Change template' })).toBeVisible();
  await page.getByLabel('Page template').selectOption({ label: 'Launch kit' });
  await page.getByRole('button', { name: 'Change template' }).last().click();
  await expect(page.getByText("Autumn has the template's content.")).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Permalink' })).toHaveValue('autumn');
  await page.goto('/template-manager?type=page');

  // Shared by email: the friend's mail carries a link that adds a copy to the friend's company, once.
  await kit.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('dialog', { name: 'Share Launch kit' })).toBeVisible();
  await page.getByLabel('Email address').fill(friend.email);
  await page.getByLabel('Email address').press('Enter');
  await expect(page.getByText(`Template shared with ${friend.email}.`)).toBeVisible();
  const link = linkIn(
    await capturedMailText(request, friend.email, /shared a template/),
    '/template-manager',
  );
  const other = await browser.newContext({ baseURL: engine.baseURL });
  const friendPage = await other.newPage();
  await signInToConsole(friendPage, friend.email, friend.password);
  await friendPage.goto(new URL(link).pathname + new URL(link).search);
  await friendPage.getByRole('button', { name: 'Add it to my templates' }).click();
  await expect(friendPage.getByText('Launch kit is added to your templates.')).toBeVisible();
  await expect(friendPage.getByRole('listitem', { name: 'Launch kit' })).toBeVisible();
  await other.close();

  // A featured form template copied, then designed in the form builder: Ctrl+S saves it.
  await page.goto('/template-manager?type=form&featured=true');
  await page
    .getByRole('listitem', { name: 'Newsletter sign-up' })
    .getByRole('button', { name: 'Save a copy' })
    .click();
  await expect(page).toHaveURL(/\/template\/form\/compose\/\d+$/);
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Template Manager' }),
  ).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Add Long Answer' }).click();
  await expect(page.getByText('Unsaved changes: Save or Ctrl+S stores them.')).toBeVisible();
  await page.keyboard.press('Control+s');
  await expect(page.getByText('The template is saved.')).toBeVisible();
  expect(await axeOutsidePreviews(page)).toEqual([]);
  // §7 thumbnail upload: an image of the computer becomes the card's picture.
  await page
    .getByLabel('Thumbnail image file')
    .setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByLabel('Thumbnail image address')).toHaveValue(/\/media\/[^/]+\/card\.png$/);
  // Ctrl+S above saved the settings too: its toast may still show, so the save is awaited by its answer.
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && /\/v1\/template\/\d+$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Save settings' }).click();
  expect((await saved).ok()).toBe(true);
  await page.goto('/template-manager?type=form');
  const copy = page.getByRole('listitem', { name: 'Newsletter sign-up' });
  await expect(copy.getByRole('img', { name: 'Preview of Newsletter sign-up' })).toBeVisible();
  await copy.getByRole('button', { name: 'Use this template' }).click();
  await expect(page).toHaveURL(/\/form\/compose\/\d+$/);
  await expect(page.getByRole('list', { name: 'Questions' }).getByRole('listitem')).toHaveCount(3);
});
