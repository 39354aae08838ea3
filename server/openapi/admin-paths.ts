/**
 * The back office's routes (/api/admin), for the OpenAPI document. Built when the document is,
 * from paths.ts's helpers (a function, so that the two modules may import each other).
 */
import { z } from 'zod';
import {
  AuditPageSchema,
  StaffAccountSchema,
  StaffEnrolmentSchema,
  StaffInviteAnswerSchema,
  StaffLoginAnswerSchema,
  StaffMeSchema,
} from '../../contract/api/staff';
import { MessageAnswerSchema } from '../../contract/api/messages';
import { IdParams } from '../../contract/schemas/common';
import {
  AuditQuery,
  acceptInviteSchema,
  staffChangeSchema,
  staffInviteSchema,
  staffLoginSchema,
} from '../../contract/schemas/staff';
import { INVITE_HOURS, ROLE_CANNOT, ROLE_PERMISSIONS, STAFF_ROLES, type Permission } from '../../contract/staff';
import { errors, json, jsonBody, type Operation } from './paths';

const admin = (path: string) => `/api/admin${path}`;

/** Who may call: the roles whose permissions include `permission`. */
function whoMay(permission: Permission): string {
  const roles = STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
  return `Needs \`${permission}\` (${roles.join(', ')}); other roles are answered 403 and the refusal is logged.`;
}

const unauthenticated: [401, string] = [
  401,
  'No staff token, or one that has ended or is not a staff token (a shopper\u2019s): `WWW-Authenticate: Bearer`.',
];
const forbidden: [403, string] = [403, `The role may not do this: \`${ROLE_CANNOT}\` (logged).`];

export function adminOperations(): Operation[] {
  return [
    {
      method: 'post',
      path: admin('/login'),
      tag: 'Staff',
      summary: 'Staff login (password and second factor)',
      description:
        'E-mail, password and `code`: the 6-digit code of the authenticator app (each taken once) or one of ' +
        'the recovery codes (each works once, and only after the first login with an app code, which ' +
        'confirms the second factor). Any wrong part answers the same 401. Throttled as shoppers\u2019 logins ' +
        'are; sets a staff device cookie, so failures from other browsers never lock out this one.',
      request: { body: jsonBody(staffLoginSchema) },
      responses: {
        200: json(StaffLoginAnswerSchema, 'Signed in: the staff token (STAFF_TOKEN_TTL_HOURS, 8 by default).'),
        ...errors(
          400,
          [401, 'Wrong e-mail, password or code, or a disabled account: one message.'],
          413,
          415,
          429,
          503,
        ),
      },
    },
    {
      method: 'post',
      path: admin('/logout'),
      tag: 'Staff',
      summary: 'Staff logout',
      description: 'Ends the staff session: the token is refused from now on.',
      staff: true,
      responses: { 200: json(MessageAnswerSchema, 'Logged out.'), ...errors(unauthenticated, 413) },
    },
    {
      method: 'get',
      path: admin('/me'),
      tag: 'Staff',
      summary: 'The signed-in staff member',
      description: 'Any role. What the role may do, recovery codes left, and when the session ends.',
      staff: true,
      responses: { 200: json(StaffMeSchema, 'The staff member.'), ...errors(unauthenticated) },
    },
    {
      method: 'post',
      path: admin('/staff/invites'),
      tag: 'Staff',
      summary: 'Invite someone to the back office',
      description:
        `${whoMay('staff.manage')} The invitation is e-mailed as a link and answered too; it works once, ` +
        `within ${INVITE_HOURS} hours. A newer invitation to the same e-mail ends the earlier ones. An e-mail ` +
        'whose account never confirmed its second factor may be invited again: accepting starts it afresh.',
      staff: true,
      request: { body: jsonBody(staffInviteSchema) },
      responses: {
        201: json(StaffInviteAnswerSchema, 'The invitation.'),
        ...errors(400, unauthenticated, forbidden, [409, 'The e-mail has a staff account already.'], 413, 415),
      },
    },
    {
      method: 'post',
      path: admin('/invites/accept'),
      tag: 'Staff',
      summary: 'Accept an invitation',
      description:
        'Opens the account with a name and a password (the shop\u2019s password rule). Answers the second ' +
        'factor\u2019s key and ten recovery codes, once. Throttled per client address.',
      request: { body: jsonBody(acceptInviteSchema) },
      responses: {
        201: json(StaffEnrolmentSchema, 'The account, its key and its recovery codes (shown once).'),
        ...errors(
          [400, 'Not valid, or the invitation is unknown, expired or used.'],
          [409, 'The e-mail has a staff account already.'],
          413,
          415,
          429,
          503,
        ),
      },
    },
    {
      method: 'get',
      path: admin('/staff'),
      tag: 'Staff',
      summary: 'List staff accounts',
      description: `${whoMay('staff.manage')} Never a password, key or recovery code.`,
      staff: true,
      responses: {
        200: json(z.array(StaffAccountSchema), 'Every staff account, oldest first.'),
        ...errors(unauthenticated, forbidden),
      },
    },
    {
      method: 'patch',
      path: admin('/staff/{id}'),
      tag: 'Staff',
      summary: "Change a staff member's role, or disable them",
      description:
        `${whoMay('staff.manage')} Disabling ends their sessions at once; \`disabled: false\` enables the ` +
        'account again. The last owner who can sign in can be neither demoted nor disabled.',
      staff: true,
      request: { params: IdParams, body: jsonBody(staffChangeSchema) },
      responses: {
        200: json(StaffAccountSchema, 'The account as changed.'),
        ...errors(
          400,
          unauthenticated,
          forbidden,
          [404, 'No such staff member.'],
          [409, 'It would leave the shop without an owner who can sign in (logged).'],
          413,
          415,
        ),
      },
    },
    {
      method: 'get',
      path: admin('/audit'),
      tag: 'Staff',
      summary: 'Read the audit log',
      description:
        `${whoMay('audit.read')} Every staff change (who, when, what before and after) and every denied ` +
        'staff action, newest first. Entries are kept: the database refuses to change or delete them.',
      staff: true,
      request: { query: AuditQuery },
      responses: { 200: json(AuditPageSchema, 'One page of the log.'), ...errors(400, unauthenticated, forbidden) },
    },
  ];
}
