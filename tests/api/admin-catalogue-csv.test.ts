import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  CSV_COLUMNS,
  CSV_FORMULA,
  CSV_PLAN_UNKNOWN,
  CSV_ROW_MOVED,
  csvNotMoney,
  csvNotNumber,
  csvStockMoved,
  csvStockNoBase,
  type CsvColumn,
  type CsvImportReport,
} from '../../contract/catalogue-csv';
import { moveOnHandIfStill } from '../../server/repositories/catalogue-csv';
import { ROLE_CANNOT } from '../../contract/staff';
import { GST_RATE_INVALID, HSN_REQUIRED } from '../../contract/schemas/admin-catalogue';
import { appPerFile, buy, makeTestApp, newUser, restock, type TestResponse } from './helpers';
import { staffOfEachRole, type SignedInStaff } from './staff-helpers';
import type { StaffRole } from '../../contract/staff';

const t = appPerFile(() => makeTestApp(40));
let staff: Record<StaffRole, SignedInStaff>;

beforeAll(async () => {
  staff = await staffOfEachRole(t);
});

type Row = Record<CsvColumn, string>;

async function exported(): Promise<Row[]> {
  const res = await t.call('GET', '/api/admin/catalogue/export.csv', { headers: staff.manager.headers });
  expect(res.status).toBe(200);
  return parse(res.body as string, { columns: true }) as Row[];
}

function csvOf(rows: Partial<Row>[]): string {
  return stringify([[...CSV_COLUMNS], ...rows.map((r) => CSV_COLUMNS.map((c) => r[c] ?? ''))]);
}

function upload(
  csv: string,
  { dryRun = false, who = staff.manager, plan }: { dryRun?: boolean; who?: SignedInStaff; plan?: string } = {},
): Promise<TestResponse> {
  const query = new URLSearchParams();
  if (dryRun) query.set('dry_run', 'true');
  if (plan !== undefined) query.set('plan', plan);
  return t.call('POST', `/api/admin/catalogue/import${query.size ? `?${query}` : ''}`, {
    body: csv,
    headers: { ...who.headers, 'content-type': 'text/csv' },
  });
}

/** A new product's two rows in the first category and subcategory the export names. */
function newProductRows(base: Row, name: string, sku: string): Partial<Row>[] {
  const product = {
    product_name: name,
    category: base.category,
    subcategory: base.subcategory,
    hsn_code: '3924',
    gst_rate: '18',
  };
  return [
    {
      ...product,
      sku: `${sku}-S`,
      variant_name: 'Small',
      size: 'S',
      unit: 'piece',
      price: '499',
      final_price: '449',
      on_hand: '10',
    },
    {
      ...product,
      sku: `${sku}-L`,
      variant_name: 'Large',
      size: 'L',
      unit: 'piece',
      price: '699',
      final_price: '649.50',
      on_hand: '5',
    },
  ];
}

describe('export', () => {
  test('one row per variant, every product, with its stock; support may export', async () => {
    const rows = await exported();
    const variants = await t.db.selectFrom('variants').select('id').execute();
    expect(rows).toHaveLength(variants.length);
    expect(Object.keys(rows[0] ?? {})).toEqual([...CSV_COLUMNS]);
    const res = await t.call('GET', '/api/admin/catalogue/export.csv', { headers: staff.support.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"/);
  });

  test('text a spreadsheet would run as a formula is written with an apostrophe first', async () => {
    const [first] = await exported();
    await t.db
      .updateTable('products')
      .set({ name: '=HYPERLINK("http://evil.example","Click")' })
      .where('id', '=', Number(first?.product_id))
      .execute();
    const again = (await exported()).find((r) => r.product_id === first?.product_id);
    expect(again?.product_name).toBe('\'=HYPERLINK("http://evil.example","Click")');
    await t.db
      .updateTable('products')
      .set({ name: first?.product_name ?? '' })
      .where('id', '=', Number(first?.product_id))
      .execute();
  });

  test('a shopper cannot export (401)', async () => {
    const shopper = await newUser(t);
    const res = await t.call('GET', '/api/admin/catalogue/export.csv', { token: shopper.token });
    expect(res.status).toBe(401);
  });
});

describe('import', () => {
  test('the export imported as it is changes nothing', async () => {
    const rows = await exported();
    const res = await upload(csvOf(rows));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = res.body as CsvImportReport;
    expect(report).toMatchObject({
      ok: true,
      dry_run: false,
      products: { created: 0, updated: 0 },
      variants: { created: 0, updated: 0 },
    });
    expect(report.variants.unchanged).toBe(rows.length);
  });

  test('a dry run lists every row problem and writes nothing; the import of that file is refused whole', async () => {
    const rows = await exported();
    const [a, b] = rows;
    if (!a || !b) throw new Error('no rows');
    const before = await t.call('GET', '/api/admin/catalogue/export.csv', { headers: staff.manager.headers });
    const bad: Partial<Row>[] = [
      { ...a, final_price: 'cheap' },
      { ...b, on_hand: '-4' },
      ...newProductRows(a, 'Steel Tiffin', 'GB-TIFFIN').map((r, i) => (i === 1 ? { ...r, sku: b.sku } : r)),
      { ...newProductRows(a, 'Mystery Box', 'GB-MYSTERY')[0], category: 'No Such Category' },
      { ...newProductRows(a, '=cmd|calc', 'GB-FORMULA')[0] },
      { ...newProductRows(a, 'Brass Lamp', 'GB-LAMP')[0], price: '-10' },
      { ...newProductRows(a, 'Brass Bell', 'GB-BELL')[0], sku: 'GB-TIFFIN-S' },
    ];
    const dry = await upload(csvOf(bad), { dryRun: true });
    expect(dry.status).toBe(200);
    const report = dry.body as CsvImportReport;
    expect(report.ok).toBe(false);
    const problem = (row: number, column: CsvColumn) =>
      report.problems.find((p) => p.row === row && p.column === column);
    expect(problem(2, 'final_price')?.message).toBe(csvNotMoney('cheap'));
    expect(problem(3, 'on_hand')?.message).toMatch(/Stock on hand/);
    // Row 5 takes a product code another product has.
    expect(problem(5, 'sku')?.message).toMatch(/already/);
    expect(problem(6, 'category')?.message).toBe('Unknown category "No Such Category".');
    expect(problem(7, 'product_name')?.message).toBe(CSV_FORMULA);
    expect(problem(8, 'price')?.message).toMatch(/Price must be/);
    expect(problem(9, 'sku')?.message).toBe('The product code GB-TIFFIN-S is on row 4 too.');

    const refused = await upload(csvOf(bad));
    expect(refused.status).toBe(422);
    expect((refused.body as CsvImportReport).problems).toEqual(report.problems);
    const after = await t.call('GET', '/api/admin/catalogue/export.csv', { headers: staff.manager.headers });
    expect(after.body).toBe(before.body);
  });

  test('a fixed file imports whole: new products, a price change, stock; the shop shows them; one audit entry', async () => {
    const rows = await exported();
    const [a] = rows;
    if (!a) throw new Error('no rows');
    const changed = { ...a, final_price: String(Math.max(1, Math.floor(Number(a.price)) - 1)), on_hand: '77' };
    const file = csvOf([changed, ...newProductRows(a, 'Steel Tiffin Box', 'GB-TIFFIN2')]);
    const dry = await upload(file, { dryRun: true });
    expect(dry.body).toMatchObject({
      ok: true,
      problems: [],
      products: { created: 1, updated: 1 },
      variants: { created: 2, updated: 1 },
    });
    const pendingBefore = await t.db.selectFrom('site_changes').select('id').execute();
    const res = await upload(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ok: true, dry_run: false, products: { created: 1, updated: 1 } });

    const search = await t.get('/api/common/products_search?search=Steel%20Tiffin%20Box');
    expect((search.body as { name: string }[]).map((p) => p.name)).toContain('Steel Tiffin Box');
    const product = await t.get(`/api/common/products/${a.product_id}/`);
    const variant = (product.body as { variants: { sku: string; final_price: number }[] }).variants.find(
      (v) => v.sku === a.sku,
    );
    expect(variant?.final_price).toBe(Number(changed.final_price));
    const stock = await t.db
      .selectFrom('stock_levels as s')
      .innerJoin('variants as v', 'v.id', 's.variant_id')
      .select(['v.sku', 's.on_hand'])
      .where('v.sku', 'in', [a.sku, 'GB-TIFFIN2-S', 'GB-TIFFIN2-L'])
      .execute();
    expect(Object.fromEntries(stock.map((s) => [s.sku, s.on_hand]))).toEqual({
      [a.sku]: 77,
      'GB-TIFFIN2-S': 10,
      'GB-TIFFIN2-L': 5,
    });

    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'catalogue.import').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.staff_id).toBe(staff.manager.id);
    const pendingAfter = await t.db.selectFrom('site_changes').select(['id', 'change']).execute();
    expect(pendingAfter.length).toBe(pendingBefore.length + 1);
    expect(JSON.parse(pendingAfter.at(-1)?.change ?? '{}').products).toContain(Number(a.product_id));
  });

  test('support may not import (403, logged); the body must be CSV', async () => {
    const rows = await exported();
    const res = await upload(csvOf(rows.slice(0, 1)), { who: staff.support });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: ROLE_CANNOT });
    const denied = await t.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('outcome', '=', 'denied')
      .where('staff_id', '=', staff.support.id)
      .execute();
    expect(denied.map((d) => d.entity_id)).toContain('POST /api/admin/catalogue/import');
    const json = await t.call('POST', '/api/admin/catalogue/import', {
      json: { rows: [] },
      headers: staff.manager.headers,
    });
    expect(json.status).toBe(415);
  });

  test.each([
    ['an empty file', '', 400],
    ['a header alone', `${CSV_COLUMNS.join(',')}\n`, 400],
    ['an unknown column', 'product_name,category,subcategory,sku,variant_name,price,final_price,colour_code\n', 400],
    ['a missing column', 'product_name,category\nA,B\n', 400],
    ['unbalanced quotes', `${CSV_COLUMNS.join(',')}\n"unterminated,1\n`, 400],
  ])('%s is refused (%i) with a message', async (_name, csv, status) => {
    const res = await upload(csv, { dryRun: true });
    expect(res.status).toBe(status);
    expect((res.body as { message: string }).message.length).toBeGreaterThan(10);
  });

  test('10,000 rows are checked and imported in under a minute', async () => {
    const [a] = await exported();
    if (!a) throw new Error('no rows');
    const rows: Partial<Row>[] = [];
    for (let i = 0; i < 5_000; i += 1) rows.push(...newProductRows(a, `Bulk Jar ${i}`, `GB-BULK-${i}`));
    const file = csvOf(rows);
    const started = performance.now();
    const res = await upload(file);
    const seconds = (performance.now() - started) / 1000;
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      rows: 10_000,
      products: { created: 5_000 },
      variants: { created: 10_000 },
    });
    expect(seconds).toBeLessThan(60);
    // So many products are one whole build, not 5,000 product refreshes.
    const last = await t.db
      .selectFrom('site_changes')
      .select('change')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    expect(JSON.parse(last?.change ?? '{}')).toEqual({ everything: true });
  }, 120_000);
});

/** The shop's stock of a variant, by its product code. */
async function onHandOf(sku: string): Promise<number> {
  const row = await t.db
    .selectFrom('stock_levels as s')
    .innerJoin('variants as v', 'v.id', 's.variant_id')
    .select('s.on_hand')
    .where('v.sku', '=', sku)
    .executeTakeFirstOrThrow();
  return row.on_hand;
}

/**
 * An exported row this test owns (its own place in the seeded catalogue, between the rows the
 * other tests take), its stock set to 18 before the export.
 */
async function ownRow(index: number): Promise<Row> {
  const variant = await t.db
    .selectFrom('variants')
    .select(['id', 'sku'])
    .orderBy('id')
    .offset(index)
    .limit(1)
    .executeTakeFirstOrThrow();
  await restock(t, [variant.id], 18);
  const row = (await exported()).find((r) => r.sku === variant.sku);
  if (!row) throw new Error(`no row for ${variant.sku}`);
  expect(row).toMatchObject({ on_hand: '18', on_hand_at_export: '18' });
  return row;
}

/** Sells one piece of a variant to a new shopper: ordered and paid online. */
async function sellOne(sku: string): Promise<void> {
  const variant = await t.db.selectFrom('variants').select('id').where('sku', '=', sku).executeTakeFirstOrThrow();
  const shopper = await newUser(t);
  await buy(t, shopper.token, [variant.id]);
}

const lower = (price: string) => String(Math.max(1, Math.floor(Number(price)) - 1));

describe('stock in an import never undoes a sale', () => {
  test('export, sell one, import a price change: the sale stands, and the check lists exactly that cell', async () => {
    const row = await ownRow(20);
    await sellOne(row.sku);
    expect(await onHandOf(row.sku)).toBe(17);
    const file = csvOf([{ ...row, final_price: lower(row.price) }]);

    const dry = await upload(file, { dryRun: true });
    expect(dry.status).toBe(200);
    const report = dry.body as CsvImportReport;
    expect(report).toMatchObject({ ok: true, problems: [], variants: { updated: 1, unchanged: 0 } });
    expect(report.changes).toEqual([
      {
        row: 2,
        sku: row.sku,
        product_id: Number(row.product_id),
        action: 'update',
        fields: [{ column: 'final_price', from: row.final_price, to: lower(row.price) }],
      },
    ]);
    expect(report.plan).toMatch(/^[0-9a-f]{64}$/);

    const res = await upload(file, { plan: report.plan });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await onHandOf(row.sku)).toBe(17);
    const variant = await t.db
      .selectFrom('variants')
      .select('final_price_paise')
      .where('sku', '=', row.sku)
      .executeTakeFirstOrThrow();
    expect(variant.final_price_paise).toBe(Number(lower(row.price)) * 100);
  });

  test('a new count against a stock that moved since the export is a conflict on its row; against the current count it is written', async () => {
    const row = await ownRow(22);
    await sellOne(row.sku);
    const stale = await upload(csvOf([{ ...row, on_hand: '30' }]));
    expect(stale.status).toBe(422);
    expect((stale.body as CsvImportReport).problems).toEqual([
      { row: 2, column: 'on_hand', message: csvStockMoved(row.sku, 18, 17) },
    ]);
    expect(await onHandOf(row.sku)).toBe(17);

    const file = csvOf([{ ...row, on_hand: '30', on_hand_at_export: '17' }]);
    const dry = await upload(file, { dryRun: true });
    expect((dry.body as CsvImportReport).changes).toEqual([
      expect.objectContaining({ row: 2, fields: [{ column: 'on_hand', from: '17', to: '30' }] }),
    ]);
    const res = await upload(file, { plan: (dry.body as CsvImportReport).plan });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await onHandOf(row.sku)).toBe(30);
  });

  test('a file without on_hand_at_export changes no stock: a differing count is refused, the same count is no change', async () => {
    const row = await ownRow(24);
    await sellOne(row.sku);
    const columns = CSV_COLUMNS.filter((c) => c !== 'on_hand_at_export');
    const fileOf = (r: Partial<Row>) => stringify([[...columns], columns.map((c) => r[c] ?? '')]);
    const refused = await upload(fileOf(row));
    expect(refused.status).toBe(422);
    expect((refused.body as CsvImportReport).problems).toEqual([
      { row: 2, column: 'on_hand', message: csvStockNoBase(row.sku) },
    ]);
    const same = await upload(fileOf({ ...row, on_hand: '17' }), { dryRun: true });
    expect(same.body).toMatchObject({ ok: true, changes: [], variants: { updated: 0, unchanged: 1 } });
    const empty = await upload(fileOf({ ...row, on_hand: '', final_price: lower(row.price) }));
    expect(empty.status).toBe(200);
    expect(await onHandOf(row.sku)).toBe(17);
  });

  test('an import that changes a product moves its version on: a product page open since is refused its save (409)', async () => {
    const row = await ownRow(34);
    const productId = Number(row.product_id);
    const versionOf = async () =>
      (await t.db.selectFrom('products').select('version').where('id', '=', productId).executeTakeFirstOrThrow())
        .version;
    const loaded = await versionOf();
    const file = csvOf([{ ...row, final_price: lower(row.price) }]);
    const { plan } = (await upload(file, { dryRun: true })).body as CsvImportReport;
    expect((await upload(file, { plan })).status).toBe(200);
    expect(await versionOf()).toBe(loaded + 1);
    const stale = await t.call('PUT', `/api/admin/catalogue/products/${productId}/all`, {
      token: staff.owner.token,
      json: { version: loaded, product: { name: 'Renamed on a page loaded before the import' } },
    });
    expect(stale.status).toBe(409);
  });

  test('the import writes the plan its check showed, or nothing: a row that moved since is named (412)', async () => {
    const row = await ownRow(26);
    const other = await ownRow(28);
    const file = csvOf([
      { ...row, final_price: lower(row.price) },
      { ...other, on_hand: '25' },
    ]);
    const { plan } = (await upload(file, { dryRun: true })).body as CsvImportReport;
    // Another desk changes the first row's price after the check.
    await t.db
      .updateTable('variants')
      .set({ final_price_paise: Number(row.price) * 100 })
      .where('sku', '=', row.sku)
      .execute();
    const before = (await t.call('GET', '/api/admin/catalogue/export.csv', { headers: staff.manager.headers })).body;
    const res = await upload(file, { plan });
    expect(res.status).toBe(412);
    expect(res.body).toMatchObject({
      ok: false,
      dry_run: false,
      problems: [{ row: 2, column: null, message: CSV_ROW_MOVED }],
    });
    const after = (await t.call('GET', '/api/admin/catalogue/export.csv', { headers: staff.manager.headers })).body;
    expect(after).toBe(before);

    // Checked again, the plan goes through.
    const again = (await upload(file, { dryRun: true })).body as CsvImportReport;
    expect((await upload(file, { plan: again.plan })).status).toBe(200);
    expect(await onHandOf(other.sku)).toBe(25);
  });

  test('a sale after the check refuses a planned stock change with its row; a plan never checked or malformed is refused', async () => {
    const row = await ownRow(30);
    const file = csvOf([{ ...row, on_hand: '40' }]);
    const { plan } = (await upload(file, { dryRun: true })).body as CsvImportReport;
    await sellOne(row.sku);
    const res = await upload(file, { plan });
    expect(res.status).toBe(422);
    expect((res.body as CsvImportReport).problems).toEqual([
      { row: 2, column: 'on_hand', message: csvStockMoved(row.sku, 18, 17) },
    ]);
    expect(await onHandOf(row.sku)).toBe(17);

    const priceOnly = csvOf([{ ...row, on_hand: '17', on_hand_at_export: '17', final_price: lower(row.price) }]);
    const unknown = await upload(priceOnly, { plan: 'f'.repeat(64) });
    expect(unknown.status).toBe(409);
    expect(unknown.body).toMatchObject({ message: CSV_PLAN_UNKNOWN });
    const malformed = await upload(priceOnly, { plan: 'yesterday' });
    expect(malformed.status).toBe(400);
    expect(await onHandOf(row.sku)).toBe(17);
  });

  test('the stock write itself holds only while the shop still has the count planned', async () => {
    const row = await ownRow(32);
    const variant = await t.db.selectFrom('variants').select('id').where('sku', '=', row.sku).executeTakeFirstOrThrow();
    expect(await moveOnHandIfStill(t.db, variant.id, 17, 40)).toBe(false);
    expect(await onHandOf(row.sku)).toBe(18);
    expect(await moveOnHandIfStill(t.db, variant.id, 18, 40)).toBe(true);
    expect(await onHandOf(row.sku)).toBe(40);
  });
});

describe('tax details are required', () => {
  // A product without HSN code or GST rate could be paid for and never invoiced (issue 32).
  test.each([
    ['hsn_code', HSN_REQUIRED],
    ['gst_rate', GST_RATE_INVALID],
  ] as const)('a new product with %s left empty is refused by row and column', async (column, message) => {
    const [a] = await exported();
    if (!a) throw new Error('no rows');
    const [first] = newProductRows(a, `Untaxed ${column}`, `GB-UNTAXED-${column}`);
    const res = await upload(csvOf([{ ...first, [column]: '' }]), { dryRun: true });
    expect((res.body as CsvImportReport).problems).toEqual([{ row: 2, column, message }]);
  });
});

describe('numbers are plain decimals', () => {
  test.each([
    ['price', '1,99', csvNotMoney('1,99')],
    ['price', '1,299.50', csvNotMoney('1,299.50')],
    ['price', '0x10', csvNotMoney('0x10')],
    ['final_price', '1e1', csvNotMoney('1e1')],
    ['final_price', '₹199', csvNotMoney('₹199')],
    ['final_price', '199.555', csvNotMoney('199.555')],
    ['weight_g', '1,000', csvNotNumber('1,000')],
    ['on_hand', '0x10', csvNotNumber('0x10')],
  ] as const)('%s "%s" is refused by row and column', async (column, value, message) => {
    const [a] = await exported();
    if (!a) throw new Error('no rows');
    const [first, second] = newProductRows(a, `Plain Numbers ${column} ${value}`, `GB-PLAIN-${column}`);
    // A product's own cell is read from its first row, a variant's from its own (the second here).
    const own = column === 'weight_g';
    const file = csvOf(
      own ? [{ ...first, [column]: value }, { ...second }] : [{ ...first }, { ...second, [column]: value }],
    );
    const res = await upload(file, { dryRun: true });
    expect((res.body as CsvImportReport).problems).toEqual([{ row: own ? 2 : 3, column, message }]);
  });

  test.each(['199', '199.5', '199.50'])('a price of %s is read as rupees and paise', async (price) => {
    const [a] = await exported();
    if (!a) throw new Error('no rows');
    const [first] = newProductRows(a, `Plain Price ${price}`, `GB-PRICE-${price}`);
    const res = await upload(csvOf([{ ...first, price, final_price: price }]), { dryRun: true });
    expect(res.body).toMatchObject({ ok: true, problems: [] });
    const change = (res.body as CsvImportReport).changes[0];
    expect(change?.fields).toContainEqual({ column: 'price', from: null, to: String(Number(price)) });
  });
});
