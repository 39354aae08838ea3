import { describe, expect, test } from 'vitest';
import { CustomerPageSchema, CustomerProfileSchema } from '../../contract/api/admin-customers';
import { NOT_ALLOWED } from '../../contract/schemas/common';
import { ROLE_CANNOT, STAFF_ROLES, type StaffRole } from '../../contract/staff';
import { CUSTOMER_NOT_FOUND } from '../../server/services/staff/customers';
import {
  appPerFile,
  buy,
  HOME_ADDRESS,
  makeTestApp,
  newUser,
  restock,
  someVariants,
  type NewUserFields,
} from './helpers';
import { staffOfEachRole, type SignedInStaff } from './staff-helpers';

const t = appPerFile(() => makeTestApp(12));

let team: Promise<Record<StaffRole, SignedInStaff>> | undefined;
/** One signed-in member of each role, made once for the file. */
const staff = () => (team ??= staffOfEachRole(t));

/** Every key of an answer, at any depth. */
function keysIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysIn);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysIn(inner)]);
}

/** A shopper with a saved address and a paid order, and a reset PIN asked for (a secret the answers must not carry). */
async function customer(overrides: Partial<NewUserFields> = {}) {
  const shopper = await newUser(t, overrides);
  const saved = await t.call('POST', '/api/common/addresses/', { token: shopper.token, json: HOME_ADDRESS });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  const [v] = await someVariants(t, 1, 1);
  await restock(t, [v.id]);
  const order = await buy(t, shopper.token, [v.id]);
  const reset = await t.call('POST', '/api/common/request_reset_otp', { json: { email: shopper.email } });
  expect(reset.status).toBe(200);
  return { ...shopper, orderId: order.id, addressId: (saved.body as { id: number }).id };
}

describe('each role against each customers call', () => {
  const CALLS: [string, (id: number) => string, Record<StaffRole, number>][] = [
    ['GET /api/admin/customers', () => '/api/admin/customers', { owner: 200, manager: 403, support: 200 }],
    ['GET /api/admin/customers/{id}', (id) => `/api/admin/customers/${id}`, { owner: 200, manager: 403, support: 200 }],
  ];

  test.each(
    STAFF_ROLES.flatMap((role) => CALLS.map(([call, path, statuses]) => [role, call, statuses[role], path] as const)),
  )('%s → %s: %i', async (role, _, status, pathOf) => {
    const member = (await staff())[role];
    const shopper = await newUser(t);
    const path = pathOf(shopper.id);
    const res = await t.call('GET', path, { token: member.token });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status === 403) {
      expect(res.body).toEqual({ message: ROLE_CANNOT });
      const [denial] = await t.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).execute();
      expect(denial).toMatchObject({
        outcome: 'denied',
        action: 'customers.read',
        entity: 'route',
        entity_id: `GET ${path}`,
        staff_id: member.id,
      });
    }
  });

  test.each(CALLS.map(([call, path]) => [call, path] as const))(
    'a shopper’s token is refused by %s (401), even for their own account; so is no token',
    async (_, pathOf) => {
      const shopper = await newUser(t);
      expect((await t.call('GET', pathOf(shopper.id), { token: shopper.token })).status).toBe(401);
      expect((await t.call('GET', pathOf(shopper.id))).status).toBe(401);
    },
  );
});

describe('a customer’s profile', () => {
  test('carries exactly the allowed fields: never a password hash, token, PIN or device cookie', async () => {
    const { support } = await staff();
    const shopper = await customer();
    const res = await t.call('GET', `/api/admin/customers/${shopper.id}`, { token: support.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      ['addresses', 'email', 'first_name', 'id', 'joined', 'last_name', 'order_count', 'orders', 'phone_number'].sort(),
    );
    const profile = CustomerProfileSchema.parse(body);
    expect(profile).toMatchObject({
      id: shopper.id,
      first_name: shopper.first_name,
      last_name: shopper.last_name,
      email: shopper.email,
      phone_number: shopper.phone_number,
      joined: expect.stringMatching(/^\d{4}-\d\d-\d\d/),
      order_count: 1,
    });
    expect(profile.orders).toEqual([
      {
        id: shopper.orderId,
        created_at: expect.any(String),
        state: 'paid',
        payment_method: 'online',
        amount: expect.any(Number),
        items: 1,
      },
    ]);
    expect(Object.keys(profile.orders[0] ?? {}).sort()).toEqual(
      ['amount', 'created_at', 'id', 'items', 'payment_method', 'state'].sort(),
    );
    expect(profile.addresses).toEqual([{ ...HOME_ADDRESS, id: shopper.addressId, user: shopper.id }]);
    // Nothing secret anywhere in the answer, whatever its key.
    const text = JSON.stringify(body);
    const stored = await t.db.selectFrom('users').selectAll().where('id', '=', shopper.id).executeTakeFirstOrThrow();
    expect(text).not.toContain(stored.password_hash ?? 'no hash stored');
    expect(text).not.toContain(shopper.token);
    const reset = await t.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', shopper.id)
      .executeTakeFirstOrThrow();
    expect(text).not.toContain(reset.pin_hash);
    expect(keysIn(body).filter((key) => /password|hash|token|secret|reset|otp|cookie|device/i.test(key))).toEqual([]);
  });

  test.each([
    ['an id no one has', '/api/admin/customers/999999'],
    ['zero', '/api/admin/customers/0'],
    ['not a number', '/api/admin/customers/me'],
  ])('%s → 404', async (_, path) => {
    const { owner } = await staff();
    const res = await t.call('GET', path, { token: owner.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: CUSTOMER_NOT_FOUND });
  });
});

describe('finding customers', () => {
  let fixture: Promise<Awaited<ReturnType<typeof customer>>[]> | undefined;
  /** Three customers with a surname no one else has. */
  const three = () =>
    (fixture ??= (async () => [
      await customer({ first_name: 'Meenakshi', last_name: 'Zylberstein' }),
      await customer({ first_name: 'Rohan', last_name: 'Zylberstein' }),
      await customer({ first_name: 'Kavya', last_name: 'Zylberstein' }),
    ])());

  async function find(query: string) {
    const { owner } = await staff();
    const res = await t.call('GET', `/api/admin/customers?${query}`, { token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return CustomerPageSchema.parse(res.body);
  }

  test('by part of the name, whatever its case, newest accounts first, each with their orders counted', async () => {
    const [a, b, c] = await three();
    const page = await find('q=zylber');
    expect(page.results.map((r) => r.id)).toEqual([c!.id, b!.id, a!.id]);
    expect(page.count).toBe(3);
    expect(page.results[0]).toEqual({
      id: c!.id,
      first_name: 'Kavya',
      last_name: 'Zylberstein',
      email: c!.email,
      phone_number: c!.phone_number,
      joined: expect.any(String),
      orders: 1,
    });
    expect((await find(`q=${encodeURIComponent('rohan zylberstein')}`)).results.map((r) => r.id)).toEqual([b!.id]);
  });

  test('by e-mail and by phone (as typed, with +91 and spaces)', async () => {
    const [a, b] = await three();
    expect((await find(`q=${encodeURIComponent(a!.email.toUpperCase())}`)).results.map((r) => r.id)).toEqual([a!.id]);
    const phone = b!.phone_number;
    const typed = `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`;
    expect((await find(`q=${encodeURIComponent(typed)}`)).results.map((r) => r.id)).toEqual([b!.id]);
    expect((await find(`q=${encodeURIComponent('%')}`)).count).toBe(0);
  });

  test('in pages that do not overlap', async () => {
    const all = (await three()).map((c) => c.id).reverse();
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await find(`q=zylberstein&page_size=1&page=${page}`));
    expect(pages.map((p) => p.results.map((r) => r.id))).toEqual(all.map((id) => [id]));
    expect(pages.every((p) => p.count === 3 && p.page_size === 1)).toBe(true);
    const everyone = await find('');
    expect(everyone.page).toBe(1);
    expect(everyone.page_size).toBe(25);
    expect(everyone.count).toBeGreaterThanOrEqual(3);
  });

  test.each<[string, string, string]>([
    ['page=0', 'page', 'Must be a positive whole number (digits only).'],
    ['page=-1', 'page', 'Must be a positive whole number (digits only).'],
    ['page_size=101', 'page_size', 'At most 100.'],
    [`q=${'a'.repeat(255)}`, 'q', 'At most 254 characters.'],
    ['q=abc%00', 'q', NOT_ALLOWED],
  ])('GET /customers?%s → 400 on %s', async (query, field, message) => {
    const { support } = await staff();
    const res = await t.call('GET', `/api/admin/customers?${query}`, { token: support.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, errors: { [field]: [message] } });
  });
});
