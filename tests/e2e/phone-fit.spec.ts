import { expect, test, type Locator } from '@playwright/test';
import { dismissAppPrompt, loggedInShopper, waitForIslands } from './fixtures';

/**
 * Nothing covers what it should not, at every width: the test checkout is a centred dialog wholly on the screen,
 * and at a page's end the Scroll to top button leaves the copyright line readable.
 */

const WIDTHS = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'laid out').not.toBeNull();
  return found ?? { x: 0, y: 0, width: 0, height: 0 };
}

for (const viewport of WIDTHS) {
  test.describe(`${viewport.width} px wide`, () => {
    test.use({ viewport });

    test('the test checkout opens centred and whole', async ({ page }) => {
      await loggedInShopper(page);
      await page.goto('/razorpay');
      await waitForIslands(page);
      // Phones are offered the app on their first scroll (below 620 px): answered first, as a shopper would.
      if (viewport.width < 620) await dismissAppPrompt(page);
      await page.getByRole('button', { name: 'Pay ₹1' }).click();
      const checkout = page
        .getByRole('dialog')
        .filter({ has: page.getByRole('button', { name: 'Success', exact: true }) });
      await expect(checkout).toBeVisible();
      const { x, y, width, height } = await box(checkout);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x + width).toBeLessThanOrEqual(viewport.width);
      expect(y + height).toBeLessThanOrEqual(viewport.height);
      // Centred across, and down within a pixel or two when it is shorter than the screen.
      expect(Math.abs(x - (viewport.width - x - width))).toBeLessThanOrEqual(2);
      expect(Math.abs(y - (viewport.height - y - height))).toBeLessThanOrEqual(2);
      await page.keyboard.press('Escape');
      await expect(checkout).toBeHidden();
    });

    test('at the end of a page the Scroll to top button covers none of the copyright line', async ({ page }) => {
      await page.goto('/aboutus');
      if (viewport.width < 620) await dismissAppPrompt(page);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const button = page.getByRole('button', { name: 'Scroll to top' });
      await expect(button).toBeVisible();
      const copyright = page.getByRole('contentinfo').locator('p', { hasText: '©' });
      const a = await box(button);
      const text = await copyright.evaluate((el) => {
        // The text's own box, not its full-width paragraph's.
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      });
      const overlaps =
        a.x < text.x + text.width && text.x < a.x + a.width && a.y < text.y + text.height && text.y < a.y + a.height;
      expect(overlaps, `button ${JSON.stringify(a)} over text ${JSON.stringify(text)}`).toBe(false);
    });
  });
}
