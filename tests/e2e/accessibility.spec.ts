import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE } from './fixtures';

const PAGES = [
  '/',
  '/productslisting',
  '/subcategories/1',
  '/subcategoriesproducts/1',
  '/products/category/2',
  '/product-details/1',
  '/searchproductlist?search=rice',
  '/aboutus',
  '/contactus',
  '/privacypolicy',
  '/return',
  '/products',
  '/ordertracking',
  '/resizewebsite',
  '/no-such-page',
];

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const path of PAGES) {
      test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) =>
              `${v.id}: ${v.help} (${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join(', ')})`,
          );
        expect(serious).toEqual([]);
      });
    }
  });
}
