import type { Db } from '../db';

/** The stored catalogue pictures (the illustrations table), as the media route serves them. */

/** Stored picture `id` with the hash its public name carries, or undefined when there is none. */
export function findPicture(db: Db, id: number): Promise<{ hash: string; svg: string | null } | undefined> {
  return db.selectFrom('illustrations').select(['hash', 'svg']).where('id', '=', id).executeTakeFirst();
}
