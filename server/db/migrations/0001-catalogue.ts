import { sql, type Kysely, type Migration } from 'kysely';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** The catalogue, its pictures, and the shoppers and ratings the averages come from. */
export const catalogue: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('illustrations')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('spec', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('categories')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('image', 'text')
      .execute();

    await db.schema
      .createTable('subcategories')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
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

    await db.schema
      .createTable('products')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('subcategory_id', 'integer', (c) => c.notNull().references('subcategories.id').onDelete('restrict'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('weight_grams', 'integer', (c) => c.notNull().check(sql`weight_grams >= 0`))
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('length_cm', 'real', (c) => c.notNull())
      .addColumn('width_cm', 'real', (c) => c.notNull())
      .addColumn('height_cm', 'real', (c) => c.notNull())
      .addColumn('big_deal', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('popular', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      .execute();
    await db.schema.createIndex('products_subcategory').on('products').column('subcategory_id').execute();

    await db.schema
      .createTable('variants')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('color', 'text')
      .addColumn('size', 'text')
      .addColumn('sku', 'text', (c) => c.notNull().unique())
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('unit_value', 'real', (c) => c.notNull())
      .addColumn('price_paise', 'integer', (c) => c.notNull().check(sql`price_paise > 0`))
      .addColumn('final_price_paise', 'integer', (c) =>
        c.notNull().check(sql`final_price_paise > 0 AND final_price_paise <= price_paise`),
      )
      .execute();
    await db.schema.createIndex('variants_product').on('variants').columns(['product_id', 'position']).execute();

    await db.schema
      .createTable('variant_images')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('variant_id', 'integer', (c) => c.notNull().references('variants.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('image', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('variant_images_variant')
      .on('variant_images')
      .columns(['variant_id', 'position'])
      .execute();

    await db.schema
      .createTable('banners')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('subtitle', 'text')
      .addColumn('image', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('users')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text')
      .addColumn('password_hash', 'text')
      .addColumn('profile_picture', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      .execute();
    // E-mails are unique whatever their case.
    await sql`CREATE UNIQUE INDEX users_email ON users (lower(email))`.execute(db);
    await sql`CREATE UNIQUE INDEX users_phone ON users (phone_number) WHERE phone_number IS NOT NULL`.execute(db);

    await db.schema
      .createTable('ratings')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('variant_id', 'integer', (c) => c.notNull().references('variants.id').onDelete('cascade'))
      .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating BETWEEN 1 AND 5`))
      .addColumn('review', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      .addUniqueConstraint('ratings_one_per_variant', ['user_id', 'variant_id'])
      .execute();
    await db.schema.createIndex('ratings_variant').on('ratings').columns(['variant_id', 'rating']).execute();
    await db.schema.createIndex('ratings_product').on('ratings').column('product_id').execute();

    await db.schema
      .createTable('rating_images')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('rating_id', 'integer', (c) => c.notNull().references('ratings.id').onDelete('cascade'))
      .addColumn('image', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rating_images_rating').on('rating_images').column('rating_id').execute();
  },
};
