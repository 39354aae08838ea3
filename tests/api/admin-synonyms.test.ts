/**
 * The back office's search synonyms (/api/admin/synonyms): listing, adding (with its rules and
 * per-field messages), removing, who may do what, the audit log in words, and that search uses a
 * change at once, cached answers included.
 */
import { describe, expect, test } from 'vitest';
import { SynonymPageSchema } from '../../contract/api/admin-synonyms';
import {
  SYNONYM_CHARACTERS,
  SYNONYM_ONE_WORD,
  SYNONYM_REQUIRED,
  SYNONYM_SAME,
  SYNONYM_TOO_LONG,
} from '../../contract/schemas/admin-synonyms';
import { SYNONYM_EXISTS, SYNONYM_NOT_FOUND } from '../../server/services/catalogue/synonyms';
import { appPerFile, makeTestApp } from './helpers';
import { teamOnce } from './staff-helpers';

const t = appPerFile(() => makeTestApp(20));
const staff = teamOnce(t);

let serial = 0;
/** A word of the test's own, found nowhere in the catalogue. */
const ownWord = (stem: string) =>
  `${stem}${'abcdefghij'[(serial += 1) % 10]}${serial}`.replace(/\d/g, (d) => 'klmnopqrst'[Number(d)]!);

async function asRole(role: 'owner' | 'manager' | 'support', method: string, path: string, json?: unknown) {
  return t.call(method, `/api/admin/synonyms${path}`, { token: (await staff())[role].token, json });
}
const add = (term: string, synonym: string, role: 'owner' | 'manager' | 'support' = 'manager') =>
  asRole(role, 'POST', '', { term, synonym });
const remove = (term: string, synonym: string, role: 'owner' | 'manager' | 'support' = 'manager') =>
  asRole(role, 'DELETE', `?term=${encodeURIComponent(term)}&synonym=${encodeURIComponent(synonym)}`);

async function list(query = '') {
  const res = await asRole('support', 'GET', query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return SynonymPageSchema.parse(res.body);
}

async function searchIds(text: string): Promise<number[]> {
  const res = await t.get(`/api/common/products_search/?search=${encodeURIComponent(text)}`);
  expect(res.status).toBe(200);
  return (res.body as { id: number }[]).map((p) => p.id);
}

/** A product of the test's own, named with a word nobody searches for. */
async function ownProduct(nameWord: string): Promise<number> {
  const res = await t.call('POST', '/api/admin/catalogue/products', {
    token: (await staff()).manager.token,
    json: {
      name: `${nameWord} kettle`,
      description: 'Steel kettle.',
      brand: 'Test Works',
      subcategory_id: 1,
      weight: 300,
      unit: 'piece',
      length: 30,
      width: 20,
      height: 2,
      hsn_code: '7323',
      gst_rate: 12,
      variants: [
        { name: 'One', sku: `SYN-${nameWord}`, unit: 'piece', unit_value: 1, price: 499, final_price: 399, on_hand: 5 },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: number }).id;
}

describe('the list', () => {
  test('holds the seeded pairs, each once, filtered by a word and paged', async () => {
    const all = await list('?page_size=100');
    expect(all.count).toBeGreaterThanOrEqual(80);
    const haldi = await list('?q=haldi');
    expect(haldi.results).toContainEqual({ term: 'haldi', synonym: 'turmeric', both_ways: true });
    expect(haldi.results.filter((p) => p.synonym === 'haldi' || p.term === 'haldi')).toHaveLength(haldi.count);
    const second = await list('?page=2&page_size=10');
    expect(second.results).toHaveLength(10);
    expect(second.results[0]).toEqual(all.results[10]);
  });
});

describe('adding a pair', () => {
  test('trims and lower-cases both words, works both ways, and is logged in words', async () => {
    const [a, b] = [ownWord('gudda'), ownWord('jaggy')];
    const res = await add(`  ${a.toUpperCase()} `, ` ${b}`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ term: a, synonym: b, both_ways: true });
    expect((await list(`?q=${a}`)).results).toEqual([{ term: a, synonym: b, both_ways: true }]);
    const { owner } = await staff();
    const audit = await t.call('GET', '/api/admin/audit?kind=synonym.create', { token: owner.token });
    expect(audit.status).toBe(200);
    const entries = (audit.body as { results: { summary: string }[] }).results;
    expect(entries.map((e) => e.summary)).toContain(`Added synonym ${a} ↔ ${b}`);
  });

  test('takes letters of any script and a phrase of a few words, one way', async () => {
    const res = await add('हल्दीपाउडर', 'turmeric powder');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ term: 'हल्दीपाउडर', synonym: 'turmeric powder', both_ways: false });
    const rows = await t.db.selectFrom('search_synonyms').selectAll().where('term', '=', 'turmeric powder').execute();
    expect(rows).toEqual([]);
  });

  test.each([
    ['haldi', 'turmeric'],
    ['turmeric', 'haldi'],
    ['Haldi ', ' TURMERIC'],
  ])('refuses a pair there already, in either order: %s / %s', async (term, synonym) => {
    const before = await list('?page_size=100');
    const res = await add(term, synonym);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: SYNONYM_EXISTS, errors: { synonym: [SYNONYM_EXISTS] } });
    expect((await list('?page_size=100')).count).toBe(before.count);
  });

  test.each([
    [{ term: '', synonym: 'x' }, 'term', SYNONYM_REQUIRED],
    [{ term: '   ', synonym: 'x' }, 'term', SYNONYM_REQUIRED],
    [{ synonym: 'x' }, 'term', SYNONYM_REQUIRED],
    [{ term: 'a'.repeat(41), synonym: 'x' }, 'term', SYNONYM_TOO_LONG],
    [{ term: 'x', synonym: 'b'.repeat(41) }, 'synonym', SYNONYM_TOO_LONG],
    [{ term: 'ha*ldi', synonym: 'x' }, 'term', SYNONYM_CHARACTERS],
    [{ term: 'x', synonym: '<b>' }, 'synonym', SYNONYM_CHARACTERS],
    [{ term: '---', synonym: 'x' }, 'term', SYNONYM_CHARACTERS],
    [{ term: 'red chilli', synonym: 'mirchi' }, 'term', SYNONYM_ONE_WORD],
    [{ term: 'ready-made', synonym: 'readymade' }, 'term', SYNONYM_ONE_WORD],
    [{ term: 'dahi', synonym: ' DAHI ' }, 'synonym', SYNONYM_SAME],
  ])('refuses %j with a message beside %s', async (body, field, message) => {
    const before = await list('?page_size=100');
    const res = await asRole('manager', 'POST', '', body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect((res.body as { errors: Record<string, string[]> }).errors[field]).toContain(message);
    expect((await list('?page_size=100')).count).toBe(before.count);
  });
});

describe('removing a pair', () => {
  test('removes both ways, named in either order, logged; a second removal is 404', async () => {
    const [a, b] = [ownWord('kaddu'), ownWord('pumpy')];
    expect((await add(a, b)).status).toBe(201);
    expect((await remove(b, a)).status).toBe(204);
    expect((await list(`?q=${a}`)).count).toBe(0);
    const left = await t.db.selectFrom('search_synonyms').selectAll().where('term', 'in', [a, b]).execute();
    expect(left).toEqual([]);
    const again = await remove(a, b);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ message: SYNONYM_NOT_FOUND });
    const { owner } = await staff();
    const audit = await t.call('GET', '/api/admin/audit?kind=synonym.delete', { token: owner.token });
    expect((audit.body as { results: { summary: string }[] }).results.map((e) => e.summary)).toContain(
      `Removed synonym ${a} ↔ ${b}`,
    );
  });
});

describe('rights', () => {
  test('support reads the list but may not add or remove; nothing changes', async () => {
    expect((await asRole('support', 'GET', '')).status).toBe(200);
    const [a, b] = [ownWord('baingan'), ownWord('brinjy')];
    expect((await add(a, b, 'support')).status).toBe(403);
    expect((await list(`?q=${a}`)).count).toBe(0);
    expect((await remove('haldi', 'turmeric', 'support')).status).toBe(403);
    expect((await list('?q=haldi')).results).toContainEqual({ term: 'haldi', synonym: 'turmeric', both_ways: true });
    expect((await t.call('GET', '/api/admin/synonyms')).status).toBe(401);
  });
});

describe('search', () => {
  test('finds a product by a new synonym at once, cached answer or not, and no longer after its removal', async () => {
    const name = ownWord('zorbel');
    const id = await ownProduct(name);
    const typed = ownWord('quomfit');
    // Asked once before: the empty answer is now in the response cache.
    expect(await searchIds(typed)).not.toContain(id);
    expect((await add(typed, name)).status).toBe(201);
    expect(await searchIds(typed)).toContain(id);
    expect(await searchIds(`${typed} kettle`)).toContain(id);
    expect((await remove(typed, name)).status).toBe(204);
    expect(await searchIds(typed)).not.toContain(id);
  });
});
