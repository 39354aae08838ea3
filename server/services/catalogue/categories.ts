import type { AdminCategory, AdminSubcategory } from '../../../contract/api/admin-catalogue';
import type { Db } from '../../db';
import * as repo from '../../repositories/admin-catalogue';
import { recordListingsChange } from '../site/changes';
import { recordAudit, type Actor } from '../staff/audit';
import {
  categoryNotFound,
  change,
  changedFields,
  actionOf,
  conflict,
  fieldError,
  hiddenAtFor,
  moveAmongSiblings,
  ranks,
  subcategoryNotFound,
  type CatalogueStaff,
} from './changes';
/** The back office's categories and subcategories: the tree, and creating, renaming, moving, hiding. */

/** Every category with its subcategories, hidden ones included, in shop order, with product counts. */
export async function categoryTree(db: Db): Promise<AdminCategory[]> {
  const [categories, subcategories, counts] = await Promise.all([
    repo.allCategories(db),
    repo.allSubcategories(db),
    repo.productCountsBySubcategory(db),
  ]);
  const categoryRanks = ranks(categories, () => null);
  const subRanks = ranks(subcategories, (s) => s.category_id);
  return categories.map((c) => {
    const subs = subcategories
      .filter((s) => s.category_id === c.id)
      .map(
        (s): AdminSubcategory => ({
          id: s.id,
          category: s.category_id,
          name: s.name,
          image: s.image,
          position: subRanks.get(s.id) ?? 1,
          hidden: s.hidden_at !== null,
          hidden_at: s.hidden_at,
          product_count: counts.get(s.id) ?? 0,
        }),
      );
    return {
      id: c.id,
      name: c.name,
      image: c.image,
      position: categoryRanks.get(c.id) ?? 1,
      hidden: c.hidden_at !== null,
      hidden_at: c.hidden_at,
      product_count: subs.reduce((sum, s) => sum + s.product_count, 0),
      subcategories: subs,
    };
  });
}

async function categoryAnswer(db: Db, id: number): Promise<AdminCategory> {
  const found = (await categoryTree(db)).find((c) => c.id === id);
  if (!found) throw categoryNotFound();
  return found;
}

async function subcategoryAnswer(db: Db, id: number): Promise<AdminSubcategory> {
  for (const category of await categoryTree(db)) {
    const found = category.subcategories.find((s) => s.id === id);
    if (found) return found;
  }
  throw subcategoryNotFound();
}

const categoryNameTaken = (name: string) => conflict(`A category named '${name}' already exists.`);
const subcategoryNameTaken = (name: string) => conflict(`This category already has a subcategory named '${name}'.`);

/** A new category, last in the menu. The menu is on every page: the whole site is due. */
export async function createCategory(staff: CatalogueStaff, actor: Actor, input: { name: string }) {
  const id = await change(
    staff,
    async (trx, at) => {
      if (await repo.categoryNamed(trx, input.name)) throw categoryNameTaken(input.name);
      const position = await repo.nextPosition(trx, 'categories', null);
      const newId = await repo.insertCategory(trx, { name: input.name, position, image: null });
      await recordAudit(trx, actor, at, {
        action: 'category.create',
        entity: 'category',
        entityId: newId,
        after: { name: input.name },
      });
      await recordListingsChange(trx, { category: newId, named: true }, at);
      return { result: newId, changed: true };
    },
    { unique: () => categoryNameTaken(input.name) },
  );
  return categoryAnswer(staff.db, id);
}

/** What staff may change of a category or subcategory at once. */
interface EntryInput {
  name?: string;
  position?: number;
  hidden?: boolean;
}

/**
 * Renames, hides or shows a category or subcategory found as `current`, moves it among its
 * siblings, and records the change in the audit log and for the static pages. Nothing asked that
 * differs from what is: nothing written.
 */
async function changeEntry(
  trx: Db,
  actor: Actor,
  at: number,
  entry: {
    entity: 'category' | 'subcategory';
    id: number;
    current: { name: string; hidden_at: string | null };
    input: EntryInput;
    siblings: { table: 'categories' | 'subcategories'; scope: number | null };
    write: (fields: { name: string; hidden_at: string | null }) => Promise<unknown>;
    listings: { category: number; subcategory?: number };
  },
): Promise<{ result: undefined; changed: boolean }> {
  const { current, input } = entry;
  const diff = changedFields(
    { name: current.name, hidden: current.hidden_at !== null },
    { name: input.name, hidden: input.hidden },
  ) ?? { before: {}, after: {} };
  if (diff.after.name !== undefined || diff.after.hidden !== undefined) {
    await entry.write({
      name: input.name ?? current.name,
      hidden_at: hiddenAtFor(input.hidden, current.hidden_at, at),
    });
  }
  if (input.position !== undefined) {
    const moved = await moveAmongSiblings(trx, entry.siblings.table, entry.siblings.scope, entry.id, input.position);
    if (moved) {
      diff.before.position = moved.from;
      diff.after.position = moved.to;
    }
  }
  if (Object.keys(diff.after).length === 0) return { result: undefined, changed: false };
  await recordAudit(trx, actor, at, {
    action: actionOf(entry.entity, diff.after),
    entity: entry.entity,
    entityId: entry.id,
    ...diff,
  });
  const named = diff.after.name !== undefined || diff.after.hidden !== undefined;
  await recordListingsChange(trx, { ...entry.listings, named }, at);
  return { result: undefined, changed: true };
}

/** Renames, moves, hides or shows a category (its products leave the storefront with it). */
export async function updateCategory(
  staff: CatalogueStaff,
  actor: Actor,
  id: number,
  input: EntryInput,
): Promise<AdminCategory> {
  await change(
    staff,
    async (trx, at) => {
      const current = await repo.findCategory(trx, id);
      if (!current) throw categoryNotFound();
      if (input.name !== undefined && (await repo.categoryNamed(trx, input.name, id))) {
        throw categoryNameTaken(input.name);
      }
      return changeEntry(trx, actor, at, {
        entity: 'category',
        id,
        current,
        input,
        siblings: { table: 'categories', scope: null },
        write: (fields) => repo.updateCategory(trx, id, fields),
        listings: { category: id },
      });
    },
    { unique: () => categoryNameTaken(input.name ?? '') },
  );
  return categoryAnswer(staff.db, id);
}

/** A new subcategory, last in its category. */
export async function createSubcategory(
  staff: CatalogueStaff,
  actor: Actor,
  input: { category_id: number; name: string },
): Promise<AdminSubcategory> {
  const id = await change(staff, async (trx, at) => {
    if (!(await repo.findCategory(trx, input.category_id))) {
      throw fieldError('category_id', 'No such category: choose one from the list.');
    }
    if (await repo.subcategoryNamed(trx, input.category_id, input.name)) throw subcategoryNameTaken(input.name);
    const position = await repo.nextPosition(trx, 'subcategories', input.category_id);
    const newId = await repo.insertSubcategory(trx, {
      category_id: input.category_id,
      name: input.name,
      position,
      image: null,
    });
    await recordAudit(trx, actor, at, {
      action: 'subcategory.create',
      entity: 'subcategory',
      entityId: newId,
      after: { category_id: input.category_id, name: input.name },
    });
    await recordListingsChange(trx, { category: input.category_id, subcategory: newId, named: true }, at);
    return { result: newId, changed: true };
  });
  return subcategoryAnswer(staff.db, id);
}

/** Renames, moves, hides or shows a subcategory. */
export async function updateSubcategory(
  staff: CatalogueStaff,
  actor: Actor,
  id: number,
  input: EntryInput,
): Promise<AdminSubcategory> {
  await change(staff, async (trx, at) => {
    const current = await repo.findSubcategory(trx, id);
    if (!current) throw subcategoryNotFound();
    if (input.name !== undefined && (await repo.subcategoryNamed(trx, current.category_id, input.name, id))) {
      throw subcategoryNameTaken(input.name);
    }
    return changeEntry(trx, actor, at, {
      entity: 'subcategory',
      id,
      current,
      input,
      siblings: { table: 'subcategories', scope: current.category_id },
      write: (fields) => repo.updateSubcategory(trx, id, fields),
      listings: { category: current.category_id, subcategory: id },
    });
  });
  return subcategoryAnswer(staff.db, id);
}
