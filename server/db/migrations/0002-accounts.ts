import { sql, type Kysely, type Migration } from 'kysely';
import { columnsFor } from './columns';

/** Sessions that can be ended, password resets by e-mailed PIN, and delivery addresses. */
export const accounts: Migration = {
  async up(db: Kysely<unknown>) {
    const col = columnsFor(db);
    // Unix seconds: tokens issued before it are dead (a password reset moves it forward).
    await db.schema.alterTable('users').addColumn('tokens_valid_after', col.unixTime).execute();
    // SQLite cannot add a column with a non-constant default; writers set it.
    await db.schema.alterTable('users').addColumn('updated_at', 'text').execute();

    await db.schema
      .createTable('revoked_tokens')
      .addColumn('jti', 'text', (c) => c.primaryKey())
      // Unix seconds of the token's own expiry: after it the row is useless and pruned.
      .addColumn('expires_at', col.unixTime, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('revoked_tokens_expiry').on('revoked_tokens').column('expires_at').execute();

    await db.schema
      .createTable('password_resets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('email_lower', 'text', (c) => c.notNull())
      .addColumn('pin_hash', 'text', (c) => c.notNull())
      // Times in Unix milliseconds.
      .addColumn('created_at', col.unixTime, (c) => c.notNull())
      .addColumn('expires_at', col.unixTime, (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('verified_at', col.unixTime)
      // SHA-256 of the one-time token handed out at verification; the reset must present it.
      .addColumn('token_hash', 'text')
      .addColumn('used_at', col.unixTime)
      .execute();
    await db.schema
      .createIndex('password_resets_email')
      .on('password_resets')
      .columns(['email_lower', 'created_at'])
      .execute();

    await col
      .id(db.schema.createTable('addresses'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text', (c) => c.notNull())
      .addColumn('alternate_phone_number', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('pincode', 'text', (c) => c.notNull())
      .addColumn('locality', 'text', (c) => c.notNull())
      .addColumn('area', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('landmark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('address_type', 'text', (c) => c.notNull().check(sql`address_type IN ('home', 'work')`))
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(col.now))
      .execute();
    await db.schema.createIndex('addresses_user').on('addresses').column('user_id').execute();
  },
};
