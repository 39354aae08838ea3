import type { Db } from '../../db';
import { findPicture } from '../../repositories/pictures';

/**
 * Catalogue pictures kept in the database (the illustrations table) and served under
 * /media/catalogue/. The shop only serves what is stored: whatever fills the catalogue (the demo
 * seed, an import) writes the pictures.
 */

/**
 * The stored picture a `/media/catalogue/` name asks for, as SVG text; null for a name that is
 * not one, an unknown id, or a hash that is not the stored picture's (an old address).
 */
export async function storedIllustration(db: Db, name: string): Promise<string | null> {
  const parsed = parseIllustrationName(name);
  const row = parsed && (await findPicture(db, parsed.id));
  if (!parsed || !row?.svg || row.hash !== parsed.hash) return null;
  return row.svg;
}

/** The public path under which stored picture `id` is served. */
export function illustrationPath(id: number, hash: string): string {
  return `/media/catalogue/${id}-${hash}.svg`;
}

/** Reads `{id}-{hash}.svg` back into its parts, or null for any other name. */
export function parseIllustrationName(name: string): { id: number; hash: string } | null {
  const [, id, hash] = /^(\d{1,12})-([0-9a-f]{10})\.svg$/.exec(name) ?? [];
  return id && hash ? { id: Number(id), hash } : null;
}
