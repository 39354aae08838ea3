import { sql } from 'kysely';
import type { Db } from '../../server/db';

/** The schema a PostgreSQL test shop lives in (where its migration tables are). */
export async function currentSchemaOf(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}
