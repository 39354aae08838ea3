import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AdminHomeOffer } from '../../contract/api/admin-catalogue';
import type { HomeOffer } from '../../contract/types';
import { OFFER_SEARCH_REQUIRED, OFFER_TITLE_REQUIRED } from '../../contract/schemas/admin-catalogue';
import { ROLE_CANNOT, type StaffRole } from '../../contract/staff';
import { parseSiteChange } from '../../server/services/site/changes';
import { appPerFile, makeTestApp, newUser, type TestResponse } from './helpers';
import { staffOfEachRole, type SignedInStaff } from './staff-helpers';

const t = appPerFile(() => makeTestApp(6));
let staff: Record<StaffRole, SignedInStaff>;

beforeAll(async () => {
  staff = await staffOfEachRole(t);
});

const offers = (
  role: StaffRole = 'manager',
  method = 'GET',
  path = '',
  options: { json?: unknown; form?: FormData } = {},
) => t.call(method, `/api/admin/catalogue/offers${path}`, { ...options, token: staff[role].token });

async function publicOffers(): Promise<HomeOffer[]> {
  const res = await t.get('/api/common/home_offers/');
  expect(res.status).toBe(200);
  return res.body as HomeOffer[];
}

async function offerForm(fields: Record<string, string>): Promise<FormData> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#d97706' } })
    .png()
    .toBuffer();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'offer.png');
  return form;
}

async function lastSiteChange() {
  const row = await t.db.selectFrom('site_changes').select('change').orderBy('id', 'desc').executeTakeFirst();
  return row ? parseSiteChange(row.change) : null;
}

function body<T>(res: TestResponse, status = 200): T {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as T;
}

describe("the home page's offers", () => {
  test('the shop starts with the two offers the home page always showed', async () => {
    expect((await publicOffers()).map((o) => [o.title, o.search])).toEqual([
      ['Coffee Combo Pack', 'coffee'],
      ['Clothes Combo Box', 'cotton'],
    ]);
  });

  test('staff add, change, move, hide, re-picture and delete an offer; the public list and home page follow', async () => {
    const created = body<AdminHomeOffer>(
      await offers('manager', 'POST', '', {
        form: await offerForm({ title: 'Diwali Diya Set', text: 'Clay diyas, twelve to a box.', search: 'diya' }),
      }),
      201,
    );
    expect(created).toMatchObject({ title: 'Diwali Diya Set', position: 3, hidden: false });
    expect(created.image).toMatch(/^\/media\/images\/[0-9a-f]{16}-\d+x\d+-[0-9a-f]{6}\.png$/);
    expect((await publicOffers()).map((o) => o.title)).toContain('Diwali Diya Set');
    expect(await lastSiteChange()).toEqual({ home: true });

    const moved = body<AdminHomeOffer>(
      await offers('manager', 'PATCH', `/${created.id}`, { json: { position: 1, title: 'Diya Set' } }),
    );
    expect(moved).toMatchObject({ position: 1, title: 'Diya Set' });
    expect((await publicOffers())[0]?.title).toBe('Diya Set');

    body(await offers('owner', 'PATCH', `/${created.id}`, { json: { hidden: true } }));
    expect((await publicOffers()).map((o) => o.title)).not.toContain('Diya Set');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id'])
      .where('entity', '=', 'offer')
      .where('entity_id', '=', String(created.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['offer.create', 'offer.update', 'offer.hide']);

    const form = await offerForm({});
    const repictured = body<AdminHomeOffer>(await offers('manager', 'POST', `/${created.id}/image`, { form }));
    expect(repictured.image).not.toBe(created.image);

    body(await offers('manager', 'DELETE', `/${created.id}`));
    expect(body<AdminHomeOffer[]>(await offers('support')).map((o) => o.id)).not.toContain(created.id);
    expect((await offers('manager', 'DELETE', `/${created.id}`)).status).toBe(404);
  });

  test('support may read the offers but not change them (403, logged); shoppers neither', async () => {
    const [first] = body<AdminHomeOffer[]>(await offers('support'));
    const refused = await offers('support', 'PATCH', `/${first?.id}`, { json: { title: 'Nope' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: ROLE_CANNOT });
    const shopper = await newUser(t);
    expect((await t.call('GET', '/api/admin/catalogue/offers', { token: shopper.token })).status).toBe(401);
    expect((await publicOffers()).map((o) => o.title)).not.toContain('Nope');
  });

  test.each([
    ['no title', { text: 'x', search: 'y' }, OFFER_TITLE_REQUIRED],
    ['no search', { title: 'x', text: 'y' }, OFFER_SEARCH_REQUIRED],
  ])('an offer with %s is refused with the field message and nothing is stored', async (_name, fields, message) => {
    const before = (await offers('manager')).body;
    const res = await offers('manager', 'POST', '', { form: await offerForm(fields) });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect((await offers('manager')).body).toEqual(before);
  });

  test('a change of nothing is refused; an unknown offer is 404', async () => {
    const [first] = body<AdminHomeOffer[]>(await offers('manager'));
    expect((await offers('manager', 'PATCH', `/${first?.id}`, { json: {} })).status).toBe(400);
    expect((await offers('manager', 'PATCH', '/999999', { json: { title: 'x' } })).status).toBe(404);
  });
});
