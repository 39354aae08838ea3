import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { RESET_EMAIL_KEY } from '../../src/features/account/reset-flow';
import { DESKTOP, loggedInShopper, PHONE, PUBLIC_PAGES, waitForIslands } from './fixtures';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

test('account pages, logged in, have no serious or critical accessibility violations', async ({ page }) => {
  // Four pages, each loaded, hydrated and scanned: more than one page's time limit.
  test.setTimeout(90_000);
  await loggedInShopper(page);
  for (const path of ['/profile', '/profile#addresses', '/profile#reviews', '/updateprofile']) {
    await page.goto(path);
    await waitForIslands(page);
    await expect(page.getByRole('status').filter({ hasText: /Loading|Checking/ })).toHaveCount(0);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const path of PUBLIC_PAGES) {
      test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
        // Without an e-mail handed over by the PIN step the reset page sends the shopper back to
        // Forgot Password after 2.5 s: give it one, so the form itself is audited and stays put.
        if (path === '/resetpassword') {
          await page.addInitScript((key) => sessionStorage.setItem(key, 'a11y@example.in'), RESET_EMAIL_KEY);
        }
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}
