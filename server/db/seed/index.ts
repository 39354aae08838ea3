import { sql } from 'kysely';
import type { Db } from '../index';
import type { Insertable } from 'kysely';
import type { Database } from '../schema';
import { illustrationPath, specHash, type IllustrationSpec } from '../../services/images/catalogue-images';
import type { Catalogue, SeedProduct } from './generate';

/** Pictures drawn for each colour of a product: the gallery's thumbnails. */
const IMAGES_PER_COLOUR = 3;
/** Rows per multi-row INSERT, well under SQLite's bound-variable limit. */
const BATCH = 400;
/** Weight and volume products have no colour; their pictures take one from this list. */
const NEUTRAL_COLOURS = ['#d97706', '#0f766e', '#b91c1c', '#1d4ed8', '#7c3aed', '#be185d', '#15803d'];

/** True when no product exists yet, so start-up knows to seed. */
export async function catalogueIsEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

async function insertAll<T extends keyof Database>(db: Db, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    // Kysely cannot narrow a generic table name's row type; `rows` is checked by the signature.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
  }
}

function labelFor(product: SeedProduct): string {
  return product.name.split(/\s+/)[0] ?? product.name;
}

/**
 * Loads a generated catalogue into an empty database in one transaction, with ids assigned in
 * order (categories, subcategories and products number from 1), pictures stored as recipes and
 * the seeded reviews attributed to reviewer accounts that cannot log in.
 */
export async function seedCatalogue(db: Db, catalogue: Catalogue): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const illustrations: { id: number; hash: string; spec: string }[] = [];
    const picture = (spec: IllustrationSpec): string => {
      const id = illustrations.length + 1;
      const hash = specHash(spec);
      illustrations.push({ id, hash, spec: JSON.stringify(spec) });
      return illustrationPath(id, hash);
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

    const banners = catalogue.banners.map((b, i) => ({
      id: i + 1,
      position: i,
      title: b.title,
      subtitle: b.subtitle,
      image: picture({ type: 'banner', kind: b.kind, title: b.title, subtitle: b.subtitle, palette: b.palette }),
    }));

    const reviewers = new Map<string, number>();
    const products: Insertable<Database['products']>[] = [];
    const variants: Insertable<Database['variants']>[] = [];
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
        const colourHex = v.colorHex ?? NEUTRAL_COLOURS[productId % NEUTRAL_COLOURS.length];
        let paths = picturesByColour.get(colourHex);
        if (!paths) {
          paths = Array.from({ length: IMAGES_PER_COLOUR }, (_, k) =>
            picture({
              type: 'product',
              kind: p.kind,
              colorHex: colourHex,
              label: labelFor(p),
              seed: productId * 10 + k,
            }),
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

    await insertAll(trx, 'illustrations', illustrations);
    await insertAll(trx, 'categories', categories);
    await insertAll(trx, 'subcategories', subcategories);
    await insertAll(trx, 'banners', banners);
    await insertAll(trx, 'products', products);
    await insertAll(trx, 'variants', variants);
    await insertAll(trx, 'variant_images', images);
    await insertAll(trx, 'users', users);
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
  await sql`PRAGMA optimize`.execute(db);
}
