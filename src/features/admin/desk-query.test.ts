import { describe, expect, test } from 'vitest';
import { DATE_INVALID, DATES_REVERSED, PINCODE_INVALID } from '../../../contract/schemas/admin-orders';
import { RATING_FILTER_INVALID } from '../../../contract/schemas/admin-reviews';
import {
  apiQueryOf,
  AUDIT_LIST,
  auditApiQuery,
  CUSTOMER_LIST,
  emptyFilters,
  filterErrors,
  filtersFrom,
  ORDER_BOARD,
  REVIEW_LIST,
  searchOf,
  type BoardFilters,
} from './desk-query';
import { recordIdFrom } from './record-id';

const board = (changes: Partial<BoardFilters>): BoardFilters => ({ ...emptyFilters(ORDER_BOARD), ...changes });

describe('the orders board in the address', () => {
  test.each<[string, Partial<BoardFilters>]>([
    ['', {}],
    ['?state=packed', { state: 'packed' }],
    ['?state=packed,shipped', { state: 'packed,shipped' }],
    ['?payment_method=cod&pincode=560034', { payment_method: 'cod', pincode: '560034' }],
    ['?from=2026-11-01&to=2026-11-24', { from: '2026-11-01', to: '2026-11-24' }],
    ['?q=%231042&sort=amount_high&page=3', { q: '#1042', sort: 'amount_high', page: 3 }],
    // What the server would refuse is left out, each field on its own.
    ['?state=lost&payment_method=card', {}],
    ['?pincode=12345&sort=cheapest', {}],
    ['?from=2026-02-30&to=24-11-2026', {}],
    ['?page=0', {}],
    ['?page=-2', {}],
    ['?page=1e3', {}],
    // Days the wrong way round: the "from" day goes.
    ['?from=2026-11-24&to=2026-11-01', { to: '2026-11-01' }],
    ['?q=%20%20', {}],
  ])('%j reads as %j', (search, expected) => {
    expect(filtersFrom(ORDER_BOARD, search)).toEqual(board(expected));
  });

  test.each<[Partial<BoardFilters>, string]>([
    [{}, ''],
    [{ state: 'shipped' }, '?state=shipped'],
    [{ state: 'paid', page: 2 }, '?state=paid&page=2'],
    [{ q: '#1042 ', page: 1 }, '?q=%231042'],
    [
      { from: '2026-11-01', to: '2026-11-02', payment_method: 'online', sort: 'oldest' },
      '?payment_method=online&from=2026-11-01&to=2026-11-02&sort=oldest',
    ],
  ])('%j is written as %j, and read back the same', (changes, search) => {
    const filters = board(changes);
    expect(searchOf(ORDER_BOARD, filters)).toBe(search);
    expect(filtersFrom(ORDER_BOARD, search)).toEqual({ ...filters, q: filters.q.trim() });
  });

  test('the API is asked for the filters given, and the page past the first', () => {
    expect(apiQueryOf(ORDER_BOARD, board({}))).toEqual({});
    expect(apiQueryOf(ORDER_BOARD, board({ state: 'packed', pincode: '560034', page: 4 }))).toEqual({
      state: 'packed',
      pincode: '560034',
      page: '4',
    });
  });

  test.each<[Partial<BoardFilters>, Record<string, string>]>([
    [{}, {}],
    [{ pincode: '56003' }, { pincode: PINCODE_INVALID }],
    [{ from: '2026-02-30' }, { from: DATE_INVALID }],
    [{ from: '2026-11-24', to: '2026-11-01' }, { from: DATES_REVERSED }],
    [{ q: 'x'.repeat(255) }, { q: 'At most 254 characters.' }],
  ])('the form checks %j with the shared rules: %j', (changes, errors) => {
    expect(filterErrors(ORDER_BOARD, board(changes))).toEqual(errors);
  });
});

describe('customers and reviews in the address', () => {
  test.each([
    ['?q=meera&page=2', { q: 'meera', page: 2 }],
    ['?q=', { q: '', page: 1 }],
    ['?other=1', { q: '', page: 1 }],
  ])('customers %j', (search, expected) => {
    expect(filtersFrom(CUSTOMER_LIST, search)).toEqual(expected);
    expect(searchOf(CUSTOMER_LIST, expected)).toBe(search.startsWith('?q=m') ? search : '');
  });

  test.each([
    ['?product=12&rating=4&status=hidden&q=rude', { product: '12', rating: '4', status: 'hidden', q: 'rude', page: 1 }],
    ['?product=012&rating=6&status=deleted', { product: '', rating: '', status: '', q: '', page: 1 }],
  ])('reviews %j', (search, expected) => {
    expect(filtersFrom(REVIEW_LIST, search)).toEqual(expected);
  });

  test('the reviews form says what is wrong in the shared words', () => {
    expect(filterErrors(REVIEW_LIST, { ...emptyFilters(REVIEW_LIST), rating: '9' })).toEqual({
      rating: RATING_FILTER_INVALID,
    });
    expect(filterErrors(REVIEW_LIST, { ...emptyFilters(REVIEW_LIST), product: 'abc' })).toEqual({
      product: 'Must be a positive whole number (digits only).',
    });
  });
});

describe('the record in the address', () => {
  test.each<[string, number | null]>([
    ['?id=42', 42],
    ['?id=042', null],
    ['?id=4.2', null],
    ['?id=1e3', null],
    ['?id=', null],
    ['', null],
    ['?id=99999999999999999', null],
  ])('%j names %s', (search, id) => {
    expect(recordIdFrom(search)).toBe(id);
  });
});

describe('the audit log in the address', () => {
  const audit = (changes: object) => ({ ...emptyFilters(AUDIT_LIST), ...changes });
  test.each<[string, object]>([
    ['', {}],
    [
      '?staff=3&kind=stock&from=2026-11-01&to=2026-11-27&page=2',
      { staff: '3', kind: 'stock', from: '2026-11-01', to: '2026-11-27', page: 2 },
    ],
    ['?kind=order.move', { kind: 'order.move' }],
    // What the API would refuse is left out.
    ['?staff=abc&kind=nonsense&from=2026-02-30', {}],
    ['?from=2026-11-27&to=2026-11-01', { to: '2026-11-01' }],
  ])('%j reads as %j', (search, expected) => {
    expect(filtersFrom(AUDIT_LIST, search)).toEqual(audit(expected));
  });

  test('the address says staff, the API staff_id', () => {
    const filters = audit({ staff: '3', kind: 'stock', page: 2 });
    expect(searchOf(AUDIT_LIST, filters)).toBe('?staff=3&kind=stock&page=2');
    expect(auditApiQuery(apiQueryOf(AUDIT_LIST, filters))).toEqual({ staff_id: '3', kind: 'stock', page: '2' });
  });
});
