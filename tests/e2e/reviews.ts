import { expect, type APIRequestContext } from '@playwright/test';
import { apiStaffToken } from './admin-fixtures';
import { apiShopper, type ApiShopper } from './fixtures';

/**
 * What the review tests share: a shopper's order of a variant, paid and delivered through the API
 * (staff move it along as the order desk does), and their review of it.
 */

const ADDRESS = 'Meera Nair, 9876543210, Koramangala, 4th Block, Bengaluru, Karnataka, 560034';

/** One manager account a worker, opened on the command line, signed in once: it moves the orders along. */
let mover: Promise<string> | undefined;

/** Orders one `variantId` as `shopper`, pays it, and has staff pack, ship and deliver it. */
export async function deliveredTo(request: APIRequestContext, shopper: ApiShopper, variantId: number): Promise<number> {
  const headers = { authorization: `Bearer ${shopper.token}` };
  const created = await request.post('/api/common/create_order/', {
    headers,
    data: { products: [{ variant_id: variantId, quantity: 1 }], address: ADDRESS },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: number; order_id: string };
  const signed = await request.post('/api/payments/local/authorize', { headers, data: { order_id: order.order_id } });
  expect(signed.status()).toBe(200);
  const paid = await request.post('/api/common/verify_payment/', { headers, data: await signed.json() });
  expect(paid.status()).toBe(200);
  mover ??= apiStaffToken(request, 'manager');
  const staff = { authorization: `Bearer ${await mover}` };
  for (const data of [{ to: 'packed' }, { to: 'shipped', note: 'Delhivery, AWB 90881235' }, { to: 'delivered' }]) {
    const moved = await request.post(`/api/admin/orders/${order.id}/move`, { headers: staff, data });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return order.id;
}

/** The shopper's review of a variant delivered to them; answers its id. */
export async function writeReview(
  request: APIRequestContext,
  shopper: ApiShopper,
  variantId: number,
  rating: number,
  review: string,
): Promise<number> {
  const posted = await request.post('/api/common/ratings/', {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: { variant: String(variantId), rating: String(rating), review },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  return ((await posted.json()) as { id: number }).id;
}

/** A new shopper who had `variantId` delivered and reviewed it; answers the review's id. */
export async function reviewedBy(
  request: APIRequestContext,
  firstName: string,
  variantId: number,
  rating: number,
  review: string,
): Promise<{ shopper: ApiShopper; id: number }> {
  const shopper = await apiShopper(request, { prefix: 'review', firstName });
  await deliveredTo(request, shopper, variantId);
  return { shopper, id: await writeReview(request, shopper, variantId, rating, review) };
}
