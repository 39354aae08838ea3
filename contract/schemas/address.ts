/** Rules and messages of the delivery address form, shared by islands and server. */
import { z } from 'zod';
import { isPincode, PINCODE_MESSAGE, PINCODE_PATTERN } from '../delivery';
import { ADDRESS_TYPES } from '../shop';
import { addressState, STATE_MESSAGE } from '../states';
import { optionalText, requiredText } from './common';

const MOBILE = /^[6-9]\d{9}$/;
const PHONE_MESSAGE = 'Valid 10-digit phone number is required';

export const addressSchema = z.object({
  name: requiredText('Name is required', 100),
  phone_number: z.string({ error: PHONE_MESSAGE }).trim().regex(MOBILE, PHONE_MESSAGE),
  alternate_phone_number: z
    .string()
    .trim()
    .refine((v) => v === '' || MOBILE.test(v), PHONE_MESSAGE)
    .optional()
    .default(''),
  // The delivery check's own rule: an address the shop could never deliver to is not saved.
  pincode: z.string({ error: PINCODE_MESSAGE }).trim().regex(PINCODE_PATTERN, PINCODE_MESSAGE),
  locality: requiredText('Locality is required', 100),
  area: requiredText('Address is required', 300),
  city: requiredText('City is required', 100),
  // Checked against India's states and union territories: the order's place of supply on its tax invoice.
  state: requiredText('State is required', 100).refine((v) => addressState(v) !== null, STATE_MESSAGE),
  landmark: optionalText(100),
  address_type: z.enum(ADDRESS_TYPES, { error: 'Choose home or work.' }).default('home'),
});

export type AddressInput = z.input<typeof addressSchema>;
export type AddressFields = z.output<typeof addressSchema>;

/** The single line an order carries: name, phones, locality, area, landmark, city, state, pincode. */
export function addressLine(a: AddressFields): string {
  const phones = [a.phone_number, a.alternate_phone_number].filter(Boolean).join(' / ');
  return [a.name, phones, a.locality, a.area, a.landmark, a.city, a.state, a.pincode]
    .filter((part) => part && part.trim())
    .join(', ');
}

/** A delivery address as an order reads it: whom it goes to, its lines, and its state and pincode. */
export interface DeliveryParts {
  name: string;
  /** Street, locality, landmark and city: what the invoice prints above the state. */
  lines: string[];
  /** The state's proper name ('Tamil Nadu' for 'TN'). */
  state: string;
  pincode: string;
}

/** The parts of a saved or structured address (its fields already checked by `addressSchema`). */
export function deliveryPartsOf(
  a: Pick<AddressFields, 'name' | 'locality' | 'area' | 'landmark' | 'city' | 'state' | 'pincode'>,
): DeliveryParts | string {
  const state = addressState(a.state);
  if (!state) return STATE_MESSAGE;
  if (!isPincode(a.pincode.trim())) return PINCODE_MESSAGE;
  const lines = [a.locality, a.area, a.landmark ?? '', a.city].map((l) => l.trim()).filter(Boolean);
  return { name: a.name.trim(), lines, state: state.name, pincode: a.pincode.trim() };
}

/** A part of the one-line address that is a phone number (or two): the delivery's, not the invoice's. */
const PHONES = /^[\d\s/+-]{10,}$/;

/**
 * The parts of an address written as one line, as the storefront writes it (`addressLine`): name
 * first, then phones, street, city, and the state and the pincode last, each between commas. Read
 * exactly that way and no other: the pincode is the last part, six digits alone, and the state the
 * part before it. Anything else is refused with what is missing ('Valid 6-digit pincode is
 * required', or the state's message), never guessed from elsewhere in the text.
 */
export function parseAddressLine(line: string): DeliveryParts | string {
  const parts = line
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const pincode = parts.pop() ?? '';
  if (!isPincode(pincode)) return PINCODE_MESSAGE;
  const state = addressState(parts.pop() ?? '');
  if (!state) return STATE_MESSAGE;
  const name = parts.shift() ?? '';
  const lines = parts.filter((p) => !PHONES.test(p));
  if (!name || lines.length === 0) return ADDRESS_INCOMPLETE;
  return { name, lines, state: state.name, pincode };
}

/** An address line without a name or a street before its state and pincode. */
export const ADDRESS_INCOMPLETE = 'Address is required';
