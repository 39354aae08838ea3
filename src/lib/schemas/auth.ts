/** Rules and messages of the account forms (SPEC.md §5), shared by the islands and the server. */
import { z } from 'zod';
import { EMAIL_PATTERN, requiredText } from './common';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const OTP_LENGTH = 4;

const email = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(254, invalid)
    .regex(EMAIL_PATTERN, invalid)
    .transform((v) => v.toLowerCase());

/** Login: e-mail as the user name, and the password. */
export const loginSchema = z.object({
  email: z.string({ error: 'Username is required.' }).trim().min(1, 'Username is required.').max(254),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(PASSWORD_MAX),
});

const signupPassword = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

/** Phone of an account: required and exactly 10 digits. */
export const accountPhone = z
  .string({ error: 'Phone number is required.' })
  .trim()
  .min(1, 'Phone number is required.')
  .regex(/^\d{10}$/, 'Phone number must be exactly 10 digits.');

/** Registration. */
export const signupSchema = z.object({
  first_name: requiredText('First name is required.', 50),
  last_name: requiredText('Last name is required.', 50),
  phone_number: accountPhone,
  email: email('Email is required.', 'Email is invalid.'),
  password: signupPassword,
});

/** Forgot password, step 1. */
export const resetRequestSchema = z.object({
  email: email('Email is required.', 'Enter a valid email address.'),
});

/** Forgot password, step 2: the 4-digit PIN from the e-mail. */
export const verifyOtpSchema = z.object({
  email: email('Email is required.', 'Enter a valid email address.'),
  otp: z
    .string({ error: 'Please enter the complete 4-digit PIN.' })
    .regex(/^\d{4}$/, 'Please enter the complete 4-digit PIN.'),
});

/** Reset password. */
export const resetPasswordSchema = z
  .object({
    email: email('Email is required.', 'Enter a valid email address.'),
    new_password: z
      .string({ error: 'New password is required.' })
      .min(1, 'New password is required.')
      .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
    confirm_password: z.string({ error: 'Confirm password is required.' }).min(1, 'Confirm password is required.'),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    message: 'Passwords do not match.',
    path: ['confirm_password'],
  });

/** Profile update (the picture travels separately, as a file). */
export const profileSchema = z.object({
  first_name: requiredText('First name is required.', 50),
  last_name: requiredText('Last name is required.', 50),
  email: email('Email is required.', 'Email is invalid.'),
  phone_number: accountPhone,
});

export type LoginInput = z.input<typeof loginSchema>;
export type SignupInput = z.input<typeof signupSchema>;
export type ProfileInput = z.input<typeof profileSchema>;
