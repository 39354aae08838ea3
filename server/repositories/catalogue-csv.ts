import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db';
import type { ProductsTable, VariantsTable } from '../db/schema';

/** A product as the spreadsheet holds it: its listing's names and its variants with their stock. */
export type CsvProductRow = Selectable<ProductsTable> & {
  category_id: number;
  category_name: string;
  subcategory_name: string;
  variants: (Selectable<VariantsTable> & { on_hand: number; reserved: number })[];
};

/** Every product (hidden ones too) with its variants and stock, in id and variant order. */
export async function catalogueForCsv(db: Db): Promise<CsvProductRow[]> {
  const [products, variants] = await Promise.all([
    db
      .selectFrom('products as p')
      .innerJoin('subcategories as s', 's.id', 'p.subcategory_id')
      .innerJoin('categories as c', 'c.id', 's.category_id')
      .selectAll('p')
      .select(['c.id as category_id', 'c.name as category_name', 's.name as subcategory_name'])
      .orderBy('p.id')
      .execute(),
    db
      .selectFrom('variants as v')
      .leftJoin('stock_levels as st', 'st.variant_id', 'v.id')
      .selectAll('v')
      .select(['st.on_hand', 'st.reserved'])
      .orderBy('v.product_id')
      .orderBy('v.position')
      .orderBy('v.id')
      .execute(),
  ]);
  const byProduct = new Map<number, CsvProductRow['variants']>();
  for (const v of variants) {
    const list = byProduct.get(v.product_id) ?? [];
    list.push({ ...v, on_hand: v.on_hand ?? 0, reserved: v.reserved ?? 0 });
    byProduct.set(v.product_id, list);
  }
  return products.map((p) => ({ ...p, variants: byProduct.get(p.id) ?? [] }));
}

/** Rows per multi-row insert: well under PostgreSQL's 65,535 parameters (11 columns a variant). */
const INSERT_BATCH = 500;

/**
 * Adds variants and their stock records, a few hundred rows a statement (an import of 10,000
 * variants is 40 round trips to the database, not 20,000). Answers each new variant's id by its
 * product code.
 */
export async function insertVariantsWithStock(
  db: Db,
  rows: (Insertable<VariantsTable> & { on_hand: number })[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = rows.slice(i, i + INSERT_BATCH);
    const inserted = await db
      .insertInto('variants')
      .values(batch.map(({ on_hand: _onHand, ...values }) => values))
      .returning(['id', 'sku'])
      .execute();
    // Matched by product code (unique), not by order: SQLite does not promise RETURNING's order.
    for (const row of inserted) ids.set(row.sku, row.id);
    await db
      .insertInto('stock_levels')
      .values(batch.map((v) => ({ variant_id: ids.get(v.sku) ?? 0, on_hand: v.on_hand, reserved: 0 })))
      .execute();
  }
  return ids;
}

/** Keeps a dry run's plan under its digest (the same plan checked twice is kept once), dropping checks older than `before`. */
export async function saveImportCheck(
  db: Db,
  check: { plan: string; staff_id: number | null; created_at: string; changes: string },
  before: string,
): Promise<void> {
  await db.deleteFrom('catalogue_import_checks').where('created_at', '<', before).execute();
  await db
    .insertInto('catalogue_import_checks')
    .values(check)
    .onConflict((oc) => oc.column('plan').doUpdateSet({ created_at: check.created_at, staff_id: check.staff_id }))
    .execute();
}

/** A dry run's plan, when it is younger than `since`. */
export function findImportCheck(db: Db, plan: string, since: string) {
  return db
    .selectFrom('catalogue_import_checks')
    .selectAll()
    .where('plan', '=', plan)
    .where('created_at', '>=', since)
    .executeTakeFirst();
}

/**
 * Sets a variant's stock on hand from `from` to `to`, only while it still is `from` and what
 * orders hold fits in `to`: false when a sale, a delivery or an order moved it first.
 */
export async function moveOnHandIfStill(db: Db, variantId: number, from: number, to: number): Promise<boolean> {
  const result = await db
    .updateTable('stock_levels')
    .set({ on_hand: to })
    .where('variant_id', '=', variantId)
    .where('on_hand', '=', from)
    .where('reserved', '<=', to)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
