/**
 * The audit log in words: each entry's record named, its fields before and after as staff read
 * them (rupees, states, roles, yes/no, days in India time), and one line saying what happened
 * ('Price of Tiffin Box Large: ₹649 → ₹629'). Pure: the names of the records come from one batch
 * of look-ups per page (`namesWanted` says which, the repository answers `AuditNames`).
 */
import { AUDIT_ACTIONS, actionLabel, auditFieldLabel, type AuditAction } from '../../../contract/audit-actions';
import { formatDateTime, formatPaise } from '../../../contract/format';
import { ORDER_STATE_LABELS, type OrderState } from '../../../contract/order-lifecycle';
import { rupeesToPaise } from '../../../contract/pricing';
import { ROLE_LABELS, type StaffRole } from '../../../contract/staff';
import { NAMED_TABLES, type AuditNameIds, type AuditNames, type NamedTable } from '../../repositories/audit-log';

export type { AuditNameIds, AuditNames };

type Fields = Record<string, unknown>;

/** What the words of an entry are made from: the entry as stored, before and after parsed. */
export interface AuditFacts {
  action: string;
  entity: string;
  entity_id: string | null;
  before: Fields | null;
  after: Fields | null;
  outcome: 'done' | 'denied';
  note: string | null;
}

/** One field's change in words. */
export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

export interface AuditWords {
  action_label: string;
  record_name: string | null;
  summary: string;
  changes: AuditChange[];
}

/** Which table an entity's records are in. */
const ENTITY_TABLES: Readonly<Record<string, NamedTable>> = {
  product: 'products',
  variant: 'variants',
  category: 'categories',
  subcategory: 'subcategories',
  staff: 'staff',
  review: 'reviews',
  variant_image: 'images',
  banner: 'banners',
  offer: 'offers',
};

/** Fields whose value is the id of a record of another table. */
const ID_FIELDS: Readonly<Record<string, NamedTable>> = {
  product_id: 'products',
  variant_id: 'variants',
  category_id: 'categories',
  subcategory_id: 'subcategories',
  invited_by: 'staff',
};

/** Fields kept for the raw view only: lists and plans say nothing in one line. */
const NOT_IN_WORDS = new Set(['plan', 'product_ids']);

/** Fields in whole rupees (as the back office's forms send them). */
const RUPEE_FIELDS = new Set(['price', 'final_price']);
/** Refund limits: whole rupees, or null for no limit. */
const LIMIT_FIELDS = new Set(['support', 'manager']);
const TIME_FIELDS = new Set(['paid_at', 'expires_at']);
const YES_NO_FIELDS = new Set(['hidden', 'popular', 'big_deal']);

/** Longest value shown in words; the raw record holds the rest. */
const MAX_VALUE = 120;

function idOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Every id the entries of a page need named: their records and the records their fields point at. */
export function namesWanted(entries: readonly AuditFacts[]): AuditNameIds {
  const wanted = Object.fromEntries(NAMED_TABLES.map((t) => [t, new Set<number>()])) as AuditNameIds;
  for (const entry of entries) {
    const table = ENTITY_TABLES[entry.entity];
    const id = idOf(entry.entity_id);
    if (table && id !== null) wanted[table].add(id);
    for (const fields of [entry.before, entry.after]) {
      for (const [key, value] of Object.entries(fields ?? {})) {
        const target = ID_FIELDS[key];
        const ref = idOf(value);
        if (target && ref !== null) wanted[target].add(ref);
      }
    }
  }
  return wanted;
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_VALUE ? `${line.slice(0, MAX_VALUE - 1)}…` : line;
}

function lower(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function roleWord(value: unknown): string {
  return typeof value === 'string' && Object.hasOwn(ROLE_LABELS, value)
    ? ROLE_LABELS[value as StaffRole]
    : String(value);
}

/** A value of field `key` as staff read it. */
export function valueInWords(key: string, value: unknown, names: AuditNames): string {
  if (value === null || value === undefined || value === '') {
    if (LIMIT_FIELDS.has(key)) return 'No limit';
    if (key === 'disabled_at') return 'No';
    return '—';
  }
  const target = ID_FIELDS[key];
  if (target) {
    const id = idOf(value);
    return (id !== null && names[target].get(id)) || `#${String(value)}`;
  }
  if (typeof value === 'number' && (RUPEE_FIELDS.has(key) || LIMIT_FIELDS.has(key))) {
    return formatPaise(rupeesToPaise(value));
  }
  if (key === 'state' && typeof value === 'string') {
    return Object.hasOwn(ORDER_STATE_LABELS, value)
      ? ORDER_STATE_LABELS[value as OrderState]
      : value.charAt(0).toUpperCase() + value.slice(1);
  }
  if (key === 'role') return roleWord(value);
  if (key === 'disabled_at' && typeof value === 'string') return `Yes, since ${formatDateTime(value)}`;
  if (TIME_FIELDS.has(key) && typeof value === 'string') return formatDateTime(value);
  if (key === 'gst_rate' && typeof value === 'number') return `${value}%`;
  if (key === 'position' && typeof value === 'number') return String(value + 1);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (YES_NO_FIELDS.has(key) && typeof value === 'number') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 1 ? '1 item' : `${value.length} items`;
  if (typeof value === 'object') return oneLine(JSON.stringify(value));
  return oneLine(String(value as string | number));
}

/** The fields an entry touched, in words; a field the same before and after is left out. */
export function changesOf(entry: Pick<AuditFacts, 'before' | 'after'>, names: AuditNames): AuditChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])].filter((k) => !NOT_IN_WORDS.has(k));
  const changes: AuditChange[] = [];
  for (const key of keys) {
    const was = entry.before && key in before ? valueInWords(key, before[key], names) : '—';
    const is = entry.after && key in after ? valueInWords(key, after[key], names) : '—';
    if (entry.before && entry.after && key in before && key in after && was === is) continue;
    changes.push({ field: auditFieldLabel(key), before: was, after: is });
  }
  return changes;
}

function text(fields: Fields | null, key: string): string | null {
  const value = fields?.[key];
  return typeof value === 'string' && value.trim() ? oneLine(value) : null;
}

/** The name of the record an entry is about, or null when it is about none. */
export function recordNameOf(entry: AuditFacts, names: AuditNames): string | null {
  const id = idOf(entry.entity_id);
  const fallback = (prefix: string, key = 'name') =>
    text(entry.after, key) ?? text(entry.before, key) ?? (entry.entity_id ? `${prefix} #${entry.entity_id}` : prefix);
  const named = (table: NamedTable) => (id !== null ? names[table].get(id) : undefined);
  switch (entry.entity) {
    case 'product':
      return named('products') ?? fallback('Product');
    case 'variant':
      return named('variants') ?? fallback('Variant');
    case 'category':
      return named('categories') ?? fallback('Category');
    case 'subcategory':
      return named('subcategories') ?? fallback('Subcategory');
    case 'staff':
      return named('staff') ?? fallback('Staff member');
    case 'banner':
      return named('banners') ?? fallback('Banner', 'title');
    case 'offer':
      return named('offers') ?? fallback('Offer', 'title');
    case 'variant_image': {
      const variantId = idOf(entry.after?.variant_id ?? entry.before?.variant_id);
      return named('images') ?? (variantId !== null ? names.variants.get(variantId) : undefined) ?? fallback('Picture');
    }
    case 'review': {
      const product = named('reviews');
      const review = `Review #${entry.entity_id ?? '?'}`;
      return product ? `${review} of ${product}` : review;
    }
    case 'order':
      return entry.entity_id ? `Order #${entry.entity_id}` : 'An order';
    case 'staff_invite':
      return text(entry.after, 'email') ?? fallback('Invitation');
    case 'refund_limits':
      return 'Refund limits';
    case 'catalogue':
      return 'Catalogue';
    case 'route':
      return entry.entity_id;
    default:
      return entry.entity_id ? `${entry.entity} #${entry.entity_id}` : null;
  }
}

/** 'price and final price', 'name, colour and size'. */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** One change as 'Price of X: ₹649 → ₹629', several as 'X: price and final price changed'. */
function changedLine(name: string, changes: readonly AuditChange[], label: string): string {
  if (changes.length === 1) {
    const [c] = changes as [AuditChange];
    return `${c.field} of ${name}: ${c.before} → ${c.after}`;
  }
  if (changes.length === 0) return `${label}: ${name}`;
  return `${name}: ${listOf(changes.map((c) => lower(c.field)))} changed`;
}

const ENTITY_WORDS: Readonly<Record<string, string>> = {
  product: 'product',
  variant: 'variant',
  category: 'category',
  subcategory: 'subcategory',
  banner: 'banner',
  offer: 'offer',
};

function summaryOf(entry: AuditFacts, name: string, changes: readonly AuditChange[], names: AuditNames): string {
  const { action, before, after } = entry;
  const label = actionLabel(action, entry.entity);
  const word = (key: string, fields: Fields | null) => valueInWords(key, fields?.[key], names);
  const verb = action.slice(action.lastIndexOf('.') + 1);
  const thing = ENTITY_WORDS[entry.entity];
  const denied = entry.outcome === 'denied';
  if (entry.entity === 'route') return `${label} (${entry.entity_id ?? 'unknown page'})`;
  switch (action as AuditAction) {
    case 'order.move':
      return `${name}: ${lower(word('state', before))} → ${lower(word('state', after))}`;
    case 'order.note':
      return entry.note ? `Note on ${name}: ${oneLine(entry.note)}` : `Note added to ${name}`;
    case 'refund.request':
      return `Refund of ${word('amount', after)} asked for on ${name}`;
    case 'refund.approve':
      return `Refund on ${name} approved`;
    case 'refund.reject':
      return `Refund on ${name} rejected`;
    case 'refund.limits':
      return changes.length
        ? `Refund limits: ${changes.map((c) => `${c.field} ${c.before} → ${c.after}`).join('; ')}`
        : 'Refund limits set, unchanged';
    case 'staff.invite':
      return denied
        ? `Invitation of ${text(after, 'email') ?? name} as ${lower(word('role', after))} refused`
        : `Invited ${text(after, 'email') ?? name} as ${lower(word('role', after))}`;
    case 'staff.create':
      return `Made ${name}${text(after, 'email') ? ` (${text(after, 'email')})` : ''} ${lower(word('role', after))} on the command line`;
    case 'staff.join':
      return `${name} accepted the invitation as ${lower(word('role', after))}`;
    case 'staff.login':
      return denied ? `Sign-in as ${name} refused` : `${name} signed in`;
    case 'staff.change': {
      if (denied) return `Change of ${name} refused`;
      const keys = changes.map((c) => c.field);
      const disabled = auditFieldLabel('disabled_at');
      if (keys.length === 1 && keys[0] === disabled) {
        return after?.disabled_at ? `Disabled ${name}` : `Enabled ${name} again`;
      }
      return changedLine(name, changes, label);
    }
    case 'review.hide':
      return text(after, 'reason') ? `Hid ${name}: ${text(after, 'reason')}` : `Hid ${name}`;
    case 'review.unhide':
      return `Showed ${name} again`;
    case 'subcategory.create':
      return `Added subcategory ${name} to ${word('category_id', after)}`;
    case 'image.create':
      return `Added a picture to ${name}`;
    case 'image.delete':
      return `Removed a picture from ${name}`;
    case 'image.move':
      return `Moved a picture of ${name}: place ${word('position', before)} → ${word('position', after)}`;
    case 'synonym.create':
    case 'synonym.delete': {
      const pair = after ?? before;
      const arrow = pair?.both_ways === false ? '→' : '↔';
      const words = `${text(pair, 'term') ?? '?'} ${arrow} ${text(pair, 'synonym') ?? '?'}`;
      return action === 'synonym.create' ? `Added synonym ${words}` : `Removed synonym ${words}`;
    }
    case 'catalogue.import': {
      const count = (key: string) => (typeof after?.[key] === 'number' ? String(after[key]) : '?');
      return `Imported a catalogue CSV: ${count('rows')} rows, ${count('products')} products, ${count('variants')} variants`;
    }
    default:
      break;
  }
  if (thing && verb === 'create') return `Added ${thing} ${name}`;
  if (thing && verb === 'delete') return `Removed ${thing} ${name}`;
  if (thing && verb === 'hide') return `Hid ${thing} ${name}`;
  if (thing && verb === 'unhide') return `Showed ${thing} ${name} again`;
  if (Object.hasOwn(AUDIT_ACTIONS, action)) return changedLine(name, changes, label);
  // An action this table does not know yet: its code made readable, and what it touched.
  const line = changes.length ? changedLine(name, changes, label) : `${label}: ${name}`;
  return denied ? `Refused: ${line}` : line;
}

/** An entry in words: its action's label, its record's name, one line, and its changes. */
export function auditWords(entry: AuditFacts, names: AuditNames): AuditWords {
  const record = recordNameOf(entry, names);
  const changes = changesOf(entry, names);
  const label = actionLabel(entry.action, entry.entity);
  return {
    action_label: label,
    record_name: record,
    summary: summaryOf(entry, record ?? lower(label), changes, names),
    changes,
  };
}
