/** The delivery check as the API reads and answers it: a pincode, and when (or whether) the shop delivers there. */
import { z } from 'zod';
import { PINCODE_MESSAGE, PINCODE_PATTERN, ZONE_RULES } from '../delivery';

/** The path's pincode: exactly 6 digits, the first 1 to 9 (no spaces: the storefront sends what it checked). */
export const PincodeParams = z.object({
  pincode: z
    .string({ error: PINCODE_MESSAGE })
    .regex(PINCODE_PATTERN, PINCODE_MESSAGE)
    .meta({ description: 'A 6-digit Indian pincode (first digit 1 to 9).', example: '560001' }),
});

export const DeliveryAnswerSchema = z
  .strictObject({
    pincode: z.string(),
    deliverable: z.boolean().meta({ description: 'The shop delivers to this pincode.' }),
    days: z.number().int().min(ZONE_RULES.minDays).max(ZONE_RULES.maxDays).nullable().meta({
      description: 'Delivery days from an order placed now (Sundays not counted); null when not deliverable.',
    }),
    delivery_by: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .nullable()
      .meta({ description: 'The date in India (YYYY-MM-DD) an order placed now arrives; null when not deliverable.' }),
    message: z.string().meta({
      description: "What the shopper reads: 'Delivery by Fri, 27 Nov' or 'Not deliverable to this pincode yet'.",
    }),
    cod_available: z.boolean().meta({ description: "The pincode's zone offers cash on delivery." }),
    cod_limit: z
      .number()
      .nonnegative()
      .meta({ description: 'The largest order, in rupees, that may be paid in cash on delivery.' }),
  })
  .meta({ id: 'DeliveryAnswer', description: 'Whether and when the shop delivers to a pincode.' });
export type DeliveryAnswer = z.infer<typeof DeliveryAnswerSchema>;

/** What the address form says under Pincode once it has filled City and State from the directory. */
export const PLACE_FILLED_MESSAGE = 'City and state filled in from the pincode.';

/** Not in the directory: the address form leaves City and State to the shopper. */
export const UNKNOWN_PINCODE_MESSAGE = 'This pincode is not in our directory: please type the city and state.';

export const PincodePlaceSchema = z
  .strictObject({
    pincode: z.string(),
    city: z
      .string()
      .meta({ description: 'The district the pincode lies in, offered as the city.', example: 'Bengaluru' }),
    state: z.string().meta({ description: "The state or union territory's proper name.", example: 'Karnataka' }),
  })
  .meta({ id: 'PincodePlace', description: "A pincode's district and state, from India's pincode directory." });
export type PincodePlace = z.infer<typeof PincodePlaceSchema>;
