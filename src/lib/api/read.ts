/**
 * The readers every normaliser shares: fields that may come as strings or numbers, lists that may
 * come bare or wrapped, media paths, a page's total. The shapes themselves are read in
 * normalise.ts (catalogue, accounts, orders) and normalise-lines.ts (cart and wishlist).
 */
import type { VariantImage } from '../../../contract/types';

export type Raw = Record<string, unknown>;

export function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function num(value: unknown, fallback = 0): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
}

export function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
}

export function strOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The list inside an answer: the answer itself when it is an array, else the first of `keys`
 * that holds an array (`results` by default); anything else is an empty list.
 */
export function asList(raw: unknown, keys: string[] = ['results']): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (isRecord(raw)) {
    for (const key of keys) {
      const value = raw[key];
      if (Array.isArray(value)) return value;
      if (isRecord(value)) {
        const inner = asList(value, keys);
        if (inner.length) return inner;
      }
    }
  }
  return [];
}

/**
 * Resolves a media path against `mediaOrigin` (the public API's origin; empty for the same origin
 * as the site). Absolute URLs and data URIs pass through; nothing usable gives null.
 */
export function resolveMedia(path: unknown, mediaOrigin: string): string | null {
  const value = strOrNull(path);
  if (!value) return null;
  if (/^(https?:)?\/\//i.test(value) || value.startsWith('data:')) return value;
  const rooted = value.startsWith('/') ? value : `/${value}`;
  return `${mediaOrigin}${rooted}`;
}

/** The total count of a paged answer, or the list's length when the answer is not paged. */
export function totalCount(raw: unknown): number {
  if (isRecord(raw) && typeof raw.count === 'number') return raw.count;
  return asList(raw).length;
}

/** A variant's pictures: a list of `{id, image}` or of bare paths. */
export function normaliseImages(raw: unknown, mediaOrigin: string): VariantImage[] {
  return asList(raw).flatMap((item, index) => {
    const r = isRecord(item) ? item : { image: item };
    const image = resolveMedia(r.image, mediaOrigin);
    return image ? [{ id: num(r.id, index + 1), image }] : [];
  });
}
