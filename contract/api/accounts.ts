/** Accounts as the API answers them: the profile, login and sign-up answers, delivery addresses. */
import { z } from 'zod';
import { ADDRESS_TYPES } from '../shop';

const id = z.number().int().positive();

export const ProfileSchema = z
  .strictObject({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone_number: z.string(),
    profile_picture: z.string().nullable().meta({ description: 'Path below /media/, or null.' }),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof ProfileSchema>;

/** The profile answer: the profile and the user's id. */
export const ProfileAnswerSchema = ProfileSchema.extend({ id }).meta({
  id: 'ProfileAnswer',
  description: "The signed-in shopper's profile and user id.",
});
export type ProfileAnswer = z.infer<typeof ProfileAnswerSchema>;

export const SignupAnswerSchema = z
  .strictObject({
    status: z.literal('success'),
    message: z.string(),
    data: z.strictObject({ user_id: id }),
  })
  .meta({ id: 'SignupAnswer' });

export const LoginAnswerSchema = z
  .strictObject({
    status: z.literal('success'),
    message: z.string(),
    data: ProfileSchema.extend({
      tokens: z.strictObject({
        access: z.string().meta({ description: 'The session token: send it as `Authorization: Bearer <token>`.' }),
      }),
      user_id: id,
    }),
  })
  .meta({ id: 'LoginAnswer', description: 'A session token and the profile.' });
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

/** A refused login says `status: 'error'` beside the message. */
export const LoginRefusedSchema = z
  .strictObject({ status: z.literal('error'), message: z.string() })
  .meta({ id: 'LoginRefused' });

export const ResetTokenAnswerSchema = z
  .strictObject({
    message: z.string(),
    reset_token: z.string().meta({ description: 'One-time token for reset_password, valid for a short while.' }),
  })
  .meta({ id: 'ResetTokenAnswer' });

export const AddressSchema = z
  .strictObject({
    id,
    name: z.string(),
    phone_number: z.string(),
    alternate_phone_number: z.string(),
    pincode: z.string(),
    locality: z.string(),
    area: z.string(),
    city: z.string(),
    state: z.string(),
    landmark: z.string(),
    address_type: z.enum(ADDRESS_TYPES),
    user: id.meta({ description: "Owner's user id." }),
  })
  .meta({ id: 'Address', description: 'A saved delivery address.' });
export type Address = z.infer<typeof AddressSchema>;
