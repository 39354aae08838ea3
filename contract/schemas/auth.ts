/** Rules and messages of the account forms, shared by the islands and the server. */
import { z } from 'zod';
import { EMAIL_PATTERN, requiredText } from './common';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const OTP_LENGTH = 4;

/** An e-mail field: trimmed, checked with the shared pattern, lower-cased. */
export const emailField = (required: string, invalid: string) =>
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

/** A password being chosen (sign-up, reset, staff): long enough, not too long, not among the most common. */
export const newPassword = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`)
    .refine((v) => v.length < PASSWORD_MIN || !isCommonPassword(v), COMMON_PASSWORD_MESSAGE);

const signupPassword = newPassword('Password is required.');

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
  email: emailField('Email is required.', 'Email is invalid.'),
  password: signupPassword,
});

/** Forgot password, step 1. */
export const resetRequestSchema = z.object({
  email: emailField('Email is required.', 'Enter a valid email address.'),
});

/** Forgot password, step 2: the 4-digit PIN from the e-mail. */
export const verifyOtpSchema = z.object({
  email: emailField('Email is required.', 'Enter a valid email address.'),
  otp: z
    .string({ error: 'Please enter the complete 4-digit PIN.' })
    .regex(/^\d{4}$/, 'Please enter the complete 4-digit PIN.'),
});

/** Reset password. */
export const resetPasswordSchema = z
  .object({
    email: emailField('Email is required.', 'Enter a valid email address.'),
    new_password: newPassword('New password is required.'),
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
  email: emailField('Email is required.', 'Email is invalid.'),
  phone_number: accountPhone,
});

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change your email.';
export const CURRENT_PASSWORD_WRONG = 'The current password is not correct.';

/** A profile update as sent: the profile fields, and the current password when the e-mail changes. */
export const profileUpdateSchema = profileSchema.extend({
  current_password: z.string().max(PASSWORD_MAX).optional().default(''),
});

/**
 * True when an update to `newEmail` by the holder of the account now using `currentEmail` needs
 * the current password: a new e-mail does, so a stolen session cannot move the account (and its
 * password resets) to another mailbox.
 */
export function emailChanges(currentEmail: string, newEmail: string): boolean {
  return newEmail.trim().toLowerCase() !== currentEmail.trim().toLowerCase();
}

/** The profile form's rules for the account now using `currentEmail` (the server checks the password itself). */
export function profileChangeSchema(currentEmail: string) {
  return profileUpdateSchema.refine((v) => !emailChanges(currentEmail, v.email) || v.current_password !== '', {
    message: CURRENT_PASSWORD_REQUIRED,
    path: ['current_password'],
  });
}

export type LoginInput = z.input<typeof loginSchema>;
export type SignupInput = z.input<typeof signupSchema>;
export type ProfileInput = z.input<typeof profileSchema>;
