import fs from 'node:fs';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { itemAt } from '../lists';
import { pdfText } from '../pdf-text';
import {
  apiShopper,
  newestMail,
  dismissAppPrompt,
  openShopDatabase,
  storeSession,
  waitForIslands,
  type ApiShopper,
} from './fixtures';
import { ownProduct, setOwnStock, waitForBuiltPage } from './own-products';

/**
 * An order's life as a shopper sees it, on a 360 px phone whose CPU is slowed 4×: a payment that
 * fails and is paid again on the same order from My Orders, the success page naming the order,
 * the dated tracker and history, cancelling a paid order and seeing its refund; and the live
 * stock on a product page and in the cart. Every order is of a product the test added itself.
 */

test.use({ browserName: 'chromium', viewport: { width: 360, height: 740 } });
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const ADDRESS = 'Meera Nair, 9876543210, Koramangala, 4th Block, Bengaluru, Karnataka, 560034';

async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

async function placeOrder(request: APIRequestContext, shopper: ApiShopper, variantId: number, quantity = 1) {
  const res = await request.post('/api/common/create_order/', {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: { products: [{ variant_id: variantId, quantity }], address: ADDRESS },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; amount: number };
}

async function openMyOrders(page: Page, shopper: ApiShopper): Promise<void> {
  await page.goto('/aboutus');
  await storeSession(page, shopper.session);
  await slowCpu(page);
  await page.goto('/myorder');
  await dismissAppPrompt(page);
  await waitForIslands(page);
}

function orderCard(page: Page, id: number) {
  return page
    .getByRole('list', { name: 'Orders' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { name: `Order #${id}` }),
    });
}

test('a failed payment is paid again on the same order; the success page, tracker and history show it with dates', async ({
  page,
  request,
}) => {
  const shopper = await apiShopper(request);
  const product = await ownProduct(request);
  const order = await placeOrder(request, shopper, itemAt(product.variants, 0, 'its variants').id);
  await openMyOrders(page, shopper);

  const card = orderCard(page, order.id);
  await expect(card.getByTestId('order-date')).toHaveText(/^Placed on \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await expect(card.getByTestId('order-state')).toHaveText('Awaiting payment');
  await expect(card.getByText(/^Pay by .+ to keep these items\.$/)).toBeVisible();

  await card.getByRole('button', { name: `Pay now for order #${order.id}` }).click();
  const checkout = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Failure', exact: true }) });
  await checkout.getByRole('button', { name: 'Failure', exact: true }).click();
  const failed = page.getByRole('dialog', { name: 'Payment Failed' });
  await expect(failed).toContainText('Something went wrong during payment.');
  await failed.getByRole('button', { name: 'OK' }).click();
  await expect(card.getByTestId('order-state')).toHaveText('Payment failed');

  await card.getByRole('button', { name: `Pay now for order #${order.id}` }).click();
  await checkout.getByRole('button', { name: 'Success', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/ordersuccess\\?order=${order.id}$`));
  await expect(page.getByText('Payment Done Successfully!')).toBeVisible();
  const placed = page.getByTestId('placed-order');
  await expect(placed.getByRole('heading', { name: `Order #${order.id}` })).toBeVisible();
  await expect(placed).toContainText(product.name);
  await expect(placed.getByText(/^Delivery expected by /)).toBeVisible();

  // One order, paid: Pay now made no second one.
  const history = (await (
    await request.get('/api/common/orders_history/', { headers: { authorization: `Bearer ${shopper.token}` } })
  ).json()) as { id: number; state: string }[];
  expect(history.map((o) => [o.id, o.state])).toEqual([[order.id, 'paid']]);

  await placed.getByRole('link', { name: `Track order #${order.id}` }).click();
  await expect(page.getByTestId('order-state')).toHaveText('Paid');
  await expect(page.getByTestId('tracker-date')).toHaveCount(1);
  await expect(page.getByTestId('order-timeline').getByRole('listitem')).toHaveText([
    /^Awaiting payment · /,
    /^Payment failed · /,
    /^Awaiting payment · /,
    /^Paid · /,
  ]);

  // The GST invoice downloads as a PDF bearing the order's invoice number and the shop's GSTIN.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download invoice of order #${order.id}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^GharBazaar-invoice-GB-\d\d-\d\d-\d{6}\.pdf$/);
  const text = await pdfText(fs.readFileSync(await download.path()));
  const number = download.suggestedFilename().replace(/^GharBazaar-invoice-GB-(\d\d-\d\d)-(\d{6})\.pdf$/, 'GB/$1/$2');
  expect(text).toContain(number);
  expect(text).toContain('29AAACG4821M1ZE');
  expect(text).toContain(product.name);

  // The e-mails are in the outbox: the failed payment's, then the confirmation with the invoice.
  const failedMail = await newestMail((m) => m.includes(`To: ${shopper.email}`) && m.includes('did not go through'));
  expect(failedMail).toContain(`#${order.id}`);
  const confirmed = await newestMail((m) => m.includes(`To: ${shopper.email}`) && m.includes('is confirmed'));
  expect(confirmed).toContain('application/pdf');
});

test('a paid order is cancelled from My Orders and its refund shows; a shipped one says why it cannot be', async ({
  page,
  request,
}) => {
  const shopper = await apiShopper(request);
  const [first, second] = [await ownProduct(request), await ownProduct(request)];
  const pay = async (id: number) => {
    const headers = { authorization: `Bearer ${shopper.token}` };
    const order = (await (await request.post(`/api/common/orders/${id}/pay`, { headers })).json()) as {
      order_id: string;
    };
    const signed = await request.post('/api/payments/local/authorize', { headers, data: { order_id: order.order_id } });
    expect((await request.post('/api/common/verify_payment/', { headers, data: await signed.json() })).status()).toBe(
      200,
    );
  };
  const kept = await placeOrder(request, shopper, itemAt(first.variants, 0, 'its variants').id, 2);
  await pay(kept.id);
  const shipped = await placeOrder(request, shopper, itemAt(second.variants, 0, 'its variants').id);
  await pay(shipped.id);
  const db = openShopDatabase();
  try {
    await db.updateTable('orders').set({ state: 'shipped' }).where('id', '=', shipped.id).execute();
  } finally {
    await db.destroy();
  }
  await openMyOrders(page, shopper);

  const shippedCard = orderCard(page, shipped.id);
  await expect(shippedCard.getByRole('button', { name: `Cancel order #${shipped.id}` })).toBeDisabled();
  await expect(shippedCard.getByText('This order has shipped and can no longer be cancelled.')).toBeVisible();

  const card = orderCard(page, kept.id);
  await card.getByRole('button', { name: `Cancel order #${kept.id}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(confirm).toContainText('refunded in full');
  await confirm.getByRole('button', { name: 'Cancel order' }).click();
  const done = page.getByRole('dialog', { name: 'Order cancelled' });
  await expect(done).toContainText('Your refund of');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(card.getByTestId('order-state')).toHaveText('Cancelled');
  await expect(card.getByTestId('order-refund')).toHaveText(/^Refund of ₹[\d,.]+: Refunded$/);
  await expect(card.getByRole('button', { name: `Buy again the items of order #${kept.id}` })).toBeVisible();
  // Nothing spills past the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('the product page and the cart follow live stock: only a few left, then sold out', async ({ page, request }) => {
  const shopper = await apiShopper(request);
  // A product of its own, down to its last two pieces: selling it out touches no other test.
  const product = await ownProduct(request, { onHand: 2 });
  const variant = itemAt(product.variants, 0, 'its variants');
  await waitForBuiltPage(request, product);
  const headers = { authorization: `Bearer ${shopper.token}` };
  expect(
    (await request.post('/api/common/cart/add/', { headers, data: { variant_id: variant.id, quantity: 3 } })).status(),
  ).toBe(201);
  await page.goto('/aboutus');
  await storeSession(page, shopper.session);
  await slowCpu(page);
  await page.goto(`/product-details/${product.id}`);
  await dismissAppPrompt(page);
  await expect(page.getByTestId('product-stock')).toHaveText('Only 2 left');
  await expect(page.getByRole('button', { name: 'Add Cart' })).toBeEnabled();

  await page.goto('/cart');
  await expect(page.getByTestId('cart-stock')).toHaveText(
    `Sorry, only 2 of ${product.name} are left. Please reduce the quantity.`,
  );
  await expect(page.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  const checkout = page.getByRole('button', { name: 'Checkout' });
  await expect(checkout).toHaveAttribute('aria-disabled', 'true');
  await expect(
    page.getByText('Some items are no longer available in the quantity in your cart.', { exact: false }),
  ).toBeVisible();
  // Still pressable (a press kept from before the cart was read comes to it): it explains instead of going on.
  await checkout.click({ force: true });
  await expect(page.getByRole('dialog', { name: 'Not enough stock' })).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);

  await setOwnStock(request, variant.id, 0);
  await page.goto(`/product-details/${product.id}`);
  await expect(page.getByTestId('product-stock')).toHaveText('Out of stock');
  await expect(page.getByRole('button', { name: 'Add Cart' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
});

test('cash on delivery: chosen at checkout for a served pincode, confirmed without paying, shown as such', async ({
  page,
  request,
}) => {
  const shopper = await apiShopper(request);
  const headers = { authorization: `Bearer ${shopper.token}` };
  const product = await ownProduct(request);
  const variant = itemAt(product.variants, 0, 'its variants');
  expect((await request.post('/api/common/cart/add/', { headers, data: { variant_id: variant.id } })).status()).toBe(
    201,
  );
  for (const [name, pincode, city, state] of [
    ['Meera Nair', '560034', 'Bengaluru', 'Karnataka'],
    ['Meera in Guwahati', '781001', 'Guwahati', 'Assam'],
  ]) {
    const saved = await request.post('/api/common/addresses/', {
      headers,
      data: {
        name,
        phone_number: '9812345678',
        pincode,
        locality: 'Centre',
        area: '4 Main Road',
        city,
        state,
        address_type: 'home',
      },
    });
    expect(saved.status()).toBe(201);
  }
  await page.goto('/aboutus');
  await storeSession(page, shopper.session);
  await slowCpu(page);
  await page.goto('/cart');
  await dismissAppPrompt(page);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/buynowcartaddress$/);
  await page.getByLabel('Deliver to Meera in Guwahati').check();
  await page.getByRole('button', { name: 'Deliver Here' }).click();
  const cod = page.getByRole('radio', { name: /Cash on delivery/ });
  await expect(cod).toBeDisabled();
  await expect(page.getByText('Cash on delivery is not available for this pincode.')).toBeVisible();

  await page.getByLabel('Deliver to Meera Nair').check();
  await expect(cod).toBeEnabled();
  await cod.check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/ordersuccess\?order=\d+$/);
  await expect(page.getByText(/^Order Placed! Please pay ₹[\d,.]+ in cash on delivery\.$/)).toBeVisible();
  await expect(page.getByText('Payment Done Successfully!')).toBeHidden();
  const id = Number(/order=(\d+)/.exec(page.url())?.[1]);

  await page.goto('/myorder');
  const card = orderCard(page, id);
  await expect(card.getByTestId('order-state')).toHaveText('Confirmed');
  await expect(card).toContainText('Cash on delivery');
  await expect(card.getByText(/^Delivery expected by /)).toBeVisible();
  await expect(card.getByRole('button', { name: `Pay now for order #${id}` })).toHaveCount(0);
  await expect(card.getByRole('button', { name: `Cancel order #${id}` })).toBeEnabled();
});
