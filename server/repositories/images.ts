import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db';
import type { ImagesTable } from '../db/schema';

/** The pipeline's pictures (the images table): what the encoder reads and marks. */

export type ImageRow = Pick<Selectable<ImagesTable>, 'id' | 'hash' | 'width' | 'height' | 'colour' | 'ext' | 'recipe'>;

/** Records pictures; a hash already recorded is left as it is. */
export async function recordImages(db: Db, rows: Insertable<ImagesTable>[]): Promise<void> {
  // 400 rows a statement stays under SQLite's bound-variable limit (8 columns each).
  for (let i = 0; i < rows.length; i += 400) {
    await db
      .insertInto('images')
      .values(rows.slice(i, i + 400))
      .onConflict((oc) => oc.column('hash').doNothing())
      .execute();
  }
}

/** How many pictures are encoded by a version below `version`. */
export async function countImagesBehind(db: Db, version: number): Promise<number> {
  const row = await db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('encoded', '<', version)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Up to `limit` pictures encoded below `version`, after id `afterId`, in id order. */
export function imagesBehind(db: Db, version: number, afterId: number, limit: number): Promise<ImageRow[]> {
  return db
    .selectFrom('images')
    .select(['id', 'hash', 'width', 'height', 'colour', 'ext', 'recipe'])
    .where('encoded', '<', version)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Marks a picture's responsive widths as written by `version`. */
export async function markEncoded(db: Db, id: number, version: number): Promise<void> {
  await db.updateTable('images').set({ encoded: version }).where('id', '=', id).execute();
}

/** A picture's row by its hash. */
export function findImage(db: Db, hash: string): Promise<ImageRow | undefined> {
  return db
    .selectFrom('images')
    .select(['id', 'hash', 'width', 'height', 'colour', 'ext', 'recipe'])
    .where('hash', '=', hash)
    .executeTakeFirst();
}

/** Forgets a picture (its files are deleted by the caller). */
export async function deleteImage(db: Db, hash: string): Promise<void> {
  await db.deleteFrom('images').where('hash', '=', hash).execute();
}
