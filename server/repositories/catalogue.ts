import { sql } from 'kysely';
import type {
  Banner,
  Category,
  HomeOffer,
  HomePopup,
  Product,
  SearchProduct,
  Subcategory,
  Variant,
} from '../../contract/types';
import { discountPercent, paiseToRupees } from '../../contract/pricing';
import type { Db } from '../db';
import type { GstRateColumn, ProductRow, VariantRow } from '../db/schema';
import { inListSlices } from './dialect';

/**
 * The catalogue: categories, subcategories, banners, products with their variants, pictures and
 * ratings, search, and the variant summaries the cart, wishlist and orders show.
 */

/** What a product list may be narrowed by. */
export interface ProductFilter {
  categoryId?: number;
  subcategoryId?: number;
  popular?: boolean;
  /** Products flagged big_deal or popular: the featured list. */
  featured?: boolean;
}

type ProductBase = ProductRow & {
  category_id: number;
  category_name: string;
  sub_category_name: string;
};

/** Categories in shop order (hidden ones left out). */
export function listCategories(db: Db): Promise<Category[]> {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'image'])
    .where('hidden_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Subcategories grouped by category, in shop order (hidden ones, and those of hidden categories, left out). */
export function listSubcategories(db: Db): Promise<Subcategory[]> {
  return db
    .selectFrom('subcategories as s')
    .innerJoin('categories as c', 'c.id', 's.category_id')
    .select(['s.id', 's.name', 's.image', 's.category_id as category'])
    .where('s.hidden_at', 'is', null)
    .where('c.hidden_at', 'is', null)
    .orderBy('s.category_id')
    .orderBy('s.position')
    .orderBy('s.id')
    .execute();
}

/** The home page's Extra Offers in shop order, hidden ones left out. */
export function listHomeOffers(db: Db): Promise<HomeOffer[]> {
  return db
    .selectFrom('home_offers')
    .select(['id', 'title', 'text', 'image', 'search'])
    .where('hidden_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The home page's banners in shop order. */
export function listBanners(db: Db): Promise<Banner[]> {
  return db
    .selectFrom('banners')
    .select(['id', 'title', 'subtitle', 'image', 'button_label', 'link'])
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The home page's offer pop-up as stored (shown or switched off). */
export async function findHomePopup(db: Db): Promise<HomePopup> {
  const row = await db.selectFrom('home_popup').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    enabled: row.enabled === 1,
    title: row.title,
    text: row.text,
    code: row.code,
    button_label: row.button_label,
    link: row.link,
    campaign: row.campaign,
  };
}

/**
 * Products (`p`) joined to their subcategory (`s`) and category (`c`), narrowed by `filter`. Only
 * what shoppers may see: a product hidden, or in a hidden subcategory or category, is left out.
 */
function filteredProducts(db: Db, filter: ProductFilter) {
  let q = shownProducts(db);
  if (filter.categoryId !== undefined) q = q.where('s.category_id', '=', filter.categoryId);
  if (filter.subcategoryId !== undefined) q = q.where('p.subcategory_id', '=', filter.subcategoryId);
  if (filter.popular) q = q.where('p.popular', '=', 1);
  if (filter.featured) q = q.where((eb) => eb.or([eb('p.big_deal', '=', 1), eb('p.popular', '=', 1)]));
  return q;
}

/** Products shoppers may see (`p`), with their subcategory (`s`) and category (`c`). */
function shownProducts(db: Db) {
  return db
    .selectFrom('products as p')
    .innerJoin('subcategories as s', 's.id', 'p.subcategory_id')
    .innerJoin('categories as c', 'c.id', 's.category_id')
    .where('p.hidden_at', 'is', null)
    .where('s.hidden_at', 'is', null)
    .where('c.hidden_at', 'is', null);
}

/** Products matching `filter` with their category's and subcategory's names. */
function baseQuery(db: Db, filter: ProductFilter = {}) {
  return filteredProducts(db, filter)
    .selectAll('p')
    .select(['s.category_id as category_id', 'c.name as category_name', 's.name as sub_category_name']);
}

/** The ids of the products matching `filter`, in catalogue order. */
export async function listProductIds(db: Db, filter: ProductFilter): Promise<number[]> {
  const rows = await filteredProducts(db, filter).select('p.id').orderBy('p.id').execute();
  return rows.map((r) => r.id);
}

/** Products matching `filter`, in catalogue order, with their variants, images and ratings. */
export async function listProducts(
  db: Db,
  filter: ProductFilter,
  page?: { limit: number; offset: number },
): Promise<Product[]> {
  let q = baseQuery(db, filter).orderBy('p.id');
  if (page) q = q.limit(page.limit).offset(page.offset);
  return hydrate(db, await q.execute());
}

/** One product by id, or undefined. */
export async function getProduct(db: Db, id: number): Promise<Product | undefined> {
  const row = await baseQuery(db).where('p.id', '=', id).executeTakeFirst();
  return row ? (await hydrate(db, [row]))[0] : undefined;
}

/** True when a product with this id is shown (a page for it can be served before the next build). */
export async function productExists(db: Db, id: number): Promise<boolean> {
  return (await shownProducts(db).select('p.id').where('p.id', '=', id).executeTakeFirst()) !== undefined;
}

/** Products whose ids are given, in the order given; unknown ids are left out. */
export async function getProductsByIds(db: Db, ids: number[]): Promise<Product[]> {
  const rows: ProductBase[] = [];
  for (const slice of inListSlices(ids)) {
    rows.push(...(await baseQuery(db).where('p.id', 'in', slice).execute()));
  }
  const byId = new Map((await hydrate(db, rows)).map((p) => [p.id, p]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function hydrate(db: Db, rows: ProductBase[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const variants: VariantRow[] = [];
  for (const slice of inListSlices(rows.map((r) => r.id))) {
    variants.push(
      ...(await db
        .selectFrom('variants')
        .selectAll()
        .where('product_id', 'in', slice)
        .orderBy('product_id')
        .orderBy('position')
        .execute()),
    );
  }
  const images = new Map<number, { id: number; image: string }[]>();
  for (const slice of inListSlices(variants.map((v) => v.id))) {
    const imageRows = await db
      .selectFrom('variant_images')
      .select(['id', 'variant_id', 'image'])
      .where('variant_id', 'in', slice)
      .orderBy('variant_id')
      .orderBy('position')
      .execute();
    for (const r of imageRows) {
      const list = images.get(r.variant_id) ?? [];
      list.push({ id: r.id, image: r.image });
      images.set(r.variant_id, list);
    }
  }
  const ratingOf = new Map(rows.map((r) => [r.id, productRating(r)]));
  const variantsByProduct = new Map<number, Variant[]>();
  for (const v of variants) {
    const list = variantsByProduct.get(v.product_id) ?? [];
    list.push(serializeVariant(v, picturesOf(v, variants, images), ratingOf.get(v.product_id) ?? NO_RATING));
    variantsByProduct.set(v.product_id, list);
  }
  return rows.map((r) => serializeProduct(r, variantsByProduct.get(r.id) ?? []));
}

/** A product's rating: the average of its visible reviews to one decimal (0 without any), and their count. */
export interface ProductRating {
  average_rating: number;
  rating_count: number;
}

const NO_RATING: ProductRating = { average_rating: 0, rating_count: 0 };

/**
 * The product's rating from the figures the ratings triggers keep on its row (migration 0022): the
 * one source of the header stars, the cards, the search results and the Review tab.
 */
export function productRating(row: { rating_count: number; rating_total: number }): ProductRating {
  const count = Number(row.rating_count);
  if (count <= 0) return NO_RATING;
  return { average_rating: Math.round((Number(row.rating_total) / count) * 10) / 10, rating_count: count };
}

const sameColour = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/**
 * A variant's pictures: its own; without any, those of its product's first variant of the same
 * colour that has some, else of its first variant that has some. Pictures are shared by a
 * product's sizes, so each need not be uploaded again; a variant given its own keeps them.
 */
export function picturesOf<P>(
  variant: Pick<VariantRow, 'id' | 'product_id' | 'color'>,
  variants: readonly Pick<VariantRow, 'id' | 'product_id' | 'color'>[],
  pictures: ReadonlyMap<number, P[]>,
): P[] {
  const own = pictures.get(variant.id);
  if (own?.length) return own;
  const siblings = variants.filter((v) => v.product_id === variant.product_id && pictures.get(v.id)?.length);
  const donor = siblings.find((v) => sameColour(v.color, variant.color)) ?? siblings[0];
  return donor ? (pictures.get(donor.id) ?? []) : [];
}

function serializeVariant(v: VariantRow, images: { id: number; image: string }[], rating: ProductRating): Variant {
  const price = paiseToRupees(v.price_paise);
  const finalPrice = paiseToRupees(v.final_price_paise);
  return {
    id: v.id,
    name: v.name,
    color: v.color,
    size: v.size,
    sku: v.sku,
    unit: v.unit,
    unit_value: v.unit_value,
    price,
    final_price: finalPrice,
    discount_percent: discountPercent(v.price_paise, v.final_price_paise),
    // The product's figures, repeated: a shopper sees one rating per product whichever variant is chosen.
    ...rating,
    images,
    is_wishlisted: false,
  };
}

function serializeProduct(r: ProductBase, variants: Variant[]): Product {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    weight: r.weight_grams,
    unit: r.unit,
    length: r.length_cm,
    width: r.width_cm,
    height: r.height_cm,
    category: r.category_id,
    category_name: r.category_name,
    sub_category: r.subcategory_id,
    sub_category_name: r.sub_category_name,
    big_deal: r.big_deal === 1,
    brand: r.brand,
    ...productRating(r),
    variants,
  };
}

/** The search answer's shape: `title` for the name and `selling_price` on each variant. */
export function toSearchProduct(p: Product): SearchProduct & Omit<Product, 'variants'> {
  return {
    ...p,
    title: p.name,
    variants: p.variants.map((v) => ({ ...v, selling_price: v.final_price })),
  };
}

/** Ranked, forgiving product search: see search.ts. */
export { searchProductIds, spellingCorrection } from './search';

/** What the cart, wishlist and orders show of a variant: its product, prices and first picture. */
export interface VariantSummary {
  variant_id: number;
  product_id: number;
  product_name: string;
  variant_name: string;
  size: string | null;
  color: string | null;
  unit: string;
  unit_value: number;
  price_paise: number;
  final_price_paise: number;
  /** The variant's first picture, or null. */
  image: string | null;
  /** The product's HSN code and GST rate (for the tax invoice of an order). */
  hsn_code: string | null;
  gst_rate: GstRateColumn;
}

/** The variants with these ids, by id; unknown ids are absent. */
export async function findVariants(
  db: Db,
  ids: readonly number[],
  { onSale = false }: VariantLookup = {},
): Promise<Map<number, VariantSummary>> {
  const found = new Map<number, VariantSummary>();
  for (const slice of inListSlices([...new Set(ids)])) {
    const rows = await (onSale ? shownProducts(db) : db.selectFrom('products as p'))
      .innerJoin('variants as v', 'v.product_id', 'p.id')
      .select((eb) => [
        'v.id as variant_id',
        'p.id as product_id',
        'p.name as product_name',
        'v.name as variant_name',
        'v.size',
        'v.color',
        'v.unit',
        'v.unit_value',
        'v.price_paise',
        'v.final_price_paise',
        'p.hsn_code',
        'p.gst_rate',
        // Its own first picture, else a sibling's as the shop shows it (picturesOf).
        eb
          .selectFrom('variant_images as i')
          .innerJoin('variants as w', 'w.id', 'i.variant_id')
          .select('i.image')
          .whereRef('w.product_id', '=', 'v.product_id')
          .orderBy(sql`case when w.id = v.id then 0 else 1 end`)
          .orderBy(sql`case when lower(coalesce(w.color, '')) = lower(coalesce(v.color, '')) then 0 else 1 end`)
          .orderBy('w.position')
          .orderBy('w.id')
          .orderBy('i.position')
          .orderBy('i.id')
          .limit(1)
          .as('image'),
      ])
      .where('v.id', 'in', slice)
      .execute();
    for (const row of rows) found.set(row.variant_id, { ...row, image: row.image ?? null });
  }
  return found;
}

/** The variant with this id and its product's id, or undefined. */
export function findVariant(
  db: Db,
  id: number,
  { onSale = false }: VariantLookup = {},
): Promise<{ id: number; product_id: number } | undefined> {
  return (onSale ? shownProducts(db) : db.selectFrom('products as p'))
    .innerJoin('variants as v', 'v.product_id', 'p.id')
    .select(['v.id as id', 'v.product_id as product_id'])
    .where('v.id', '=', id)
    .executeTakeFirst();
}

/**
 * How variants are looked up: `onSale` leaves out those of hidden products (or of hidden
 * categories and subcategories), which can no longer be put in a cart or ordered; orders and
 * reviews already made still name them.
 */
export interface VariantLookup {
  onSale?: boolean;
}
