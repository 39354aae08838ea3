/**
 * The audit log's words: what each action the services record is called, the kinds of entry the
 * log can be filtered by, and what each recorded field is called. One table, read by the API (which
 * writes each entry's summary with it and checks the `kind` filter against it) and by /admin/audit
 * (which offers the kinds). An action missing here still reads sensibly (`actionLabel`).
 */
import { PERMISSION_LABELS, PERMISSIONS, type Permission } from './staff';

/** The groups of actions the log can be narrowed to, and what each is called. */
export const AUDIT_GROUPS = {
  catalogue: 'Catalogue (products, variants, pictures, categories, search synonyms)',
  stock: 'Stock',
  orders: 'Orders',
  refunds: 'Refunds',
  reviews: 'Reviews',
  home: 'Home page (banners, offers)',
  staff: 'Staff accounts',
  logins: 'Sign-ins',
  refused: 'Refused attempts',
} as const;
export type AuditGroup = keyof typeof AUDIT_GROUPS;

interface ActionWords {
  /** What was done, as a heading: 'Variant changed'. */
  label: string;
  group: AuditGroup;
}

/** Every action recorded by the services (grep `recordAudit(`), with its label and group. */
export const AUDIT_ACTIONS = {
  'staff.create': { label: 'Staff account made on the command line', group: 'staff' },
  'staff.invite': { label: 'Staff member invited', group: 'staff' },
  'staff.join': { label: 'Invitation accepted', group: 'staff' },
  'staff.change': { label: 'Staff account changed', group: 'staff' },
  'staff.login': { label: 'Signed in', group: 'logins' },
  'category.create': { label: 'Category added', group: 'catalogue' },
  'category.update': { label: 'Category changed', group: 'catalogue' },
  'category.hide': { label: 'Category hidden', group: 'catalogue' },
  'category.unhide': { label: 'Category shown again', group: 'catalogue' },
  'subcategory.create': { label: 'Subcategory added', group: 'catalogue' },
  'subcategory.update': { label: 'Subcategory changed', group: 'catalogue' },
  'subcategory.hide': { label: 'Subcategory hidden', group: 'catalogue' },
  'subcategory.unhide': { label: 'Subcategory shown again', group: 'catalogue' },
  'product.create': { label: 'Product added', group: 'catalogue' },
  'product.update': { label: 'Product changed', group: 'catalogue' },
  'product.hide': { label: 'Product hidden', group: 'catalogue' },
  'product.unhide': { label: 'Product shown again', group: 'catalogue' },
  'variant.create': { label: 'Variant added', group: 'catalogue' },
  'variant.update': { label: 'Variant changed', group: 'catalogue' },
  'variant.delete': { label: 'Variant removed', group: 'catalogue' },
  'image.create': { label: 'Picture added', group: 'catalogue' },
  'image.move': { label: 'Picture moved', group: 'catalogue' },
  'image.delete': { label: 'Picture removed', group: 'catalogue' },
  'catalogue.import': { label: 'Catalogue CSV imported', group: 'catalogue' },
  'synonym.create': { label: 'Search synonym added', group: 'catalogue' },
  'synonym.delete': { label: 'Search synonym removed', group: 'catalogue' },
  'stock.set': { label: 'Stock set', group: 'stock' },
  'stock.change': { label: 'Stock changed', group: 'stock' },
  'order.move': { label: 'Order moved', group: 'orders' },
  'order.note': { label: 'Note added to an order', group: 'orders' },
  'refund.request': { label: 'Refund asked for', group: 'refunds' },
  'refund.approve': { label: 'Refund approved', group: 'refunds' },
  'refund.reject': { label: 'Refund rejected', group: 'refunds' },
  'refund.limits': { label: 'Refund limits set', group: 'refunds' },
  'review.hide': { label: 'Review hidden', group: 'reviews' },
  'review.unhide': { label: 'Review shown again', group: 'reviews' },
  'review.reply': { label: 'Reply to a review written', group: 'reviews' },
  'review.reply_edit': { label: 'Reply to a review changed', group: 'reviews' },
  'review.reply_delete': { label: 'Reply to a review removed', group: 'reviews' },
  'banner.create': { label: 'Banner added', group: 'home' },
  'banner.update': { label: 'Banner changed', group: 'home' },
  'banner.delete': { label: 'Banner removed', group: 'home' },
  'offer.create': { label: 'Offer added', group: 'home' },
  'offer.update': { label: 'Offer changed', group: 'home' },
  'offer.hide': { label: 'Offer hidden', group: 'home' },
  'offer.unhide': { label: 'Offer shown again', group: 'home' },
  'offer.delete': { label: 'Offer removed', group: 'home' },
} as const satisfies Record<string, ActionWords>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The kinds the log can be filtered by: a group, or one action. */
export const AUDIT_KINDS = [...Object.keys(AUDIT_GROUPS), ...Object.keys(AUDIT_ACTIONS)] as readonly string[];

export const AUDIT_KIND_UNKNOWN = 'Unknown kind of entry: choose one from the list.';

/** True when `kind` names a group rather than one action. */
export function isAuditGroup(kind: string): kind is AuditGroup {
  return Object.hasOwn(AUDIT_GROUPS, kind);
}

/** The actions of a group (a refused attempt is found by its outcome, so `refused` has none). */
export function actionsOfGroup(group: AuditGroup): AuditAction[] {
  return (Object.keys(AUDIT_ACTIONS) as AuditAction[]).filter((a) => AUDIT_ACTIONS[a].group === group);
}

function isPermission(action: string): action is Permission {
  return (PERMISSIONS as readonly string[]).includes(action);
}

/**
 * What an action is called: its label from the table; a refused call of a route is recorded with
 * the permission it needed ('Refused: Read the audit log'); anything else by its code, made
 * readable ('coupon.create' → 'Coupon create').
 */
export function actionLabel(action: string, entity?: string): string {
  if (Object.hasOwn(AUDIT_ACTIONS, action)) return AUDIT_ACTIONS[action as AuditAction].label;
  if (entity === 'route' && isPermission(action)) return `Refused: ${PERMISSION_LABELS[action]}`;
  const words = action.replace(/[._]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown action';
}

/** The kinds offered by the log's filter: [value, text] pairs, groups first, then each action. */
export const AUDIT_KIND_OPTIONS: readonly (readonly [string, string])[] = [
  ...(Object.entries(AUDIT_GROUPS) as [AuditGroup, string][]).map(([g, text]) => [g, `All: ${text}`] as const),
  ...(Object.keys(AUDIT_ACTIONS) as AuditAction[]).map((a) => [a, AUDIT_ACTIONS[a].label] as const),
];

/** What a recorded field is called in words. */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  title: 'Title',
  subtitle: 'Subtitle',
  text: 'Text',
  search: 'Search',
  description: 'Description',
  brand: 'Brand',
  subcategory_id: 'Subcategory',
  category_id: 'Category',
  product_id: 'Product',
  variant_id: 'Variant',
  weight: 'Weight (g)',
  unit: 'Unit',
  unit_value: 'Unit value',
  length: 'Length (cm)',
  width: 'Width (cm)',
  height: 'Height (cm)',
  hsn_code: 'HSN code',
  gst_rate: 'GST rate',
  popular: 'Popular',
  big_deal: 'Big deal',
  hidden: 'Hidden',
  position: 'Place',
  sku: 'Product code (SKU)',
  color: 'Colour',
  size: 'Size',
  // As the variant form names them: the price before discount and the price charged.
  price: 'Price',
  final_price: 'Final price',
  on_hand: 'Stock',
  state: 'State',
  paid_at: 'Paid at',
  role: 'Role',
  disabled_at: 'Disabled',
  email: 'E-mail',
  second_factor: 'Second factor',
  image: 'Picture',
  reason: 'Reason',
  reply: 'Reply',
  amount: 'Amount',
  refund_request: 'Refund request',
  support: 'Support’s refund limit',
  manager: 'Manager’s refund limit',
  expires_at: 'Expires',
  invited_by: 'Invited by',
  rows: 'Rows',
  products: 'Products',
  variants: 'Variants',
};

/** A field's name in words: from the table, else its code made readable ('pack_size' → 'Pack size'). */
export function auditFieldLabel(field: string): string {
  const known = AUDIT_FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
