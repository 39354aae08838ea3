import { expect, test, type Page } from '@playwright/test';
import { first } from '../lists';
import { PHONE, waitForIslands } from './fixtures';

/**
 * One dialog at a time on a phone: the home promotion, the 'Download Our App' prompt and the
 * page's message dialog never show together; the prompt waits for the others, and once dismissed
 * stays away for 7 days.
 */
test.use({ viewport: PHONE });

/** Keeps, in `window.mostOpenDialogs`, the most dialogs ever open at once on this page. */
async function countOpenDialogs(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { mostOpenDialogs: number };
    w.mostOpenDialogs = 0;
    const count = () => {
      w.mostOpenDialogs = Math.max(w.mostOpenDialogs, document.querySelectorAll('dialog[open]').length);
    };
    new MutationObserver(count).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['open'],
    });
  });
}

const mostOpen = (page: Page) =>
  page.evaluate(() => (window as unknown as { mostOpenDialogs: number }).mostOpenDialogs);

/** The app prompt's dialog, whose `data-state` says what it is waiting for (AppPrompt.astro). */
const promptState = (page: Page) => page.locator('dialog[data-app-prompt]');

test('the app prompt waits for the promotion, and once dismissed stays away for 7 days', async ({ page }) => {
  await countOpenDialogs(page);
  const promo = page.getByRole('dialog', { name: 'Special Offer' });
  const prompt = page.getByRole('dialog', { name: 'Download Our App' });

  await page.goto('/');
  await expect(promo).toBeVisible();
  await page.mouse.wheel(0, 400);
  // Scrolled, but the promotion is open: the prompt waits.
  await expect(promptState(page)).toHaveAttribute('data-state', 'waiting');
  await expect(prompt).toBeHidden();
  await promo.getByRole('button', { name: 'Close' }).click();
  await expect(prompt).toBeVisible();
  // No app to download: no store buttons, only the way on.
  await expect(prompt.getByRole('link')).toHaveCount(0);
  await expect(prompt).toContainText('Faster shopping and app-only deals, right on your phone.');
  await prompt.getByRole('button', { name: 'Continue in browser' }).click();
  await expect(prompt).toBeHidden();
  expect(await mostOpen(page)).toBe(1);

  // The next visit, and the next day: not asked again.
  await page.goto('/aboutus');
  await page.mouse.wheel(0, 400);
  await expect(promptState(page)).toHaveAttribute('data-state', 'dismissed');
  await expect(prompt).toBeHidden();

  // A week later it asks again.
  await page.evaluate(() => {
    const at = Number(localStorage.getItem('appPromptDismissedAt'));
    localStorage.setItem('appPromptDismissedAt', String(at - 7 * 24 * 60 * 60 * 1000 - 60_000));
  });
  await page.goto('/aboutus');
  await page.mouse.wheel(0, 400);
  await expect(prompt).toBeVisible();
  // Dismissed with Escape, it counts as dismissed too.
  await page.keyboard.press('Escape');
  await expect(prompt).toBeHidden();
  await page.goto('/aboutus');
  await page.mouse.wheel(0, 400);
  await expect(promptState(page)).toHaveAttribute('data-state', 'dismissed');
  await expect(prompt).toBeHidden();
});

test('a message steps in front of the app prompt, which comes back after', async ({ page }) => {
  await countOpenDialogs(page);
  const prompt = page.getByRole('dialog', { name: 'Download Our App' });
  const products = (await (await page.request.get('/api/common/products/')).json()) as { id: number }[];
  await page.goto(`/product-details/${first(products, 'the catalogue').id}`);
  await waitForIslands(page);
  await page.mouse.wheel(0, 200);
  await expect(prompt).toBeVisible();
  // A message for the shopper (here: Add Cart needs a login) while the prompt is up: the prompt
  // steps aside rather than stacking.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Add Cart' }).dispatchEvent('click');
  const message = page.getByRole('dialog', { name: 'Please login to continue' });
  await expect(message).toBeVisible();
  await expect(prompt).toBeHidden();
  await message.getByRole('button', { name: 'Cancel' }).click();
  await expect(prompt).toBeVisible();
  expect(await mostOpen(page)).toBe(1);
});

test('the session dialog and the promotion never stack either', async ({ page }) => {
  await countOpenDialogs(page);
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ user_id: 1, exp: 1_600_000_000 })).toString('base64url');
  // Stored before the home page's first script runs, and for it only: a page open while the token
  // is written may meet it too (an island asking the API late), and end the session there instead.
  await page.addInitScript((t) => {
    if (location.pathname === '/') localStorage.setItem('authToken', t);
  }, `${header}.${payload}.sig`);
  await page.goto('/');
  await expect(page.getByRole('dialog', { name: 'Session Expired' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Special Offer' })).toBeHidden();
  await page.mouse.wheel(0, 400);
  // Scrolled while the session dialog is open: the prompt waits for it.
  await expect(promptState(page)).toHaveAttribute('data-state', 'waiting');
  await expect(page.getByRole('dialog', { name: 'Download Our App' })).toBeHidden();
  expect(await mostOpen(page)).toBe(1);
});
