import { sql, type Kysely, type Migration } from 'kysely';
import { columnsFor } from './columns';

/** The catalogue, its pictures, and the shoppers and ratings the averages come from. */
export const catalogue: Migration = {
  async up(db: Kysely<unknown>) {
    const col = columnsFor(db);
    await col
      .id(db.schema.createTable('illustrations'))
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('spec', 'text', (c) => c.notNull())
      .execute();

    await col
      .id(db.schema.createTable('categories'))
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('image', 'text')
      .execute();

    await col
      .id(db.schema.createTable('subcategories'))
      .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('image', 'text')
      .execute();
    await db.schema
      .createIndex('subcategories_category')
      .on('subcategories')
      .columns(['category_id', 'position'])
      .execute();

    await col
      .id(db.schema.createTable('products'))
      .addColumn('subcategory_id', 'integer', (c) => c.notNull().references('subcategories.id').onDelete('restrict'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('weight_grams', 'integer', (c) => c.notNull().check(sql`weight_grams >= 0`))
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('length_cm', col.real, (c) => c.notNull())
      .addColumn('width_cm', col.real, (c) => c.notNull())
      .addColumn('height_cm', col.real, (c) => c.notNull())
      .addColumn('big_deal', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('popular', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(col.now))
      .execute();
    await db.schema.createIndex('products_subcategory').on('products').column('subcategory_id').execute();

    await col
      .id(db.schema.createTable('variants'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('color', 'text')
      .addColumn('size', 'text')
      .addColumn('sku', 'text', (c) => c.notNull().unique())
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('unit_value', col.real, (c) => c.notNull())
      .addColumn('price_paise', 'integer', (c) => c.notNull().check(sql`price_paise > 0`))
      .addColumn('final_price_paise', 'integer', (c) =>
        c.notNull().check(sql`final_price_paise > 0 AND final_price_paise <= price_paise`),
      )
      .execute();
    await db.schema.createIndex('variants_product').on('variants').columns(['product_id', 'position']).execute();

    await col
      .id(db.schema.createTable('variant_images'))
      .addColumn('variant_id', 'integer', (c) => c.notNull().references('variants.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('image', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('variant_images_variant')
      .on('variant_images')
      .columns(['variant_id', 'position'])
      .execute();

    await col
      .id(db.schema.createTable('banners'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('subtitle', 'text')
      .addColumn('image', 'text', (c) => c.notNull())
      .execute();

    await col
      .id(db.schema.createTable('users'))
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text')
      .addColumn('password_hash', 'text')
      .addColumn('profile_picture', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(col.now))
      .execute();
    // E-mails are unique whatever their case.
    await sql`CREATE UNIQUE INDEX users_email ON users (lower(email))`.execute(db);
    await sql`CREATE UNIQUE INDEX users_phone ON users (phone_number) WHERE phone_number IS NOT NULL`.execute(db);

    await col
      .id(db.schema.createTable('ratings'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('variant_id', 'integer', (c) => c.notNull().references('variants.id').onDelete('cascade'))
      .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating BETWEEN 1 AND 5`))
      .addColumn('review', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(col.now))
      .addUniqueConstraint('ratings_one_per_variant', ['user_id', 'variant_id'])
      .execute();
    await db.schema.createIndex('ratings_variant').on('ratings').columns(['variant_id', 'rating']).execute();
    await db.schema.createIndex('ratings_product').on('ratings').column('product_id').execute();

    await col
      .id(db.schema.createTable('rating_images'))
      .addColumn('rating_id', 'integer', (c) => c.notNull().references('ratings.id').onDelete('cascade'))
      .addColumn('image', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rating_images_rating').on('rating_images').column('rating_id').execute();
  },
};
