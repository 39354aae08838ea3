/**
 * What the repositories need that differs between databases, in one place. Every other query is
 * portable Kysely that SQLite and PostgreSQL both run. `INSERT … ON CONFLICT (…) DO NOTHING`
 * (cart, wishlist, revoked tokens, webhook events) and `RETURNING` are spelled the same by both,
 * so they stay in their repositories.
 */

/**
 * Values bound in one `IN (…)` list: SQLite allows 32,766 bound values per statement and
 * PostgreSQL 65,535; slices of 900 stay far below both.
 */
const IN_LIST_SLICE = 900;

/** `items` cut into slices short enough for one `IN (…)` list each. */
export function inListSlices<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += IN_LIST_SLICE) out.push(items.slice(i, i + IN_LIST_SLICE));
  return out;
}

/**
 * True when a write broke a unique constraint (two requests raced past a check): SQLite's
 * `SQLITE_CONSTRAINT_UNIQUE`, or PostgreSQL's SQLSTATE 23505.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
