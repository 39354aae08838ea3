/** Rules and messages of the delivery address form, shared by islands and server. */
import { z } from 'zod';
import { PINCODE_MESSAGE, PINCODE_PATTERN } from '../delivery';
import { ADDRESS_TYPES } from '../shop';
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
  state: requiredText('State is required', 100),
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
