import { Migrator, sql } from 'kysely';
import { engineOf, type Db } from '../../server/db';
import { migrationProvider } from '../../server/db/migrations';
import { openTestDatabase, type TestDatabase } from '../database';

/** The schema a PostgreSQL test shop lives in (where its migration tables are). */
export async function currentSchemaOf(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}

/**
 * A fresh test database migrated up to `migration` (that one included), as a shop stood before the
 * migrations after it: the test fills it with that time's rows and then runs `migrate`.
 */
export async function databaseMigratedTo(migration: string): Promise<TestDatabase> {
  const database = await openTestDatabase();
  const { db } = database;
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    migrationTableSchema: engineOf(db) === 'postgres' ? await currentSchemaOf(db) : undefined,
  });
  const { error } = await migrator.migrateTo(migration);
  if (error) {
    await database.drop();
    throw error;
  }
  return database;
}
