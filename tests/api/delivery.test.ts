import { describe, expect, test } from 'vitest';
import { appPerFile, makeTestApp } from './helpers';

/** Friday 27 November 2026, noon in India (06:30 UTC): the shop's clock in these tests. */
const FRIDAY_NOON = Date.parse('2026-11-27T06:30:00Z');
let clock = FRIDAY_NOON;

const t = appPerFile(() => makeTestApp(1, { accounts: { now: () => clock } }));
/** A shop with zones of its own: Pune only, prepaid, and a ₹2,500 cash limit. */
const own = appPerFile(() =>
  makeTestApp(1, {
    accounts: { now: () => FRIDAY_NOON },
    delivery: { zones: [{ name: 'Pune', prefixes: ['411'], days: 1, cod: false }], codLimitPaise: 250_000 },
  }),
);

const check = (pincode: string) => t.get(`/api/common/delivery/${pincode}`);

describe('GET common/delivery/{pincode}', () => {
  test.each<[string, string, number, string, string, boolean]>([
    ['Bengaluru, a warehouse metro', '560001', 2, '2026-11-30', 'Delivery by Mon, 30 Nov', true],
    ['Delhi', '110092', 2, '2026-11-30', 'Delivery by Mon, 30 Nov', true],
    ['Gurugram, beside Delhi', '122002', 2, '2026-11-30', 'Delivery by Mon, 30 Nov', true],
    ['Chennai, another metro', '600028', 3, '2026-12-01', 'Delivery by Tue, 1 Dec', true],
    ['Kochi', '682001', 4, '2026-12-02', 'Delivery by Wed, 2 Dec', true],
    ['Guwahati, the North East: no cash on delivery', '781001', 6, '2026-12-04', 'Delivery by Fri, 4 Dec', false],
    ['Shimla, the hills: no cash on delivery', '171001', 6, '2026-12-04', 'Delivery by Fri, 4 Dec', false],
  ])('%s (%s)', async (_, pincode, days, date, message, cod) => {
    const res = await check(pincode);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      pincode,
      deliverable: true,
      days,
      delivery_by: date,
      message,
      cod_available: cod,
      cod_limit: 5000,
    });
  });

  test.each([
    ['Port Blair, Andaman & Nicobar', '744101'],
    ['Kavaratti, Lakshadweep', '682555'],
    ['an Army Post Office', '900001'],
    ['a prefix no pincode uses', '550001'],
  ])('%s (%s) is not deliverable', async (_, pincode) => {
    const res = await check(pincode);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      pincode,
      deliverable: false,
      days: null,
      delivery_by: null,
      message: 'Not deliverable to this pincode yet',
      cod_available: false,
      cod_limit: 5000,
    });
  });

  test.each([
    ['5 digits', '56000'],
    ['a leading 0', '056000'],
    ['all zeros', '000000'],
    ['letters', 'abcdef'],
    ['a letter among digits', '56000A'],
    ['7 digits', '5600011'],
    ['a space inside', '560%20001'],
    ['a space before', '%20560001'],
    ['spaces only', '%20%20%20%20%20%20'],
    ['full-width digits', encodeURIComponent('５６０００１')],
    ['a dot', '560.01'],
    ['a minus sign', '-56000'],
    ['a percent sign', '%25'],
    ['broken percent-encoding', '%E0%A4'],
    ['a path of its own', '560001%2F1'],
  ])('%s is refused with the form’s message, never a failure', async (_, pincode) => {
    const res = await check(pincode);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Valid 6-digit pincode is required',
      errors: { pincode: ['Valid 6-digit pincode is required'] },
    });
  });

  test('needs no login, and a trailing slash is the same address', async () => {
    const res = await t.call('GET', '/api/common/delivery/560001/', { headers: {} });
    expect(res.status).toBe(200);
    expect((res.body as { deliverable: boolean }).deliverable).toBe(true);
  });

  test('browsers and CDNs may keep the answer for 5 minutes, but never past midnight in India', async () => {
    clock = FRIDAY_NOON;
    expect((await check('560001')).headers.get('cache-control')).toBe('public, max-age=300');
    expect((await check('744101')).headers.get('cache-control')).toBe('public, max-age=300');
    try {
      // 23:57 in India: three minutes left of the day the dates count from.
      clock = Date.parse('2026-11-27T18:27:00Z');
      expect((await check('560001')).headers.get('cache-control')).toBe('public, max-age=180');
      clock = Date.parse('2026-11-27T18:29:59.500Z');
      expect((await check('560001')).headers.get('cache-control')).toBe('public, max-age=0');
    } finally {
      clock = FRIDAY_NOON;
    }
  });

  test.each<[string, number, string, string]>([
    // 23:59:59 on Friday in India: Saturday counts as the first day.
    ['the last second of Friday', Date.parse('2026-11-27T18:29:59Z'), '2026-11-30', 'Delivery by Mon, 30 Nov'],
    // Midnight in India, still Friday in UTC: Saturday is today, Sunday is skipped.
    ['the first second of Saturday', Date.parse('2026-11-27T18:30:00Z'), '2026-12-01', 'Delivery by Tue, 1 Dec'],
  ])('dates are counted in India: %s', async (_, at, date, message) => {
    clock = at;
    try {
      const res = await check('560001');
      expect(res.body).toMatchObject({ delivery_by: date, message });
    } finally {
      clock = FRIDAY_NOON;
    }
  });
});

describe('a shop with zones of its own', () => {
  test.each([
    ['411001', { deliverable: true, days: 1, delivery_by: '2026-11-28', message: 'Delivery by Sat, 28 Nov' }],
    ['560001', { deliverable: false, days: null, message: 'Not deliverable to this pincode yet' }],
  ])('%s answers from its table and its limit', async (pincode, expected) => {
    const res = await own.get(`/api/common/delivery/${pincode}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...expected, pincode, cod_available: false, cod_limit: 2500 });
  });
});
