/**
 * The words of an error answer, however a backend with the contract (docs/api.md) puts them: a
 * module of its own, since every failed call reads it and most pages need nothing else of
 * normalise.ts.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The human message of an error answer: `message`, else `detail`, else `error` (strings, or the
 * first string of a list or field map), else `fallback`.
 */
export function errorMessage(body: unknown, fallback: string): string {
  const first = (value: unknown): string | null => {
    if (typeof value === 'string' && value.trim()) return value;
    if (Array.isArray(value)) return value.map(first).find(Boolean) ?? null;
    if (isRecord(value)) return Object.values(value).map(first).find(Boolean) ?? null;
    return null;
  };
  if (typeof body === 'string' && body.trim()) return withoutFieldKey(body);
  if (!isRecord(body)) return fallback;
  const found = first(body.message) ?? first(body.detail) ?? first(body.error) ?? first(body.errors);
  return found ? withoutFieldKey(found) : fallback;
}

/** A raw key heading a message ('quantity: …', 'products.0.quantity: …'), as some backends send. */
const FIELD_KEY_PREFIX = /^\s*[a-z_][a-z0-9_]*(?:\.[a-z0-9_]+)*\s*:\s+(?=\S)/;

/** The message without a raw field key in front: shoppers read sentences, not `quantity: Too big`. */
export function withoutFieldKey(message: string): string {
  const rest = message.replace(FIELD_KEY_PREFIX, '');
  return rest === message ? message : rest.charAt(0).toUpperCase() + rest.slice(1);
}
