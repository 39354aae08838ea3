import { describe, expect, test } from 'vitest';
import {
  codAllowed,
  DEFAULT_COD_LIMIT_RUPEES,
  deliveryBy,
  deliveryByText,
  deliveryDate,
  isPincode,
  zoneFor,
  type Zone,
} from './delivery';

describe('isPincode', () => {
  test.each<[string, boolean]>([
    ['560001', true],
    ['110001', true],
    ['999999', true],
    ['100000', true],
    ['012345', false],
    ['000000', false],
    ['56000', false],
    ['5600011', false],
    ['56000A', false],
    ['560 01', false],
    [' 560001', false],
    ['560001 ', false],
    ['５６０００１', false],
    ['', false],
  ])('%j → %s', (value, valid) => {
    expect(isPincode(value)).toBe(valid);
  });
});

const zone = (name: string, prefixes: string[], days = 3, cod = true): Zone => ({ name, prefixes, days, cod });
const METRO = zone('Metro', ['110', '560'], 2);
const SOUTH = zone('South', ['5', '6'], 4);
const KERALA = zone('Kerala', ['68'], 5);
const ISLAND_TOWN = zone('Island town', ['682555'], 9, false);
const ZONES = [SOUTH, METRO, KERALA, ISLAND_TOWN];

describe('zoneFor: the longest matching prefix wins', () => {
  test.each<[string, Zone | null]>([
    ['560001', METRO],
    ['110092', METRO],
    ['570001', SOUTH],
    ['600001', SOUTH],
    ['682001', KERALA],
    ['682555', ISLAND_TOWN],
    ['682556', KERALA],
    ['744101', null],
    ['400001', null],
    ['56000', null],
    ['056000', null],
  ])('%s → %o', (pincode, expected) => {
    expect(zoneFor(pincode, ZONES)).toBe(expected);
  });

  test('the order of the zones does not matter', () => {
    expect(zoneFor('560001', [...ZONES].reverse())).toBe(METRO);
    expect(zoneFor('682555', [...ZONES].reverse())).toBe(ISLAND_TOWN);
  });

  test('no zones: nowhere is served', () => {
    expect(zoneFor('560001', [])).toBeNull();
  });
});

describe('codAllowed', () => {
  const limit = DEFAULT_COD_LIMIT_RUPEES * 100;
  const noCod = zone('Hills', ['17'], 6, false);
  test.each<[string, Zone | null, number, boolean]>([
    ['a COD zone, a small order', METRO, 49_900, true],
    ['a COD zone, exactly the limit', METRO, 500_000, true],
    ['a COD zone, one paisa over', METRO, 500_001, false],
    ['a zone without COD', noCod, 49_900, false],
    ['no zone', null, 49_900, false],
  ])('%s', (_, z, amountPaise, allowed) => {
    expect(codAllowed(z, amountPaise, limit)).toBe(allowed);
  });

  test('the default limit is ₹5,000', () => {
    expect(DEFAULT_COD_LIMIT_RUPEES).toBe(5000);
  });
});

// November 2026: Sun 22, Mon 23, Tue 24, Wed 25, Thu 26, Fri 27, Sat 28, Sun 29, Mon 30; Tue 1 Dec.
// India is UTC+05:30 all year: 18:30 UTC is midnight there.
describe('deliveryDate: days counted in India, Sundays skipped', () => {
  test.each<[string, string, number, string]>([
    ['Tuesday late morning', '2026-11-24T06:00:00Z', 3, '2026-11-27'],
    ['Tuesday 23:59:59 in India', '2026-11-24T18:29:59Z', 2, '2026-11-26'],
    ['Wednesday 00:00 in India (still Tuesday in UTC)', '2026-11-24T18:30:00Z', 2, '2026-11-27'],
    ['Tuesday 01:30 in India (Monday in UTC)', '2026-11-23T20:00:00Z', 1, '2026-11-25'],
    ['Friday 23:59:59 in India, one day: Saturday', '2026-11-27T18:29:59Z', 1, '2026-11-28'],
    ['Saturday 00:00 in India, one day: past Sunday to Monday', '2026-11-27T18:30:00Z', 1, '2026-11-30'],
    ['Friday, two days: Saturday, then Monday', '2026-11-27T06:00:00Z', 2, '2026-11-30'],
    ['Saturday, two days: Monday, Tuesday', '2026-11-28T06:00:00Z', 2, '2026-12-01'],
    ['Sunday, one day: Monday', '2026-11-29T06:00:00Z', 1, '2026-11-30'],
    ['Sunday 00:00 in India', '2026-11-28T18:30:00Z', 1, '2026-11-30'],
    ['Monday, six days: one Sunday skipped', '2026-11-23T06:00:00Z', 6, '2026-11-30'],
    ['Sunday, ten days: to the year end', '2026-12-20T06:00:00Z', 10, '2026-12-31'],
    ['New Year in India (31 Dec in UTC)', '2026-12-31T18:30:00Z', 1, '2027-01-02'],
    ['across a leap day', '2028-02-26T06:00:00Z', 2, '2028-02-29'],
    ['thirty days', '2026-11-24T06:00:00Z', 30, '2026-12-29'],
  ])('%s (%s + %i days) → %s', (_, now, days, expected) => {
    expect(deliveryDate(new Date(now), days)).toBe(expected);
  });

  test('a date is never a Sunday', () => {
    const start = Date.parse('2026-11-01T00:00:00Z');
    for (let hour = 0; hour < 24 * 14; hour += 5) {
      for (let days = 1; days <= 8; days += 1) {
        const date = deliveryDate(start + hour * 3_600_000, days);
        expect(new Date(`${date}T00:00:00Z`).getUTCDay(), `${hour} h, ${days} days`).not.toBe(0);
      }
    }
  });

  test('takes a timestamp as well as a Date', () => {
    expect(deliveryDate(Date.parse('2026-11-24T06:00:00Z'), 3)).toBe('2026-11-27');
  });
});

describe('deliveryByText', () => {
  test.each([
    ['2026-11-27', 'Delivery by Fri, 27 Nov'],
    ['2026-12-01', 'Delivery by Tue, 1 Dec'],
    ['2027-01-02', 'Delivery by Sat, 2 Jan'],
    ['2028-02-29', 'Delivery by Tue, 29 Feb'],
  ])('%s → %s', (date, text) => {
    expect(deliveryByText(date)).toBe(text);
  });
});

describe('deliveryBy', () => {
  test('the date and its sentence', () => {
    expect(deliveryBy(new Date('2026-11-24T18:30:00Z'), 2)).toEqual({
      date: '2026-11-27',
      message: 'Delivery by Fri, 27 Nov',
    });
  });
});
