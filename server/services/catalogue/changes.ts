import type { Db } from '../../db';
import { Conflict, Invalid, NotFound, type DomainError } from '../errors';
import * as repo from '../../repositories/admin-catalogue';
import type { OrderedTable } from '../../repositories/admin-catalogue';
import { isForeignKeyViolation, isUniqueViolation } from '../../repositories/dialect';
import { inTransaction } from '../../repositories/helpers';
import { CATALOGUE_IMAGE, deleteUploadedImage, storeUploadedImage } from '../images/uploads';
import type { StaffContext } from '../staff/context';

/**
 * The back office's catalogue (categories.ts, products.ts, pictures.ts, home-pieces.ts; admin.ts
 * names them all): what staff may change and how each change is kept. This module holds what they
 * share. Every change is
 * one transaction holding the change, its audit entry (the touched fields before and after) and
 * the storefront pages it touches (site_changes); once it commits, every process's catalogue
 * answers are emptied, so a new price shows at once (carts and orders read prices from the
 * database anyway).
 */

/** What the catalogue's changes use of the back office. */
export type CatalogueStaff = Pick<StaffContext, 'db' | 'now' | 'mediaDir' | 'catalogueChanged'>;

export type Fields = Record<string, unknown>;

export const categoryNotFound = () => new NotFound('No such category.');
export const subcategoryNotFound = () => new NotFound('No such subcategory.');
export const productNotFound = () => new NotFound('No such product.');
export const variantNotFound = () => new NotFound('No such variant.');
export const imageNotFound = () => new NotFound('No such picture.');

/** A 400 naming one field, as a failed parse answers. */
export function fieldError(field: string, message: string): Invalid {
  return new Invalid(message, { errors: { [field]: [message] } });
}

export function conflict(message: string): Conflict {
  return new Conflict(message);
}

/** The fields of `next` that differ from `current`: as they were, and as they become. */
export function changedFields(current: Fields, next: Fields): { before: Fields; after: Fields } | null {
  const before: Fields = {};
  const after: Fields = {};
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined || current[key] === value) continue;
    before[key] = current[key];
    after[key] = value;
  }
  return Object.keys(after).length ? { before, after } : null;
}

/** 'product.hide' / 'product.unhide' when hiding is all that changed, else 'product.update'. */
export function actionOf(entity: string, after: Fields): string {
  const keys = Object.keys(after);
  if (keys.length === 1 && keys[0] === 'hidden') return `${entity}.${after.hidden ? 'hide' : 'unhide'}`;
  return `${entity}.update`;
}

/** The `hidden_at` that a requested `hidden` gives: kept when already so, now when newly hidden. */
export function hiddenAtFor(hidden: boolean | undefined, current: string | null, at: number): string | null {
  if (hidden === undefined) return current;
  return hidden ? (current ?? new Date(at).toISOString()) : null;
}

/** How a change words a key the database refused (two staff changing the same thing at once). */
interface Refusals {
  /** A unique key: a name or product code taken meanwhile. */
  unique?: () => DomainError;
  /** A foreign key: a row named or deleted meanwhile. */
  foreignKey?: () => DomainError;
}

/**
 * Runs one change: its writes, audit entry and site change in one transaction, then empties the
 * catalogue answers. The checks inside come first, so a refused key is only ever a race past them.
 */
export async function change<T>(
  staff: CatalogueStaff,
  work: (trx: Db, at: number) => Promise<{ result: T; changed: boolean }>,
  refusals: Refusals = {},
): Promise<T> {
  let outcome: { result: T; changed: boolean };
  try {
    outcome = await inTransaction(staff.db, (trx) => work(trx, staff.now()));
  } catch (error) {
    if (refusals.unique && isUniqueViolation(error)) throw refusals.unique();
    if (refusals.foreignKey && isForeignKeyViolation(error)) throw refusals.foreignKey();
    throw error;
  }
  if (outcome.changed) staff.catalogueChanged();
  return outcome.result;
}

/** Moves `id` to `position` (from 1) among its siblings; answers whether anything moved. */
export async function moveAmongSiblings(
  trx: Db,
  table: OrderedTable,
  scope: number | null,
  id: number,
  position: number,
): Promise<{ from: number; to: number } | null> {
  const ids = await repo.siblingIds(trx, table, scope);
  const from = ids.indexOf(id);
  const rest = ids.filter((other) => other !== id);
  const to = Math.min(position - 1, rest.length);
  rest.splice(to, 0, id);
  await repo.writePositions(trx, table, rest);
  return from === to ? null : { from: from + 1, to: to + 1 };
}

/** Each id's place (from 1) among its siblings, by id. */
export function ranks<T extends { id: number }>(
  rows: readonly T[],
  parentOf: (row: T) => number | null,
): Map<number, number> {
  const counts = new Map<number | null, number>();
  const out = new Map<number, number>();
  for (const row of rows) {
    const parent = parentOf(row);
    const next = (counts.get(parent) ?? 0) + 1;
    counts.set(parent, next);
    out.set(row.id, next);
  }
  return out;
}

/** Deletes uploaded files that no picture or banner names any more (after the change committed). */
export async function forgetUnusedFiles(staff: CatalogueStaff, images: readonly string[]): Promise<void> {
  for (const image of new Set(images)) {
    if ((await repo.imageUses(staff.db, image)) === 0) {
      await deleteUploadedImage(image, staff.mediaDir, staff.db).catch(() => undefined);
    }
  }
}

/**
 * Stores an uploaded picture (checked and re-encoded like every upload) and runs `work` with its
 * path; if the change fails the file is removed, so a refused change leaves nothing behind.
 */
export async function withUploadedImage<T>(staff: CatalogueStaff, file: Blob, work: (image: string) => Promise<T>) {
  const image = await storeUploadedImage(file, staff.mediaDir, CATALOGUE_IMAGE, staff.db);
  try {
    return await work(image);
  } catch (error) {
    await deleteUploadedImage(image, staff.mediaDir, staff.db).catch(() => undefined);
    throw error;
  }
}
