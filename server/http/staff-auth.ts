import type { Context, MiddlewareHandler } from 'hono';
import {
  ROLE_CANNOT,
  ROLE_LABELS,
  ROLE_PERMISSIONS,
  roleCan,
  STAFF_REQUEST_HEADER,
  STAFF_REQUEST_REFUSED,
  STAFF_ROLES,
  type Permission,
} from '../../contract/staff';
import { recordAudit, type StaffActor } from '../services/staff/audit';
import type { StaffAccess } from '../services/staff/context';
import { clearedStaffSessionCookie, presentedStaffSession } from '../services/staff/session-cookie';
import { verifyStaffToken, type StaffSession } from '../services/staff/tokens';
import { STAFF_COOKIE_SCHEME, STAFF_SCHEME } from './api-routes';
import { BEARER } from './auth';
import { clientAddress } from './client-address';
import { ApiError } from './errors';

/** Hono environment of routes behind `requireStaff`: `c.get('staffSession')` is the caller's. */
export type StaffEnv = { Variables: { staffSession: StaffSession } };

/** How much of a refused call's path the log keeps (a path is the caller's to make long). */
const MAX_LOGGED_PATH = 200;

/** Methods that change nothing: the only ones the session cookie alone may make. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when a call that came with the session cookie was sent by the back office's own pages:
 * it carries STAFF_REQUEST_HEADER (a form or link of another site cannot add a header, and a
 * script of another origin cannot without a preflight this API never grants), and the browser,
 * when it says where the call came from, says this origin.
 */
function fromBackOffice(c: Context): boolean {
  const site = c.req.header('sec-fetch-site');
  return c.req.header(STAFF_REQUEST_HEADER) === '1' && (site === undefined || site === 'same-origin');
}

/**
 * 401 unless the request carries a valid staff token (a shopper's token is not one), as
 * `Authorization: Bearer` (the command line, scripts, tests) or in the back office's session
 * cookie (services/staff/session-cookie.ts); a bearer token, when sent, is the one read. With the
 * cookie, a call that changes something is refused (403) unless the back office's pages sent it
 * (CSRF), and a refused cookie is cleared. 403 with ROLE_CANNOT when the staff member's role may
 * not do `permission` (null: any staff member may), and the refusal is written to the audit log
 * with who, from where, and what was asked. The role is read from the database on every call, so
 * a changed role counts at once.
 *
 * A 401 is not logged: without a valid staff token there is no staff member to name, and anyone
 * could fill the log with them.
 */
export function requireStaff(staff: StaffAccess, permission: Permission | null): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    const bearer = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
    const cookie = bearer ? undefined : presentedStaffSession(c);
    const token = bearer ?? cookie;
    if (!token) {
      throw new ApiError(401, 'Authentication credentials were not provided.', undefined, {
        'www-authenticate': 'Bearer',
      });
    }
    if (cookie !== undefined && !SAFE_METHODS.has(c.req.method) && !fromBackOffice(c)) {
      throw new ApiError(403, STAFF_REQUEST_REFUSED);
    }
    const session = await verifyStaffToken(staff.db, staff.tokens, token);
    if (!session) {
      throw new ApiError(401, 'Invalid or expired token.', undefined, {
        'www-authenticate': 'Bearer error="invalid_token"',
        // The browser forgets a cookie the server no longer honours (expired, revoked, disabled).
        ...(cookie !== undefined ? { 'set-cookie': clearedStaffSessionCookie(c, staff.trustProxy) } : {}),
      });
    }
    const { role, id } = session.staff;
    if (permission && !roleCan(role, permission)) {
      await recordAudit(staff.db, { staffId: id, ip: clientAddress(c, staff.trustProxy) }, staff.now(), {
        action: permission,
        entity: 'route',
        entityId: `${c.req.method} ${c.req.path}`.slice(0, MAX_LOGGED_PATH),
        outcome: 'denied',
        note: `${ROLE_LABELS[role]}: ${ROLE_CANNOT}`,
      });
      throw new ApiError(403, ROLE_CANNOT);
    }
    c.set('staffSession', session);
    await next();
    // Back-office answers are for the one staff member: no cache may keep them.
    c.header('cache-control', 'no-store');
  };
}

/** Either staff scheme will do: the bearer token or the session cookie. */
const STAFF_SECURITY: Record<string, string[]>[] = [{ [STAFF_SCHEME]: [] }, { [STAFF_COOKIE_SCHEME]: [] }];

/**
 * What a back-office route declares: the staff check it runs first (`permission`, or null for any
 * staff member), and the staff schemes (bearer token or session cookie) the document marks it with.
 */
export function staffOnly(staff: StaffAccess, permission: Permission | null) {
  return { middleware: requireStaff(staff, permission), security: STAFF_SECURITY };
}

/** Who may call, for a route's description: the roles whose permissions include `permission`. */
export function whoMay(permission: Permission): string {
  const roles = STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
  return `Needs \`${permission}\` (${roles.join(', ')}); other roles are answered 403 and the refusal is logged.`;
}

/** The staff check's 401, for a route's answers. */
export const NO_STAFF_TOKEN = [
  401,
  'No staff token or session cookie, or one that has ended or is not a staff token (a shopper\u2019s): ' +
    '`WWW-Authenticate: Bearer`; a refused session cookie is cleared.',
] as const;
/** The staff check's 403, for a route's answers. */
export const ROLE_REFUSED = [403, `The role may not do this: \`${ROLE_CANNOT}\` (logged).`] as const;

/** Who acts in a staff call: the signed-in staff member, their role, and the client's address. */
export function staffActor(c: Context<StaffEnv>, staff: Pick<StaffAccess, 'trustProxy'>): StaffActor {
  const { id, role } = c.get('staffSession').staff;
  return { staffId: id, role, ip: clientAddress(c, staff.trustProxy) };
}
