import type { Insertable } from 'kysely';
import type { Db } from '../db/index';
import type { Database } from '../db/schema';
import { afterBulkLoad } from '../repositories/dialect';
import { recordImages } from '../repositories/images';
import { generateCatalogue, type Catalogue } from './generate';
import { renderIllustration, type IllustrationSpec } from './illustrations';
import { photoPicture } from './photo-recipes';
import { itemAt } from './lists';
import { taxCodeOf } from './tax-codes';

/**
 * A product's gallery for each of its colours: the whole product in that colour, then a close-up
 * and a second light, all three in that colour. Photos are shared, as a shop's studio shots are:
 * every product of one kind and colour shows the same three photos, so a 10,000-product catalogue
 * has about 1,100 photos to draw and encode, not 30,000.
 */
const GALLERY_VIEWS = 3;
/** Rows per multi-row INSERT, well under SQLite's bound-variable limit. */
const BATCH = 400;
/** Weight and volume products have no colour; their pictures take one from this list. */
const NEUTRAL_COLOURS = ['#d97706', '#0f766e', '#b91c1c', '#1d4ed8', '#7c3aed', '#be185d', '#15803d'];

async function insertAll<T extends keyof Database>(db: Db, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    // Kysely cannot narrow a generic table name's row type; `rows` is checked by the signature.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
  }
}

/** Products at the head of the demo catalogue (its first rows and first clicks) that never start low or sold out. */
export const WELL_STOCKED_PRODUCTS = 24;

/** The couriers of the demo shop and their public tracking pages; an owner edits them at /admin/packing. */
const DEMO_COURIERS = [
  {
    name: 'Blue Dart',
    tracking_url: 'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={awb}',
  },
  { name: 'Delhivery', tracking_url: 'https://www.delhivery.com/track/package/{awb}' },
  { name: 'Ekart', tracking_url: 'https://ekartlogistics.com/shipmenttrack/{awb}' },
  { name: 'Xpressbees', tracking_url: 'https://www.xpressbees.com/shipment/tracking?awbNo={awb}' },
];

/**
 * A demo variant's stock, as a real shop's shelves look: most 12 to 240, about one in twelve low
 * (1 to 4 left) and one in thirty sold out. Drawn from the variant id, so every seed of the same
 * size has the same stock; the first WELL_STOCKED_PRODUCTS products are never low or out.
 */
export function demoStock(productIndex: number, variantId: number): number {
  // A 32-bit integer hash (xorshift-multiply) spreads consecutive ids evenly.
  let h = Math.imul(variantId ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  const u = ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
  if (productIndex >= WELL_STOCKED_PRODUCTS) {
    if (u < 1 / 30) return 0;
    if (u < 1 / 30 + 1 / 12) return 1 + Math.floor(((u - 1 / 30) / (1 / 12)) * 4);
  }
  return 12 + Math.floor(u * 229);
}

/**
 * Loads a generated catalogue into an empty database in one transaction, with ids assigned in
 * order (categories, subcategories and products number from 1), photos recorded as recipes for
 * the image pipeline (the background encoder draws and encodes them; see photo-recipes.ts), and
 * the seeded reviews attributed to reviewer accounts that cannot log in.
 */
export async function seedCatalogue(db: Db, catalogue: Catalogue): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const photos = new Map<string, Insertable<Database['images']>>();
    const picture = (spec: IllustrationSpec): string => {
      const { row, url } = photoPicture(spec);
      photos.set(row.hash, row);
      return url;
    };

    const categoryIds = new Map<string, number>();
    const categories = catalogue.categories.map((cat, i) => {
      categoryIds.set(cat.key, i + 1);
      return {
        id: i + 1,
        name: cat.name,
        position: i,
        image: picture({ type: 'tile', kind: cat.kind, background: cat.background }),
      };
    });

    const subcategoryIds = new Map<string, number>();
    const subcategories = catalogue.subcategories.map((sub, i) => {
      subcategoryIds.set(sub.key, i + 1);
      const categoryId = categoryIds.get(sub.categoryKey);
      if (!categoryId) throw new Error(`Subcategory ${sub.key} names unknown category ${sub.categoryKey}`);
      return {
        id: i + 1,
        category_id: categoryId,
        name: sub.name,
        position: i,
        image: picture({ type: 'tile', kind: sub.kind, background: sub.background }),
      };
    });

    const banners = catalogue.banners.map((b, i) => {
      const categoryId = categoryIds.get(b.categoryKey);
      if (!categoryId) throw new Error(`Banner ${b.title} names unknown category ${b.categoryKey}`);
      return {
        id: i + 1,
        position: i,
        title: b.title,
        subtitle: b.subtitle,
        button_label: b.button,
        // The category's page on the storefront (src/lib/routes.ts: category).
        link: `/subcategories/${categoryId}`,
        image: picture({ type: 'banner', kind: b.kind, title: b.title, subtitle: b.subtitle, palette: b.palette }),
      };
    });

    const reviewers = new Map<string, number>();
    const products: Insertable<Database['products']>[] = [];
    const variants: Insertable<Database['variants']>[] = [];
    const stock: Insertable<Database['stock_levels']>[] = [];
    const images: Insertable<Database['variant_images']>[] = [];
    const ratings: Insertable<Database['ratings']>[] = [];
    const users: Insertable<Database['users']>[] = [];
    const now = Date.now();

    catalogue.products.forEach((p, pi) => {
      const productId = pi + 1;
      const subcategoryId = subcategoryIds.get(p.subcategoryKey);
      if (!subcategoryId) throw new Error(`Product ${p.key} names unknown subcategory ${p.subcategoryKey}`);
      products.push({
        id: productId,
        subcategory_id: subcategoryId,
        name: p.name,
        description: p.description,
        weight_grams: p.weightGrams,
        unit: p.unit,
        length_cm: p.lengthCm,
        width_cm: p.widthCm,
        height_cm: p.heightCm,
        big_deal: p.bigDeal ? 1 : 0,
        popular: p.popular ? 1 : 0,
        hsn_code: taxCodeOf(p.subcategoryKey).hsn,
        gst_rate: taxCodeOf(p.subcategoryKey).rate,
      });
      const picturesByColour = new Map<string, string[]>();
      const firstVariantId = variants.length + 1;
      p.variants.forEach((v, vi) => {
        const variantId = variants.length + 1;
        variants.push({
          id: variantId,
          product_id: productId,
          position: vi,
          name: v.name,
          color: v.color,
          size: v.size,
          sku: v.sku,
          unit: v.unit,
          unit_value: v.unitValue,
          price_paise: v.pricePaise,
          final_price_paise: v.finalPricePaise,
        });
        stock.push({ variant_id: variantId, on_hand: demoStock(pi, variantId), reserved: 0 });
        const colourHex = v.colorHex ?? itemAt(NEUTRAL_COLOURS, productId % NEUTRAL_COLOURS.length);
        let paths = picturesByColour.get(colourHex);
        if (!paths) {
          // Every view in the variant's own colour: a navy shirt's close-up is navy too, a blue milk carton's blue.
          paths = Array.from({ length: GALLERY_VIEWS }, (_, view) =>
            picture({ type: 'product', kind: p.kind, colorHex: colourHex, label: '', seed: view }),
          );
          picturesByColour.set(colourHex, paths);
        }
        paths.forEach((image, position) =>
          images.push({ id: images.length + 1, variant_id: variantId, position, image }),
        );
      });
      for (const r of p.reviews) {
        const name = `${r.firstName} ${r.lastName}`;
        let userId = reviewers.get(name);
        if (!userId) {
          userId = users.length + 1;
          reviewers.set(name, userId);
          users.push({
            id: userId,
            first_name: r.firstName,
            last_name: r.lastName,
            email: `reviewer-${userId}@reviewers.invalid`,
            phone_number: null,
            password_hash: null,
          });
        }
        const variantId = firstVariantId + Math.min(r.variantIndex, p.variants.length - 1);
        ratings.push({
          user_id: userId,
          product_id: productId,
          variant_id: variantId,
          rating: r.rating,
          review: r.text,
          created_at: new Date(now - r.daysAgo * 86_400_000).toISOString(),
        });
      }
    });

    await recordImages(trx, [...photos.values()]);
    await insertAll(trx, 'categories', categories);
    await insertAll(trx, 'subcategories', subcategories);
    await insertAll(trx, 'banners', banners);
    await insertAll(trx, 'products', products);
    await insertAll(trx, 'variants', variants);
    await insertAll(trx, 'stock_levels', stock);
    await insertAll(trx, 'variant_images', images);
    await insertAll(trx, 'users', users);
    await insertAll(trx, 'couriers', DEMO_COURIERS);
    // One review per reviewer and variant, as the unique constraint demands.
    const seen = new Set<string>();
    await insertAll(
      trx,
      'ratings',
      ratings.filter((r) => {
        const key = `${String(r.user_id)}:${String(r.variant_id)}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      }),
    );
  });
  await afterBulkLoad(db, [
    'images',
    'categories',
    'subcategories',
    'banners',
    'products',
    'variants',
    'variant_images',
    'users',
    'ratings',
  ]);
}

/**
 * Draws the pictures a database seeded before pictures were stored as SVG holds only as recipes.
 * Their hash stays: it is already in the catalogue's image paths. Answers how many were drawn.
 */
export async function drawStoredRecipes(db: Db): Promise<number> {
  const rows = await db.selectFrom('illustrations').select(['id', 'spec']).where('svg', 'is', null).execute();
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      const svg = renderIllustration(JSON.parse(row.spec) as IllustrationSpec);
      await trx.updateTable('illustrations').set({ svg }).where('id', '=', row.id).execute();
    }
  });
  return rows.length;
}

/**
 * What start-up asks of the demo, the one way the running shop reaches it: an empty catalogue
 * gets `products` generated products, and recipes without a drawing are drawn. Answers a line for
 * the log for each thing done.
 */
export async function prepareDemo(db: Db, options: { seedProducts: number; empty: boolean }): Promise<string[]> {
  const done: string[] = [];
  if (options.empty) {
    const started = performance.now();
    await seedCatalogue(db, generateCatalogue({ products: options.seedProducts }));
    done.push(
      `Catalogue seeded with ${options.seedProducts} products in ${Math.round(performance.now() - started)} ms`,
    );
  }
  const drawn = await drawStoredRecipes(db);
  if (drawn) done.push(`Drew ${drawn} catalogue pictures stored as recipes only`);
  return done;
}
