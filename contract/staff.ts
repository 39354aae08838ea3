/**
 * The shop's back office: staff roles and what each may do. One table, read by the API (which
 * checks every staff call against it) and by the /admin pages (which hide what a role cannot do).
 */

export const STAFF_ROLES = ['owner', 'manager', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  'catalogue.read',
  'catalogue.write',
  'orders.read',
  'orders.write',
  'refunds.approve',
  'reviews.moderate',
  'customers.read',
  'staff.manage',
  'audit.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Which role may do what. Owners run the shop; managers run the catalogue, orders and reviews;
 * support answers customers: their orders and accounts, and the catalogue to read from.
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  owner: PERMISSIONS,
  manager: ['catalogue.read', 'catalogue.write', 'orders.read', 'orders.write', 'refunds.approve', 'reviews.moderate'],
  support: ['catalogue.read', 'orders.read', 'orders.write', 'customers.read'],
};

/** True when `role` may do `permission`. */
export function roleCan(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  owner: 'Owner',
  manager: 'Manager',
  support: 'Support',
};

/** What the /admin pages say each permission lets staff do. */
export const PERMISSION_LABELS: Readonly<Record<Permission, string>> = {
  'catalogue.read': 'See the catalogue',
  'catalogue.write': 'Edit the catalogue',
  'orders.read': 'See orders',
  'orders.write': 'Move orders along (pack, ship, cancel)',
  'refunds.approve': 'Approve refunds others asked for',
  'reviews.moderate': 'Moderate reviews',
  'customers.read': "See customers' accounts",
  'staff.manage': 'Invite staff, change their roles, disable them',
  'audit.read': 'Read the audit log',
};

/** The answer to a staff call the caller's role may not make. */
export const ROLE_CANNOT = 'Your role cannot do this.';
/**
 * The header the back office's pages send with every /api/admin call. With the staff session
 * cookie, a call that changes something is refused without it: a page of another site can make a
 * browser send the cookie (a form, a link) but never this header.
 */
export const STAFF_REQUEST_HEADER = 'x-gharbazaar-staff';
/** The answer to a change sent with the staff session cookie but not from the back office's pages. */
export const STAFF_REQUEST_REFUSED =
  'This change did not come from the back office\u2019s own pages, so it was refused. Reload the back office and try again.';
/** The one answer to a refused staff login: it never says which part was wrong. */
export const STAFF_LOGIN_REFUSED = 'Invalid email, password or code.';
/** The answer to an invitation that cannot be used, whatever the reason. */
export const INVITE_NOT_VALID =
  'This invitation cannot be used: it has expired or been used already. Ask an owner for a new one.';
/** The answer to a change that would leave the shop without an owner who can sign in. */
export const LAST_OWNER = 'The shop must keep an owner who can sign in: make another owner first.';

/** Hours an invitation can be accepted. */
export const INVITE_HOURS = 72;
/** Recovery codes given with a second factor. */
export const RECOVERY_CODE_COUNT = 10;
