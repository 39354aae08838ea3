import type { Db } from '../db';
import type { Selectable } from 'kysely';
import type { SiteChangesTable } from '../db/schema';

export type SiteChangeRow = Selectable<SiteChangesTable>;

/** Records a change's pages as due for re-rendering (in the change's own transaction when `db` is one). */
export async function insertSiteChange(db: Db, change: string, at: string): Promise<void> {
  await db.insertInto('site_changes').values({ change, created_at: at }).execute();
}

/** The oldest changes not yet rendered, at most `limit`. */
export function pendingSiteChanges(db: Db, limit: number): Promise<SiteChangeRow[]> {
  return db.selectFrom('site_changes').selectAll().where('done_at', 'is', null).orderBy('id').limit(limit).execute();
}

/** Marks changes up to and including `lastId` (among `ids`) rendered. */
export async function markSiteChangesDone(db: Db, ids: number[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('site_changes').set({ done_at: at, error: null }).where('id', 'in', ids).execute();
}

/** Counts a failed attempt at rendering these changes, keeping the reason. */
export async function markSiteChangesFailed(db: Db, ids: number[], error: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('site_changes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), error: error.slice(0, 2000) }))
    .where('id', 'in', ids)
    .execute();
}

/** Marks every pending change done: a full build has just rendered the whole catalogue after them. */
export async function markAllSiteChangesDone(db: Db, upToId: number, at: string): Promise<void> {
  await db
    .updateTable('site_changes')
    .set({ done_at: at, error: null })
    .where('done_at', 'is', null)
    .where('id', '<=', upToId)
    .execute();
}

/** The newest pending change's id, 0 when none is pending. */
export async function newestPendingSiteChange(db: Db): Promise<number> {
  const row = await db
    .selectFrom('site_changes')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('done_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The subcategories and categories `productIds` are listed in (hidden products' too: their places are kept). */
export async function listingsOfProducts(
  db: Db,
  productIds: number[],
): Promise<{ categories: number[]; subcategories: number[] }> {
  if (productIds.length === 0) return { categories: [], subcategories: [] };
  const rows = await db
    .selectFrom('products')
    .innerJoin('subcategories', 'subcategories.id', 'products.subcategory_id')
    .select(['products.subcategory_id', 'subcategories.category_id'])
    .where('products.id', 'in', productIds)
    .execute();
  return {
    categories: [...new Set(rows.map((r) => r.category_id))],
    subcategories: [...new Set(rows.map((r) => r.subcategory_id))],
  };
}

/**
 * What a change to categories or subcategories puts on the shop's pages: the subcategories of
 * `categoryIds` with `subcategoryIds`, and the products listed in any of them (hidden ones too:
 * their pages go when they leave the shop).
 */
export async function contentsOfListings(
  db: Db,
  categoryIds: number[],
  subcategoryIds: number[],
): Promise<{ subcategories: number[]; products: number[] }> {
  const subs =
    categoryIds.length === 0
      ? []
      : await db.selectFrom('subcategories').select('id').where('category_id', 'in', categoryIds).execute();
  const subcategories = [...new Set([...subs.map((s) => s.id), ...subcategoryIds])].sort((a, b) => a - b);
  if (subcategories.length === 0) return { subcategories, products: [] };
  const products = await db
    .selectFrom('products')
    .select('id')
    .where('subcategory_id', 'in', subcategories)
    .orderBy('id')
    .execute();
  return { subcategories, products: products.map((p) => p.id) };
}
