import { jwtDecode } from 'jwt-decode';
import { safeNext } from '../../lib/navigation';
import { tokenProblem } from '../../lib/session';
import { STAFF_ROLES } from '../../../contract/staff';
import type { StaffMember } from '../../../contract/api/staff';
import * as adminRoutes from './admin-routes';

/**
 * Keys of the browser's session storage that hold the staff session: its own, never the
 * shopper's (`authToken` in local storage). Session storage ends with the tab, as a back-office
 * sign-in should; the token itself lasts at most 8 hours.
 */
export const STAFF_STORAGE_KEYS = { token: 'gharbazaar.staff.token', member: 'gharbazaar.staff.member' } as const;

/** The staff session as the /admin pages hold it. */
export interface StaffSessionState {
  token: string | null;
  staff: StaffMember | null;
  /** When the token stops working (its `exp`), in milliseconds. */
  expiresAt: number | null;
}

export const SIGNED_OUT: StaffSessionState = { token: null, staff: null, expiresAt: null };

/** When `token` expires (milliseconds), or null when it has no readable expiry or has expired at `nowMs`. */
export function staffTokenExpiry(token: unknown, nowMs: number): number | null {
  if (typeof token !== 'string' || tokenProblem(token, nowMs) !== null) return null;
  // tokenProblem has read a numeric `exp` (seconds) from it.
  return jwtDecode<{ exp: number }>(token).exp * 1000;
}

/** True for a staff member as the API names one (what storage held may be anything). */
export function isStaffMember(value: unknown): value is StaffMember {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'number' &&
    typeof v.email === 'string' &&
    typeof v.name === 'string' &&
    STAFF_ROLES.includes(v.role as never)
  );
}

/**
 * The staff session kept in `storage` at `nowMs`: signed out when the token is missing, not a
 * token, expired, or kept without a readable staff member.
 */
export function readStaffSession(storage: Pick<Storage, 'getItem'>, nowMs: number): StaffSessionState {
  const token = storage.getItem(STAFF_STORAGE_KEYS.token);
  const expiresAt = staffTokenExpiry(token, nowMs);
  if (token === null || expiresAt === null) return SIGNED_OUT;
  let staff: unknown = null;
  try {
    staff = JSON.parse(storage.getItem(STAFF_STORAGE_KEYS.member) ?? 'null');
  } catch {
    staff = null;
  }
  return isStaffMember(staff) ? { token, staff, expiresAt } : SIGNED_OUT;
}

/** True when `path` (without query) is `/admin` or below it. */
function isAdminPath(path: string): boolean {
  return path === adminRoutes.adminHome || path.startsWith(`${adminRoutes.adminHome}/`);
}

/**
 * Where to go after signing in: `next` when it is a back-office page of this site (not the login
 * or invitation page), else the dashboard.
 */
export function adminNext(next: unknown): string {
  const safe = safeNext(next);
  const path = (safe.split(/[?#]/, 1)[0] ?? '').replace(/(.)\/+$/, '$1');
  if (!isAdminPath(path) || path === adminRoutes.adminLogin || path === adminRoutes.adminInvite) {
    return adminRoutes.adminHome;
  }
  return safe;
}

/** The login page's address that comes back to `here` afterwards; `ended` says the session just ended. */
export function adminLoginHref(here: string, ended = false): string {
  const back = adminNext(here);
  const query = new URLSearchParams();
  if (back !== adminRoutes.adminHome) query.set('next', back);
  if (ended) query.set('ended', '1');
  const search = query.toString();
  return search ? `${adminRoutes.adminLogin}?${search}` : adminRoutes.adminLogin;
}
