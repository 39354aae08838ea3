/** The back office's answers: staff members, sessions, invitations, enrolment and the audit log. */
import { z } from 'zod';
import { PERMISSIONS, STAFF_ROLES } from '../staff';

const id = z.number().int().positive();
const isoTime = z.string().meta({ description: 'ISO 8601 time, UTC.' });

/** A staff member as every staff answer names them. */
export const StaffMemberSchema = z
  .strictObject({ id, email: z.string(), name: z.string(), role: z.enum(STAFF_ROLES) })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffLoginAnswerSchema = z
  .strictObject({
    token: z
      .string()
      .optional()
      .meta({
        description:
          'The staff session token: send it as `Authorization: Bearer <token>` to /api/admin/ calls. Not answered ' +
          'to a login sent with `x-gharbazaar-staff: 1` (the back office\u2019s pages), which gets the session cookie instead.',
      }),
    expires_at: isoTime,
    staff: StaffMemberSchema,
  })
  .meta({ id: 'StaffLoginAnswer', description: 'A staff session (its token, or the session cookie) and whose it is.' });
export type StaffLoginAnswer = z.infer<typeof StaffLoginAnswerSchema>;

export const StaffMeSchema = StaffMemberSchema.extend({
  permissions: z.array(z.enum(PERMISSIONS)).meta({ description: 'What the role may do.' }),
  recovery_codes_left: z.number().int().min(0),
  expires_at: isoTime.meta({ description: 'When this session ends.' }),
}).meta({ id: 'StaffMe', description: 'The signed-in staff member, what they may do, and their session.' });
export type StaffMe = z.infer<typeof StaffMeSchema>;

/** A staff account as owners see it: never its password, second-factor secret or recovery codes. */
export const StaffAccountSchema = StaffMemberSchema.extend({
  second_factor: z
    .enum(['confirmed', 'pending'])
    .meta({ description: '`pending` until the first login with a code from the authenticator app.' }),
  recovery_codes_left: z.number().int().min(0),
  created_at: isoTime,
  created_by: id.nullable().meta({ description: 'The owner who invited them; null for the command line.' }),
  disabled_at: isoTime.nullable(),
}).meta({ id: 'StaffAccount' });
export type StaffAccount = z.infer<typeof StaffAccountSchema>;

export const StaffInviteAnswerSchema = z
  .strictObject({
    email: z.string(),
    role: z.enum(STAFF_ROLES),
    token: z.string().meta({ description: 'The invitation, for POST /api/admin/invites/accept; also e-mailed.' }),
    link: z.string().meta({ description: 'The page where it is accepted, the token after `#`.' }),
    expires_at: isoTime,
  })
  .meta({ id: 'StaffInviteAnswer' });
export type StaffInviteAnswer = z.infer<typeof StaffInviteAnswerSchema>;

/** What a new staff member is shown once: the second factor's key and the recovery codes. */
export const StaffEnrolmentSchema = z
  .strictObject({
    staff: StaffMemberSchema,
    totp: z.strictObject({
      secret: z.string().meta({ description: 'Base32 key for the authenticator app.' }),
      otpauth_url: z.string().meta({ description: 'The same key as an otpauth:// address (for a QR code).' }),
    }),
    recovery_codes: z.array(z.string()).meta({ description: 'Each works once instead of a code; shown only now.' }),
  })
  .meta({
    id: 'StaffEnrolment',
    description:
      'Shown once. The first login with a code from the authenticator app confirms the second factor; until then the recovery codes do not work.',
  });
export type StaffEnrolment = z.infer<typeof StaffEnrolmentSchema>;

const jsonObject = z.record(z.string(), z.unknown()).nullable();

export const AuditEntrySchema = z
  .strictObject({
    id,
    at: isoTime,
    staff: z
      .strictObject({ id, email: z.string(), name: z.string() })
      .nullable()
      .meta({ description: 'Who acted; null for the command line or an unknown caller (a failed login).' }),
    action: z.string().meta({ description: "What was done or tried, e.g. 'staff.invite', 'staff.change'." }),
    entity: z.string(),
    entity_id: z.string().nullable(),
    before: jsonObject.meta({ description: 'The record before the change, as far as the change touched it.' }),
    after: jsonObject.meta({ description: 'The record after the change.' }),
    outcome: z.enum(['done', 'denied']),
    ip: z.string().nullable(),
    note: z.string().nullable().meta({ description: 'Why it was denied, or how it was done.' }),
    action_label: z.string().meta({ description: "What was done, in words: 'Stock set', 'Order moved'." }),
    record_name: z.string().nullable().meta({
      description: "The record's name: the product, variant, category or staff member, 'Order #53'; null for none.",
    }),
    summary: z.string().meta({
      description: "The entry as one line in words, e.g. 'Price of Tiffin Box Large: ₹649 → ₹629'.",
    }),
    changes: z.array(z.strictObject({ field: z.string(), before: z.string(), after: z.string() })).meta({
      description: "Each field the change touched, in words: { field: 'Price', before: '₹649', after: '₹629' }.",
    }),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z
  .strictObject({
    count: z.number().int().min(0).meta({ description: 'Entries on all pages.' }),
    page: z.number().int().positive(),
    page_size: z.number().int().positive(),
    results: z.array(AuditEntrySchema),
  })
  .meta({ id: 'AuditPage', description: 'One page of the audit log, newest first.' });
export type AuditPage = z.infer<typeof AuditPageSchema>;
