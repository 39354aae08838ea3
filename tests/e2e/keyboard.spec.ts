import { expect, test, type Locator, type Page } from '@playwright/test';
import { DESKTOP, expectToast, loggedInShopper, recordToasts, tokenOf, waitForIslands } from './fixtures';
import { ownProduct, waitForBuiltPage } from './own-products';

test.use({ viewport: DESKTOP });

/** Presses Tab until `target` has focus (at most `limit` times), checking each stop shows focus. */
async function tabTo(page: Page, target: Locator, limit = 120): Promise<void> {
  // One round trip per stop: whether the target has focus, and whether what has it shows a ring.
  const stop = () =>
    target.evaluate((el) => {
      const active = document.activeElement as HTMLElement | null;
      if (!active || active === document.body) return { reached: false, visible: true };
      const style = getComputedStyle(active);
      return {
        reached: el === active,
        visible: active.matches(':focus-visible') && (style.outlineStyle !== 'none' || style.boxShadow !== 'none'),
      };
    });
  if ((await stop()).reached) return;
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const { reached, visible } = await stop();
    expect(visible, 'every focused control shows a focus ring').toBe(true);
    if (reached) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** True while focus is inside `container`. */
function focusInside(container: Locator): Promise<boolean> {
  return container.evaluate((el) => el.contains(document.activeElement));
}

test('keyboard only: from home through search, cart and checkout to a placed order', async ({ page }) => {
  // A long journey: every Tab is checked for a visible focus ring.
  test.setTimeout(180_000);
  await loggedInShopper(page);
  // Ordered at the end: a product of the test's own.
  const product = await ownProduct(page.request, { name: 'Brass Puja Thali' });
  await waitForBuiltPage(page.request, product);
  await page.request.post('/api/common/addresses/', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    data: {
      name: 'Kavya Rao',
      phone_number: '9123456780',
      pincode: '500032',
      locality: 'Gachibowli',
      area: 'Plot 7, Road 2',
      city: 'Hyderabad',
      state: 'Telangana',
    },
  });

  await recordToasts(page);
  await page.goto('/');
  await waitForIslands(page);
  // The promotion closes with Escape.
  await expect(page.getByRole('dialog', { name: 'Special Offer' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Special Offer' })).toBeHidden();

  await tabTo(page, page.getByRole('combobox', { name: 'Search products' }));
  await page.keyboard.type(product.name);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Search Results for "${product.name}"` })).toBeVisible();
  await waitForIslands(page);
  const result = page.getByRole('list', { name: 'Search results' }).getByRole('link').first();
  await expect(result).toContainText(product.name);
  await tabTo(page, result);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await waitForIslands(page);
  const addCart = page.getByRole('button', { name: 'Add Cart' });
  await tabTo(page, addCart);
  await page.keyboard.press('Enter');
  await expectToast(page, 'Added to Cart!');
  // A dialog traps focus and gives it back to what opened it.
  await page.keyboard.press('Enter');
  const already = page.getByRole('dialog', { name: 'Already in Cart' });
  await expect(already).toBeVisible();
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInside(already)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(already).toBeHidden();
  await expect(addCart).toBeFocused();

  const cartLink = page.getByRole('link', { name: 'Cart, 1 item' });
  await page.keyboard.press('Shift+Tab');
  await tabTo(page, cartLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
  await waitForIslands(page);
  // Past the header and the category menu by the skip link, as a keyboard shopper does.
  await tabTo(page, page.getByRole('link', { name: 'Skip to content' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Checkout' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/buynowcartaddress$/);
  await waitForIslands(page);
  // The shopper's one saved address is chosen already.
  await expect(page.getByLabel('Deliver to Kavya Rao')).toBeChecked();
  await tabTo(page, page.getByRole('link', { name: 'Skip to content' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Deliver Here' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Place Order' }));
  await page.keyboard.press('Enter');

  const checkout = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Success', exact: true }) });
  await expect(checkout).toBeVisible();
  expect(await focusInside(checkout)).toBe(true);
  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInside(checkout)).toBe(true);
  }
  await tabTo(page, checkout.getByRole('button', { name: 'Success', exact: true }), 10);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ordersuccess/);
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
});
