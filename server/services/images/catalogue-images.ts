/**
 * Catalogue pictures kept in the database (the illustrations table) and served under
 * /media/catalogue/. The shop only serves what is stored: whatever fills the catalogue (the demo
 * seed, an import) writes the pictures.
 */

/** The public path under which stored picture `id` is served. */
export function illustrationPath(id: number, hash: string): string {
  return `/media/catalogue/${id}-${hash}.svg`;
}

/** Reads `{id}-{hash}.svg` back into its parts, or null for any other name. */
export function parseIllustrationName(name: string): { id: number; hash: string } | null {
  const [, id, hash] = /^(\d{1,12})-([0-9a-f]{10})\.svg$/.exec(name) ?? [];
  return id && hash ? { id: Number(id), hash } : null;
}
