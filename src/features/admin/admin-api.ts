/**
 * The back office's calls (/api/admin, docs/api.md): named functions over the one client's
 * request (lib/api/http.ts). They carry the staff session in its HttpOnly cookie, which every tab
 * of the browser shares and no script here can read, never the shopper's token, and each sends
 * STAFF_REQUEST_HEADER, without which the API refuses a change made with the cookie (CSRF). Only
 * the /admin pages import this module, so none of it reaches a shopper's page.
 */
import { call } from '../../lib/api/http';
import type {
  AuditPage,
  StaffAccount,
  StaffEnrolment,
  StaffInviteAnswer,
  StaffLoginAnswer,
  StaffMe,
} from '../../../contract/api/staff';
import { STAFF_REQUEST_HEADER, type StaffRole } from '../../../contract/staff';

/** What identifies the session a call was made in (not a secret: the cookie is the credential). */
export type StaffSessionMark = number | null;

let staffMark: () => StaffSessionMark = () => null;
let staffSessionEnded: (mark: StaffSessionMark) => void = () => undefined;

/** Registers where the mark of the session held comes from (the staff session store does, once). */
export function setStaffSessionMark(source: () => StaffSessionMark): void {
  staffMark = source;
}

/** Registers what a 401 ends: the staff session it was made in (the server ended it). */
export function onStaffSessionEnded(handler: (mark: StaffSessionMark) => void): void {
  staffSessionEnded = handler;
}

/** The header every back-office call carries. */
const FROM_BACK_OFFICE = { [STAFF_REQUEST_HEADER]: '1' };

/**
 * Options of a call made with the staff session: its cookie (no bearer token, not the shopper's),
 * the back office's header, and a 401 ends the session the call was made in. The back office's
 * other call modules (desk-api.ts, catalogue-api.ts) use it too.
 */
export function asStaff() {
  const mark = staffMark();
  return {
    token: null,
    headers: FROM_BACK_OFFICE,
    onUnauthorized: () => staffSessionEnded(mark),
    memo: false,
  };
}

/**
 * Signs a staff member in with e-mail, password and the second factor (an app code or a recovery
 * code). The session is the cookie the answer sets; the answer holds no token.
 */
export async function staffLogin(fields: { email: string; password: string; code: string }): Promise<StaffLoginAnswer> {
  return (await call('admin/login', {
    method: 'POST',
    json: fields,
    token: null,
    headers: FROM_BACK_OFFICE,
    ownsUnauthorized: true,
  })) as StaffLoginAnswer;
}

/** Ends the staff session on the server (its token is revoked, the cookie cleared) for every tab. */
export async function staffLogout(): Promise<void> {
  // Ending a session the server already ended is still an ending, not news.
  await call('admin/logout', { method: 'POST', json: {}, ...asStaff(), ownsUnauthorized: true });
}

/** Who the session is, what their role may do, and when the session ends. */
export async function getStaffMe(signal?: AbortSignal): Promise<StaffMe> {
  return (await call('admin/me', { ...asStaff(), signal, ownsUnauthorized: true })) as StaffMe;
}

/** Accepts an invitation: answers the second factor's key and the recovery codes, shown once. */
export async function acceptStaffInvite(fields: {
  token: string;
  name: string;
  password: string;
}): Promise<StaffEnrolment> {
  return (await call('admin/invites/accept', {
    method: 'POST',
    json: fields,
    token: null,
    ownsUnauthorized: true,
  })) as StaffEnrolment;
}

/** Every staff account (owners only). */
export async function getStaffAccounts(signal?: AbortSignal): Promise<StaffAccount[]> {
  return (await call('admin/staff', { ...asStaff(), signal })) as StaffAccount[];
}

/** Invites someone by e-mail to a role (owners only); the answer holds the link that was e-mailed. */
export async function inviteStaff(fields: { email: string; role: StaffRole }): Promise<StaffInviteAnswer> {
  return (await call('admin/staff/invites', { method: 'POST', json: fields, ...asStaff() })) as StaffInviteAnswer;
}

/** Changes a staff account's role, or disables or enables it (owners only). */
export async function changeStaffAccount(
  id: number,
  changes: { role?: StaffRole; disabled?: boolean },
): Promise<StaffAccount> {
  return (await call(`admin/staff/${id}`, { method: 'PATCH', json: changes, ...asStaff() })) as StaffAccount;
}

/** One page of the audit log, newest first, narrowed by staff_id, kind, from and to (owners only). */
export async function getAuditPage(
  query: Record<string, string | undefined>,
  signal?: AbortSignal,
): Promise<AuditPage> {
  return (await call('admin/audit', { query, ...asStaff(), signal })) as AuditPage;
}
