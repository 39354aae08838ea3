import { roleCan, type Permission, type StaffRole } from '../../../contract/staff';
import * as adminRoutes from './admin-routes';

/** A part of the back office: its page, and what a role must be allowed to see it. */
export interface AdminSection {
  key: 'dashboard' | 'orders' | 'packing' | 'refunds' | 'catalogue' | 'synonyms' | 'reviews' | 'customers' | 'staff' | 'audit';
  label: string;
  /** Its page; null while the page is still to be built (kept here so the menu's order is settled). */
  href: string | null;
  /** What the role needs (contract/staff.ts); null: every staff member. */
  permission: Permission | null;
}

/** The back office's parts, in the menu's order. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { key: 'dashboard', label: 'Dashboard', href: adminRoutes.adminHome, permission: null },
  { key: 'orders', label: 'Orders', href: adminRoutes.adminOrders, permission: 'orders.read' },
  { key: 'packing', label: 'To pack', href: adminRoutes.adminPacking, permission: 'orders.read' },
  { key: 'refunds', label: 'Refunds', href: adminRoutes.adminRefunds, permission: 'refunds.approve' },
  { key: 'catalogue', label: 'Catalogue', href: adminRoutes.adminCatalogue, permission: 'catalogue.read' },
  { key: 'synonyms', label: 'Synonyms', href: adminRoutes.adminSynonyms, permission: 'catalogue.read' },
  { key: 'reviews', label: 'Reviews', href: adminRoutes.adminReviews, permission: 'reviews.moderate' },
  { key: 'customers', label: 'Customers', href: adminRoutes.adminCustomers, permission: 'customers.read' },
  { key: 'staff', label: 'Staff', href: adminRoutes.adminStaff, permission: 'staff.manage' },
  { key: 'audit', label: 'Audit log', href: adminRoutes.adminAudit, permission: 'audit.read' },
];

/** A section the menu links to. */
export type LinkedSection = AdminSection & { href: string };

/** The menu of `role`: the sections that have a page and that the role may see. */
export function navFor(role: StaffRole): LinkedSection[] {
  return ADMIN_SECTIONS.filter(
    (s): s is LinkedSection => s.href !== null && (s.permission === null || roleCan(role, s.permission)),
  );
}
