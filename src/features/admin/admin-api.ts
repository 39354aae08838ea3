/**
 * The back office's calls (/api/admin, docs/api.md): named functions over the one client's
 * request (lib/api/http.ts), each sending the staff token instead of the shopper's. Only the
 * /admin pages import this module, so none of it reaches a shopper's page.
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
import type { StaffRole } from '../../../contract/staff';

let staffToken: () => string | null = () => null;
let staffSessionEnded: (token: string) => void = () => undefined;

/** Registers where the staff token comes from (the staff session store does, once). */
export function setStaffTokenSource(source: () => string | null): void {
  staffToken = source;
}

/** Registers what a 401 for the staff token held ends: the staff session (the server ended it). */
export function onStaffSessionEnded(handler: (token: string) => void): void {
  staffSessionEnded = handler;
}

/**
 * Options of a call made with the staff session: its token (the one held, unless given), and a
 * 401 for it ends the staff session. The back office's other call modules (desk-api.ts) use it too.
 */
export function asStaff(token: string | null = staffToken()) {
  return { token, onUnauthorized: (refused: string) => staffSessionEnded(refused), memo: false };
}

/** Signs a staff member in with e-mail, password and the second factor (an app code or a recovery code). */
export async function staffLogin(fields: { email: string; password: string; code: string }): Promise<StaffLoginAnswer> {
  return (await call('admin/login', {
    method: 'POST',
    json: fields,
    token: null,
    ownsUnauthorized: true,
  })) as StaffLoginAnswer;
}

/** Ends the staff session of `token` on the server (the token is revoked). */
export async function staffLogout(token: string): Promise<void> {
  // Ending a session the server already ended is still an ending, not news.
  await call('admin/logout', { method: 'POST', json: {}, ...asStaff(token), ownsUnauthorized: true });
}

/** Who the session of `token` is, what their role may do, and when the session ends. */
export async function getStaffMe(token: string | null, signal?: AbortSignal): Promise<StaffMe> {
  return (await call('admin/me', { ...asStaff(token), signal, ownsUnauthorized: true })) as StaffMe;
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
