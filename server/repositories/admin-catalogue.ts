import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { ProductSort } from '../../contract/schemas/admin-catalogue';
import type { Db } from '../db';
import type {
  BannersTable,
  CategoriesTable,
  HomeOffersTable,
  HomePopupTable,
  ProductsTable,
  SubcategoriesTable,
  VariantImagesTable,
  VariantsTable,
} from '../db/schema';
import { inListSlices } from './dialect';

/**
 * The catalogue as the back office reads and writes it: every record, hidden ones included, with
 * counts, stock and the order of siblings. The storefront's reads are in catalogue.ts.
 */

export type CategoryRow = Selectable<CategoriesTable>;
export type SubcategoryRow = Selectable<SubcategoriesTable>;
export type BannerRow = Selectable<BannersTable>;
export type VariantImageRow = Selectable<VariantImagesTable>;

/** A product with where it is listed and whether its category and subcategory are hidden. */
export type AdminProductBase = Selectable<ProductsTable> & {
  category_id: number;
  category_name: string;
  sub_category_name: string;
  category_hidden_at: string | null;
  sub_category_hidden_at: string | null;
};

/** A variant with its stock record (0 and 0 when it has none). */
export type AdminVariantRow = Selectable<VariantsTable> & { on_hand: number; reserved: number };

// ---- Sibling order ----

/** Tables whose rows are kept in an order among siblings (`position`), and what makes them siblings. */
const SIBLINGS = {
  categories: null,
  subcategories: 'category_id',
  variants: 'product_id',
  variant_images: 'variant_id',
  banners: null,
  home_offers: null,
} as const;
export type OrderedTable = keyof typeof SIBLINGS;

/** Ids of the siblings in `table` (those sharing `scope`'s parent), in their order. */
export async function siblingIds(db: Db, table: OrderedTable, scope: number | null): Promise<number[]> {
  const column = SIBLINGS[table];
  // Every ordered table has `id` and `position`; banners stands for their shared shape.
  let q = db
    .selectFrom(table as 'banners')
    .select('id')
    .orderBy('position')
    .orderBy('id');
  if (column !== null) q = q.where(sql<boolean>`${sql.ref(column)} = ${scope}`);
  return (await q.execute()).map((r) => r.id);
}

/** Writes positions 0, 1, 2… in the order of `ids` (only the rows whose position changes). */
export async function writePositions(db: Db, table: OrderedTable, ids: readonly number[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await db
      .updateTable(table as 'banners')
      .set({ position: index })
      .where('id', '=', id)
      .where('position', '!=', index)
      .execute();
  }
}

/** The position after the last sibling's, for a new row. */
export async function nextPosition(db: Db, table: OrderedTable, scope: number | null): Promise<number> {
  const column = SIBLINGS[table];
  let q = db.selectFrom(table as 'banners').select((eb) => eb.fn.max<number | null>('position').as('last'));
  if (column !== null) q = q.where(sql<boolean>`${sql.ref(column)} = ${scope}`);
  const row = await q.executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

// ---- Categories and subcategories ----

export function allCategories(db: Db): Promise<CategoryRow[]> {
  return db.selectFrom('categories').selectAll().orderBy('position').orderBy('id').execute();
}

export function allSubcategories(db: Db): Promise<SubcategoryRow[]> {
  return db.selectFrom('subcategories').selectAll().orderBy('category_id').orderBy('position').orderBy('id').execute();
}

/** Products per subcategory, hidden ones included. */
export async function productCountsBySubcategory(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('products')
    .select(['subcategory_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('subcategory_id')
    .execute();
  return new Map(rows.map((r) => [r.subcategory_id, Number(r.n)]));
}

export function findCategory(db: Db, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSubcategory(db: Db, id: number): Promise<SubcategoryRow | undefined> {
  return db.selectFrom('subcategories').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The category named `name` (any case), other than `exceptId`. */
export function categoryNamed(db: Db, name: string, exceptId?: number): Promise<{ id: number } | undefined> {
  let q = db
    .selectFrom('categories')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

/** The subcategory of `categoryId` named `name` (any case), other than `exceptId`. */
export function subcategoryNamed(
  db: Db,
  categoryId: number,
  name: string,
  exceptId?: number,
): Promise<{ id: number } | undefined> {
  let q = db
    .selectFrom('subcategories')
    .select('id')
    .where('category_id', '=', categoryId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export async function insertCategory(db: Db, values: Insertable<CategoriesTable>): Promise<number> {
  const row = await db.insertInto('categories').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCategory(db: Db, id: number, values: Updateable<CategoriesTable>): Promise<void> {
  await db.updateTable('categories').set(values).where('id', '=', id).execute();
}

export async function insertSubcategory(db: Db, values: Insertable<SubcategoriesTable>): Promise<number> {
  const row = await db.insertInto('subcategories').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSubcategory(db: Db, id: number, values: Updateable<SubcategoriesTable>): Promise<void> {
  await db.updateTable('subcategories').set(values).where('id', '=', id).execute();
}

// ---- Products ----

/** What the back office's product list is narrowed, sorted and paged by. */
export interface AdminProductFilter {
  search?: string;
  categoryId?: number;
  subcategoryId?: number;
  hidden?: boolean;
}

/** Escapes LIKE wildcards so staff's text matches literally. */
function likeTerm(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

function productQuery(db: Db, filter: AdminProductFilter) {
  let q = db
    .selectFrom('products as p')
    .innerJoin('subcategories as s', 's.id', 'p.subcategory_id')
    .innerJoin('categories as c', 'c.id', 's.category_id');
  if (filter.categoryId !== undefined) q = q.where('s.category_id', '=', filter.categoryId);
  if (filter.subcategoryId !== undefined) q = q.where('p.subcategory_id', '=', filter.subcategoryId);
  if (filter.hidden !== undefined) q = q.where('p.hidden_at', filter.hidden ? 'is not' : 'is', null);
  // Every word must be in the name or in one of its variants' product codes (lower() and LIKE … ESCAPE read alike on both engines).
  const words = (filter.search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  for (const word of words) {
    const term = likeTerm(word);
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`lower(p.name)`, 'like', sql<string>`${term} ESCAPE '\\'`),
        eb.exists(
          eb
            .selectFrom('variants as vs')
            .select('vs.id')
            .whereRef('vs.product_id', '=', 'p.id')
            .where(sql<string>`lower(vs.sku)`, 'like', sql<string>`${term} ESCAPE '\\'`),
        ),
      ]),
    );
  }
  return q;
}

function withListing<Q extends ReturnType<typeof productQuery>>(q: Q) {
  return q
    .selectAll('p')
    .select([
      's.category_id as category_id',
      'c.name as category_name',
      's.name as sub_category_name',
      'c.hidden_at as category_hidden_at',
      's.hidden_at as sub_category_hidden_at',
    ]);
}

export async function countAdminProducts(db: Db, filter: AdminProductFilter): Promise<number> {
  const row = await productQuery(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of products matching `filter`, sorted by `sort` (ties by id). */
export async function pageOfAdminProducts(
  db: Db,
  filter: AdminProductFilter,
  sort: ProductSort,
  limit: number,
  offset: number,
): Promise<AdminProductBase[]> {
  const descending = sort.startsWith('-');
  const direction = descending ? 'desc' : 'asc';
  const field = descending ? sort.slice(1) : sort;
  let q = withListing(productQuery(db, filter));
  if (field === 'name') q = q.orderBy(sql`lower(p.name)`, direction);
  if (field === 'created') q = q.orderBy('p.created_at', direction);
  if (field === 'price') {
    q = q.orderBy(
      (eb) =>
        eb
          .selectFrom('variants as vp')
          .select((e) => e.fn.min('vp.final_price_paise').as('m'))
          .whereRef('vp.product_id', '=', 'p.id'),
      direction,
    );
  }
  return q
    .orderBy('p.id', field === 'id' ? direction : 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function findAdminProduct(db: Db, id: number): Promise<AdminProductBase | undefined> {
  return withListing(productQuery(db, {})).where('p.id', '=', id).executeTakeFirst();
}

/** The variants of these products with their stock, in their order. */
export async function variantsOfProducts(db: Db, productIds: readonly number[]): Promise<AdminVariantRow[]> {
  const rows: AdminVariantRow[] = [];
  for (const slice of inListSlices([...productIds])) {
    const found = await db
      .selectFrom('variants as v')
      .leftJoin('stock_levels as st', 'st.variant_id', 'v.id')
      .selectAll('v')
      .select(['st.on_hand', 'st.reserved'])
      .where('v.product_id', 'in', slice)
      .orderBy('v.product_id')
      .orderBy('v.position')
      .orderBy('v.id')
      .execute();
    rows.push(...found.map((r) => ({ ...r, on_hand: r.on_hand ?? 0, reserved: r.reserved ?? 0 })));
  }
  return rows;
}

/** The pictures of these variants, in their order. */
export async function imagesOfVariants(db: Db, variantIds: readonly number[]): Promise<VariantImageRow[]> {
  const rows: VariantImageRow[] = [];
  for (const slice of inListSlices([...variantIds])) {
    rows.push(
      ...(await db
        .selectFrom('variant_images')
        .selectAll()
        .where('variant_id', 'in', slice)
        .orderBy('variant_id')
        .orderBy('position')
        .orderBy('id')
        .execute()),
    );
  }
  return rows;
}

export async function insertProduct(db: Db, values: Insertable<ProductsTable>): Promise<number> {
  const row = await db.insertInto('products').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProduct(db: Db, id: number, values: Updateable<ProductsTable>): Promise<void> {
  await db.updateTable('products').set(values).where('id', '=', id).execute();
}

// ---- Variants and stock ----

/**
 * Takes the next version of a product if it is still at `version` (one conditional UPDATE, so of
 * two saves of one version one wins); answers whether it was.
 */
export async function claimProductVersion(
  trx: Db,
  id: number,
  version: number,
  staffId: number | null,
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('products')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: at, updated_by: staffId }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Names a product's change: its version moves on, with who saved it and when. */
export async function bumpProductVersion(trx: Db, id: number, staffId: number | null, at: string): Promise<void> {
  await trx
    .updateTable('products')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: at, updated_by: staffId }))
    .where('id', '=', id)
    .execute();
}

/** A product's version, and who saved it last and when (null when no one has through the back office). */
export function productVersion(db: Db, id: number) {
  return db
    .selectFrom('products as p')
    .leftJoin('staff as s', 's.id', 'p.updated_by')
    .select(['p.version', 'p.updated_at', 's.name as updated_by_name'])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

export function findVariantRow(db: Db, id: number): Promise<AdminVariantRow | undefined> {
  return db
    .selectFrom('variants as v')
    .leftJoin('stock_levels as st', 'st.variant_id', 'v.id')
    .selectAll('v')
    .select(['st.on_hand', 'st.reserved'])
    .where('v.id', '=', id)
    .executeTakeFirst()
    .then((r) => r && { ...r, on_hand: r.on_hand ?? 0, reserved: r.reserved ?? 0 });
}

/** The variant whose product code is `sku` (any case), other than `exceptId`. */
export function variantWithSku(db: Db, sku: string, exceptId?: number): Promise<{ id: number } | undefined> {
  let q = db
    .selectFrom('variants')
    .select('id')
    .where(sql<string>`lower(sku)`, '=', sku.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

/** Adds a variant and its stock record. */
export async function insertVariant(db: Db, values: Insertable<VariantsTable>, onHand: number): Promise<number> {
  const row = await db.insertInto('variants').values(values).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('stock_levels').values({ variant_id: row.id, on_hand: onHand, reserved: 0 }).execute();
  return row.id;
}

export async function updateVariant(db: Db, id: number, values: Updateable<VariantsTable>): Promise<void> {
  await db.updateTable('variants').set(values).where('id', '=', id).execute();
}

/** Deletes a variant (its stock record, pictures, cart and wishlist lines go with it). */
export async function deleteVariant(db: Db, id: number): Promise<void> {
  await db.deleteFrom('variants').where('id', '=', id).execute();
}

/** True when some order names the variant (order lines keep it: it cannot be deleted). */
export async function variantOnOrders(db: Db, id: number): Promise<boolean> {
  return (
    (await db.selectFrom('order_items').select('id').where('variant_id', '=', id).limit(1).executeTakeFirst()) !==
    undefined
  );
}

export async function variantHasReviews(db: Db, id: number): Promise<boolean> {
  return (
    (await db.selectFrom('ratings').select('id').where('variant_id', '=', id).limit(1).executeTakeFirst()) !== undefined
  );
}

/**
 * Sets what is on the shelf, unless unpaid orders hold more: one conditional update, so an order
 * reserving at the same moment cannot slip between a check and the write. Answers false when
 * refused (or the variant has no stock record; the caller reads which).
 */
export async function setOnHandIfHeld(db: Db, variantId: number, onHand: number): Promise<boolean> {
  const result = await db
    .updateTable('stock_levels')
    .set({ on_hand: onHand })
    .where('variant_id', '=', variantId)
    .where('reserved', '<=', onHand)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives a variant a stock record when it has none (a catalogue imported without them). */
export async function ensureStockRecord(db: Db, variantId: number): Promise<void> {
  await db
    .insertInto('stock_levels')
    .values({ variant_id: variantId, on_hand: 0, reserved: 0 })
    .onConflict((oc) => oc.column('variant_id').doNothing())
    .execute();
}

// ---- Variant pictures ----

export function findImage(db: Db, id: number): Promise<VariantImageRow | undefined> {
  return db.selectFrom('variant_images').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertImage(db: Db, values: Insertable<VariantImagesTable>): Promise<number> {
  const row = await db.insertInto('variant_images').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteImage(db: Db, id: number): Promise<void> {
  await db.deleteFrom('variant_images').where('id', '=', id).execute();
}

/** How many rows (pictures) name `image`: an uploaded file is deleted only when none does. */
export async function imageUses(db: Db, image: string): Promise<number> {
  const [pictures, banners, offers] = await Promise.all([
    db
      .selectFrom('variant_images')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('image', '=', image)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('banners')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('image', '=', image)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('home_offers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('image', '=', image)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(pictures.n) + Number(banners.n) + Number(offers.n);
}

// ---- Banners ----

export function allBanners(db: Db): Promise<BannerRow[]> {
  return db.selectFrom('banners').selectAll().orderBy('position').orderBy('id').execute();
}

export function findBanner(db: Db, id: number): Promise<BannerRow | undefined> {
  return db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertBanner(db: Db, values: Insertable<BannersTable>): Promise<number> {
  const row = await db.insertInto('banners').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBanner(db: Db, id: number, values: Updateable<BannersTable>): Promise<void> {
  await db.updateTable('banners').set(values).where('id', '=', id).execute();
}

export async function deleteBanner(db: Db, id: number): Promise<void> {
  await db.deleteFrom('banners').where('id', '=', id).execute();
}

// ---- The home page's offer pop-up (one row) ----

export async function updateHomePopup(db: Db, values: Updateable<HomePopupTable>): Promise<void> {
  await db.updateTable('home_popup').set(values).where('id', '=', 1).execute();
}

// ---- The home page's offers ----

export type HomeOfferRow = Selectable<HomeOffersTable>;

export function allHomeOffers(db: Db): Promise<HomeOfferRow[]> {
  return db.selectFrom('home_offers').selectAll().orderBy('position').orderBy('id').execute();
}

export function findHomeOffer(db: Db, id: number): Promise<HomeOfferRow | undefined> {
  return db.selectFrom('home_offers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertHomeOffer(db: Db, values: Insertable<HomeOffersTable>): Promise<number> {
  const row = await db.insertInto('home_offers').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateHomeOffer(db: Db, id: number, values: Updateable<HomeOffersTable>): Promise<void> {
  await db.updateTable('home_offers').set(values).where('id', '=', id).execute();
}

export async function deleteHomeOffer(db: Db, id: number): Promise<void> {
  await db.deleteFrom('home_offers').where('id', '=', id).execute();
}
