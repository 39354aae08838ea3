import { createHash } from 'node:crypto';
import type { IllustrationKind } from '../../db/seed/generate';
import { bannerIllustration, productIllustration, tileIllustration } from './illustrations';

/** The recipe of a generated catalogue picture, as stored in the illustrations table. */
export type IllustrationSpec =
  | { type: 'product'; kind: IllustrationKind; colorHex: string; label: string; seed: number }
  | { type: 'tile'; kind: IllustrationKind; background: string }
  | {
      type: 'banner';
      kind: IllustrationKind;
      title: string;
      subtitle: string | null;
      palette: [string, string];
    };

/** Short content hash of a recipe; it is part of the URL, so a URL's picture never changes. */
export function specHash(spec: IllustrationSpec): string {
  return createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 10);
}

/** The public path under which the server draws illustration `id`. */
export function illustrationPath(id: number, hash: string): string {
  return `/media/catalogue/${id}-${hash}.svg`;
}

/** Reads `{id}-{hash}.svg` back into its parts, or null for any other name. */
export function parseIllustrationName(name: string): { id: number; hash: string } | null {
  const match = /^(\d{1,12})-([0-9a-f]{10})\.svg$/.exec(name);
  return match ? { id: Number(match[1]), hash: match[2] } : null;
}

/** Draws a recipe as SVG text. */
export function renderIllustration(spec: IllustrationSpec): string {
  switch (spec.type) {
    case 'product':
      return productIllustration(spec);
    case 'tile':
      return tileIllustration(spec);
    case 'banner':
      return bannerIllustration(spec);
  }
}
