import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { first } from '../lists';
import { DESKTOP, expectToast, loggedInShopper, recordToasts, rupees, tokenOf, waitForIslands } from './fixtures';
import { ownProduct, waitForBuiltPage } from './own-products';

test.use({ viewport: DESKTOP });

async function fillAddress(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('Name').fill('Meera Nair');
  await form.getByLabel('Phone Number').fill('9812345678');
  await form.getByLabel('Pincode').fill('560038');
  await form.getByLabel('Locality').fill('Indiranagar');
  await form.getByLabel('Address', { exact: true }).fill('42, 12th Main, HAL 2nd Stage');
  await form.getByLabel('City').fill('Bengaluru');
  await form.getByLabel('State').fill('Karnataka');
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address saved successfully!')).toBeVisible();
}

test('card heart adds to the wishlist, the header counts it, the wishlist deletes it', async ({ page }) => {
  await loggedInShopper(page);
  await recordToasts(page);
  await page.goto('/productslisting');
  await waitForIslands(page);
  const card = page.getByRole('list', { name: 'All products' }).getByRole('listitem').nth(2);
  const name = (await card.getByRole('heading').innerText()).trim();
  const heart = card.getByRole('button', { name: `Add ${name} to wishlist` });
  await heart.click();
  await expectToast(page, 'Added to Wishlist');
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();

  await page.getByRole('link', { name: 'Wishlist, 1 item' }).click();
  const row = page.getByRole('row', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /Delete/ }).click();
  await page.getByRole('dialog', { name: 'Remove item?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Deleted!' })).toContainText('Product removed from wishlist.');
  await page.getByRole('dialog', { name: 'Deleted!' }).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wishlist, 0 items' })).toBeVisible();
});

test('cart to paid order: quantity, checkout, Success, my orders, tracking, review on the product page', async ({
  page,
}) => {
  // A whole purchase: about ten page loads and as many API calls, several seconds each on a busy 2-core machine.
  test.setTimeout(90_000);
  await loggedInShopper(page);
  await recordToasts(page);
  // Bought, paid, delivered and reviewed: a product of the test's own.
  const product = await ownProduct(page.request, { price: 1499, finalPrice: 1199 });
  const variant = first(product.variants, 'the variants');
  await waitForBuiltPage(page.request, product);
  await page.goto(`/product-details/${product.id}`);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Add Cart' }).click();
  await expectToast(page, 'Added to Cart!');
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Already in Cart' })).toContainText(
    'This product is already in your cart.',
  );
  await page.getByRole('dialog', { name: 'Already in Cart' }).getByRole('button', { name: 'OK' }).click();

  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  const row = page.getByRole('row', {
    name: new RegExp(product.name.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  });
  await expect(row.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await row.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(row.getByTestId('cart-quantity')).toHaveText('2');
  expect(rupees(await row.getByTestId('cart-line-total').innerText())).toEqual([variant.final_price * 2]);
  expect(rupees(await page.getByTestId('cart-total').innerText())).toEqual([variant.final_price * 2]);
  // The server has the new quantity too.
  await page.reload();
  await expect(
    page
      .getByRole('row', { name: new RegExp(product.name.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .getByTestId('cart-quantity'),
  ).toHaveText('2');

  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/buynowcartaddress$/);
  await expect(page.getByText('No addresses found.')).toBeVisible();
  // The cart checkout offers the inline new-address form, as Buy Now does (no trip to the profile).
  await expect(page.getByRole('button', { name: /ADD A NEW ADDRESS/ })).toBeVisible();
  await page.request.post('/api/common/addresses/', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
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
  await page.reload();
  // The one saved address is chosen already: Deliver Here goes straight on.
  await expect(page.getByLabel('Deliver to Meera Nair')).toBeChecked();
  await page.getByRole('button', { name: 'Deliver Here' }).click();
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  expect(rupees(await page.getByTestId('checkout-total').innerText())).toEqual([variant.final_price * 2]);
  await page.getByRole('button', { name: 'Place Order' }).click();

  const checkout = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Success', exact: true }) });
  await expect(checkout).toBeVisible();
  await expect(checkout).toContainText(
    `₹${(variant.final_price * 2).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  );
  await checkout.getByRole('button', { name: 'Success', exact: true }).click();
  await expect(page).toHaveURL(/\/ordersuccess/);
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(page.getByText('Payment Done Successfully!')).toBeVisible();
  await waitForIslands(page);
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  await page.getByRole('link', { name: 'My Orders' }).last().click();
  const order = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').first();
  await expect(order).toContainText(product.name);
  await expect(order).toContainText('Paid');
  expect(rupees(await order.innerText())).toContain(variant.final_price * 2);
  const orderId = Number(/Order #(\d+)/.exec(await order.innerText())?.[1]);

  // Staff pack and ship the order (with the courier's number); the tracker follows.
  for (const step of [['packed'], ['shipped', 'Delhivery', 'AWB', '90881234']]) {
    execFileSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'order:status', String(orderId), ...step], {
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    });
  }
  await order.getByRole('link', { name: /Track order/ }).click();
  await expect(page).toHaveURL(new RegExp(`/trackorder/${orderId}$`));
  const steps = page.getByRole('list', { name: 'Delivery progress' });
  await expect(steps.getByRole('listitem').nth(2)).toHaveAttribute('aria-current', 'step');
  await expect(steps).toContainText('Shipped (done)');
  await expect(steps).toContainText('Delivered (to come)');
  await expect(page.getByTestId('tracker-date')).toHaveCount(3);
  await expect(page.getByTestId('order-timeline')).toContainText('Delhivery AWB 90881234');
  await expect(page.getByText('Total Price')).toBeVisible();

  // Rate and Review waits for the goods: not offered while the order is on its way, then offered once delivered.
  await page.goto('/myorder');
  await expect(page.getByRole('list', { name: 'Orders' })).toContainText(product.name);
  await expect(page.getByRole('button', { name: `Rate and Review ${product.name}` })).toHaveCount(0);
  execFileSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'order:status', String(orderId), 'delivered'], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
  });
  await page.reload();
  await page.getByRole('button', { name: `Rate and Review ${product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Rate and Review' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Missing Data: Please fill in all fields before submitting.')).toBeVisible();
  await dialog.getByRole('button', { name: '4 stars' }).click();
  const review = `Sturdy and <b>exactly</b> as shown ${Date.now()}`;
  await dialog.getByLabel('Review').fill(review);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank you!' })).toContainText('Review submitted successfully.');
  await page.getByRole('dialog', { name: 'Thank you!' }).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: `Rate and Review ${product.name}` })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Orders' }).getByText('Reviewed ✓')).toBeVisible();

  await page.goto(`/product-details/${product.id}`);
  await waitForIslands(page);
  await page.getByRole('tab', { name: /Review/ }).click();
  await expect(page.getByText(review)).toBeVisible();
  await expect(page.locator('b', { hasText: 'exactly' })).toHaveCount(0);
});

test('Buy Now with a new address, address rules, then a failed payment leaves no paid order', async ({ page }) => {
  await loggedInShopper(page);
  const product = await ownProduct(page.request, {
    variants: [
      { color: 'Steel', size: 'Small' },
      { color: 'Steel', size: 'Large' },
    ],
  });
  await waitForBuiltPage(page.request, product);
  await page.goto(`/product-details/${product.id}`);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  // No size chosen: the size row says so where the shopper is taken.
  const sizes = page.getByRole('group', { name: 'Size' });
  await expect(sizes.getByRole('alert')).toHaveText('No variant selected');
  const options = sizes.getByRole('button');
  await options.first().click();
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/buynowaddress$/);

  await page.getByRole('button', { name: /ADD A NEW ADDRESS/ }).click();
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('Phone Number').fill('12345');
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(form.getByText('Valid 10-digit phone number is required', { exact: true })).toBeVisible();
  await expect(form.getByText('Name is required', { exact: true })).toBeVisible();
  // On a slow network the reload of the address list comes back late: the address just saved is
  // chosen at once, so Delivery Here pressed meanwhile goes ahead instead of asking for one.
  let releaseList = () => {};
  const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
  await page.route('**/api/common/addresses/', async (route) => {
    if (route.request().method() === 'GET') await listHeld;
    await route.continue();
  });
  await fillAddress(page);
  await expect(form).toBeHidden();
  await page.getByRole('button', { name: 'Delivery Here' }).click();
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible();
  await expect(page.getByText('Please select a delivery address!')).toBeHidden();
  // From here on the list answers at once again.
  releaseList();
  await expect(page.getByRole('heading', { name: 'Price Details' })).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  const checkout = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Failure', exact: true }) });
  await checkout.getByRole('button', { name: 'Failure', exact: true }).click();
  const failed = page.getByRole('dialog', { name: 'Payment Failed' });
  await expect(failed).toContainText('Something went wrong during payment.');
  await failed.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/buynowaddress$/);
  // The shopper can try again.
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();

  const orders = (await (
    await page.request.get('/api/common/orders_history/', {
      headers: { authorization: `Bearer ${await tokenOf(page)}` },
    })
  ).json()) as { status: string }[];
  expect(orders.filter((o) => o.status === 'paid')).toHaveLength(0);
});

test('checkout screens without state say what is missing', async ({ page }) => {
  await loggedInShopper(page);
  await page.goto('/buynowaddress');
  await expect(page.getByText('No product selected. Go back and choose one.')).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});

test('the /razorpay test page pays a test amount through the checkout', async ({ page }) => {
  await loggedInShopper(page);
  await page.goto('/razorpay');
  await waitForIslands(page);
  await page.getByLabel('Amount (₹)').fill('2000');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByText('Enter an amount from ₹1 to ₹1,000.')).toBeVisible();
  await page.getByLabel('Amount (₹)').fill('5');
  await page.getByRole('button', { name: 'Pay ₹5' }).click();
  const checkout = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Success', exact: true }) });
  await expect(checkout).toContainText('₹5.00');
  await checkout.getByRole('button', { name: 'Success', exact: true }).click();
  await expect(page.getByText('Payment Successful! ₹5 was paid and verified by the server.')).toBeVisible();
  // Nothing was bought: the order history stays empty.
  const orders = await page.request.get('/api/common/orders_history/', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(await orders.json()).toEqual([]);
});
