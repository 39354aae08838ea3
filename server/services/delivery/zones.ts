/**
 * The shop's serviceability zones: the demo shop's table, and a shop's own table read from the
 * JSON file named by DELIVERY_ZONES_FILE.
 */
import fs from 'node:fs';
import { z } from 'zod';
import { ZONE_RULES, type Zone } from '../../../contract/delivery';
import { ConfigError } from '../../env';

/** Kerala's Ernakulam prefix 682 without 6825, Lakshadweep's islands (sailings, not couriers). */
const ERNAKULAM_MAINLAND = ['6820', '6821', '6822', '6823', '6824', '6826', '6827', '6828', '6829'];

/**
 * The demo shop's zones. A pincode's first digit is its postal region and its first two or three
 * its sorting district, so a few prefixes cover the country:
 *
 * - The shop ships from warehouses in Delhi, Mumbai and Bengaluru: those cities (Delhi with its
 *   neighbours in Haryana and Uttar Pradesh) get an order in 2 days; the other metros (Chennai,
 *   Kolkata, Hyderabad, Pune, Ahmedabad) in 3, through the courier's air hub there. Cash on
 *   delivery everywhere in them.
 * - The rest of the large states: 4 days by road (North, West, South), 5 for Central and East
 *   India and western Rajasthan. Cash on delivery there too.
 * - Himachal Pradesh, Jammu & Kashmir, Ladakh and the North East (with Sikkim): 6 days, prepaid
 *   only (the couriers serving them take no cash).
 * - Not served: Andaman & Nicobar (744) and Lakshadweep (6825), reached by ship; Army and Field
 *   Post Offices (90–99). Prefixes no pincode uses (35, 54, 55, 65, 66, 86–89) are in no zone either.
 */
export const DEFAULT_ZONES: readonly Zone[] = [
  {
    name: 'Warehouse metros',
    // Delhi with Gurugram, Faridabad, Noida and Ghaziabad; Mumbai and Thane; Bengaluru.
    prefixes: ['110', '1220', '1210', '2013', '2010', '400', '401', '560'],
    days: 2,
    cod: true,
  },
  { name: 'Other metros', prefixes: ['600', '700', '500', '411', '380'], days: 3, cod: true },
  {
    name: 'North India',
    // Haryana; Punjab and Chandigarh; Uttar Pradesh and Uttarakhand; eastern Rajasthan (Jaipur, Ajmer, Kota).
    prefixes: ['12', '13', '14', '15', '16', '20', '21', '22', '23', '24', '25', '26', '27', '28', '30', '31', '32'],
    days: 4,
    cod: true,
  },
  // The Thar desert districts (Bikaner, Jodhpur, Barmer, Jaisalmer): a day further by road.
  { name: 'Western Rajasthan', prefixes: ['33', '34'], days: 5, cod: true },
  {
    name: 'West India',
    // Gujarat; Maharashtra and Goa.
    prefixes: ['36', '37', '38', '39', '40', '41', '42', '43', '44'],
    days: 4,
    cod: true,
  },
  {
    name: 'South India',
    // Telangana and Andhra Pradesh; Karnataka; Tamil Nadu and Puducherry; Kerala.
    prefixes: [
      ...['50', '51', '52', '53', '56', '57', '58', '59', '60', '61', '62', '63', '64', '67', '69'],
      ...['680', '681', '683', '684', '685', '686', '687', '688', '689', ...ERNAKULAM_MAINLAND],
    ],
    days: 4,
    cod: true,
  },
  {
    name: 'Central India',
    // Madhya Pradesh; Chhattisgarh.
    prefixes: ['45', '46', '47', '48', '49'],
    days: 5,
    cod: true,
  },
  {
    name: 'East India',
    // West Bengal (not 744, the islands); Odisha; Bihar and Jharkhand.
    prefixes: [
      ...['70', '71', '72', '73', '740', '741', '742', '743'],
      ...['75', '76', '77', '80', '81', '82', '83', '84', '85'],
    ],
    days: 5,
    cod: true,
  },
  {
    name: 'Hills',
    // Himachal Pradesh; Jammu & Kashmir and Ladakh.
    prefixes: ['17', '18', '19'],
    days: 6,
    cod: false,
  },
  {
    name: 'North East',
    // Assam; the seven sister states; Sikkim (737, inside West Bengal's 73).
    prefixes: ['78', '79', '737'],
    days: 6,
    cod: false,
  },
];

const ZoneSchema = z.strictObject({
  name: z.string().trim().min(1, 'must be a name').max(100, 'must be at most 100 characters'),
  prefixes: z
    .array(z.string().regex(ZONE_RULES.prefix, 'must be 1 to 6 digits, the first 1 to 9'))
    .min(1, 'must list at least one prefix'),
  days: z
    .number()
    .int('must be a whole number of days')
    .min(ZONE_RULES.minDays, `must be ${ZONE_RULES.minDays} to ${ZONE_RULES.maxDays}`)
    .max(ZONE_RULES.maxDays, `must be ${ZONE_RULES.minDays} to ${ZONE_RULES.maxDays}`),
  cod: z.boolean('must be true or false'),
});

/**
 * A zone table: a JSON array of zones, at least one, each prefix in one zone only (a prefix in two
 * zones would make a pincode's delivery depend on the order of the file).
 */
export const ZonesSchema = z
  .array(ZoneSchema, 'must be a JSON array of zones')
  .min(1, 'must list at least one zone')
  .superRefine((zones, ctx) => {
    const seen = new Map<string, number>();
    zones.forEach((zone, i) => {
      zone.prefixes.forEach((prefix, j) => {
        const first = seen.get(prefix);
        if (first === undefined) seen.set(prefix, i);
        else {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'prefixes', j],
            message: `prefix ${prefix} is already in zone ${first + 1}`,
          });
        }
      });
    });
  });

/** Where an issue is, as an operator reads it: `zone 3 ("North East") days`. */
function where(path: readonly PropertyKey[], input: unknown): string {
  const [index, ...rest] = path;
  if (typeof index !== 'number') return '';
  const name: unknown = Array.isArray(input) ? (input[index] as { name?: unknown } | undefined)?.name : undefined;
  const named = typeof name === 'string' && name.trim() ? ` (${JSON.stringify(name)})` : '';
  const field = rest.filter((key) => typeof key === 'string').join('.');
  return `zone ${index + 1}${named}${field ? ` ${field}` : ''}: `;
}

/** Validates a zone table read from JSON; a problem throws one line naming the zone and field. */
export function parseZones(value: unknown, source: string): Zone[] {
  const parsed = ZonesSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more)` : '';
  throw new ConfigError(`${source}: ${where(issue?.path ?? [], value)}${issue?.message ?? 'not valid'}${more}`);
}

/**
 * A shop's own zones, from a JSON file (DELIVERY_ZONES_FILE): an array of
 * `{"name": "Metro", "prefixes": ["110", "560"], "days": 2, "cod": true}`. A file that cannot be
 * read, is not JSON or breaks a rule throws a ConfigError: one line naming DELIVERY_ZONES_FILE.
 */
export function loadZonesFile(file: string): Zone[] {
  const source = `DELIVERY_ZONES_FILE=${file}`;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(`${source} cannot be read (${code}): point DELIVERY_ZONES_FILE at the shop's zone file.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : 'not JSON';
    throw new ConfigError(`${source} is not JSON (${reason}).`);
  }
  return parseZones(value, source);
}
