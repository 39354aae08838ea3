/** Rules and messages of the account forms, shared by the islands and the server. */
import { z } from 'zod';
import { EMAIL_PATTERN, requiredText } from './common';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';

/**
 * The shop's password rule, one for shoppers and staff, wherever a password is chosen (sign-up,
 * reset, accepting a staff invitation, the staff CLI): at least 8 characters, not only spaces, not
 * one character repeated, not among the most common passwords, not the account's e-mail. Eight,
 * not the 6 the first storefront asked for: six characters of a common pattern fall to an online
 * guesser within its throttle's allowance.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const OTP_LENGTH = 4;

export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters.`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX} characters.`;
export const PASSWORD_ONLY_SPACES = 'Password cannot be only spaces.';
export const PASSWORD_ONE_CHARACTER = 'Password cannot be one character repeated.';
export const PASSWORD_IS_EMAIL = 'Password cannot be your email address or the part before @.';
/** What the password fields say before anything is typed. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters; not a common password or your email.`;

/**
 * Why `password` may not be chosen by the account of `email` (when known), or null: the one rule
 * every form and command applies. Characters are counted as code points, so an emoji is one.
 */
export function passwordProblem(password: string, email?: string): string | null {
  const characters = [...password];
  if (characters.length < PASSWORD_MIN) return PASSWORD_TOO_SHORT;
  if (characters.length > PASSWORD_MAX) return PASSWORD_TOO_LONG;
  if (/^\s+$/u.test(password)) return PASSWORD_ONLY_SPACES;
  if (characters.every((c) => c === characters[0])) return PASSWORD_ONE_CHARACTER;
  if (isCommonPassword(password) || isCommonPassword(password.trim())) return COMMON_PASSWORD_MESSAGE;
  if (email && isEmailLike(password, email)) return PASSWORD_IS_EMAIL;
  return null;
}

/** True when the password is the e-mail, or its part before @, whatever the case and surrounding spaces. */
export function isEmailLike(password: string, email: string): boolean {
  const typed = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  return typed === address || (local !== '' && typed === local);
}

/** An e-mail field: trimmed, checked with the shared pattern, lower-cased. */
export const emailField = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(254, invalid)
    .regex(EMAIL_PATTERN, invalid)
    .refine((v) => v.isWellFormed(), invalid)
    .transform((v) => v.toLowerCase());

/** Login: e-mail as the user name, and the password. */
export const loginSchema = z.object({
  email: z.string({ error: 'Username is required.' }).trim().min(1, 'Username is required.').max(254),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(PASSWORD_MAX),
});

/**
 * A password being chosen (sign-up, reset, staff): the shop's rule, except the e-mail, which the
 * form's own schema compares (`notTheEmail`) or the service when it knows the account's.
 */
export const newPassword = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .superRefine((value, ctx) => {
      const problem = passwordProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** A form's refinement: its password field (`field`) may not be its e-mail. */
function notTheEmail<T extends { email: string }>(field: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx<T>) => {
    const password = value[field];
    if (typeof password === 'string' && isEmailLike(password, value.email)) {
      ctx.addIssue({ code: 'custom', message: PASSWORD_IS_EMAIL, path: [field] });
    }
  };
}

const signupPassword = newPassword('Password is required.');

/** Phone of an account: required and exactly 10 digits. */
export const accountPhone = z
  .string({ error: 'Phone number is required.' })
  .trim()
  .min(1, 'Phone number is required.')
  .regex(/^\d{10}$/, 'Phone number must be exactly 10 digits.');

/** Registration. */
export const signupSchema = z
  .object({
    first_name: requiredText('First name is required.', 50),
    last_name: requiredText('Last name is required.', 50),
    phone_number: accountPhone,
    email: emailField('Email is required.', 'Email is invalid.'),
    password: signupPassword,
  })
  .superRefine(notTheEmail('password'));

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
  })
  .superRefine(notTheEmail('new_password'));

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
