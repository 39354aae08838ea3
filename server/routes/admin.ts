import { countLoginAttempt, forgiveLoginAttempt } from '../services/auth/login-throttle';
import { Hono, type Context } from 'hono';
import { IdParams } from '../../contract/schemas/common';
import {
  AuditQuery,
  STAFF_PAGE_SIZE,
  acceptInviteSchema,
  staffChangeSchema,
  staffInviteSchema,
  staffLoginSchema,
} from '../../contract/schemas/staff';
import { STAFF_LOGIN_REFUSED } from '../../contract/staff';
import { clientAddress, throttleKey } from '../http/client-address';
import { ApiError, notFound, tooManyRequests } from '../http/errors';
import { requireStaff, type StaffEnv } from '../http/staff-auth';
import { parseJson, parseParams, parseQuery } from '../http/validate';
import { adminCatalogueCsvRoutes } from './admin-catalogue-csv';
import { adminCatalogueRoutes } from './admin-catalogue';
import { adminOrderRoutes } from './admin-orders';
import { adminCustomerRoutes } from './admin-customers';
import { adminReviewRoutes } from './admin-reviews';
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
import { issueStaffToken } from '../services/staff/tokens';

/**
 * The back office's API under /api/admin: staff login with a second factor, the staff session,
 * invitations, staff accounts and the audit log. Every call but login and accepting an
 * invitation needs a staff token, and each checks the caller's role (contract/staff.ts).
 */
export function adminRoutes(staff: StaffContext): Hono<StaffEnv> {
  const { db, throttles } = staff;
  const app = new Hono<StaffEnv>({ strict: false });
  const addressOf = (c: Context) => clientAddress(c, staff.trustProxy);
  const actorOf = (c: Context<StaffEnv>): Actor => ({ staffId: c.get('staffSession').staff.id, ip: addressOf(c) });

  app.post('/login', async (c) => {
    const { email, password, code } = await parseJson(c, staffLoginSchema);
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
    return c.json({ token, expires_at: new Date(exp * 1000).toISOString(), staff: staffMemberOf(member) });
  });

  app.post('/logout', requireStaff(staff, null), async (c) => {
    await revokeToken(db, staff.tokens, c.get('staffSession'));
    return c.json({ message: 'Logged out.' });
  });

  app.get('/me', requireStaff(staff, null), (c) => c.json(staffMeOf(c.get('staffSession'))));

  app.post('/staff/invites', requireStaff(staff, 'staff.manage'), async (c) => {
    const input = await parseJson(c, staffInviteSchema);
    return c.json(await inviteStaff(staff, actorOf(c), c.get('staffSession').staff, input), 201);
  });

  app.post('/invites/accept', async (c) => {
    const input = await parseJson(c, acceptInviteSchema);
    const wait = await consumeAll([[throttles.inviteAcceptsPerAddress, throttleKey(addressOf(c))]]);
    if (wait) throw tooManyRequests(wait);
    const enrolment = await acceptInvite(staff, addressOf(c), input);
    // The key and recovery codes are shown once: no cache between here and the browser may keep them.
    c.header('cache-control', 'no-store');
    return c.json(enrolment, 201);
  });

  app.get('/staff', requireStaff(staff, 'staff.manage'), async (c) => c.json(await listStaffAccounts(db)));

  app.patch('/staff/:id', requireStaff(staff, 'staff.manage'), async (c) => {
    const { id } = parseParams(c, IdParams, () => notFound('No such staff member.'));
    const changes = await parseJson(c, staffChangeSchema);
    return c.json(await changeStaff(db, actorOf(c), staff.now, id, changes));
  });

  app.get('/audit', requireStaff(staff, 'audit.read'), async (c) => {
    const { page = 1, page_size = STAFF_PAGE_SIZE } = parseQuery(c, AuditQuery);
    return c.json(await readAuditPage(db, page, page_size));
  });

  app.route('/catalogue', adminCatalogueRoutes(staff));
  app.route('/catalogue', adminCatalogueCsvRoutes(staff));
  app.route('/', adminOrderRoutes(staff));
  app.route('/', adminCustomerRoutes(staff));
  app.route('/', adminReviewRoutes(staff));

  return app;
}
