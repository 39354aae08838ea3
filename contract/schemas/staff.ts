/** Rules and messages of the back office's forms and calls, shared by the /admin pages and the server. */
import { z } from 'zod';
import { STAFF_ROLES } from '../staff';
import { PASSWORD_MAX, emailField, newPassword } from './auth';
import { AUDIT_GROUPS, AUDIT_KIND_UNKNOWN, AUDIT_KINDS } from '../audit-actions';
import { DATES_REVERSED, dayField, digitsId, requiredText } from './common';

export const ROLE_REQUIRED = 'Role is required.';
export const ROLE_UNKNOWN = `Role must be one of: ${STAFF_ROLES.join(', ')}.`;
export const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app, or a recovery code.';
export const STAFF_CHANGE_EMPTY = 'Say what to change: the role, or whether the account is disabled.';
export const STAFF_PAGE_SIZE = 50;
export const MAX_STAFF_PAGE_SIZE = 100;
export const AUDIT_STAFF_INVALID = 'The staff member must be given by their id (digits only).';
/** Far past any log's end, and small enough that the offset stays an exact number. */
const MAX_AUDIT_PAGE = 1_000_000;

/** One of the staff roles, spelled exactly. */
export const roleField = z.enum(STAFF_ROLES, {
  error: (issue) => (issue.input === undefined ? ROLE_REQUIRED : ROLE_UNKNOWN),
});

/**
 * The second factor as typed: six digits from the authenticator app, or a recovery code (letters
 * and digits in groups; spaces and dashes are the reader's, and ignored).
 */
export const secondFactorField = z
  .string({ error: CODE_REQUIRED })
  .trim()
  .min(1, CODE_REQUIRED)
  .max(40, CODE_REQUIRED)
  .meta({ description: 'The 6-digit code of the authenticator app, or one of the recovery codes.' });

/** The name of a new staff member: required, one line, at most 100 characters. */
export const staffNameField = requiredText('Name is required.', 100);
/** A staff password being chosen: the shop's password rule. */
export const staffPasswordField = newPassword('Password is required.');

/** Staff login: e-mail, password and the second factor, all three in one call. */
export const staffLoginSchema = z.object({
  email: z.string({ error: 'Email is required.' }).trim().min(1, 'Email is required.').max(254),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(PASSWORD_MAX),
  code: secondFactorField,
});

/** An owner invites someone to the back office. */
export const staffInviteSchema = z.object({
  email: emailField('Email is required.', 'Email is invalid.'),
  role: roleField,
});

/** The invited person accepts: the invitation's token, their name and a password of their own. */
export const acceptInviteSchema = z.object({
  token: z
    .string({ error: 'The invitation token is required.' })
    .trim()
    .min(1, 'The invitation token is required.')
    .max(200, 'The invitation token is not valid.'),
  name: staffNameField,
  password: staffPasswordField,
});

/** An owner changes a staff account: its role, or whether it is disabled. */
export const staffChangeSchema = z
  .object({
    role: roleField.optional(),
    disabled: z.boolean({ error: 'Disabled must be true or false.' }).optional(),
  })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, { message: STAFF_CHANGE_EMPTY, path: ['role'] });

/** A page of the audit log, newest first, narrowed by who acted, the kind of entry and the days (India time). */
export const AuditQuery = z
  .object({
    page: digitsId
      .pipe(z.number().max(MAX_AUDIT_PAGE, `At most ${MAX_AUDIT_PAGE}.`))
      .optional()
      .meta({ description: 'Page number from 1 (default 1).' }),
    page_size: digitsId
      .pipe(z.number().max(MAX_STAFF_PAGE_SIZE, `At most ${MAX_STAFF_PAGE_SIZE}.`))
      .optional()
      .meta({ description: `Entries per page, at most ${MAX_STAFF_PAGE_SIZE} (default ${STAFF_PAGE_SIZE}).` }),
    staff_id: z
      .string()
      .regex(/^[1-9]\d{0,14}$/, AUDIT_STAFF_INVALID)
      .transform(Number)
      .optional()
      .meta({ description: 'Only what this staff member did (their id).', example: '3' }),
    kind: z
      .string()
      .trim()
      .refine((k) => AUDIT_KINDS.includes(k), AUDIT_KIND_UNKNOWN)
      .optional()
      .meta({
        description:
          'Only entries of this kind: a group (' +
          Object.keys(AUDIT_GROUPS).join(', ') +
          ") or one action ('stock.set', 'order.move', …).",
        example: 'catalogue',
      }),
    from: dayField('Entries on or after this day (India time).'),
    to: dayField('Entries on or before this day (India time).'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: DATES_REVERSED, path: ['from'] });

export type StaffLoginInput = z.input<typeof staffLoginSchema>;
export type StaffInviteInput = z.input<typeof staffInviteSchema>;
export type AcceptInviteInput = z.input<typeof acceptInviteSchema>;
export type StaffChangeInput = z.input<typeof staffChangeSchema>;
