import type { Db } from './index';

/** True when no product exists yet, so start-up knows to seed the demo catalogue. */
export async function catalogueIsEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/** True when a stored picture has its recipe but no drawing (stored before pictures were kept as SVG). */
export async function hasUndrawnPictures(db: Db): Promise<boolean> {
  const row = await db.selectFrom('illustrations').select('id').where('svg', 'is', null).limit(1).executeTakeFirst();
  return row !== undefined;
}
