import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { zoneFor, type Zone } from '../../contract/delivery';
import { ConfigError, loadEnv } from '../../server/env';
import { deliveryOptions } from '../../server/runtime';
import { DEFAULT_ZONES, loadZonesFile, ZonesSchema } from '../../server/services/delivery/zones';
import { startToEnd } from '../shop-process';

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-zones-'));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

let files = 0;
/** Writes `text` to a new file of the test folder and answers its path. */
function zoneFile(text: string): string {
  files += 1;
  const file = path.join(dir, `zones-${files}.json`);
  fs.writeFileSync(file, text);
  return file;
}

const PUNE: Zone = { name: 'Pune', prefixes: ['411', '412'], days: 2, cod: true };
const HILLS: Zone = { name: 'Hills', prefixes: ['17'], days: 6, cod: false };

/** The ConfigError `run` throws (the test fails when it throws nothing or something else). */
function configError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('DELIVERY_ZONES_FILE and COD_LIMIT', () => {
  test('unset: no zone file and a ₹5,000 limit', () => {
    expect(loadEnv({})).toMatchObject({ deliveryZonesFile: undefined, codLimitRupees: 5000 });
    expect(loadEnv({ DELIVERY_ZONES_FILE: '', COD_LIMIT: '' })).toMatchObject({
      deliveryZonesFile: undefined,
      codLimitRupees: 5000,
    });
  });

  test.each([
    ['0', 0],
    ['2500', 2500],
    ['10000', 10000],
  ])('COD_LIMIT=%s is ₹%i', (value, rupees) => {
    expect(loadEnv({ COD_LIMIT: value }).codLimitRupees).toBe(rupees);
  });

  test('a relative zone file is taken from the folder the shop starts in', () => {
    expect(loadEnv({ DELIVERY_ZONES_FILE: 'config/zones.json' }).deliveryZonesFile).toBe(
      path.resolve('config/zones.json'),
    );
  });

  test.each([['-1'], ['49.99'], ['five thousand'], ['5,000'], ['2000000']])(
    'COD_LIMIT=%s stops start-up naming it',
    (value) => {
      const message = configError(() => loadEnv({ COD_LIMIT: value }));
      expect(message).toContain(`COD_LIMIT=${JSON.stringify(value)}`);
    },
  );
});

describe('a zone file', () => {
  test('is read and becomes the shop’s zones, with COD_LIMIT in paise', () => {
    const file = zoneFile(JSON.stringify([PUNE, HILLS]));
    const options = deliveryOptions(loadEnv({ DELIVERY_ZONES_FILE: file, COD_LIMIT: '2500' }));
    expect(options).toEqual({ zones: [PUNE, HILLS], codLimitPaise: 250_000 });
    expect(zoneFor('411001', options.zones)).toEqual(PUNE);
    expect(zoneFor('560001', options.zones)).toBeNull();
  });

  test('unset: the demo shop’s zones and ₹5,000', () => {
    expect(deliveryOptions(loadEnv({}))).toEqual({ zones: DEFAULT_ZONES, codLimitPaise: 500_000 });
  });

  test.each<[string, string, RegExp]>([
    ['not JSON', '[{"name": "Pune",', /is not JSON \(/],
    ['an object, not a list', JSON.stringify({ zones: [PUNE] }), /must be a JSON array of zones/],
    ['an empty list', '[]', /must list at least one zone/],
    ['a zone without a name', JSON.stringify([{ ...PUNE, name: ' ' }]), /zone 1 name: must be a name/],
    ['no prefixes', JSON.stringify([{ ...PUNE, prefixes: [] }]), /zone 1 \("Pune"\) prefixes: must list at least one/],
    [
      'a prefix of 7 digits',
      JSON.stringify([PUNE, { ...HILLS, prefixes: ['1710011'] }]),
      /zone 2 \("Hills"\) prefixes: must be 1 to 6 digits, the first 1 to 9/,
    ],
    ['a prefix starting with 0', JSON.stringify([{ ...PUNE, prefixes: ['041'] }]), /must be 1 to 6 digits/],
    ['a prefix as a number', JSON.stringify([{ ...PUNE, prefixes: [411] }]), /zone 1 \("Pune"\) prefixes: /],
    ['0 days', JSON.stringify([{ ...PUNE, days: 0 }]), /zone 1 \("Pune"\) days: must be 1 to 30/],
    ['31 days', JSON.stringify([{ ...PUNE, days: 31 }]), /days: must be 1 to 30/],
    ['half a day', JSON.stringify([{ ...PUNE, days: 2.5 }]), /days: must be a whole number of days/],
    ['cod as text', JSON.stringify([{ ...PUNE, cod: 'yes' }]), /zone 1 \("Pune"\) cod: must be true or false/],
    ['a field it does not know', JSON.stringify([{ ...PUNE, express: true }]), /zone 1 \("Pune"\)/],
    [
      'one prefix in two zones',
      JSON.stringify([PUNE, { ...HILLS, prefixes: ['17', '411'] }]),
      /zone 2 \("Hills"\) prefixes: prefix 411 is already in zone 1/,
    ],
  ])('%s stops start-up with one line naming DELIVERY_ZONES_FILE', (_, text, problem) => {
    const file = zoneFile(text);
    const message = configError(() => loadZonesFile(file));
    expect(message).toMatch(new RegExp(`^DELIVERY_ZONES_FILE=${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(message).toMatch(problem);
    expect(message).not.toContain('\n');
  });

  test('a file that is not there is named, with what to do', () => {
    const file = path.join(dir, 'missing.json');
    expect(configError(() => loadZonesFile(file))).toBe(
      `DELIVERY_ZONES_FILE=${file} cannot be read (ENOENT): point DELIVERY_ZONES_FILE at the shop's zone file.`,
    );
  });

  test('npm start with a bad zone file ends at once: one line on stderr, no stack', async () => {
    const file = zoneFile(JSON.stringify([{ ...PUNE, days: 0 }]));
    const outcome = await startToEnd({ DATA_DIR: path.join(dir, 'data'), DELIVERY_ZONES_FILE: file }, 30_000);
    expect(outcome.stderr.trim().split('\n'), outcome.stderr).toEqual([
      `DELIVERY_ZONES_FILE=${file}: zone 1 ("Pune") days: must be 1 to 30`,
    ]);
    expect(outcome.code).toBe(2);
    // Nothing was opened or written before the check.
    expect(fs.existsSync(path.join(dir, 'data'))).toBe(false);
  }, 45_000);
});

describe('the demo shop’s zones', () => {
  test('keep the rules a shop’s own file must keep', () => {
    expect(ZonesSchema.safeParse(DEFAULT_ZONES).success).toBe(true);
  });

  test.each<[string, string, number, boolean]>([
    ['Delhi', '110001', 2, true],
    ['Mumbai', '400001', 2, true],
    ['Thane', '401107', 2, true],
    ['Bengaluru', '560001', 2, true],
    ['Noida', '201301', 2, true],
    ['Chennai', '600001', 3, true],
    ['Kolkata', '700001', 3, true],
    ['Hyderabad', '500001', 3, true],
    ['Pune', '411001', 3, true],
    ['Ahmedabad', '380001', 3, true],
    ['Lucknow', '226001', 4, true],
    ['Nagpur', '440001', 4, true],
    ['Mysuru', '570001', 4, true],
    ['Kochi', '682001', 4, true],
    ['Jodhpur', '342001', 5, true],
    ['Bhopal', '462001', 5, true],
    ['Patna', '800001', 5, true],
    ['Shimla', '171001', 6, false],
    ['Srinagar', '190001', 6, false],
    ['Gangtok', '737101', 6, false],
    ['Guwahati', '781001', 6, false],
    ['Imphal', '795001', 6, false],
  ])('%s (%s): %i days, cash on delivery %s', (_, pincode, days, cod) => {
    expect(zoneFor(pincode, DEFAULT_ZONES)).toMatchObject({ days, cod });
  });

  test.each([
    ['Port Blair, Andaman & Nicobar', '744101'],
    ['Kavaratti, Lakshadweep', '682555'],
    ['Agatti, Lakshadweep', '682553'],
    ['an Army Post Office', '900001'],
    ['a Field Post Office', '999001'],
  ])('%s (%s) is not served', (_, pincode) => {
    expect(zoneFor(pincode, DEFAULT_ZONES)).toBeNull();
  });
});
