import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { beforeAll, describe, expect, test } from 'vitest';
import { CSV_COLUMNS, CSV_FORMULA, type CsvColumn, type CsvImportReport } from '../../contract/catalogue-csv';
import { ROLE_CANNOT } from '../../contract/staff';
import { appPerFile, makeTestApp, newUser, type TestResponse } from './helpers';
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

function upload(csv: string, { dryRun = false, who = staff.manager } = {}): Promise<TestResponse> {
  return t.call('POST', `/api/admin/catalogue/import${dryRun ? '?dry_run=true' : ''}`, {
    body: csv,
    headers: { ...who.headers, 'content-type': 'text/csv' },
  });
}

/** A new product's two rows in the first category and subcategory the export names. */
function newProductRows(base: Row, name: string, sku: string): Partial<Row>[] {
  const product = { product_name: name, category: base.category, subcategory: base.subcategory, hsn_code: '3924' };
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
    expect(problem(2, 'final_price')?.message).toMatch(/Not a number/);
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
