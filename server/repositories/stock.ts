import { sql, type Insertable } from 'kysely';
import type { Db } from '../db';
import type { StockHistoryTable } from '../db/schema';
import { inListSlices } from './dialect';

/**
 * Stock per variant. Every change is one conditional UPDATE, so the database decides it: two
 * checkouts racing for the last piece cannot both pass `on_hand - reserved >= quantity` (the
 * second waits for the first's row lock on PostgreSQL, or for SQLite's single writer, and then
 * sees the count it left), and the table's check refuses anything below zero regardless.
 */

export interface StockLine {
  variant_id: number;
  quantity: number;
}

/** Lines in variant order, so two orders touching the same variants lock them in the same order (no deadlock). */
function inVariantOrder(lines: readonly StockLine[]): StockLine[] {
  return [...lines].sort((a, b) => a.variant_id - b.variant_id);
}

/**
 * Holds `lines` for an unpaid order. Answers null when all were held, or the first variant of
 * which fewer are available than asked; then nothing is held (the lines already held are given
 * back, so a caller may go on with its transaction).
 */
export async function reserveStock(trx: Db, lines: readonly StockLine[]): Promise<number | null> {
  const done: StockLine[] = [];
  for (const line of inVariantOrder(lines)) {
    const result = await trx
      .updateTable('stock_levels')
      .set((eb) => ({ reserved: eb('reserved', '+', line.quantity) }))
      .where('variant_id', '=', line.variant_id)
      .where(sql<boolean>`on_hand - reserved >= ${line.quantity}`)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      await releaseStock(trx, done);
      return line.variant_id;
    }
    done.push(line);
  }
  return null;
}

/** Gives back what an unpaid order held. */
export async function releaseStock(trx: Db, lines: readonly StockLine[]): Promise<void> {
  for (const line of inVariantOrder(lines)) {
    await trx
      .updateTable('stock_levels')
      .set((eb) => ({ reserved: eb('reserved', '-', line.quantity) }))
      .where('variant_id', '=', line.variant_id)
      .where('reserved', '>=', line.quantity)
      .execute();
  }
}

/** A paid order's held stock leaves the shelf. */
export async function sellReservedStock(trx: Db, lines: readonly StockLine[]): Promise<void> {
  for (const line of inVariantOrder(lines)) {
    await trx
      .updateTable('stock_levels')
      .set((eb) => ({
        on_hand: eb('on_hand', '-', line.quantity),
        reserved: eb('reserved', '-', line.quantity),
      }))
      .where('variant_id', '=', line.variant_id)
      .where('reserved', '>=', line.quantity)
      .execute();
  }
}

/**
 * Takes stock off the shelf for an order that held none (paid after its hold was given back);
 * like reserveStock, answers the first variant short (having put back what it took), or null.
 */
export async function takeStock(trx: Db, lines: readonly StockLine[]): Promise<number | null> {
  const done: StockLine[] = [];
  for (const line of inVariantOrder(lines)) {
    const result = await trx
      .updateTable('stock_levels')
      .set((eb) => ({ on_hand: eb('on_hand', '-', line.quantity) }))
      .where('variant_id', '=', line.variant_id)
      .where(sql<boolean>`on_hand - reserved >= ${line.quantity}`)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      await returnStock(trx, done);
      return line.variant_id;
    }
    done.push(line);
  }
  return null;
}

/** Puts a cancelled paid order's goods back on the shelf. */
export async function returnStock(trx: Db, lines: readonly StockLine[]): Promise<void> {
  for (const line of inVariantOrder(lines)) {
    await trx
      .updateTable('stock_levels')
      .set((eb) => ({ on_hand: eb('on_hand', '+', line.quantity) }))
      .where('variant_id', '=', line.variant_id)
      .execute();
  }
}

/** What can be bought of each variant now (on hand less what unpaid orders hold); unknown variants are absent. */
export async function availableStock(db: Db, variantIds: readonly number[]): Promise<Map<number, number>> {
  const available = new Map<number, number>();
  for (const slice of inListSlices([...new Set(variantIds)])) {
    const rows = await db
      .selectFrom('stock_levels')
      .select(['variant_id', 'on_hand', 'reserved'])
      .where('variant_id', 'in', slice)
      .execute();
    for (const r of rows) available.set(r.variant_id, Math.max(0, r.on_hand - r.reserved));
  }
  return available;
}

/** Each variant of these products, or these variants, with what can be bought of it now, by variant id. */
export async function stockOfProducts(
  db: Db,
  by: { products?: readonly number[]; variants?: readonly number[] },
): Promise<{ variant_id: number; product_id: number; available: number }[]> {
  const rows: { variant_id: number; product_id: number; available: number }[] = [];
  const read = async (column: 'v.product_id' | 'v.id', ids: readonly number[]) => {
    for (const slice of inListSlices(ids)) {
      const found = await db
        .selectFrom('variants as v')
        .leftJoin('stock_levels as s', 's.variant_id', 'v.id')
        .select(['v.id as variant_id', 'v.product_id', 's.on_hand', 's.reserved'])
        .where(column, 'in', slice)
        .orderBy('v.id')
        .execute();
      for (const r of found) {
        rows.push({
          variant_id: r.variant_id,
          product_id: r.product_id,
          available: Math.max(0, (r.on_hand ?? 0) - (r.reserved ?? 0)),
        });
      }
    }
  };
  if (by.products?.length) await read('v.product_id', by.products);
  if (by.variants?.length) await read('v.id', by.variants);
  const seen = new Set<number>();
  return rows
    .filter((r) => !seen.has(r.variant_id) && seen.add(r.variant_id))
    .sort((a, b) => a.variant_id - b.variant_id);
}

/** A variant's stock record, or undefined. */
export function stockLevel(db: Db, variantId: number) {
  return db
    .selectFrom('stock_levels')
    .select(['variant_id', 'on_hand', 'reserved'])
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
}

/**
 * Sets what is on the shelf (a stock count by staff). It cannot go below what unpaid orders hold
 * (the table's check refuses it); answers false for a variant with no stock record.
 */
export async function setOnHand(db: Db, variantId: number, onHand: number): Promise<boolean> {
  const result = await db
    .updateTable('stock_levels')
    .set({ on_hand: onHand })
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Adds `delta` (below 0 to take off) to what is on the shelf, relative to what is there when it
 * runs, so that a sale between a page's load and its save stands; one conditional UPDATE, never
 * below what unpaid orders hold (nor 0) nor above `max`. Answers what is on hand after, or null
 * when refused (or the variant has no stock record).
 */
export async function changeOnHand(trx: Db, variantId: number, delta: number, max: number): Promise<number | null> {
  const row = await trx
    .updateTable('stock_levels')
    .set((eb) => ({ on_hand: eb('on_hand', '+', delta) }))
    .where('variant_id', '=', variantId)
    .where(sql<boolean>`on_hand + ${delta} >= reserved`)
    .where(sql<boolean>`on_hand + ${delta} >= 0`)
    .where(sql<boolean>`on_hand + ${delta} <= ${max}`)
    .returning('on_hand')
    .executeTakeFirst();
  return row ? row.on_hand : null;
}

/** One stock change by staff, kept with what was on hand after it. */
export async function insertStockHistory(trx: Db, line: Insertable<StockHistoryTable>): Promise<void> {
  await trx.insertInto('stock_history').values(line).execute();
}

/** The latest `limit` stock changes of each variant, newest first, with who made them. */
export async function stockHistoryOf(db: Db, variantIds: readonly number[], limit: number) {
  const lines = [];
  // One small query a variant (a product has at most 50), each reading its index in order.
  for (const variantId of variantIds) {
    const rows = await db
      .selectFrom('stock_history as h')
      .leftJoin('staff as s', 's.id', 'h.staff_id')
      .select([
        'h.variant_id',
        'h.at',
        'h.delta',
        'h.reason',
        'h.note',
        'h.on_hand_after',
        's.name as staff_name',
        's.role as staff_role',
      ])
      .where('h.variant_id', '=', variantId)
      .orderBy('h.id', 'desc')
      .limit(limit)
      .execute();
    lines.push(...rows);
  }
  return lines;
}
