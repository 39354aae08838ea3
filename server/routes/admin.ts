import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { MessageAnswerSchema } from '../../contract/api/messages';
import {
  AuditPageSchema,
  StaffAccountSchema,
  StaffEnrolmentSchema,
  StaffInviteAnswerSchema,
  StaffLoginAnswerSchema,
  StaffMeSchema,
} from '../../contract/api/staff';
import { IdParams } from '../../contract/schemas/common';
import {
  AuditQuery,
  STAFF_PAGE_SIZE,
  acceptInviteSchema,
  staffChangeSchema,
  staffInviteSchema,
  staffLoginSchema,
} from '../../contract/schemas/staff';
import { INVITE_HOURS, STAFF_LOGIN_REFUSED, STAFF_REQUEST_HEADER } from '../../contract/staff';
import { ApiRoutes, errors, json, jsonBody, onInvalid } from '../http/api-routes';
import { clientAddress, throttleKey } from '../http/client-address';
import { ApiError, notFound, tooManyRequests } from '../http/errors';
import { NO_STAFF_TOKEN, ROLE_REFUSED, staffOnly, whoMay, type StaffEnv } from '../http/staff-auth';
import { adminCatalogueCsvRoutes } from './admin-catalogue-csv';
import { adminCatalogueRoutes } from './admin-catalogue';
import { adminAlertRoutes } from './admin-alerts';
import { adminOrderRoutes } from './admin-orders';
import { adminPackingRoutes } from './admin-packing';
import { adminCustomerRoutes } from './admin-customers';
import { adminReviewRoutes } from './admin-reviews';
import { adminSynonymRoutes } from './admin-synonyms';
import { countLoginAttempt, forgiveLoginAttempt } from '../services/auth/login-throttle';
import { revokeToken } from '../services/auth/tokens';
import { consumeAll } from '../services/rate-limit';
import {
  changeStaff,
  checkLogin,
  listStaffAccounts,
  staffByEmail,
  staffMeOf,
  staffMemberOf,
} from '../services/staff/accounts';
import { readAuditPage, recordAudit, type Actor } from '../services/staff/audit';
import type { StaffContext } from '../services/staff/context';
import { presentedStaffDevice, setStaffDeviceCookie } from '../services/staff/device-cookies';
import { acceptInvite, inviteStaff } from '../services/staff/invites';
import {
  clearStaffSessionCookie,
  presentedStaffSession,
  setStaffSessionCookie,
} from '../services/staff/session-cookie';
import { issueStaffToken } from '../services/staff/tokens';

/**
 * The back office's API under /api/admin: staff login with a second factor, the staff session,
 * invitations, staff accounts and the audit log. Every call but login and accepting an
 * invitation needs a staff token, and each checks the caller's role (contract/staff.ts).
 */
export function adminRoutes(staff: StaffContext): ApiRoutes<StaffEnv> {
  const { db, throttles } = staff;
  const app = new ApiRoutes<StaffEnv>();
  const addressOf = (c: Context) => clientAddress(c, staff.trustProxy);
  const actorOf = (c: Context<StaffEnv>): Actor => ({ staffId: c.get('staffSession').staff.id, ip: addressOf(c) });

  const login = createRoute({
    method: 'post',
    path: '/login',
    tags: ['Staff'],
    summary: 'Staff login (password and second factor)',
    description:
      'E-mail, password and `code`: the 6-digit code of the authenticator app (each taken once) or one of ' +
      'the recovery codes (each works once, and only after the first login with an app code, which ' +
      'confirms the second factor). Any wrong part answers the same 401. Throttled as shoppers\u2019 logins ' +
      'are; sets a staff device cookie, so failures from other browsers never lock out this one. Sent with ' +
      '`x-gharbazaar-staff: 1` (the back office\u2019s pages), the session is the HttpOnly cookie `gb_staff_session` ' +
      '(SameSite=Strict, Path=/api/admin/, as long as the token lasts), shared by the browser\u2019s tabs, and the ' +
      'answer holds no token; otherwise the answer holds the bearer token.',
    request: { body: jsonBody(staffLoginSchema) },
    responses: {
      200: json(
        StaffLoginAnswerSchema,
        'Signed in: the staff token, or the session cookie (STAFF_TOKEN_TTL_HOURS, 8 by default).',
      ),
      ...errors(400, [401, 'Wrong e-mail, password or code, or a disabled account: one message.'], 413, 415, 429, 503),
    },
  });
  app.openapi(login, async (c) => {
    const { email, password, code } = c.req.valid('json');
    const emailKey = email.toLowerCase();
    const source = throttleKey(addressOf(c));
    const row = await staffByEmail(db, emailKey);
    const device = row ? presentedStaffDevice(c, staff.secret, row.id) : null;
    // Counted as shoppers' logins are (services/auth/login-throttle.ts), before the slow checks.
    const attempt = { device, emailKey, source };
    const wait = await countLoginAttempt(throttles, attempt);
    if (wait) throw tooManyRequests(wait);
    const outcome = await checkLogin(db, staff.now, row, password, code);
    if (!outcome.ok) {
      // Refusals of a real account are kept for its owners to read (a wrong code after the right
      // password says the password is known); unknown e-mails are not, or anyone could fill the log.
      if (row) {
        await recordAudit(db, { staffId: null, ip: addressOf(c) }, staff.now(), {
          action: 'staff.login',
          entity: 'staff',
          entityId: row.id,
          outcome: 'denied',
          note: outcome.reason,
        });
      }
      throw new ApiError(401, STAFF_LOGIN_REFUSED);
    }
    const member = outcome.staff;
    await forgiveLoginAttempt(throttles, attempt);
    await recordAudit(db, { staffId: member.id, ip: addressOf(c) }, staff.now(), {
      action: 'staff.login',
      entity: 'staff',
      entityId: member.id,
      after: outcome.confirmedNow ? { second_factor: 'confirmed' } : null,
      note: `With ${outcome.factor}${outcome.confirmedNow ? '; the second factor is now confirmed' : ''}`,
    });
    setStaffDeviceCookie(c, staff.secret, member.id, staff.trustProxy);
    const { token, exp } = await issueStaffToken(staff.tokens, member);
    c.header('cache-control', 'no-store');
    const answer = { expires_at: new Date(exp * 1000).toISOString(), staff: staffMemberOf(member) };
    // The back office's pages keep the session in the cookie alone: no script of theirs holds the token.
    if (c.req.header(STAFF_REQUEST_HEADER) === '1') {
      setStaffSessionCookie(c, token, exp, staff.now(), staff.trustProxy);
      return c.json(answer, 200);
    }
    return c.json({ token, ...answer }, 200);
  });

  const logout = createRoute({
    method: 'post',
    path: '/logout',
    tags: ['Staff'],
    summary: 'Staff logout',
    description:
      'Ends the staff session: the token is refused from now on, in every tab that shares the session cookie, ' +
      'and the cookie is cleared. Other sessions of the same staff member (other browsers) go on.',
    ...staffOnly(staff, null),
    responses: { 200: json(MessageAnswerSchema, 'Logged out.'), ...errors(NO_STAFF_TOKEN, 413) },
  });
  app.openapi(logout, async (c) => {
    await revokeToken(db, staff.tokens, c.get('staffSession'));
    if (presentedStaffSession(c) !== undefined) clearStaffSessionCookie(c, staff.trustProxy);
    return c.json({ message: 'Logged out.' }, 200);
  });

  const me = createRoute({
    method: 'get',
    path: '/me',
    tags: ['Staff'],
    summary: 'The signed-in staff member',
    description: 'Any role. What the role may do, recovery codes left, and when the session ends.',
    ...staffOnly(staff, null),
    responses: { 200: json(StaffMeSchema, 'The staff member.'), ...errors(NO_STAFF_TOKEN) },
  });
  app.openapi(me, (c) => c.json(staffMeOf(c.get('staffSession')), 200));

  const invite = createRoute({
    method: 'post',
    path: '/staff/invites',
    tags: ['Staff'],
    summary: 'Invite someone to the back office',
    description:
      `${whoMay('staff.manage')} The invitation is e-mailed as a link and answered too; it works once, ` +
      `within ${INVITE_HOURS} hours. A newer invitation to the same e-mail ends the earlier ones. An e-mail ` +
      'whose account never confirmed its second factor may be invited again: accepting starts it afresh.',
    ...staffOnly(staff, 'staff.manage'),
    request: { body: jsonBody(staffInviteSchema) },
    responses: {
      201: json(StaffInviteAnswerSchema, 'The invitation.'),
      ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED, [409, 'The e-mail has a staff account already.'], 413, 415),
    },
  });
  app.openapi(invite, async (c) =>
    c.json(await inviteStaff(staff, actorOf(c), c.get('staffSession').staff, c.req.valid('json')), 201),
  );

  const accept = createRoute({
    method: 'post',
    path: '/invites/accept',
    tags: ['Staff'],
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
  });
  app.openapi(accept, async (c) => {
    const input = c.req.valid('json');
    const wait = await consumeAll([[throttles.inviteAcceptsPerAddress, throttleKey(addressOf(c))]]);
    if (wait) throw tooManyRequests(wait);
    const enrolment = await acceptInvite(staff, addressOf(c), input);
    // The key and recovery codes are shown once: no cache between here and the browser may keep them.
    c.header('cache-control', 'no-store');
    return c.json(enrolment, 201);
  });

  const list = createRoute({
    method: 'get',
    path: '/staff',
    tags: ['Staff'],
    summary: 'List staff accounts',
    description: `${whoMay('staff.manage')} Never a password, key or recovery code.`,
    ...staffOnly(staff, 'staff.manage'),
    responses: {
      200: json(z.array(StaffAccountSchema), 'Every staff account, oldest first.'),
      ...errors(NO_STAFF_TOKEN, ROLE_REFUSED),
    },
  });
  app.openapi(list, async (c) => c.json(await listStaffAccounts(db), 200));

  const change = createRoute({
    method: 'patch',
    path: '/staff/{id}',
    tags: ['Staff'],
    summary: "Change a staff member's role, or disable them",
    description:
      `${whoMay('staff.manage')} Disabling ends their sessions at once; \`disabled: false\` enables the ` +
      'account again. The last owner who can sign in can be neither demoted nor disabled.',
    ...staffOnly(staff, 'staff.manage'),
    request: { params: IdParams, body: jsonBody(staffChangeSchema) },
    responses: {
      200: json(StaffAccountSchema, 'The account as changed.'),
      ...errors(
        400,
        NO_STAFF_TOKEN,
        ROLE_REFUSED,
        [404, 'No such staff member.'],
        [409, 'It would leave the shop without an owner who can sign in (logged).'],
        413,
        415,
      ),
    },
  });
  app.openapi(
    change,
    async (c) =>
      c.json(await changeStaff(db, actorOf(c), staff.now, c.req.valid('param').id, c.req.valid('json')), 200),
    onInvalid({ param: () => notFound('No such staff member.') }),
  );

  const audit = createRoute({
    method: 'get',
    path: '/audit',
    tags: ['Staff'],
    summary: 'Read the audit log',
    description:
      `${whoMay('audit.read')} Every staff change (who, when, what before and after) and every denied ` +
      'staff action, newest first, each also in words (a one-line summary, the record named, the changed ' +
      'fields with rupees, states and roles spelled out). Narrowed by staff member, kind (a group or one ' +
      'action) and days in India time. Entries are kept: the database refuses to change or delete them.',
    ...staffOnly(staff, 'audit.read'),
    request: { query: AuditQuery },
    responses: { 200: json(AuditPageSchema, 'One page of the log.'), ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED) },
  });
  app.openapi(audit, async (c) => {
    const { page = 1, page_size = STAFF_PAGE_SIZE, ...filters } = c.req.valid('query');
    return c.json(await readAuditPage(db, page, page_size, filters), 200);
  });

  app.route('/catalogue', adminCatalogueRoutes(staff));
  app.route('/catalogue', adminCatalogueCsvRoutes(staff));
  app.route('/', adminOrderRoutes(staff));
  app.route('/', adminPackingRoutes(staff));
  app.route('/', adminAlertRoutes(staff));
  app.route('/', adminCustomerRoutes(staff));
  app.route('/', adminReviewRoutes(staff));
  app.route('/', adminSynonymRoutes(staff));

  return app;
}
