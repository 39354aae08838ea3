import type { MiddlewareHandler } from 'hono';
import {
  ROLE_CANNOT,
  ROLE_LABELS,
  ROLE_PERMISSIONS,
  roleCan,
  STAFF_ROLES,
  type Permission,
} from '../../contract/staff';
import { recordAudit } from '../services/staff/audit';
import type { StaffAccess } from '../services/staff/context';
import { verifyStaffToken, type StaffSession } from '../services/staff/tokens';
import { STAFF_SCHEME } from './api-routes';
import { BEARER } from './auth';
import { clientAddress } from './client-address';
import { ApiError } from './errors';

/** Hono environment of routes behind `requireStaff`: `c.get('staffSession')` is the caller's. */
export type StaffEnv = { Variables: { staffSession: StaffSession } };

/** How much of a refused call's path the log keeps (a path is the caller's to make long). */
const MAX_LOGGED_PATH = 200;

/**
 * 401 unless the request carries a valid staff token (a shopper's token is not one); 403 with
 * ROLE_CANNOT when the staff member's role may not do `permission` (null: any staff member may),
 * and the refusal is written to the audit log with who, from where, and what was asked. The role
 * is read from the database on every call, so a changed role counts at once.
 *
 * A 401 is not logged: without a valid staff token there is no staff member to name, and anyone
 * could fill the log with them.
 */
export function requireStaff(staff: StaffAccess, permission: Permission | null): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token) {
      throw new ApiError(401, 'Authentication credentials were not provided.', undefined, {
        'www-authenticate': 'Bearer',
      });
    }
    const session = await verifyStaffToken(staff.db, staff.tokens, token);
    if (!session) {
      throw new ApiError(401, 'Invalid or expired token.', undefined, {
        'www-authenticate': 'Bearer error="invalid_token"',
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

/**
 * What a back-office route declares: the staff check it runs first (`permission`, or null for any
 * staff member), and the staff bearer scheme the document marks it with.
 */
export function staffOnly(staff: StaffAccess, permission: Permission | null) {
  return { middleware: requireStaff(staff, permission), security: [{ [STAFF_SCHEME]: [] }] };
}

/** Who may call, for a route's description: the roles whose permissions include `permission`. */
export function whoMay(permission: Permission): string {
  const roles = STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
  return `Needs \`${permission}\` (${roles.join(', ')}); other roles are answered 403 and the refusal is logged.`;
}

/** The staff check's 401, for a route's answers. */
export const NO_STAFF_TOKEN = [
  401,
  'No staff token, or one that has ended or is not a staff token (a shopper\u2019s): `WWW-Authenticate: Bearer`.',
] as const;
/** The staff check's 403, for a route's answers. */
export const ROLE_REFUSED = [403, `The role may not do this: \`${ROLE_CANNOT}\` (logged).`] as const;
