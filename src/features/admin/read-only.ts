import {
  PERMISSION_LABELS,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
  type Permission,
  type StaffRole,
} from '../../../contract/staff';

const ROLE_PLURALS: Readonly<Record<StaffRole, string>> = {
  owner: 'owners',
  manager: 'managers',
  support: 'support staff',
};

/** 'Owners and managers': the roles that hold `permission`, from the one table of roles. */
export function rolesWith(permission: Permission): string {
  const roles = STAFF_ROLES.filter((r) => ROLE_PERMISSIONS[r].includes(permission)).map((r) => ROLE_PLURALS[r]);
  const list = roles.length > 1 ? `${roles.slice(0, -1).join(', ')} and ${roles.at(-1)}` : (roles[0] ?? 'no role');
  return list.charAt(0).toUpperCase() + list.slice(1);
}

/** The words of a page shown read only: what the reader may do, what changing it needs, and who has that. */
export function readOnlyText(permission: Permission): string {
  return (
    `You can view this page; changing it needs the “${PERMISSION_LABELS[permission]}” permission. ` +
    `${rolesWith(permission)} have it.`
  );
}
