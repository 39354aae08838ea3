import { safeNext } from '../../lib/navigation';
import { STAFF_ROLES } from '../../../contract/staff';
import type { StaffMember } from '../../../contract/api/staff';
import * as adminRoutes from './admin-routes';

/**
 * The key of the browser's local storage that says a staff session is held: whose it is and when
 * it ends, never its token (the HttpOnly cookie holds that, out of every script's reach). Local
 * storage is shared by the browser's tabs, as the cookie is, and its `storage` events tell the
 * other tabs at once when a sign-out in one ended the session. Never the shopper's (`authToken`).
 */
export const STAFF_SESSION_KEY = 'gharbazaar.staff.session';
/** Where an earlier version kept the token itself (session storage): removed wherever found. */
export const OLD_STAFF_STORAGE_KEYS = ['gharbazaar.staff.token', 'gharbazaar.staff.member'] as const;

/** The staff session as the /admin pages hold it. */
export interface StaffSessionState {
  staff: StaffMember | null;
  /** When the session ends (the token's `exp`), in milliseconds. */
  expiresAt: number | null;
}

export const SIGNED_OUT: StaffSessionState = { staff: null, expiresAt: null };

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

/** What to keep in storage for a session of `staff` ending at `expiresAt`. */
export function storedStaffSession(staff: StaffMember, expiresAt: number): string {
  return JSON.stringify({ staff, expiresAt });
}

/**
 * The staff session kept in storage (`kept`, the text under STAFF_SESSION_KEY) at `nowMs`: signed
 * out when nothing is kept, it is damaged, names no readable staff member, or has ended.
 */
export function readStaffSession(kept: string | null, nowMs: number): StaffSessionState {
  if (kept === null) return SIGNED_OUT;
  let value: unknown = null;
  try {
    value = JSON.parse(kept);
  } catch {
    return SIGNED_OUT;
  }
  if (typeof value !== 'object' || value === null) return SIGNED_OUT;
  const { staff, expiresAt } = value as Record<string, unknown>;
  if (!isStaffMember(staff) || typeof expiresAt !== 'number' || !(expiresAt > nowMs)) return SIGNED_OUT;
  return { staff, expiresAt };
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
