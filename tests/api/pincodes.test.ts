import { describe, expect, test } from 'vitest';
import { UNKNOWN_PINCODE_MESSAGE } from '../../contract/api/delivery';
import { PINCODE_MESSAGE } from '../../contract/delivery';
import { INDIAN_STATE_NAMES } from '../../contract/states';
import { pincodePlace } from '../../server/services/delivery/pincode-directory';
import { appPerFile, makeTestApp } from './helpers';

/** India's pincode directory, offline: the address form fills City and State from what the shopper types. */

const t = appPerFile(() => makeTestApp(1));

describe('GET common/pincodes/{pincode}', () => {
  test.each([
    ['560029', 'Bengaluru', 'Karnataka'],
    ['400001', 'Mumbai', 'Maharashtra'],
    ['700001', 'Kolkata', 'West Bengal'],
    ['600001', 'Chennai', 'Tamil Nadu'],
    ['500001', 'Hyderabad', 'Telangana'],
    ['122001', 'Gurgaon', 'Haryana'],
    ['682001', 'Ernakulam', 'Kerala'],
    ['781001', 'Kamrup', 'Assam'],
    ['744101', 'South Andaman', 'Andaman and Nicobar Islands'],
    ['194101', 'Leh', 'Ladakh'],
    ['403001', 'North Goa', 'Goa'],
  ])('%s → %s, %s', async (pincode, city, state) => {
    const res = await t.get(`/api/common/pincodes/${pincode}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ pincode, city, state });
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  test('a pincode the directory does not have answers 404 with what to do', async () => {
    const res = await t.get('/api/common/pincodes/999999');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: UNKNOWN_PINCODE_MESSAGE });
  });

  test.each([
    '56002',
    '5600291',
    '060001',
    'abcdef',
    '56 029',
    '%EF%BC%95%EF%BC%96%EF%BC%90%EF%BC%90%EF%BC%90%EF%BC%91',
  ])('not a pincode (%s) → 400 with the form’s message', async (raw) => {
    const res = await t.get(`/api/common/pincodes/${raw}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: PINCODE_MESSAGE });
  });
});

describe('the directory', () => {
  test('holds about 19,000 pincodes of every state and union territory, each named as the address form names it', () => {
    const states = new Map<string, number>();
    let found = 0;
    for (let pin = 110_000; pin <= 855_999; pin++) {
      const place = pincodePlace(String(pin));
      if (!place) continue;
      found++;
      states.set(place.state, (states.get(place.state) ?? 0) + 1);
    }
    expect(found).toBeGreaterThan(19_000);
    expect([...states.keys()].sort()).toEqual([...INDIAN_STATE_NAMES].sort());
  });
});
