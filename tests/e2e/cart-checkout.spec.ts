import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { first } from '../lists';
import { DESKTOP, PHONE, loggedInShopper, tokenOf, waitForIslands } from './fixtures';
import { ownProduct } from './own-products';

test.use({ viewport: DESKTOP });

/** A kurta of the test's own in two sizes of one colour; answers it and its first variant (Indigo, M). */
async function kurta(page: Page) {
  const product = await ownProduct(page.request, {
    name: 'Cotton Kurta',
    variants: [
      { color: 'Indigo', size: 'M' },
      { color: 'Indigo', size: 'L' },
    ],
  });
  return { product, variant: first(product.variants, 'the variants') };
}

async function fillAddress(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('Name').fill('Kavya Menon');
  await form.getByLabel('Phone Number').fill('9812345670');
  await form.getByLabel('Pincode').fill('682001');
  await form.getByLabel('Locality').fill('Fort Kochi');
  await form.getByLabel('Address', { exact: true }).fill('7, Princess Street');
  await form.getByLabel('City').fill('Kochi');
  await form.getByLabel('State').fill('Kerala');
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address saved successfully!')).toBeVisible();
}

test('the cart stops at 10 and says why; colour is named with size from the cart to the order tracker', async ({
  page,
}) => {
  // The whole purchase, through payment and tracking: longer than one page's budget on a busy machine.
  test.setTimeout(90_000);
  await loggedInShopper(page);
  const { product, variant } = await kurta(page);
  const label = `Size: ${variant.size} · Colour: ${variant.color}`;
  const add = await page.request.post('/api/common/cart/add/', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    data: { variant_id: variant.id, quantity: 9 },
  });
  expect(add.status()).toBe(201);

  await page.goto('/cart');
  await waitForIslands(page);
  const row = page.getByRole('row', {
    name: new RegExp(product.name.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  });
  await expect(row.getByTestId('cart-variant')).toHaveText(label);
  const plus = row.getByRole('button', { name: 'Increase quantity' });
  await expect(plus).toBeEnabled();
  await plus.click();
  await expect(row.getByTestId('cart-quantity')).toHaveText('10');
  await expect(plus).toBeDisabled();
  await expect(plus).toHaveAccessibleDescription('At most 10 of each item');
  await expect(plus).toHaveAttribute('title', 'At most 10 of each item');
  await expect(row.getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
  // Nothing the page shows carries a raw field name.
  await expect(page.locator('body')).not.toContainText(/\bquantity: /);

  // A new shopper with an empty address book checks out the cart: the inline form, not the profile.
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/buynowcartaddress$/);
  await waitForIslands(page);
  await expect(page.getByText('No addresses found.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'ADD ADDRESS' })).toHaveCount(0);
  await page.getByRole('button', { name: /ADD A NEW ADDRESS/ }).click();
  await fillAddress(page);
  await expect(page.getByRole('form', { name: 'New address' })).toBeHidden();
  await expect(page.getByLabel('Deliver to Kavya Menon')).toBeChecked();
  await page.getByRole('button', { name: 'Deliver Here' }).click();
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Items to order' }).getByTestId('checkout-variant')).toHaveText(label);
  await expect(page.getByRole('region', { name: 'Price Details' })).toContainText(label);
  await page.getByRole('button', { name: 'Place Order' }).click();
  const checkout = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Success', exact: true }) });
  await checkout.getByRole('button', { name: 'Success', exact: true }).click();
  await expect(page).toHaveURL(/\/ordersuccess/);

  await page.goto('/myorder');
  const order = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').first();
  await expect(order).toContainText(product.name);
  await expect(order.getByTestId('order-item-variant')).toHaveText(label);
  await expect(order).toContainText('Qty 10');
  await order.getByRole('link', { name: /Track order/ }).click();
  await expect(page).toHaveURL(/\/trackorder\/\d+$/);
  await expect(page.getByTestId('order-item-variant')).toHaveText(label);
});

test('the wishlist names the colour with the size', async ({ page }) => {
  await loggedInShopper(page);
  const { product, variant } = await kurta(page);
  const toggled = await page.request.post(`/api/common/wishlist_toggle/${variant.id}/`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(toggled.ok()).toBe(true);
  await page.goto('/wishlist');
  await waitForIslands(page);
  const row = page.getByRole('row', {
    name: new RegExp(product.name.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  });
  await expect(row.getByTestId('wishlist-variant')).toHaveText(`Size: ${variant.size} · Colour: ${variant.color}`);
});

test('cart and wishlist lines, as a table and as phone cards, have no serious accessibility violations', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loggedInShopper(page);
  const { variant } = await kurta(page);
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  expect(
    (await page.request.post('/api/common/cart/add/', { headers, data: { variant_id: variant.id } })).status(),
  ).toBe(201);
  expect((await page.request.post(`/api/common/wishlist_toggle/${variant.id}/`, { headers })).ok()).toBe(true);
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    for (const path of ['/cart', '/wishlist']) {
      await page.goto(path);
      await waitForIslands(page);
      await expect(page.getByRole('row')).toHaveCount(2);
      const results = await new AxeBuilder({ page }).include('main').analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious, `${path} at ${viewport.width} px`).toEqual([]);
    }
  }
});
