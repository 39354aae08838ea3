import { expect, test } from '@playwright/test';
import { DESKTOP } from './fixtures';

test.use({ viewport: DESKTOP });

test('About Us opens a picture in a zoom overlay and closes it', async ({ page }) => {
  await page.goto('/aboutus');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/2011/).first()).toBeVisible();
  const thumbs = page.locator('main button:has(img)');
  expect(await thumbs.count()).toBe(6);
  await thumbs.first().click();
  const overlay = page.locator('dialog[open]');
  await expect(overlay).toBeVisible();
  await overlay.getByRole('button', { name: /close/i }).click();
  await expect(overlay).toBeHidden();
  await expect(thumbs.first()).toBeFocused();
  await thumbs.nth(2).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('dialog[open]')).toHaveCount(0);
});

test('Privacy Policy sections open as an accordion', async ({ page }) => {
  await page.goto('/privacypolicy');
  const titles = (await page.locator('summary').allInnerTexts()).map((t) => t.replace(/[+−–-]/g, '').trim());
  expect(titles).toEqual([
    'Who we are',
    'Comments',
    'Media',
    'Cookies',
    'Embedded content from other websites',
    'Who we share your data with',
    'How long we retain your data',
    'What rights you have over your data',
    'Where your data is sent',
  ]);
  await page.locator('summary', { hasText: 'Cookies' }).click();
  await expect(page.getByText(/2 days/).first()).toBeVisible();
});

test('the returns FAQ and the contact page', async ({ page }) => {
  await page.goto('/return');
  await expect(page.locator('details')).not.toHaveCount(0);
  await expect(page.getByText(/24 hours/).first()).toBeAttached();
  await page.goto('/contactus');
  await expect(page.getByRole('heading', { name: 'Send a Message' })).toBeVisible();
  await page.getByLabel('Name').fill('Asha');
  await page.getByLabel('Email').fill('asha@example.in');
  await page.getByLabel('Message').fill('Do you deliver to Nashik?');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Thanks! Your message was sent. We reply within 24 hours.')).toBeVisible();
});

test('every static route answers 200', async ({ request }) => {
  for (const path of ['/products', '/ordertracking', '/resizewebsite', '/productslisting', '/return']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});

test('there is no app, so no page offers app-store buttons', async ({ page }) => {
  for (const path of ['/', '/aboutus', '/product-details/1']) {
    await page.goto(path);
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.locator('a[href="/resizewebsite"]'), path).toHaveCount(0);
    await expect(page.getByRole('link', { name: /App Store|Google Play/ }), path).toHaveCount(0);
  }
});
