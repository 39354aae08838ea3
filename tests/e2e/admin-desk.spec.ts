import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect as baseExpect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { COURIER_NEEDS_AWB, TRACKING_REQUIRED } from '../../contract/schemas/admin-orders';
import { pdfText } from '../pdf-text';
import { HIDE_REASON_REQUIRED } from '../../contract/schemas/admin-reviews';
import { ROLE_CANNOT } from '../../contract/staff';
import { itemAt } from '../lists';
import {
  apiStaffToken,
  phone,
  recordProblems,
  seriousViolations,
  sidewaysScroll,
  signedInStaff,
  type SignedInStaff,
} from './admin-fixtures';
import { apiShopper, DESKTOP, storeSession, waitForIslands, type ApiShopper } from './fixtures';
import { ownProduct } from './own-products';

/**
 * The back office's desk: an owner on a 360 px phone (CPU slowed 4×) finds a shopper's paid order
 * on the board, packs, ships (with the tracking note) and delivers it, downloads the packing slip,
 * and the shopper's tracking page follows; a refused move shows the server's reason and a
 * cancellation asks first; the owner hides a review, which leaves the shop; support staff find
 * customers but cannot moderate reviews, on the page or through the API.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ viewport: DESKTOP });

const ADDRESS = 'Meera Nair, 9876543210, Koramangala, 4th Block, Bengaluru, Karnataka, 560034';

interface CatalogueProduct {
  id: number;
  name: string;
  variants: { id: number; average_rating: number; rating_count: number }[];
}

/** Places an order of one `variantId` and pays it with the shop's local test checkout; answers its id. */
async function paidOrder(request: APIRequestContext, shopper: ApiShopper, variantId: number): Promise<number> {
  const headers = { authorization: `Bearer ${shopper.token}` };
  const created = await request.post('/api/common/create_order/', {
    headers,
    data: { products: [{ variant_id: variantId, quantity: 1 }], address: ADDRESS },
  });
  expect(created.status()).toBe(201);
  const order = (await created.json()) as { id: number; order_id: string };
  const signed = await request.post('/api/payments/local/authorize', { headers, data: { order_id: order.order_id } });
  expect(signed.status()).toBe(200);
  expect((await request.post('/api/common/verify_payment/', { headers, data: await signed.json() })).status()).toBe(
    200,
  );
  return order.id;
}

/** The board's row (a card on a phone) of order `id`. */
function boardRow(page: Page, id: number) {
  return page.getByRole('row', { name: `Order #${id}` });
}

/** A desktop browser of the shopper's, signed in as they are after logging in. */
async function shopperPage(browser: Browser, shopper: ApiShopper): Promise<Page> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await page.goto('/aboutus');
  await storeSession(page, shopper.session);
  return page;
}

test('on a slow phone, an owner finds a paid order on the board, packs, ships and delivers it; the shopper sees it', async ({
  browser,
  request,
}) => {
  const shopper = await apiShopper(request, { prefix: 'desk' });
  const item = await ownProduct(request);
  const id = await paidOrder(request, shopper, itemAt(item.variants, 0, 'its variants').id);

  const page = await phone(browser);
  const problems: string[] = [];
  recordProblems(page, problems);
  await signedInStaff(page, 'owner', 'Anjali Owner');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await waitForIslands(page);

  // Search by the shopper's e-mail, then the Paid tab: both kept in the address.
  const filters = page.getByRole('form', { name: 'Filter orders' });
  await filters.getByLabel('Search').fill(shopper.email);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\?q=desk-/);
  await expect(boardRow(page, id)).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Orders by state' });
  await expect(tabs.getByRole('link', { name: 'Paid (1)' })).toBeVisible();
  await tabs.getByRole('link', { name: /^Paid/ }).click();
  await expect(page).toHaveURL(/\?state=paid&q=desk-/);
  await expect(tabs.getByRole('link', { name: /^Paid/ })).toHaveAttribute('aria-current', 'page');
  await expect(boardRow(page, id)).toContainText('Online · Paid');
  await expect(boardRow(page, id)).toContainText('560034');
  expect(await sidewaysScroll(page), 'the board fits a 360 px phone').toBe(0);
  expect(await seriousViolations(page), 'the board').toEqual([]);

  // A wrong pincode is refused in the shared words before anything is asked.
  await filters.getByLabel('Pincode').fill('5600');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(filters.getByText('Pincode must be 6 digits.')).toBeVisible();
  await expect(page).toHaveURL(/\?state=paid&q=desk-/);

  // Reload keeps the filters; Back goes to the list before the tab.
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByRole('form', { name: 'Filter orders' }).getByLabel('Search')).toHaveValue(shopper.email);
  await expect(boardRow(page, id)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/orders\?q=desk-/);
  await expect(tabs.getByRole('link', { name: /^All/ })).toHaveAttribute('aria-current', 'page');
  await expect(boardRow(page, id)).toBeVisible();

  await boardRow(page, id)
    .getByRole('link', { name: `#${id}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/order\\?id=${id}$`));
  await expect(page.getByRole('heading', { name: `Order #${id}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('order-state')).toHaveText('Paid');
  await expect(page.getByRole('button', { name: 'Mark shipped' })).toBeDisabled();
  await expect(page.getByText('An order that is paid cannot be moved to shipped.')).toBeVisible();

  await page.getByRole('button', { name: 'Mark packed' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Order #${id} is now packed.` })).toBeVisible();
  await expect(page.getByTestId('order-state')).toHaveText('Packed');

  // Shipping needs a courier from the shop's list and its AWB number, or another courier in the note.
  const awb = `BD${Date.now()}`;
  const note = `Blue Dart, AWB ${awb}`;
  await page.getByLabel('Courier', { exact: true }).selectOption({ label: 'Blue Dart' });
  await page.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByText(COURIER_NEEDS_AWB)).toBeVisible();
  await page.getByLabel('Courier', { exact: true }).selectOption({ label: 'Another courier (write it in the note)' });
  await page.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByText(TRACKING_REQUIRED)).toBeVisible();
  await page.getByLabel('Courier', { exact: true }).selectOption({ label: 'Blue Dart' });
  await page.getByLabel('AWB number').fill(awb);
  await page.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByTestId('order-state')).toHaveText('Shipped');

  // The packing slip downloads as a PDF, fetched with the staff token.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download packing slip' }).click();
  const slip = await downloading;
  expect(slip.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    fs
      .readFileSync(await slip.path())
      .subarray(0, 4)
      .toString('latin1'),
  ).toBe('%PDF');

  await page.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(page.getByTestId('order-state')).toHaveText('Delivered');
  const timeline = page.getByTestId('staff-timeline').getByRole('listitem');
  await expect(timeline).toHaveCount(5);
  await expect(timeline.nth(3)).toContainText('Shipped');
  await expect(timeline.nth(3)).toContainText('By Anjali Owner (');
  await expect(timeline.nth(0)).toContainText('By the customer');
  await expect(timeline.nth(3)).toContainText(`Note: ${note}`);
  for (const name of ['Mark packed', 'Mark shipped', 'Mark delivered', 'Cancel order']) {
    await expect(page.getByRole('button', { name })).toBeDisabled();
  }
  expect(await sidewaysScroll(page), 'the order fits a 360 px phone').toBe(0);
  expect(await seriousViolations(page), 'the order page').toEqual([]);
  expect(problems, 'console errors on the phone').toEqual([]);
  await page.context().close();

  // The shopper's tracking page shows it delivered, with the courier's note and its tracking link.
  const tracking = await shopperPage(browser, shopper);
  await tracking.goto(`/trackorder/${id}`);
  await expect(tracking.getByTestId('order-state')).toHaveText('Delivered');
  await expect(tracking.getByTestId('order-timeline')).toContainText(note);
  await expect(tracking.getByRole('link', { name: 'Track with Blue Dart (opens in a new tab)' })).toHaveAttribute(
    'href',
    `https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=${awb}`,
  );
  await tracking.context().close();
});

test('a refused move shows the server’s reason; cancelling a paid order asks first and says it is refunded', async ({
  page,
  request,
}) => {
  const shopper = await apiShopper(request, { prefix: 'desk' });
  const item = await ownProduct(request);
  const variantId = itemAt(item.variants, 0, 'its variants').id;
  const [gone, kept] = [await paidOrder(request, shopper, variantId), await paidOrder(request, shopper, variantId)];
  await signedInStaff(page, 'owner', 'Dev Owner');

  // The shopper cancels while the page is open: the move is refused with the lifecycle's words.
  await page.goto(`/admin/order?id=${gone}`);
  await waitForIslands(page);
  await expect(page.getByTestId('order-state')).toHaveText('Paid');
  const cancelled = await request.post(`/api/common/orders/${gone}/cancel`, {
    headers: { authorization: `Bearer ${shopper.token}` },
  });
  expect(cancelled.status()).toBe(200);
  await page.getByRole('button', { name: 'Mark packed' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'An order that is cancelled cannot be moved to packed.' }),
  ).toBeVisible();

  await page.goto(`/admin/order?id=${kept}`);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Give the reason for cancelling this order.')).toBeVisible();
  await page.getByLabel('Reason for cancelling').fill('Damaged in the warehouse');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const confirm = page.getByRole('dialog', { name: `Cancel order #${kept}?` });
  await expect(confirm).toContainText('This order is paid: the customer is refunded');
  expect(await seriousViolations(page), 'the confirmation').toEqual([]);
  // Escape keeps the order as it was, and focus returns to the button.
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeFocused();
  await expect(page.getByTestId('order-state')).toHaveText('Paid');
  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(page.getByTestId('order-state')).toHaveText('Cancelled');
  const refund = page.getByRole('region', { name: 'Refund' });
  await expect(refund).toContainText('Damaged in the warehouse');
  await expect(refund).toContainText(/Refund initiated|Refunded/);
});

test('support’s cancellation of a paid order waits for an owner, who approves it from the refunds queue on a phone; notes stay with staff', async ({
  page,
  browser,
  request,
}) => {
  const shopper = await apiShopper(request, { prefix: 'refund' });
  const item = await ownProduct(request);
  const id = await paidOrder(request, shopper, itemAt(item.variants, 0, 'its variants').id);
  await signedInStaff(page, 'support', 'Sana Support');

  await page.goto(`/admin/order?id=${id}`);
  await waitForIslands(page);
  await page.getByLabel('Reason for cancelling').fill('The shopper called: ordered twice');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page
    .getByRole('dialog', { name: `Cancel order #${id}?` })
    .getByRole('button', { name: 'Cancel the order' })
    .click();
  await expect(page.getByText(`Order #${id} is not cancelled yet: its refund of`)).toBeVisible();
  await expect(page.getByTestId('order-state')).toHaveText('Paid');
  await expect(page.getByTestId('order-address')).toContainText('Phone: 9876543210');
  const waiting = page.getByRole('region', { name: 'Refund waiting for approval' });
  await expect(waiting).toContainText('Sana Support asked on');
  await expect(waiting).toContainText('You asked for it: another manager or an owner must approve it.');
  await expect(waiting.getByRole('button', { name: /Approve the refund/ })).toHaveCount(0);

  const notes = page.getByRole('region', { name: 'Internal notes' });
  await notes.getByLabel('New note').fill('Shopper prefers a call after 6 pm <b>please</b>');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByRole('list', { name: 'Notes' })).toContainText(
    'Shopper prefers a call after 6 pm <b>please</b>',
  );
  await expect(notes.getByRole('list', { name: 'Notes' })).toContainText('Sana Support');

  // The owner, on a 360 px phone with the CPU slowed, decides from the queue.
  const owner = await phone(browser);
  await signedInStaff(owner, 'owner', 'Dev Owner');
  await owner.goto('/admin/refunds');
  await waitForIslands(owner);
  const queue = owner.getByRole('list', { name: 'Refunds waiting for approval' });
  const entry = queue.getByRole('listitem').filter({ hasText: `Order #${id}` });
  await expect(entry).toContainText('The shopper called: ordered twice');
  await entry.getByRole('button', { name: `Approve the refund of order #${id}` }).click();
  await expect(owner.getByText(`Order #${id} is cancelled and a refund of`)).toBeVisible();
  await expect(queue.getByRole('listitem').filter({ hasText: `Order #${id}` })).toHaveCount(0);
  expect(await sidewaysScroll(owner)).toBe(0);

  await page.reload();
  await waitForIslands(page);
  await expect(page.getByTestId('order-state')).toHaveText('Cancelled');
  await expect(page.getByRole('region', { name: 'Refund approved' })).toContainText('Approved by Dev Owner');
  await expect(page.getByRole('region', { name: 'Refund', exact: true })).toContainText(
    'The shopper called: ordered twice',
  );

  // Today's orders as a CSV file: this one is in it, cancelled and refunded.
  await page.goto('/admin/orders');
  await waitForIslands(page);
  await page.getByText('Export orders (CSV)').click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^GharBazaar-orders-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await file.path(), 'utf8');
  expect(csv.split('\n')[0]).toContain('order,placed_ist,state');
  expect(csv).toMatch(new RegExp(`\\n${id},[^\\n]*,cancelled,online,`));

  // The shopper is told the reason, never the note.
  const seen = await request.get(`/api/common/orders/${id}/`, {
    headers: { authorization: `Bearer ${shopper.token}` },
  });
  const body = await seen.text();
  expect(body).toContain('The shopper called: ordered twice');
  expect(body).not.toContain('after 6 pm');
  await owner.context().close();
});

test('three orders are packed from one queue with one printed PDF; the owner opts in to new-order e-mails', async ({
  page,
  request,
}) => {
  const item = await ownProduct(request);
  const variant = itemAt(item.variants, 0, 'its variants').id;
  const ids: number[] = [];
  for (const n of [1, 2, 3])
    ids.push(await paidOrder(request, await apiShopper(request, { prefix: `pack${n}` }), variant));
  await signedInStaff(page, 'owner', 'Kavya Owner');

  const alerts = page.getByRole('form', { name: 'E-mails to me about orders' });
  await alerts.getByLabel(/^New orders/).check();
  await alerts.getByRole('button', { name: 'Save my e-mails' }).click();
  await expect(page.getByText('Your e-mails are saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'E-mails to me about orders' }).getByLabel(/^New orders/)).toBeChecked();

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'To pack' }).click();
  await expect(page).toHaveURL(/\/admin\/packing$/);
  await waitForIslands(page);
  for (const id of ids) {
    await expect(boardRow(page, id)).toContainText('Online · Paid');
    await page.getByRole('checkbox', { name: `Select order #${id}` }).check();
  }
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print slips and invoices (3)' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^GharBazaar-packing-\d{4}-\d{2}-\d{2}\.pdf$/);
  const text = await pdfText(fs.readFileSync(await file.path()));
  expect(text.match(/PACKING SLIP/g)).toHaveLength(3);
  expect(text.match(/TAX INVOICE/g)).toHaveLength(3);
  for (const id of ids) expect(text).toContain(`#${id}`);
  expect(await seriousViolations(page), 'the packing queue').toEqual([]);

  await page.getByRole('button', { name: 'Mark packed (3)' }).click();
  await expect(page.getByText('3 orders packed.')).toBeVisible();
  for (const id of ids) await expect(boardRow(page, id)).toHaveCount(0);
  const manager = { authorization: `Bearer ${await apiStaffToken(request, 'manager')}` };
  for (const id of ids) {
    const order = await request.get(`/api/admin/orders/${id}`, { headers: manager });
    expect(((await order.json()) as { state: string }).state).toBe('packed');
  }
  await page.setViewportSize({ width: 390, height: 800 });
  expect(await sidewaysScroll(page), 'the packing queue fits a 390 px phone').toBe(0);
});

test('an owner hides a review with a reason: it leaves the product’s public list and average', async ({
  page,
  request,
}) => {
  const shopper = await apiShopper(request, { prefix: 'desk', firstName: 'Kavya' });
  const item = await ownProduct(request);
  const variant = itemAt(item.variants, 0, 'its variants');
  // Only goods delivered may be reviewed: staff move the order along first.
  const orderId = await paidOrder(request, shopper, variant.id);
  for (const step of [['packed'], ['shipped', 'Delhivery', 'AWB', '90881235'], ['delivered']]) {
    execFileSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'order:status', String(orderId), ...step], {
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    });
  }
  const text = `Arrived dented <b>not bold</b> ${Date.now()}`;
  const posted = await request.post('/api/common/ratings/', {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: { variant: String(variant.id), rating: '1', review: text },
  });
  expect(posted.status()).toBe(201);
  const reviewId = ((await posted.json()) as { id: number }).id;
  const countOf = async () => {
    const answer = (await (await request.get(`/api/common/products/${item.id}`)).json()) as CatalogueProduct;
    return answer.variants.find((v) => v.id === variant.id)?.rating_count ?? -1;
  };
  const publicIds = async () =>
    ((await (await request.get(`/api/common/ratings/?product=${item.id}`)).json()) as { id: number }[]).map(
      (r) => r.id,
    );
  expect(await publicIds()).toContain(reviewId);
  const countBefore = await countOf();

  await signedInStaff(page, 'owner', 'Mira Owner');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reviews' }).click();
  await expect(page).toHaveURL(/\/admin\/reviews$/);
  await waitForIslands(page);
  const filters = page.getByRole('form', { name: 'Filter reviews' });
  await filters.getByLabel('Product id').fill(String(item.id));
  await filters.getByLabel('Rating').selectOption('1');
  await filters.getByLabel('Text, product or author').fill('Arrived dented');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?product=${item.id}&rating=1&q=Arrived`));
  const card = page.getByRole('listitem', { name: `Review ${reviewId}` });
  // The review's text is shown as text: the markup in it is not markup.
  await expect(card.getByTestId('review-text')).toHaveText(text);
  await expect(card.locator('b')).toHaveCount(0);
  // The list is dimmed while the filtered reviews load (the card may be in the list before): check it once loaded.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await seriousViolations(page), 'the reviews page').toEqual([]);

  // Hide opens the reason's form, focused there; the shared rule's messages refuse an empty or long reason.
  const opener = card.getByRole('button', { name: `Hide review ${reviewId}` });
  await opener.click();
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  const reason = card.getByLabel('Reason for hiding');
  await expect(reason).toBeFocused();
  const hide = card.getByRole('button', { name: 'Hide this review' });
  await hide.click();
  await expect(card.getByText(HIDE_REASON_REQUIRED)).toBeVisible();
  await reason.fill('x'.repeat(501));
  await hide.click();
  await expect(card.getByText('At most 500 characters.')).toBeVisible();
  expect(await seriousViolations(page), 'the reviews page with a refused reason').toEqual([]);
  await reason.fill('Abusive language about the courier');
  await hide.click();
  await expect(card.getByTestId('review-visibility')).toHaveText('Hidden');
  await expect(card).toContainText('Reason: Abusive language about the courier');
  await expect(card).toContainText('by Mira Owner');
  await expect(card.getByRole('button', { name: /^Unhide/ })).toBeVisible();

  // Off the shop: not in the product's public reviews, and not counted in its rating.
  await expect.poll(publicIds).not.toContain(reviewId);
  await expect.poll(countOf).toBe(countBefore - 1);

  // Hidden reviews filter; reload keeps the filters.
  await page.goto(`/admin/reviews?product=${item.id}&status=hidden`);
  await waitForIslands(page);
  await expect(page.getByRole('listitem', { name: `Review ${reviewId}` })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Filter reviews' }).getByLabel('Status')).toHaveValue('hidden');
});

test('support staff find a customer and their orders, cannot open reviews, and the API refuses them too', async ({
  page,
  request,
}) => {
  const shopper = await apiShopper(request, { prefix: 'desk', firstName: 'Farah' });
  const item = await ownProduct(request);
  const id = await paidOrder(request, shopper, itemAt(item.variants, 0, 'its variants').id);
  const support: SignedInStaff = await signedInStaff(page, 'support', 'Sam Support');

  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Orders',
    'To pack',
    'Catalogue',
    'Synonyms',
    'Customers',
  ]);
  await nav.getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await waitForIslands(page);
  const search = page.getByRole('search', { name: 'Find customers' });
  await search.getByLabel('Name, e-mail or phone').fill(shopper.email);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\?q=desk-/);
  await page.getByRole('row', { name: 'Farah Nair' }).getByRole('link', { name: 'Farah Nair' }).click();
  await expect(page).toHaveURL(/\/admin\/customer\?id=\d+$/);
  await expect(page.getByRole('heading', { name: 'Farah Nair' })).toBeVisible();
  await expect(page.getByRole('row', { name: `Order #${id}` })).toContainText('Paid');
  expect(await seriousViolations(page), 'the customer page').toEqual([]);
  await page.getByRole('link', { name: `#${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/order\\?id=${id}$`));
  await expect(page.getByRole('button', { name: 'Mark packed' })).toBeEnabled();

  // Reviews are not support's: the page says so, and the API answers 403.
  await page.goto('/admin/reviews');
  await expect(page.getByText(ROLE_CANNOT)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Filter reviews' })).toHaveCount(0);
  const reviews = (await (await request.get('/api/common/ratings/')).json()) as { id: number }[];
  const reviewId = itemAt(reviews, 0, 'the shop’s reviews').id;
  const refused = await request.post(`/api/admin/reviews/${reviewId}/hide`, {
    headers: { authorization: `Bearer ${support.token}` },
    data: { reason: 'Support may not do this' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(ROLE_CANNOT);
});
