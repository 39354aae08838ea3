import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { itemAt } from '../lists';
import {
  DESKTOP,
  apiShopper,
  dismissAppPrompt,
  expectToast,
  recordToasts,
  storeSession,
  waitForIslands,
  type ApiShopper,
} from './fixtures';
import { ownProduct, waitForBuiltPage } from './own-products';

/**
 * The walk to the buy button, on a 360 px phone with its CPU slowed 4× and on a desktop: a product
 * sold in packs goes to the cart with one tap (its first pack chosen, in the built page too); an
 * apparel product's Add Cart takes the shopper to the size row; a single saved address is chosen
 * at checkout; the cancel dialog says 'Cancel order' and 'Keep order'.
 */

// Slowed pages load and hydrate in several seconds on a machine other builds share.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const SCREENS = [
  { label: 'a 360 px phone, CPU 4× slower', viewport: { width: 360, height: 740 }, slow: true },
  { label: 'a desktop', viewport: DESKTOP, slow: false },
];

async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Logs `page` in as a new shopper, on the screen asked for. */
async function shopperOn(page: Page, screen: (typeof SCREENS)[number]): Promise<ApiShopper> {
  await page.setViewportSize(screen.viewport);
  const shopper = await apiShopper(page.request);
  await page.goto('/aboutus');
  await storeSession(page, shopper.session);
  if (screen.slow) await slowCpu(page);
  return shopper;
}

async function cartVariants(request: APIRequestContext, shopper: ApiShopper): Promise<number[]> {
  const res = await request.get('/api/common/cart/', { headers: { authorization: `Bearer ${shopper.token}` } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { cart_items: { product_variant_id: number }[] };
  return body.cart_items.map((line) => line.product_variant_id);
}

for (const screen of SCREENS) {
  test.describe(screen.label, () => {
    test('a product sold in packs goes to the cart with one tap: the first pack is chosen', async ({ page }) => {
      const product = await ownProduct(page.request, {
        name: 'Sona Masoori Rice',
        packs: [
          { unit: 'kg', unit_value: 1 },
          { unit: 'kg', unit_value: 5 },
          { unit: 'l', unit_value: 1 },
        ],
      });
      await waitForBuiltPage(page.request, product);
      // Before any script runs, the built page shows the first pack as chosen, and litres as 'L'.
      const html = await (await page.request.get(`/product-details/${product.id}`)).text();
      expect(html).toMatch(/aria-pressed="true"[^>]*>1 kg</);
      expect(html).toMatch(/aria-pressed="false"[^>]*>5 kg</);
      expect(html).toMatch(/>1 L</);
      expect(html).not.toMatch(/>1 l</);

      const shopper = await shopperOn(page, screen);
      await recordToasts(page);
      await page.goto(`/product-details/${product.id}`);
      if (screen.slow) await dismissAppPrompt(page);
      await waitForIslands(page);
      const packs = page.getByRole('group', { name: 'Pack size' });
      await expect(packs.getByRole('button', { name: '1 kg' })).toHaveAttribute('aria-pressed', 'true');
      await page.getByRole('button', { name: 'Add Cart' }).click();
      await expectToast(page, 'Added to Cart!');
      expect(await cartVariants(page.request, shopper)).toEqual([itemAt(product.variants, 0, 'its packs').id]);
    });

    test('an apparel product asks for a size: Add Cart takes the shopper to the size row', async ({ page }) => {
      const product = await ownProduct(page.request, {
        name: 'Cotton Kurta',
        variants: [
          { color: 'Indigo', size: 'S' },
          { color: 'Indigo', size: 'M' },
          { color: 'Indigo', size: 'L' },
        ],
      });
      await waitForBuiltPage(page.request, product);
      const shopper = await shopperOn(page, screen);
      await recordToasts(page);
      await page.goto(`/product-details/${product.id}`);
      if (screen.slow) await dismissAppPrompt(page);
      await waitForIslands(page);
      const sizes = page.getByRole('group', { name: 'Size' });
      for (const size of ['S', 'M', 'L']) {
        await expect(sizes.getByRole('button', { name: size })).toHaveAttribute('aria-pressed', 'false');
      }
      // Away from the size row first, so that being taken back to it shows.
      await page.getByRole('button', { name: 'Add Cart' }).scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: 'Add Cart' }).click();
      await expect(sizes).toBeFocused();
      await expect(sizes.getByRole('alert')).toHaveText('Please select a size or variant');
      await expect(sizes).toBeInViewport();
      expect(await cartVariants(page.request, shopper)).toEqual([]);

      await sizes.getByRole('button', { name: 'M' }).click();
      await expect(sizes.getByRole('alert')).toHaveCount(0);
      await page.getByRole('button', { name: 'Add Cart' }).click();
      await expectToast(page, 'Added to Cart!');
      expect(await cartVariants(page.request, shopper)).toEqual([itemAt(product.variants, 1, 'its sizes').id]);
    });

    test('a single saved address is chosen at checkout; the cancel dialog offers Cancel order and Keep order', async ({
      page,
    }) => {
      const product = await ownProduct(page.request);
      const variant = itemAt(product.variants, 0, 'its variants');
      const shopper = await shopperOn(page, screen);
      const headers = { authorization: `Bearer ${shopper.token}` };
      const saved = await page.request.post('/api/common/addresses/', {
        headers,
        data: {
          name: 'Meera Nair',
          phone_number: '9812345678',
          pincode: '560038',
          locality: 'Indiranagar',
          area: '42, 12th Main',
          city: 'Bengaluru',
          state: 'Karnataka',
          address_type: 'home',
        },
      });
      expect(saved.status(), await saved.text()).toBe(201);
      expect(
        (await page.request.post('/api/common/cart/add/', { headers, data: { variant_id: variant.id } })).status(),
      ).toBe(201);
      // The cart's Checkout takes its lines to the address step.
      await page.goto('/cart');
      if (screen.slow) await dismissAppPrompt(page);
      await waitForIslands(page);
      await page.getByRole('button', { name: 'Checkout' }).click();
      await expect(page).toHaveURL(/\/buynowcartaddress$/);
      await expect(page.getByLabel('Deliver to Meera Nair')).toBeChecked();
      await page.getByRole('button', { name: 'Deliver Here' }).click();
      await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();

      // An order to cancel, placed and paid through the API.
      const created = await page.request.post('/api/common/create_order/', {
        headers,
        data: {
          products: [{ variant_id: variant.id, quantity: 1 }],
          address: 'Meera Nair, 9812345678, Indiranagar, 42 12th Main, Bengaluru, Karnataka, 560038',
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const order = (await created.json()) as { id: number; order_id: string };
      const signed = await page.request.post('/api/payments/local/authorize', {
        headers,
        data: { order_id: order.order_id },
      });
      expect(
        (await page.request.post('/api/common/verify_payment/', { headers, data: await signed.json() })).status(),
      ).toBe(200);
      // The app prompt, answered on the cart page, stays away for a week.
      await page.goto('/myorder');
      await waitForIslands(page);
      const card = page
        .getByRole('list', { name: 'Orders' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: `Order #${order.id}` }) });
      await card.getByRole('button', { name: `Cancel order #${order.id}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
      await expect(confirm.getByRole('button')).toHaveText(['Cancel order', 'Keep order']);
      await confirm.getByRole('button', { name: 'Keep order' }).click();
      await expect(confirm).toBeHidden();
      await expect(card.getByTestId('order-state')).not.toHaveText('Cancelled');
      await expect(card.getByRole('button', { name: `Cancel order #${order.id}` })).toBeEnabled();
    });
  });
}
