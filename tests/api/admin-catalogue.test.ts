import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import type { AdminBanner, AdminCategory, AdminProduct, AdminProductPage } from '../../contract/api/admin-catalogue';
import {
  CATEGORY_NAME_REQUIRED,
  DIMENSION_INVALID,
  FINAL_ABOVE_PRICE,
  GST_RATE_INVALID,
  HIDDEN_INVALID,
  HSN_INVALID,
  LAST_VARIANT,
  NOTHING_TO_CHANGE,
  ON_HAND_INVALID,
  POSITION_INVALID,
  PRICE_INVALID,
  PRODUCT_NAME_REQUIRED,
  SKU_INVALID,
  SKU_REPEATED,
  SKU_REQUIRED,
  SUBCATEGORY_REQUIRED,
  UNIT_INVALID,
  VARIANTS_REQUIRED,
  VARIANT_ON_ORDERS,
  WEIGHT_INVALID,
  skuTaken,
  stockBelowHeld,
} from '../../contract/schemas/admin-catalogue';
import { BANNER_HEADLINE_REQUIRED } from '../../contract/schemas/home-content';
import { ROLE_CANNOT, STAFF_ROLES, roleCan, type Permission } from '../../contract/staff';
import { IMAGES_DIR } from '../../contract/images';
import { parseSiteChange, type SiteChange } from '../../server/services/site/changes';
import {
  addToCart,
  appPerFile,
  createOrder,
  filesBelow,
  getCart,
  makeTestApp,
  newUser,
  placeOrder,
  restock,
  type CallOptions,
} from './helpers';
import { catalogueAdmin as admin, catalogueDesk } from './catalogue-helpers';

type Json = Record<string, unknown>;

const t = appPerFile(() => makeTestApp(12));
const { staff, as, ok } = catalogueDesk(t);

let serial = 0;
const uniqueSku = (prefix = 'TST') => `${prefix}-${process.pid}-${(serial += 1)}`;

function variantBody(overrides: Json = {}): Json {
  return {
    name: 'Medium',
    sku: uniqueSku(),
    size: 'M',
    color: 'Navy',
    unit: 'piece',
    unit_value: 1,
    price: 499,
    final_price: 399.5,
    on_hand: 20,
    ...overrides,
  };
}

function productBody(overrides: Json = {}): Json {
  return {
    name: `Cotton kurta ${(serial += 1)}`,
    description: 'Soft cotton.\nHand wash.',
    brand: 'Khadi Works',
    subcategory_id: 1,
    weight: 300,
    unit: 'piece',
    length: 30,
    width: 20,
    height: 2,
    hsn_code: '6211',
    gst_rate: 5,
    variants: [variantBody()],
    ...overrides,
  };
}

async function createProduct(overrides: Json = {}): Promise<AdminProduct> {
  return ok<AdminProduct>('POST', '/products', { json: productBody(overrides) }, 201);
}

/** A small real PNG. */
function png(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
}

function imageForm(bytes: Buffer | string, fields: Record<string, string> = {}, type = 'image/png'): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('image', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), 'photo.png');
  return form;
}

async function latestAudit() {
  const row = await t.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  return {
    ...row,
    before: row.before === null ? null : (JSON.parse(row.before) as Json),
    after: row.after === null ? null : (JSON.parse(row.after) as Json),
  };
}

async function siteChangeCount(): Promise<number> {
  const row = await t.db
    .selectFrom('site_changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function latestSiteChange(): Promise<SiteChange> {
  const row = await t.db.selectFrom('site_changes').select('change').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return parseSiteChange(row.change);
}

async function auditCount(): Promise<number> {
  const row = await t.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('outcome', '=', 'done')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Runs `act` (one change) and checks it left exactly one audit entry (action, entity id, before and
 * after) and one site change, and answers the site change. An entity id not known before the
 * change (a new record's) is given as a function, read after it.
 */
async function expectOneChange(
  act: () => Promise<unknown>,
  audit: { action: string; entityId: number | (() => number); before?: Json | null; after?: Json | null },
): Promise<SiteChange> {
  const [audits, changes] = [await auditCount(), await siteChangeCount()];
  await act();
  expect(await auditCount()).toBe(audits + 1);
  expect(await siteChangeCount()).toBe(changes + 1);
  const entry = await latestAudit();
  expect(entry).toMatchObject({
    action: audit.action,
    entity_id: String(typeof audit.entityId === 'function' ? audit.entityId() : audit.entityId),
    staff_id: staff.manager.id,
    outcome: 'done',
  });
  if (audit.before !== undefined) expect(entry.before).toEqual(audit.before);
  if (audit.after !== undefined) expect(entry.after).toEqual(audit.after);
  return latestSiteChange();
}

/** Runs `act` and checks it changed nothing: no audit entry, no site change, the same catalogue. */
async function expectNothingChanged(act: () => Promise<unknown>): Promise<void> {
  const snapshot = async () => ({
    audits: await auditCount(),
    changes: await siteChangeCount(),
    products: await t.db.selectFrom('products').selectAll().orderBy('id').execute(),
    variants: await t.db.selectFrom('variants').selectAll().orderBy('id').execute(),
    categories: await t.db.selectFrom('categories').selectAll().orderBy('id').execute(),
    subcategories: await t.db.selectFrom('subcategories').selectAll().orderBy('id').execute(),
    banners: await t.db.selectFrom('banners').selectAll().orderBy('id').execute(),
    images: await t.db.selectFrom('variant_images').selectAll().orderBy('id').execute(),
    stock: await t.db.selectFrom('stock_levels').selectAll().orderBy('variant_id').execute(),
    files: filesBelow(path.join(t.mediaDir, IMAGES_DIR)).sort(),
  });
  const before = await snapshot();
  await act();
  expect(await snapshot()).toEqual(before);
}

const publicProduct = (id: number) => t.get(`/api/common/products/${id}/`);

// ---- Who may call what ----

/** Every endpoint, with a request that changes nothing and what an allowed role is answered. */
const ENDPOINTS: [method: string, path: string, permission: Permission, options: CallOptions, allowed: number][] = [
  ['GET', '/categories', 'catalogue.read', {}, 200],
  ['POST', '/categories', 'catalogue.write', { json: {} }, 400],
  ['PATCH', '/categories/1', 'catalogue.write', { json: {} }, 400],
  ['POST', '/subcategories', 'catalogue.write', { json: {} }, 400],
  ['PATCH', '/subcategories/1', 'catalogue.write', { json: {} }, 400],
  ['GET', '/products', 'catalogue.read', {}, 200],
  ['POST', '/products', 'catalogue.write', { json: {} }, 400],
  ['GET', '/products/1', 'catalogue.read', {}, 200],
  ['PATCH', '/products/1', 'catalogue.write', { json: {} }, 400],
  ['PUT', '/products/1/all', 'catalogue.write', { json: {} }, 400],
  ['POST', '/products/1/variants', 'catalogue.write', { json: {} }, 400],
  ['PATCH', '/variants/1', 'catalogue.write', { json: {} }, 400],
  ['DELETE', '/variants/999999', 'catalogue.write', {}, 404],
  ['PATCH', '/variants/1/stock', 'catalogue.write', { json: {} }, 400],
  ['POST', '/variants/1/images', 'catalogue.write', { json: {} }, 415],
  ['PATCH', '/images/1', 'catalogue.write', { json: {} }, 400],
  ['DELETE', '/images/999999', 'catalogue.write', {}, 404],
  ['GET', '/banners', 'catalogue.read', {}, 200],
  ['POST', '/banners', 'catalogue.write', { json: {} }, 415],
  ['PATCH', '/banners/1', 'catalogue.write', { json: {} }, 400],
  ['POST', '/banners/1/image', 'catalogue.write', { json: {} }, 415],
  ['DELETE', '/banners/999999', 'catalogue.write', {}, 404],
];

describe('who may call what', () => {
  test.each(ENDPOINTS.flatMap((e) => STAFF_ROLES.map((role) => [role, ...e] as const)))(
    '%s: %s %s',
    async (role, method, p, permission, options, allowed) => {
      const res = await as(role, method, p, options);
      if (roleCan(role, permission)) {
        expect(res.status, JSON.stringify(res.body)).toBe(allowed);
        return;
      }
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: ROLE_CANNOT });
      const denial = await latestAudit();
      expect(denial).toMatchObject({
        staff_id: staff[role].id,
        action: permission,
        entity: 'route',
        entity_id: `${method} ${admin(p)}`,
        outcome: 'denied',
      });
    },
  );

  test.each(ENDPOINTS)('without a staff token: %s %s is 401, for a shopper too', async (method, p, _, options) => {
    const shopper = await newUser(t);
    for (const token of [undefined, shopper.token]) {
      const res = await t.call(method, admin(p), { ...options, token });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  test('support reads the catalogue, and every write of theirs is refused and changes nothing', async () => {
    expect((await as('support', 'GET', '/products/1')).status).toBe(200);
    await expectNothingChanged(async () => {
      expect((await as('support', 'POST', '/products', { json: productBody() })).status).toBe(403);
      expect((await as('support', 'PATCH', '/variants/1', { json: { price: 1 } })).status).toBe(403);
      expect((await as('support', 'POST', '/variants/1/images', { form: imageForm(await png()) })).status).toBe(403);
    });
  });

  test('answers are not kept by any cache', async () => {
    const res = await as('manager', 'GET', '/products');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

// ---- Categories and subcategories ----

describe('categories and subcategories', () => {
  test('a new category is last, shows in the storefront menu, and the menu of every page is due', async () => {
    const before = await ok<AdminCategory[]>('GET', '/categories');
    let created!: AdminCategory;
    const site = await expectOneChange(
      async () => {
        created = await ok<AdminCategory>('POST', '/categories', { json: { name: '  Stationery ' } }, 201);
      },
      { action: 'category.create', entityId: () => created.id, before: null, after: { name: 'Stationery' } },
    );
    expect(site).toEqual({ menu: true, home: true, categories: [created.id], subcategories: [], products: [] });
    expect(created).toMatchObject({
      name: 'Stationery',
      position: before.length + 1,
      hidden: false,
      product_count: 0,
      subcategories: [],
    });
    const menu = (await t.get('/api/common/product_categories/')).body as { id: number }[];
    expect(menu.map((c) => c.id)).toContain(created.id);
  });

  test('a name already taken (any case) is a conflict', async () => {
    const [first] = await ok<AdminCategory[]>('GET', '/categories');
    await expectNothingChanged(async () => {
      const res = await as('manager', 'POST', '/categories', { json: { name: first!.name.toUpperCase() } });
      expect(res.status).toBe(409);
      expect((res.body as Json).message).toBe(`A category named '${first!.name.toUpperCase()}' already exists.`);
    });
  });

  test('rename, move first, hide and show a category; hidden takes its subcategories and products off the shelves', async () => {
    const created = await ok<AdminCategory>('POST', '/categories', { json: { name: 'Toys' } }, 201);
    const sub = await ok<{ id: number }>(
      'POST',
      '/subcategories',
      { json: { category_id: created.id, name: 'Puzzles' } },
      201,
    );
    const product = await createProduct({ subcategory_id: sub.id });

    const renamed = await expectOneChange(
      () => ok('PATCH', `/categories/${created.id}`, { json: { name: 'Toys & Games' } }),
      { action: 'category.update', entityId: created.id, before: { name: 'Toys' }, after: { name: 'Toys & Games' } },
    );
    // The menu, the category's listings and its products' pages (their breadcrumbs name it).
    expect(renamed).toEqual({
      menu: true,
      home: true,
      categories: [created.id],
      subcategories: [sub.id],
      products: [product.id],
    });

    const moved = await expectOneChange(() => ok('PATCH', `/categories/${created.id}`, { json: { position: 1 } }), {
      action: 'category.update',
      entityId: created.id,
      before: { position: created.position },
      after: { position: 1 },
    });
    // A move changes the order of the menu and listings, not what a product page says.
    expect(moved).toEqual({ menu: true, home: true, categories: [created.id], subcategories: [sub.id] });
    const menu = (await t.get('/api/common/product_categories/')).body as { id: number; name: string }[];
    expect(menu[0]).toMatchObject({ id: created.id, name: 'Toys & Games' });

    const hidden = await ok<AdminCategory>('PATCH', `/categories/${created.id}`, { json: { hidden: true } });
    expect(hidden).toMatchObject({ hidden: true, product_count: 1 });
    expect(hidden.hidden_at).not.toBeNull();
    expect(await latestAudit()).toMatchObject({
      action: 'category.hide',
      before: { hidden: false },
      after: { hidden: true },
    });
    expect(((await t.get('/api/common/product_categories/')).body as { id: number }[]).map((c) => c.id)).not.toContain(
      created.id,
    );
    expect(((await t.get('/api/common/subcategories/')).body as { id: number }[]).map((s) => s.id)).not.toContain(
      sub.id,
    );
    expect((await publicProduct(product.id)).status).toBe(404);
    const admin = await ok<AdminProduct>('GET', `/products/${product.id}`);
    expect(admin).toMatchObject({ hidden: false, shown: false });

    await ok('PATCH', `/categories/${created.id}`, { json: { hidden: false } });
    expect(await latestAudit()).toMatchObject({ action: 'category.unhide' });
    expect((await publicProduct(product.id)).status).toBe(200);
  });

  test('a subcategory is made, renamed and hidden; its products leave the storefront with it', async () => {
    const sub = await ok<{ id: number; position: number }>(
      'POST',
      '/subcategories',
      { json: { category_id: 1, name: 'Gift packs' } },
      201,
    );
    expect(await latestSiteChange()).toEqual({
      menu: true,
      home: true,
      categories: [1],
      subcategories: [sub.id],
      products: [],
    });
    const product = await createProduct({ subcategory_id: sub.id });
    const listed = await t.get(`/api/common/products/?sub_category=${sub.id}`);
    expect((listed.body as { id: number }[]).map((p) => p.id)).toEqual([product.id]);

    await expectOneChange(() => ok('PATCH', `/subcategories/${sub.id}`, { json: { name: 'Gift hampers' } }), {
      action: 'subcategory.update',
      entityId: sub.id,
      before: { name: 'Gift packs' },
      after: { name: 'Gift hampers' },
    });
    const site = await expectOneChange(() => ok('PATCH', `/subcategories/${sub.id}`, { json: { hidden: true } }), {
      action: 'subcategory.hide',
      entityId: sub.id,
      before: { hidden: false },
      after: { hidden: true },
    });
    // Its page, its products' pages and its place in the menu go; the rest of category 1 stays.
    expect(site).toEqual({ menu: true, home: true, categories: [1], subcategories: [sub.id], products: [product.id] });
    expect((await t.get(`/api/common/products/?sub_category=${sub.id}`)).body).toEqual([]);
    expect((await publicProduct(product.id)).status).toBe(404);
    const tree = await ok<AdminCategory[]>('GET', '/categories');
    expect(tree.flatMap((c) => c.subcategories).find((s) => s.id === sub.id)).toMatchObject({
      name: 'Gift hampers',
      hidden: true,
      product_count: 1,
    });
  });

  test.each<[string, string, Json, string]>([
    ['POST', '/categories', { name: '' }, CATEGORY_NAME_REQUIRED],
    ['POST', '/categories', { name: '\u200b ' }, CATEGORY_NAME_REQUIRED],
    ['POST', '/categories', { name: 'x'.repeat(101) }, 'At most 100 characters.'],
    ['PATCH', '/categories/1', {}, NOTHING_TO_CHANGE],
    ['PATCH', '/categories/1', { position: 0 }, POSITION_INVALID],
    ['PATCH', '/categories/1', { position: 'first' }, POSITION_INVALID],
    ['PATCH', '/categories/1', { hidden: 'yes' }, HIDDEN_INVALID],
    ['POST', '/subcategories', { name: 'Loose tea' }, 'Choose a category.'],
    [
      'POST',
      '/subcategories',
      { category_id: 999999, name: 'Loose tea' },
      'No such category: choose one from the list.',
    ],
    ['PATCH', '/subcategories/1', { name: 'a\u202eb' }, 'Contains characters that are not allowed.'],
  ])('%s %s %j is refused: %s', async (method, p, json, message) => {
    await expectNothingChanged(async () => {
      const res = await as('manager', method, p, { json });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect((res.body as Json).message).toBe(message);
    });
  });
});

// ---- Products and variants ----

describe('products', () => {
  test('a new product shows in the storefront with its brand, prices in rupees and derived discount', async () => {
    const body = productBody({ popular: true });
    const site = { before: await siteChangeCount() };
    const created = await ok<AdminProduct>('POST', '/products', { json: body }, 201);
    expect(await siteChangeCount()).toBe(site.before + 1);
    expect(await latestSiteChange()).toEqual({
      products: [created.id],
      subcategories: [1],
      categories: [created.category],
      home: true,
    });
    expect(created).toMatchObject({
      name: body.name,
      brand: 'Khadi Works',
      description: 'Soft cotton.\nHand wash.',
      sub_category: 1,
      hsn_code: '6211',
      gst_rate: 5,
      popular: true,
      big_deal: false,
      hidden: false,
      shown: true,
    });
    const [variant] = created.variants;
    expect(variant).toMatchObject({
      position: 1,
      sku: (body.variants as Json[])[0]!.sku,
      price: 499,
      final_price: 399.5,
      discount_percent: 20,
      stock: { on_hand: 20, reserved: 0, available: 20 },
      images: [],
    });
    const row = await t.db.selectFrom('variants').selectAll().where('id', '=', variant!.id).executeTakeFirstOrThrow();
    expect([row.price_paise, row.final_price_paise]).toEqual([49_900, 39_950]);
    const audit = await latestAudit();
    expect(audit).toMatchObject({ action: 'product.create', entity: 'product', entity_id: String(created.id) });
    expect(audit.after).toMatchObject({ name: body.name, brand: 'Khadi Works', gst_rate: 5 });

    const shown = await publicProduct(created.id);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      id: created.id,
      brand: 'Khadi Works',
      variants: [{ id: variant!.id, price: 499, final_price: 399.5, discount_percent: 20 }],
    });
    const featured = (await t.get('/api/common/featured_products/')).body as { id: number }[];
    expect(featured.map((p) => p.id)).toContain(created.id);
  });

  test('a price change shows in the storefront and the cart at once', async () => {
    const product = await createProduct();
    const variantId = product.variants[0]!.id;
    expect((await publicProduct(product.id)).body).toMatchObject({ variants: [{ final_price: 399.5 }] });
    const shopper = await newUser(t);
    expect((await addToCart(t, shopper.token, variantId)).status).toBe(201);

    const site = await expectOneChange(
      () => ok('PATCH', `/variants/${variantId}`, { json: { price: 599, final_price: 449 } }),
      {
        action: 'variant.update',
        entityId: variantId,
        before: { price: 499, final_price: 399.5 },
        after: { price: 599, final_price: 449 },
      },
    );
    expect(site).toEqual({ products: [product.id] });
    expect((await publicProduct(product.id)).body).toMatchObject({
      variants: [{ price: 599, final_price: 449, discount_percent: 25 }],
    });
    const cart = JSON.stringify((await getCart(t, shopper.token)).body);
    expect(cart).toContain('449');
  });

  test('hiding a product takes it out of listings, search, featured and its page; showing brings it back', async () => {
    const product = await createProduct({ name: 'Zanzibar clove tin', big_deal: true });
    const inList = async () =>
      ((await t.get('/api/common/products/?sub_category=1')).body as { id: number }[]).some((p) => p.id === product.id);
    const inSearch = async () =>
      ((await t.get('/api/common/products_search/?search=zanzibar')).body as { id: number }[]).some(
        (p) => p.id === product.id,
      );
    const inFeatured = async () =>
      ((await t.get('/api/common/featured_products/')).body as { id: number }[]).some((p) => p.id === product.id);
    expect([await inList(), await inSearch(), await inFeatured()]).toEqual([true, true, true]);

    const site = await expectOneChange(() => ok('PATCH', `/products/${product.id}`, { json: { hidden: true } }), {
      action: 'product.hide',
      entityId: product.id,
      before: { hidden: false },
      after: { hidden: true },
    });
    expect(site).toEqual({ products: [product.id] });
    expect([await inList(), await inSearch(), await inFeatured()]).toEqual([false, false, false]);
    expect((await publicProduct(product.id)).status).toBe(404);
    expect(await ok<AdminProduct>('GET', `/products/${product.id}`)).toMatchObject({ hidden: true, shown: false });

    await ok('PATCH', `/products/${product.id}`, { json: { hidden: false } });
    expect(await latestAudit()).toMatchObject({ action: 'product.unhide' });
    expect([await inList(), await inSearch(), await inFeatured()]).toEqual([true, true, true]);
  });

  test('moving a product names both subcategories and categories; only the touched fields are logged', async () => {
    const product = await createProduct();
    const tree = await ok<AdminCategory[]>('GET', '/categories');
    const target = tree.find((c) => c.id !== product.category && c.subcategories.length)!.subcategories[0]!;
    const site = await expectOneChange(
      () => ok('PATCH', `/products/${product.id}`, { json: { subcategory_id: target.id, name: product.name } }),
      {
        action: 'product.update',
        entityId: product.id,
        before: { subcategory_id: 1 },
        after: { subcategory_id: target.id },
      },
    );
    expect(site).toEqual({
      products: [product.id],
      subcategories: [1, target.id],
      categories: [product.category, target.category],
    });
    expect((await publicProduct(product.id)).body).toMatchObject({ sub_category: target.id });
  });

  test('the home page flags, tax fields and brand are changed, the home page named for the flags', async () => {
    const product = await createProduct();
    const site = await expectOneChange(
      () =>
        ok('PATCH', `/products/${product.id}`, {
          json: { big_deal: true, popular: true, hsn_code: '62114290', gst_rate: 12, brand: '' },
        }),
      {
        action: 'product.update',
        entityId: product.id,
        before: { big_deal: false, popular: false, hsn_code: '6211', gst_rate: 5, brand: 'Khadi Works' },
        after: { big_deal: true, popular: true, hsn_code: '62114290', gst_rate: 12, brand: null },
      },
    );
    expect(site).toEqual({ products: [product.id], home: true });
    expect(await ok<AdminProduct>('GET', `/products/${product.id}`)).toMatchObject({
      big_deal: true,
      popular: true,
      hsn_code: '62114290',
      gst_rate: 12,
      brand: null,
    });
  });

  test('a change to what it already is changes nothing', async () => {
    const product = await createProduct();
    await expectNothingChanged(async () => {
      await ok('PATCH', `/products/${product.id}`, { json: { name: product.name, hidden: false } });
    });
  });

  test('the list searches names and product codes, filters, sorts and pages', async () => {
    const a = await createProduct({
      name: 'Quokka mug small',
      variants: [variantBody({ sku: 'QKM-SMALL-1', price: 90, final_price: 80 })],
    });
    const b = await createProduct({
      name: 'Quokka mug large',
      variants: [variantBody({ sku: 'QKM-LARGE-1', price: 190, final_price: 150 })],
    });
    await ok('PATCH', `/products/${b.id}`, { json: { hidden: true } });

    const byName = await ok<AdminProductPage>('GET', '/products?search=quokka%20MUG&sort=price');
    expect(byName.count).toBe(2);
    expect(byName.results.map((r) => r.id)).toEqual([a.id, b.id]);
    expect(byName.results[0]).toMatchObject({
      min_price: 80,
      max_price: 80,
      variant_count: 1,
      skus: ['QKM-SMALL-1'],
      available: 20,
    });
    expect((await ok<AdminProductPage>('GET', '/products?search=quokka&sort=-price')).results.map((r) => r.id)).toEqual(
      [b.id, a.id],
    );
    expect((await ok<AdminProductPage>('GET', '/products?search=qkm-large')).results.map((r) => r.id)).toEqual([b.id]);
    expect((await ok<AdminProductPage>('GET', '/products?search=quokka&hidden=true')).results.map((r) => r.id)).toEqual(
      [b.id],
    );
    expect(
      (await ok<AdminProductPage>('GET', '/products?search=quokka&hidden=false')).results.map((r) => r.id),
    ).toEqual([a.id]);
    expect((await ok<AdminProductPage>('GET', '/products?search=quokka&sort=-name')).results.map((r) => r.id)).toEqual([
      a.id,
      b.id,
    ]);
    expect(
      (await ok<AdminProductPage>('GET', `/products?search=quokka&category=${a.category}&subcategory=1`)).count,
    ).toBe(2);
    expect((await ok<AdminProductPage>('GET', '/products?search=100%25')).count).toBe(0);

    const all = await ok<AdminProductPage>('GET', '/products?sort=-id&page=2&page_size=3');
    const total = Number(
      (
        await t.db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(all).toMatchObject({ count: total, page: 2, page_size: 3 });
    expect(all.results.map((r) => r.id)).toEqual([total - 3, total - 4, total - 5]);
    const created = await ok<AdminProductPage>('GET', '/products?sort=-created&page_size=1');
    expect(created.results[0]!.id).toBe(b.id);
  });

  test.each<[string, Json, string, string]>([
    ['no name', { name: ' ' }, 'name', PRODUCT_NAME_REQUIRED],
    ['no subcategory', { subcategory_id: undefined }, 'subcategory_id', SUBCATEGORY_REQUIRED],
    [
      'an unknown subcategory',
      { subcategory_id: 999999 },
      'subcategory_id',
      'No such subcategory: choose one from the list.',
    ],
    ['a negative weight', { weight: -1 }, 'weight', WEIGHT_INVALID],
    ['an unknown unit', { unit: 'dozen' }, 'unit', UNIT_INVALID],
    ['a length of text', { length: '30 cm' }, 'length', DIMENSION_INVALID],
    ['a 5-digit HSN code', { hsn_code: '62111' }, 'hsn_code', HSN_INVALID],
    ['letters in the HSN code', { hsn_code: '62AB' }, 'hsn_code', HSN_INVALID],
    ['a GST rate of 10', { gst_rate: 10 }, 'gst_rate', GST_RATE_INVALID],
    ['no variants', { variants: [] }, 'variants', VARIANTS_REQUIRED],
    [
      'two variants with one code',
      { variants: [variantBody({ sku: 'SAME-1' }), variantBody({ sku: 'same-1' })] },
      'variants',
      SKU_REPEATED,
    ],
    ['a variant without a code', { variants: [variantBody({ sku: '' })] }, 'variants.0.sku', SKU_REQUIRED],
    ['a code with spaces', { variants: [variantBody({ sku: 'AB 12' })] }, 'variants.0.sku', SKU_INVALID],
    ['a price of 0', { variants: [variantBody({ price: 0 })] }, 'variants.0.price', PRICE_INVALID],
    ['a price in tenths of paise', { variants: [variantBody({ price: 10.001 })] }, 'variants.0.price', PRICE_INVALID],
    [
      'a final price above the price',
      { variants: [variantBody({ price: 100, final_price: 120 })] },
      'variants.0.final_price',
      FINAL_ABOVE_PRICE,
    ],
    ['negative stock', { variants: [variantBody({ on_hand: -3 })] }, 'variants.0.on_hand', ON_HAND_INVALID],
  ])('a new product with %s is refused', async (_, overrides, field, message) => {
    await expectNothingChanged(async () => {
      const res = await as('manager', 'POST', '/products', { json: productBody(overrides) });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect((res.body as { errors: Record<string, string[]> }).errors[field]).toContain(message);
    });
  });

  test('a product code already used is a conflict, in a new product, a new variant or a change', async () => {
    const existing = await t.db
      .selectFrom('variants')
      .select(['id', 'sku', 'product_id'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const other = await createProduct();
    await expectNothingChanged(async () => {
      const created = await as('manager', 'POST', '/products', {
        json: productBody({ variants: [variantBody({ sku: existing.sku.toLowerCase() })] }),
      });
      expect(created.status).toBe(409);
      expect((created.body as Json).message).toBe(skuTaken(existing.sku.toLowerCase()));
      const added = await as('manager', 'POST', `/products/${other.id}/variants`, {
        json: variantBody({ sku: existing.sku }),
      });
      expect([added.status, (added.body as Json).message]).toEqual([409, skuTaken(existing.sku)]);
      const changed = await as('manager', 'PATCH', `/variants/${other.variants[0]!.id}`, {
        json: { sku: existing.sku },
      });
      expect([changed.status, (changed.body as Json).message]).toEqual([409, skuTaken(existing.sku)]);
    });
    expect(skuTaken('AB-1')).toMatch(/^A product code 'AB-1' is already used/);
  });

  test('ids that name nothing are 404, and change nothing', async () => {
    await expectNothingChanged(async () => {
      for (const [method, p, json] of [
        ['GET', '/products/999999', undefined],
        ['GET', '/products/abc', undefined],
        ['PATCH', '/products/999999', { name: 'X' }],
        ['POST', '/products/999999/variants', variantBody()],
        ['PATCH', '/variants/999999', { name: 'X' }],
        ['PATCH', '/variants/0', { name: 'X' }],
        ['PATCH', '/variants/999999/stock', { on_hand: 3 }],
        ['PATCH', '/images/999999', { position: 1 }],
        ['PATCH', '/categories/999999', { name: 'X' }],
        ['PATCH', '/subcategories/999999', { name: 'X' }],
        ['PATCH', '/banners/999999', { title: 'X' }],
      ] as const) {
        const res = await as('manager', method, p, json === undefined ? {} : { json });
        expect(res.status, `${method} ${p}`).toBe(404);
      }
      const upload = await as('manager', 'POST', '/variants/999999/images', { form: imageForm(await png()) });
      expect(upload.status).toBe(404);
    });
  });
});

describe('a product taken off sale', () => {
  test('cannot be added to a cart or ordered; a cart holding it leaves it out; shown again, it sells again', async () => {
    const product = await ok<AdminProduct>('POST', '/products', { json: productBody() }, 201);
    const variantId = product.variants[0]?.id ?? 0;
    await restock(t, [variantId]);
    const shopper = await newUser(t);
    expect((await addToCart(t, shopper.token, variantId)).status).toBe(201);

    await ok('PATCH', `/products/${product.id}`, { json: { hidden: true } });
    const cart = (await getCart(t, shopper.token)).body as { cart_items: { product_variant_id: number }[] };
    expect(cart.cart_items.map((i) => i.product_variant_id)).not.toContain(variantId);
    const other = await newUser(t);
    expect((await addToCart(t, other.token, variantId)).status).toBe(404);
    expect((await createOrder(t, shopper.token, [{ variant_id: variantId }])).status).toBe(404);
    expect((await t.call('POST', `/api/common/wishlist_toggle/${variantId}`, { token: other.token })).status).toBe(404);

    await ok('PATCH', `/products/${product.id}`, { json: { hidden: false } });
    const again = (await getCart(t, shopper.token)).body as { cart_items: { product_variant_id: number }[] };
    expect(again.cart_items.map((i) => i.product_variant_id)).toContain(variantId);
    await placeOrder(t, shopper.token, [{ variant_id: variantId }]);
  });
});

describe('variants and stock', () => {
  test('a variant is added, changed, moved first and deleted, each change logged with its fields', async () => {
    const product = await createProduct();
    const body = variantBody({ name: 'Large', size: 'L', on_hand: 5 });
    let added!: AdminProduct;
    await expectOneChange(
      async () => {
        added = await ok<AdminProduct>('POST', `/products/${product.id}/variants`, { json: body }, 201);
      },
      { action: 'variant.create', entityId: () => added.variants[1]!.id },
    );
    const large = added.variants[1]!;
    expect(large).toMatchObject({
      position: 2,
      name: 'Large',
      size: 'L',
      stock: { on_hand: 5, reserved: 0, available: 5 },
    });

    await expectOneChange(
      () => ok('PATCH', `/variants/${large.id}`, { json: { color: '', position: 1, name: 'Large' } }),
      {
        action: 'variant.update',
        entityId: large.id,
        before: { color: 'Navy', position: 2 },
        after: { color: null, position: 1 },
      },
    );
    const moved = await ok<AdminProduct>('GET', `/products/${product.id}`);
    expect(moved.variants.map((v) => v.id)).toEqual([large.id, product.variants[0]!.id]);
    expect(((await publicProduct(product.id)).body as { variants: { id: number }[] }).variants[0]!.id).toBe(large.id);

    const site = await expectOneChange(() => ok('DELETE', `/variants/${large.id}`), {
      action: 'variant.delete',
      entityId: large.id,
      after: null,
    });
    expect(site).toEqual({ products: [product.id] });
    expect((await latestAudit()).before).toMatchObject({ sku: body.sku, price: 499, on_hand: 5 });
    expect((await ok<AdminProduct>('GET', `/products/${product.id}`)).variants.map((v) => v.id)).toEqual([
      product.variants[0]!.id,
    ]);
  });

  test('a price change below the final price is refused; the last variant cannot be deleted', async () => {
    const product = await createProduct();
    const id = product.variants[0]!.id;
    await expectNothingChanged(async () => {
      const res = await as('manager', 'PATCH', `/variants/${id}`, { json: { price: 300 } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: FINAL_ABOVE_PRICE, errors: { final_price: [FINAL_ABOVE_PRICE] } });
      const last = await as('manager', 'DELETE', `/variants/${id}`);
      expect([last.status, (last.body as Json).message]).toEqual([409, LAST_VARIANT]);
    });
  });

  test.each<[Json, string, string]>([
    [{}, 'name', NOTHING_TO_CHANGE],
    [{ name: '' }, 'name', 'Variant name is required.'],
    [
      { final_price: -5 },
      'final_price',
      'Final price must be in rupees above 0 with at most two decimals, up to 1,00,00,000.',
    ],
    [{ price: '499' }, 'price', PRICE_INVALID],
    [{ unit_value: 0 }, 'unit_value', 'Quantity per unit must be a number above 0 (such as 500 for 500 g).'],
    [{ sku: 'x'.repeat(65) }, 'sku', SKU_INVALID],
    [{ position: -1 }, 'position', POSITION_INVALID],
  ])('a variant change %j is refused', async (json, field, message) => {
    await expectNothingChanged(async () => {
      const res = await as('manager', 'PATCH', '/variants/1', { json });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect((res.body as { errors: Record<string, string[]> }).errors[field]).toContain(message);
    });
  });

  test('a variant on an order cannot be deleted; stock cannot go below what unpaid orders hold', async () => {
    const product = await createProduct({ variants: [variantBody(), variantBody({ name: 'Small' })] });
    const variant = product.variants[0]!;
    const shopper = await newUser(t);
    await restock(t, [variant.id], 10);
    await placeOrder(t, shopper.token, [{ variant_id: variant.id, quantity: 4 }]);
    const held = (await ok<AdminProduct>('GET', `/products/${product.id}`)).variants[0]!.stock;
    expect(held).toEqual({ on_hand: 10, reserved: 4, available: 6 });

    await expectNothingChanged(async () => {
      const gone = await as('manager', 'DELETE', `/variants/${variant.id}`);
      expect([gone.status, (gone.body as Json).message]).toEqual([409, VARIANT_ON_ORDERS]);
      const below = await as('manager', 'PATCH', `/variants/${variant.id}/stock`, { json: { on_hand: 3 } });
      expect(below.status).toBe(409);
      expect((below.body as Json).message).toBe(stockBelowHeld(4));
      expect(stockBelowHeld(4)).toBe(
        'Unpaid orders hold 4 of this variant: on hand cannot be less until they are paid or expire.',
      );
      for (const bad of [{ on_hand: -1 }, { on_hand: 1.5 }, { on_hand: 'lots' }, {}]) {
        const res = await as('manager', 'PATCH', `/variants/${variant.id}/stock`, { json: bad });
        expect([res.status, (res.body as Json).message]).toEqual([400, ON_HAND_INVALID]);
      }
    });

    const site = await expectOneChange(
      async () => {
        const set = await ok<AdminProduct>('PATCH', `/variants/${variant.id}/stock`, { json: { on_hand: 4 } });
        expect(set.variants[0]!.stock).toEqual({ on_hand: 4, reserved: 4, available: 0 });
      },
      { action: 'stock.set', entityId: variant.id, before: { on_hand: 10 }, after: { on_hand: 4 } },
    );
    expect(site).toEqual({ products: [product.id] });
    // What the 409 advised: a product whose variant orders name is hidden, and its orders stay whole.
    await ok('PATCH', `/products/${product.id}`, { json: { hidden: true } });
    expect((await publicProduct(product.id)).status).toBe(404);
    const ordered = await t.db
      .selectFrom('order_items')
      .select('variant_id')
      .where('variant_id', '=', variant.id)
      .execute();
    expect(ordered).toEqual([{ variant_id: variant.id }]);
  });
});

// ---- Pictures ----

describe('variant pictures', () => {
  test('a PNG is kept as PNG with its widths, listed last, moved first, shown in the storefront, then deleted with its files', async () => {
    const product = await createProduct();
    const variantId = product.variants[0]!.id;
    const images = path.join(t.mediaDir, IMAGES_DIR);
    let answer!: AdminProduct;
    const site = await expectOneChange(
      async () => {
        answer = await ok<AdminProduct>(
          'POST',
          `/variants/${variantId}/images`,
          { form: imageForm(await png(2400, 1200)) },
          201,
        );
      },
      {
        action: 'image.create',
        entityId: () => answer.variants[0]!.images[0]!.id,
      },
    );
    expect(site).toEqual({ products: [product.id] });
    const first = answer.variants[0]!.images[0]!;
    expect(first.image).toMatch(/^\/media\/images\/[0-9a-f]{16}-1600x800-[0-9a-f]{6}\.png$/);
    const file = path.join(images, path.basename(first.image));
    const stored = await sharp(fs.readFileSync(file)).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['png', 1600, 800]);
    const hash = path.basename(first.image).slice(0, 16);
    const widths = () =>
      fs.readdirSync(images).filter((name) => name.startsWith(`${hash}-`) && name !== path.basename(file));
    expect(widths()).toHaveLength(12);

    const second = (
      await ok<AdminProduct>('POST', `/variants/${variantId}/images`, { form: imageForm(await png()) }, 201)
    ).variants[0]!.images[1]!;
    expect(second.position).toBe(2);
    await expectOneChange(() => ok('PATCH', `/images/${second.id}`, { json: { position: 1 } }), {
      action: 'image.move',
      entityId: second.id,
      before: { position: 2 },
      after: { position: 1 },
    });
    const shown = (await publicProduct(product.id)).body as { variants: { images: { id: number }[] }[] };
    expect(shown.variants[0]!.images.map((i) => i.id)).toEqual([second.id, first.id]);

    await expectOneChange(() => ok('DELETE', `/images/${first.id}`), {
      action: 'image.delete',
      entityId: first.id,
      before: { variant_id: variantId, image: first.image },
      after: null,
    });
    expect(fs.existsSync(file)).toBe(false);
    expect(widths()).toEqual([]);
    expect((await ok<AdminProduct>('GET', `/products/${product.id}`)).variants[0]!.images).toEqual([
      { id: second.id, image: second.image, position: 1 },
    ]);
  });

  test.each<[string, () => Promise<CallOptions>, number]>([
    ['text named .png', async () => ({ form: imageForm('not a picture at all', {}, 'image/png') }), 415],
    [
      'a GIF',
      async () => ({
        form: imageForm(
          await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
            .gif()
            .toBuffer(),
          {},
          'image/gif',
        ),
      }),
      415,
    ],
    ['JSON', async () => ({ json: { image: 'https://example.com/a.png' } }), 415],
    [
      'a form without the file',
      async () => ({
        form: (() => {
          const f = new FormData();
          f.append('title', 'x');
          return f;
        })(),
      }),
      400,
    ],
    ['an empty file', async () => ({ form: imageForm(Buffer.alloc(0)) }), 400],
  ])('%s is refused and nothing is stored', async (_, options, status) => {
    const call = await options();
    await expectNothingChanged(async () => {
      const res = await as('manager', 'POST', '/variants/1/images', call);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
    });
  });
});

describe('pictures shared by a product’s variants', () => {
  test('a size without pictures shows those of its colour, else the first variant’s; one with its own keeps them, in the shop and in the cart', async () => {
    const product = await createProduct({
      variants: [
        variantBody({ name: 'Navy / M', size: 'M', color: 'Navy' }),
        variantBody({ name: 'Maroon / M', size: 'M', color: 'Maroon' }),
        variantBody({ name: 'Navy / L', size: 'L', color: 'navy' }),
        variantBody({ name: 'Green / L', size: 'L', color: 'Green' }),
      ],
    });
    const [navyM, maroonM, navyL, greenL] = product.variants.map((v) => v.id) as [number, number, number, number];
    const navy = (await ok<AdminProduct>('POST', `/variants/${navyM}/images`, { form: imageForm(await png()) }, 201))
      .variants[0]!.images[0]!.image;
    const maroon = (
      await ok<AdminProduct>('POST', `/variants/${maroonM}/images`, { form: imageForm(await png(50, 40)) }, 201)
    ).variants[1]!.images[0]!.image;
    expect(navy).not.toBe(maroon);

    const shop = await t.call('GET', `/api/common/products/${product.id}/`);
    const shown = new Map(
      (shop.body as { variants: { id: number; images: { image: string }[] }[] }).variants.map((v) => [
        v.id,
        v.images.map((i) => i.image),
      ]),
    );
    expect(shown.get(navyM)).toEqual([expect.stringContaining(path.basename(navy).slice(0, 16))]);
    expect(shown.get(maroonM)).toEqual([expect.stringContaining(path.basename(maroon).slice(0, 16))]);
    // Navy L: the Navy M's (colours match whatever their case); Green L: none of its colour, the first variant's.
    expect(shown.get(navyL)).toEqual(shown.get(navyM));
    expect(shown.get(greenL)).toEqual(shown.get(navyM));

    // The back office still lists only each variant's own.
    const staffView = await ok<AdminProduct>('GET', `/products/${product.id}`);
    expect(staffView.variants.map((v) => v.images.length)).toEqual([1, 1, 0, 0]);

    const shopper = await newUser(t);
    await restock(t, [greenL!]);
    const added = await addToCart(t, shopper.token, greenL!, 1);
    expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
    const cart = await getCart(t, shopper.token);
    expect(JSON.stringify(cart.body)).toContain(path.basename(navy).slice(0, 16));
  });
});

// ---- Banners ----

describe('banners', () => {
  test('a banner is added, changed, moved, given a new picture and deleted; the home page is named each time', async () => {
    let banner!: AdminBanner;
    const added = await expectOneChange(
      async () => {
        banner = await ok<AdminBanner>(
          'POST',
          '/banners',
          { form: imageForm(await png(), { title: 'Diwali sale', subtitle: 'Lamps for less' }) },
          201,
        );
      },
      {
        action: 'banner.create',
        entityId: () => banner.id,
      },
    );
    expect(added).toEqual({ home: true });
    const count = (await ok<AdminBanner[]>('GET', '/banners')).length;
    expect(banner).toMatchObject({ title: 'Diwali sale', subtitle: 'Lamps for less', position: count });
    expect((await t.get('/api/common/banners_api/')).body).toContainEqual({
      id: banner.id,
      title: 'Diwali sale',
      subtitle: 'Lamps for less',
      image: banner.image,
      button_label: null,
      link: null,
    });

    expect(
      await expectOneChange(
        () => ok('PATCH', `/banners/${banner.id}`, { json: { title: 'Diwali offers', subtitle: null, position: 1 } }),
        {
          action: 'banner.update',
          entityId: banner.id,
          before: { title: 'Diwali sale', subtitle: 'Lamps for less', position: count },
          after: { title: 'Diwali offers', subtitle: null, position: 1 },
        },
      ),
    ).toEqual({ home: true });
    expect(((await t.get('/api/common/banners_api/')).body as { id: number }[])[0]).toMatchObject({
      id: banner.id,
      title: 'Diwali offers',
    });

    const oldFile = path.join(t.mediaDir, IMAGES_DIR, path.basename(banner.image));
    expect(fs.existsSync(oldFile)).toBe(true);
    const replaced = await ok<AdminBanner>('POST', `/banners/${banner.id}/image`, {
      form: imageForm(await png(50, 50)),
    });
    expect(replaced.image).not.toBe(banner.image);
    expect(fs.existsSync(oldFile)).toBe(false);
    expect(await latestAudit()).toMatchObject({
      action: 'banner.update',
      before: { image: banner.image },
      after: { image: replaced.image },
    });

    await expectOneChange(() => ok('DELETE', `/banners/${banner.id}`), {
      action: 'banner.delete',
      entityId: banner.id,
      after: null,
    });
    expect(((await t.get('/api/common/banners_api/')).body as { id: number }[]).map((b) => b.id)).not.toContain(
      banner.id,
    );
    expect(fs.existsSync(path.join(t.mediaDir, IMAGES_DIR, path.basename(replaced.image)))).toBe(false);
  });

  test.each<[string, () => Promise<CallOptions>, number, string]>([
    ['no title', async () => ({ form: imageForm(await png(), { subtitle: 'x' }) }), 400, BANNER_HEADLINE_REQUIRED],
    [
      'a headline too long',
      async () => ({ form: imageForm(await png(), { title: 'x'.repeat(81) }) }),
      400,
      'At most 80 characters.',
    ],
    [
      'no picture',
      async () => ({
        form: (() => {
          const f = new FormData();
          f.append('title', 'Sale');
          return f;
        })(),
      }),
      400,
      'Choose a picture to upload (JPEG, PNG or WebP).',
    ],
    [
      'a picture that is not one',
      async () => ({ form: imageForm('<svg/>', { title: 'Sale' }, 'image/svg+xml') }),
      415,
      'The picture must be a JPEG, PNG or WebP image.',
    ],
  ])('a banner with %s is refused and nothing is stored', async (_, options, status, message) => {
    const call = await options();
    await expectNothingChanged(async () => {
      const res = await as('manager', 'POST', '/banners', call);
      expect([res.status, (res.body as Json).message]).toEqual([status, message]);
    });
  });

  test.each<[Json, string]>([
    [{}, NOTHING_TO_CHANGE],
    [{ title: '' }, BANNER_HEADLINE_REQUIRED],
    [{ position: 0 }, POSITION_INVALID],
  ])('a banner change %j is refused', async (json, message) => {
    await expectNothingChanged(async () => {
      const res = await as('manager', 'PATCH', '/banners/1', { json });
      expect([res.status, (res.body as Json).message]).toEqual([400, message]);
    });
  });
});
