import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../db';
import type { AuditLogTable } from '../db/schema';

/** The audit log: appended to, read by owners, never changed (triggers refuse updates and deletes). */

export async function insertAuditEntry(db: Db, values: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(values).execute();
}

/** An entry with the name and e-mail of who acted, as the log is read. */
export type AuditEntryRow = Selectable<AuditLogTable> & { staff_email: string | null; staff_name: string | null };

/** Which entries a page of the log shows: by who acted, what was done, how it ended, and when (ISO times). */
export interface AuditFilter {
  staffId?: number | undefined;
  /** One of these actions. */
  actions?: readonly string[] | undefined;
  outcome?: 'done' | 'denied' | undefined;
  /** At or after this instant. */
  from?: string | undefined;
  /** Before this instant. */
  before?: string | undefined;
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.staffId !== undefined) query = query.where('audit_log.staff_id', '=', filter.staffId);
  if (filter.actions) {
    // An empty list matches nothing (IN () is not SQL).
    query = filter.actions.length
      ? query.where('audit_log.action', 'in', [...filter.actions])
      : query.where(sql<boolean>`1 = 0`);
  }
  if (filter.outcome) query = query.where('audit_log.outcome', '=', filter.outcome);
  // Times are ISO 8601 UTC text of one length, so text order is time order.
  if (filter.from) query = query.where('audit_log.at', '>=', filter.from);
  if (filter.before) query = query.where('audit_log.at', '<', filter.before);
  return query;
}

/** `limit` entries from `offset` that `filter` takes, newest first (ids grow with time, and do not repeat as times can). */
export function auditEntries(db: Db, filter: AuditFilter, offset: number, limit: number): Promise<AuditEntryRow[]> {
  return filtered(db, filter)
    .leftJoin('staff', 'staff.id', 'audit_log.staff_id')
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.staff_id',
      'staff.email as staff_email',
      'staff.name as staff_name',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.before',
      'audit_log.after',
      'audit_log.outcome',
      'audit_log.ip',
      'audit_log.note',
    ])
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countAuditEntries(db: Db, filter: AuditFilter = {}): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type IdName = { id: number; name: string };

/** The tables whose records an entry of the log may name, by id. */
export const NAMED_TABLES = [
  'products',
  'variants',
  'categories',
  'subcategories',
  'staff',
  'reviews',
  'images',
  'banners',
  'offers',
] as const;
export type NamedTable = (typeof NAMED_TABLES)[number];

/** The ids to look up, by table. */
export type AuditNameIds = Record<NamedTable, Set<number>>;
/** The names found, by table and id: a variant as 'Product Variant', a review as its product, a picture as its variant. */
export type AuditNames = Record<NamedTable, Map<number, string>>;

/** A variant as the log names it: its product's name, then its own unless that already says it all. */
function variantName(product: string, variant: string): string {
  return variant.toLowerCase().includes(product.toLowerCase()) ? variant : `${product} ${variant}`;
}

/**
 * The names of the records a page of the log points at: one query per kind of record that the
 * page has any of (at most nine for a page, whatever its size), never one per entry.
 */
export async function auditRecordNames(db: Db, wanted: AuditNameIds): Promise<AuditNames> {
  const ids = (table: NamedTable) => [...wanted[table]];
  const run = async (table: NamedTable, query: (list: number[]) => Promise<IdName[]>) => {
    const list = ids(table);
    const rows = list.length ? await query(list) : [];
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  };
  const variantRows = (list: number[]) =>
    db
      .selectFrom('variants')
      .innerJoin('products', 'products.id', 'variants.product_id')
      .select(['variants.id', 'variants.name as variant', 'products.name as product'])
      .where('variants.id', 'in', list)
      .execute()
      .then((rows) => rows.map((r) => ({ id: r.id, name: variantName(r.product, r.variant) })));
  const [products, variants, categories, subcategories, staff, reviews, images, banners, offers] = await Promise.all([
    run('products', (l) => db.selectFrom('products').select(['id', 'name']).where('id', 'in', l).execute()),
    run('variants', variantRows),
    run('categories', (l) => db.selectFrom('categories').select(['id', 'name']).where('id', 'in', l).execute()),
    run('subcategories', (l) => db.selectFrom('subcategories').select(['id', 'name']).where('id', 'in', l).execute()),
    run('staff', (l) => db.selectFrom('staff').select(['id', 'name']).where('id', 'in', l).execute()),
    run('reviews', (l) =>
      db
        .selectFrom('ratings')
        .innerJoin('products', 'products.id', 'ratings.product_id')
        .select(['ratings.id', 'products.name'])
        .where('ratings.id', 'in', l)
        .execute(),
    ),
    run('images', (l) =>
      db
        .selectFrom('variant_images')
        .innerJoin('variants', 'variants.id', 'variant_images.variant_id')
        .innerJoin('products', 'products.id', 'variants.product_id')
        .select(['variant_images.id', 'variants.name as variant', 'products.name as product'])
        .where('variant_images.id', 'in', l)
        .execute()
        .then((rows) => rows.map((r) => ({ id: r.id, name: variantName(r.product, r.variant) }))),
    ),
    run('banners', (l) => db.selectFrom('banners').select(['id', 'title as name']).where('id', 'in', l).execute()),
    run('offers', (l) => db.selectFrom('home_offers').select(['id', 'title as name']).where('id', 'in', l).execute()),
  ]);
  return { products, variants, categories, subcategories, staff, reviews, images, banners, offers };
}

/** Who made each `action` on one record, oldest first: the entries' times, `after` (JSON) and the staff member. */
export function actionsOn(db: Db, action: string, entity: string, entityId: string) {
  return db
    .selectFrom('audit_log')
    .leftJoin('staff', 'staff.id', 'audit_log.staff_id')
    .select([
      'audit_log.at',
      'audit_log.after',
      'audit_log.staff_id',
      'staff.email as staff_email',
      'staff.name as staff_name',
    ])
    .where('audit_log.action', '=', action)
    .where('audit_log.entity', '=', entity)
    .where('audit_log.entity_id', '=', entityId)
    .where('audit_log.outcome', '=', 'done')
    .orderBy('audit_log.id')
    .execute();
}
