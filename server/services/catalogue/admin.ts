import type {
  AdminBanner,
  AdminCategory,
  AdminHomeOffer,
  AdminProduct,
  AdminProductPage,
  AdminProductRow,
  AdminSubcategory,
  AdminVariant,
} from '../../../contract/api/admin-catalogue';
import { discountPercent, paiseToRupees, rupeesToPaise } from '../../../contract/pricing';
import {
  ADMIN_PAGE_SIZE,
  FINAL_ABOVE_PRICE,
  HSN_REQUIRED,
  LAST_VARIANT,
  VARIANT_ON_ORDERS,
  VARIANT_REVIEWED,
  skuTaken,
  stockBelowHeld,
  type GstRate,
  type ProductSort,
} from '../../../contract/schemas/admin-catalogue';
import type { Db } from '../../db';
import { Conflict, Invalid, NotFound, type DomainError } from '../errors';
import * as repo from '../../repositories/admin-catalogue';
import type { AdminProductBase, AdminVariantRow, OrderedTable } from '../../repositories/admin-catalogue';
import { isForeignKeyViolation, isUniqueViolation } from '../../repositories/dialect';
import { inTransaction } from '../../repositories/helpers';
import { CATALOGUE_IMAGE, deleteUploadedImage, storeUploadedImage } from '../images/uploads';
import { recordSiteChange, type SiteChange } from '../site/changes';
import { recordAudit, type Actor } from '../staff/audit';
import type { StaffContext } from '../staff/context';

/**
 * The back office's catalogue: what staff may change and how each change is kept. Every change is
 * one transaction holding the change, its audit entry (the touched fields before and after) and
 * the storefront pages it touches (site_changes); once it commits, every process's catalogue
 * answers are emptied, so a new price shows at once (carts and orders read prices from the
 * database anyway).
 */

/** What the catalogue's changes use of the back office. */
export type CatalogueStaff = Pick<StaffContext, 'db' | 'now' | 'mediaDir' | 'catalogueChanged'>;

type Fields = Record<string, unknown>;

const categoryNotFound = () => new NotFound('No such category.');
const subcategoryNotFound = () => new NotFound('No such subcategory.');
const productNotFound = () => new NotFound('No such product.');
const variantNotFound = () => new NotFound('No such variant.');
const imageNotFound = () => new NotFound('No such picture.');
const bannerNotFound = () => new NotFound('No such banner.');

/** A 400 naming one field, as a failed parse answers. */
function fieldError(field: string, message: string): Invalid {
  return new Invalid(message, { errors: { [field]: [message] } });
}

function conflict(message: string): Conflict {
  return new Conflict(message);
}

/** The fields of `next` that differ from `current`: as they were, and as they become. */
function changedFields(current: Fields, next: Fields): { before: Fields; after: Fields } | null {
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
function actionOf(entity: string, after: Fields): string {
  const keys = Object.keys(after);
  if (keys.length === 1 && keys[0] === 'hidden') return `${entity}.${after.hidden ? 'hide' : 'unhide'}`;
  return `${entity}.update`;
}

/** The `hidden_at` that a requested `hidden` gives: kept when already so, now when newly hidden. */
function hiddenAtFor(hidden: boolean | undefined, current: string | null, at: number): string | null {
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
async function change<T>(
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
async function moveAmongSiblings(
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
function ranks<T extends { id: number }>(rows: readonly T[], parentOf: (row: T) => number | null): Map<number, number> {
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

// ---- Categories and subcategories ----

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
      await recordSiteChange(trx, { everything: true }, at);
      return { result: newId, changed: true };
    },
    { unique: () => categoryNameTaken(input.name) },
  );
  return categoryAnswer(staff.db, id);
}

/** Renames, moves, hides or shows a category (its products leave the storefront with it). */
export async function updateCategory(
  staff: CatalogueStaff,
  actor: Actor,
  id: number,
  input: { name?: string; position?: number; hidden?: boolean },
): Promise<AdminCategory> {
  await change(
    staff,
    async (trx, at) => {
      const current = await repo.findCategory(trx, id);
      if (!current) throw categoryNotFound();
      if (input.name !== undefined && (await repo.categoryNamed(trx, input.name, id))) {
        throw categoryNameTaken(input.name);
      }
      const hiddenAt = hiddenAtFor(input.hidden, current.hidden_at, at);
      const diff = changedFields(
        { name: current.name, hidden: current.hidden_at !== null },
        { name: input.name, hidden: input.hidden },
      ) ?? { before: {}, after: {} };
      if (diff.after.name !== undefined || diff.after.hidden !== undefined) {
        await repo.updateCategory(trx, id, { name: input.name ?? current.name, hidden_at: hiddenAt });
      }
      if (input.position !== undefined) {
        const moved = await moveAmongSiblings(trx, 'categories', null, id, input.position);
        if (moved) {
          diff.before.position = moved.from;
          diff.after.position = moved.to;
        }
      }
      if (Object.keys(diff.after).length === 0) return { result: undefined, changed: false };
      await recordAudit(trx, actor, at, {
        action: actionOf('category', diff.after),
        entity: 'category',
        entityId: id,
        ...diff,
      });
      await recordSiteChange(trx, { everything: true }, at);
      return { result: undefined, changed: true };
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
    await recordSiteChange(trx, { everything: true }, at);
    return { result: newId, changed: true };
  });
  return subcategoryAnswer(staff.db, id);
}

/** Renames, moves, hides or shows a subcategory. */
export async function updateSubcategory(
  staff: CatalogueStaff,
  actor: Actor,
  id: number,
  input: { name?: string; position?: number; hidden?: boolean },
): Promise<AdminSubcategory> {
  await change(staff, async (trx, at) => {
    const current = await repo.findSubcategory(trx, id);
    if (!current) throw subcategoryNotFound();
    if (input.name !== undefined && (await repo.subcategoryNamed(trx, current.category_id, input.name, id))) {
      throw subcategoryNameTaken(input.name);
    }
    const hiddenAt = hiddenAtFor(input.hidden, current.hidden_at, at);
    const diff = changedFields(
      { name: current.name, hidden: current.hidden_at !== null },
      { name: input.name, hidden: input.hidden },
    ) ?? { before: {}, after: {} };
    if (diff.after.name !== undefined || diff.after.hidden !== undefined) {
      await repo.updateSubcategory(trx, id, { name: input.name ?? current.name, hidden_at: hiddenAt });
    }
    if (input.position !== undefined) {
      const moved = await moveAmongSiblings(trx, 'subcategories', current.category_id, id, input.position);
      if (moved) {
        diff.before.position = moved.from;
        diff.after.position = moved.to;
      }
    }
    if (Object.keys(diff.after).length === 0) return { result: undefined, changed: false };
    await recordAudit(trx, actor, at, {
      action: actionOf('subcategory', diff.after),
      entity: 'subcategory',
      entityId: id,
      ...diff,
    });
    await recordSiteChange(trx, { everything: true }, at);
    return { result: undefined, changed: true };
  });
  return subcategoryAnswer(staff.db, id);
}

// ---- Products ----

function variantOf(v: AdminVariantRow, position: number, images: repo.VariantImageRow[]): AdminVariant {
  return {
    id: v.id,
    position,
    name: v.name,
    sku: v.sku,
    color: v.color,
    size: v.size,
    unit: v.unit as AdminVariant['unit'],
    unit_value: v.unit_value,
    price: paiseToRupees(v.price_paise),
    final_price: paiseToRupees(v.final_price_paise),
    discount_percent: discountPercent(v.price_paise, v.final_price_paise),
    stock: { on_hand: v.on_hand, reserved: v.reserved, available: Math.max(0, v.on_hand - v.reserved) },
    images: images.map((image, i) => ({ id: image.id, image: image.image, position: i + 1 })),
  };
}

function productCore(p: AdminProductBase) {
  return {
    id: p.id,
    name: p.name,
    brand: p.brand,
    category: p.category_id,
    category_name: p.category_name,
    sub_category: p.subcategory_id,
    sub_category_name: p.sub_category_name,
    popular: p.popular === 1,
    big_deal: p.big_deal === 1,
    hidden: p.hidden_at !== null,
    hidden_at: p.hidden_at,
    shown: p.hidden_at === null && p.sub_category_hidden_at === null && p.category_hidden_at === null,
    created_at: p.created_at,
  };
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const list = out.get(key(item)) ?? [];
    list.push(item);
    out.set(key(item), list);
  }
  return out;
}

/** One product with every field, its variants, their stock and pictures; 404 when there is none. */
export async function readProduct(db: Db, id: number): Promise<AdminProduct> {
  const p = await repo.findAdminProduct(db, id);
  if (!p) throw productNotFound();
  const variants = await repo.variantsOfProducts(db, [id]);
  const images = groupBy(
    await repo.imagesOfVariants(
      db,
      variants.map((v) => v.id),
    ),
    (i) => i.variant_id,
  );
  return {
    ...productCore(p),
    description: p.description,
    weight: p.weight_grams,
    unit: p.unit as AdminProduct['unit'],
    length: p.length_cm,
    width: p.width_cm,
    height: p.height_cm,
    hsn_code: p.hsn_code,
    gst_rate: p.gst_rate,
    variants: variants.map((v, i) => variantOf(v, i + 1, images.get(v.id) ?? [])),
  };
}

/** A page of products for the back office's list. */
export async function listProducts(
  db: Db,
  query: {
    search?: string;
    category?: number;
    subcategory?: number;
    hidden?: boolean;
    sort?: ProductSort;
    page?: number;
    page_size?: number;
  },
): Promise<AdminProductPage> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? ADMIN_PAGE_SIZE;
  const filter = {
    search: query.search,
    categoryId: query.category,
    subcategoryId: query.subcategory,
    hidden: query.hidden,
  };
  const [count, rows] = await Promise.all([
    repo.countAdminProducts(db, filter),
    repo.pageOfAdminProducts(db, filter, query.sort ?? 'id', pageSize, (page - 1) * pageSize),
  ]);
  const variants = groupBy(
    await repo.variantsOfProducts(
      db,
      rows.map((r) => r.id),
    ),
    (v) => v.product_id,
  );
  const firstVariantIds = rows.flatMap((r) => variants.get(r.id)?.[0]?.id ?? []);
  const images = groupBy(await repo.imagesOfVariants(db, firstVariantIds), (i) => i.variant_id);
  const results = rows.map((r): AdminProductRow => {
    const own = variants.get(r.id) ?? [];
    const finals = own.map((v) => v.final_price_paise);
    const first = own[0];
    return {
      ...productCore(r),
      image: (first && images.get(first.id)?.[0]?.image) ?? null,
      variant_count: own.length,
      skus: own.map((v) => v.sku),
      min_price: finals.length ? paiseToRupees(Math.min(...finals)) : null,
      max_price: finals.length ? paiseToRupees(Math.max(...finals)) : null,
      available: own.reduce((sum, v) => sum + Math.max(0, v.on_hand - v.reserved), 0),
    };
  });
  return { count, page, page_size: pageSize, results };
}

/** A product's fields as the API names them, from its row (for audit entries). */
function productFieldsOf(p: AdminProductBase): Fields {
  return {
    name: p.name,
    description: p.description,
    brand: p.brand,
    subcategory_id: p.subcategory_id,
    weight: p.weight_grams,
    unit: p.unit,
    length: p.length_cm,
    width: p.width_cm,
    height: p.height_cm,
    hsn_code: p.hsn_code,
    gst_rate: p.gst_rate,
    popular: p.popular === 1,
    big_deal: p.big_deal === 1,
    hidden: p.hidden_at !== null,
  };
}

/** A variant's fields as the API names them (prices in rupees), from its row. */
function variantFieldsOf(
  v: Pick<
    AdminVariantRow,
    'name' | 'sku' | 'color' | 'size' | 'unit' | 'unit_value' | 'price_paise' | 'final_price_paise'
  >,
): Fields {
  return {
    name: v.name,
    sku: v.sku,
    color: v.color,
    size: v.size,
    unit: v.unit,
    unit_value: v.unit_value,
    price: paiseToRupees(v.price_paise),
    final_price: paiseToRupees(v.final_price_paise),
  };
}

interface VariantInput {
  name: string;
  sku: string;
  color: string | null;
  size: string | null;
  unit: string;
  unit_value: number;
  price: number;
  final_price: number;
  on_hand: number;
}

async function addVariantRow(trx: Db, productId: number, v: VariantInput): Promise<number> {
  if (await repo.variantWithSku(trx, v.sku)) throw conflict(skuTaken(v.sku));
  const position = await repo.nextPosition(trx, 'variants', productId);
  return repo.insertVariant(
    trx,
    {
      product_id: productId,
      position,
      name: v.name,
      sku: v.sku,
      color: v.color,
      size: v.size,
      unit: v.unit,
      unit_value: v.unit_value,
      price_paise: rupeesToPaise(v.price),
      final_price_paise: rupeesToPaise(v.final_price),
    },
    v.on_hand,
  );
}

/** A product code the database refused as taken (two staff saving the same code at once). */
const someSkuTaken = () => conflict('A product code is already used by another variant: choose another.');

/** A product's fields as the form has them (rupees, flags), as the products table stores them. */
export function productColumns(input: {
  subcategory_id: number;
  name: string;
  description: string;
  brand: string | null;
  weight: number;
  unit: string;
  length: number;
  width: number;
  height: number;
  hsn_code: string | null;
  gst_rate: GstRate;
  popular: boolean;
  big_deal: boolean;
}) {
  return {
    subcategory_id: input.subcategory_id,
    name: input.name,
    description: input.description,
    brand: input.brand,
    weight_grams: input.weight,
    unit: input.unit,
    length_cm: input.length,
    width_cm: input.width,
    height_cm: input.height,
    hsn_code: input.hsn_code,
    gst_rate: input.gst_rate,
    popular: input.popular ? 1 : 0,
    big_deal: input.big_deal ? 1 : 0,
  };
}

/** A new product with its variants and their starting stock. */
export async function createProduct(
  staff: CatalogueStaff,
  actor: Actor,
  input: {
    name: string;
    description: string;
    brand: string | null;
    subcategory_id: number;
    weight: number;
    unit: string;
    length: number;
    width: number;
    height: number;
    hsn_code: string | null;
    gst_rate: GstRate;
    popular: boolean;
    big_deal: boolean;
    hidden: boolean;
    variants: VariantInput[];
  },
): Promise<AdminProduct> {
  const id = await change(
    staff,
    async (trx, at) => {
      const sub = await repo.findSubcategory(trx, input.subcategory_id);
      if (!sub) throw fieldError('subcategory_id', 'No such subcategory: choose one from the list.');
      const productId = await repo.insertProduct(trx, {
        ...productColumns(input),
        subcategory_id: sub.id,
        hidden_at: input.hidden ? new Date(at).toISOString() : null,
        created_at: new Date(at).toISOString(),
      });
      const variantIds: number[] = [];
      for (const v of input.variants) variantIds.push(await addVariantRow(trx, productId, v));
      const { variants, ...fields } = input;
      await recordAudit(trx, actor, at, {
        action: 'product.create',
        entity: 'product',
        entityId: productId,
        after: { ...fields, variants: variants.map((v, i) => ({ id: variantIds[i], ...v })) },
      });
      await recordSiteChange(
        trx,
        {
          products: [productId],
          subcategories: [sub.id],
          categories: [sub.category_id],
          home: input.popular || input.big_deal,
        },
        at,
      );
      return { result: productId, changed: true };
    },
    { unique: someSkuTaken },
  );
  return readProduct(staff.db, id);
}

/**
 * Changes a product's own fields. Moving it to another subcategory names both listings (and both
 * categories) as due; the home page's flags name the home page.
 */
export async function updateProduct(
  staff: CatalogueStaff,
  actor: Actor,
  id: number,
  input: {
    name?: string;
    description?: string;
    brand?: string | null;
    subcategory_id?: number;
    weight?: number;
    unit?: string;
    length?: number;
    width?: number;
    height?: number;
    hsn_code?: string | null;
    gst_rate?: GstRate;
    popular?: boolean;
    big_deal?: boolean;
    hidden?: boolean;
  },
): Promise<AdminProduct> {
  await change(staff, async (trx, at) => {
    const current = await repo.findAdminProduct(trx, id);
    if (!current) throw productNotFound();
    // Shown for sale only with what its tax invoice needs (a product of before the rule may lack it).
    if (input.hidden === false && !(input.hsn_code ?? current.hsn_code)) throw fieldError('hsn_code', HSN_REQUIRED);
    const diff = changedFields(productFieldsOf(current), input);
    if (!diff) return { result: undefined, changed: false };
    const site: SiteChange = { products: [id] };
    if (diff.after.subcategory_id !== undefined) {
      const target = await repo.findSubcategory(trx, input.subcategory_id!);
      if (!target) throw fieldError('subcategory_id', 'No such subcategory: choose one from the list.');
      site.subcategories = [current.subcategory_id, target.id];
      site.categories = [...new Set([current.category_id, target.category_id])];
    }
    if (diff.after.popular !== undefined || diff.after.big_deal !== undefined) site.home = true;
    const a = diff.after;
    await repo.updateProduct(trx, id, {
      ...(a.name !== undefined && { name: input.name }),
      ...(a.description !== undefined && { description: input.description }),
      ...('brand' in a && { brand: input.brand ?? null }),
      ...(a.subcategory_id !== undefined && { subcategory_id: input.subcategory_id }),
      ...(a.weight !== undefined && { weight_grams: input.weight }),
      ...(a.unit !== undefined && { unit: input.unit }),
      ...(a.length !== undefined && { length_cm: input.length }),
      ...(a.width !== undefined && { width_cm: input.width }),
      ...(a.height !== undefined && { height_cm: input.height }),
      ...('hsn_code' in a && { hsn_code: input.hsn_code ?? null }),
      ...(a.gst_rate !== undefined && { gst_rate: input.gst_rate }),
      ...(a.popular !== undefined && { popular: input.popular ? 1 : 0 }),
      ...(a.big_deal !== undefined && { big_deal: input.big_deal ? 1 : 0 }),
      ...(a.hidden !== undefined && { hidden_at: hiddenAtFor(input.hidden, current.hidden_at, at) }),
    });
    await recordAudit(trx, actor, at, {
      action: actionOf('product', diff.after),
      entity: 'product',
      entityId: id,
      ...diff,
    });
    await recordSiteChange(trx, site, at);
    return { result: undefined, changed: true };
  });
  return readProduct(staff.db, id);
}

/** A new variant of a product, last among its variants. */
export async function addVariant(
  staff: CatalogueStaff,
  actor: Actor,
  productId: number,
  input: VariantInput,
): Promise<AdminProduct> {
  await change(
    staff,
    async (trx, at) => {
      if (!(await repo.findAdminProduct(trx, productId))) throw productNotFound();
      const variantId = await addVariantRow(trx, productId, input);
      await recordAudit(trx, actor, at, {
        action: 'variant.create',
        entity: 'variant',
        entityId: variantId,
        after: { product_id: productId, ...input },
      });
      await recordSiteChange(trx, { products: [productId] }, at);
      return { result: undefined, changed: true };
    },
    { unique: () => conflict(skuTaken(input.sku)) },
  );
  return readProduct(staff.db, productId);
}

/** Changes a variant: names, code, prices (in force for carts and new orders at once), its place. */
export async function updateVariant(
  staff: CatalogueStaff,
  actor: Actor,
  variantId: number,
  input: {
    name?: string;
    sku?: string;
    color?: string | null;
    size?: string | null;
    unit?: string;
    unit_value?: number;
    price?: number;
    final_price?: number;
    position?: number;
  },
): Promise<AdminProduct> {
  const current = await repo.findVariantRow(staff.db, variantId);
  if (!current) throw variantNotFound();
  await change(
    staff,
    async (trx, at) => {
      const row = await repo.findVariantRow(trx, variantId);
      if (!row) throw variantNotFound();
      const { position, ...fields } = input;
      const diff = changedFields(variantFieldsOf(row), fields) ?? { before: {}, after: {} };
      const a = diff.after;
      const price = rupeesToPaise((a.price as number | undefined) ?? paiseToRupees(row.price_paise));
      const finalPrice = rupeesToPaise((a.final_price as number | undefined) ?? paiseToRupees(row.final_price_paise));
      if (finalPrice > price) throw fieldError('final_price', FINAL_ABOVE_PRICE);
      if (a.sku !== undefined && (await repo.variantWithSku(trx, input.sku!, variantId))) {
        throw conflict(skuTaken(input.sku!));
      }
      if (Object.keys(a).length) {
        await repo.updateVariant(trx, variantId, {
          ...(a.name !== undefined && { name: input.name }),
          ...(a.sku !== undefined && { sku: input.sku }),
          ...('color' in a && { color: input.color ?? null }),
          ...('size' in a && { size: input.size ?? null }),
          ...(a.unit !== undefined && { unit: input.unit }),
          ...(a.unit_value !== undefined && { unit_value: input.unit_value }),
          price_paise: price,
          final_price_paise: finalPrice,
        });
      }
      if (position !== undefined) {
        const moved = await moveAmongSiblings(trx, 'variants', row.product_id, variantId, position);
        if (moved) {
          diff.before.position = moved.from;
          diff.after.position = moved.to;
        }
      }
      if (Object.keys(diff.after).length === 0) return { result: undefined, changed: false };
      await recordAudit(trx, actor, at, {
        action: 'variant.update',
        entity: 'variant',
        entityId: variantId,
        ...diff,
      });
      await recordSiteChange(trx, { products: [row.product_id] }, at);
      return { result: undefined, changed: true };
    },
    { unique: () => conflict(skuTaken(input.sku ?? '')) },
  );
  return readProduct(staff.db, current.product_id);
}

/**
 * Deletes a variant no order names and no shopper reviewed (orders and reviews keep what they
 * name; such a product is hidden instead), and never a product's last one.
 */
export async function removeVariant(staff: CatalogueStaff, actor: Actor, variantId: number): Promise<AdminProduct> {
  const current = await repo.findVariantRow(staff.db, variantId);
  if (!current) throw variantNotFound();
  const files = await change(
    staff,
    async (trx, at) => {
      const row = await repo.findVariantRow(trx, variantId);
      if (!row) throw variantNotFound();
      if (await repo.variantOnOrders(trx, variantId)) throw conflict(VARIANT_ON_ORDERS);
      if (await repo.variantHasReviews(trx, variantId)) throw conflict(VARIANT_REVIEWED);
      if ((await repo.siblingIds(trx, 'variants', row.product_id)).length <= 1) throw conflict(LAST_VARIANT);
      const images = await repo.imagesOfVariants(trx, [variantId]);
      await repo.deleteVariant(trx, variantId);
      await repo.writePositions(trx, 'variants', await repo.siblingIds(trx, 'variants', row.product_id));
      await recordAudit(trx, actor, at, {
        action: 'variant.delete',
        entity: 'variant',
        entityId: variantId,
        before: { product_id: row.product_id, ...variantFieldsOf(row), on_hand: row.on_hand },
      });
      await recordSiteChange(trx, { products: [row.product_id] }, at);
      return { result: images.map((i) => i.image), changed: true };
    },
    { foreignKey: () => conflict(VARIANT_ON_ORDERS) },
  );
  await forgetUnusedFiles(staff, files);
  return readProduct(staff.db, current.product_id);
}

/** Sets a variant's stock on hand after a count; never below what unpaid orders hold. */
export async function setStock(
  staff: CatalogueStaff,
  actor: Actor,
  variantId: number,
  onHand: number,
): Promise<AdminProduct> {
  const productId = await change(staff, async (trx, at) => {
    const row = await repo.findVariantRow(trx, variantId);
    if (!row) throw variantNotFound();
    await repo.ensureStockRecord(trx, variantId);
    if (!(await repo.setOnHandIfHeld(trx, variantId, onHand))) {
      const held = (await repo.findVariantRow(trx, variantId))?.reserved ?? row.reserved;
      throw new Conflict(stockBelowHeld(held), { errors: { on_hand: [stockBelowHeld(held)] } });
    }
    if (row.on_hand === onHand) return { result: row.product_id, changed: false };
    await recordAudit(trx, actor, at, {
      action: 'stock.set',
      entity: 'variant',
      entityId: variantId,
      before: { on_hand: row.on_hand },
      after: { on_hand: onHand },
      note: `${row.reserved} held by unpaid orders`,
    });
    await recordSiteChange(trx, { products: [row.product_id] }, at);
    return { result: row.product_id, changed: true };
  });
  return readProduct(staff.db, productId);
}

// ---- Variant pictures ----

/** Deletes uploaded files that no picture or banner names any more (after the change committed). */
async function forgetUnusedFiles(staff: CatalogueStaff, images: readonly string[]): Promise<void> {
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
async function withUploadedImage<T>(staff: CatalogueStaff, file: Blob, work: (image: string) => Promise<T>) {
  const image = await storeUploadedImage(file, staff.mediaDir, CATALOGUE_IMAGE, staff.db);
  try {
    return await work(image);
  } catch (error) {
    await deleteUploadedImage(image, staff.mediaDir, staff.db).catch(() => undefined);
    throw error;
  }
}

/** Adds a picture to a variant, after its others. */
export async function addVariantImage(
  staff: CatalogueStaff,
  actor: Actor,
  variantId: number,
  file: Blob,
): Promise<AdminProduct> {
  const current = await repo.findVariantRow(staff.db, variantId);
  if (!current) throw variantNotFound();
  await withUploadedImage(staff, file, (image) =>
    change(
      staff,
      async (trx, at) => {
        const row = await repo.findVariantRow(trx, variantId);
        if (!row) throw variantNotFound();
        const position = await repo.nextPosition(trx, 'variant_images', variantId);
        const imageId = await repo.insertImage(trx, { variant_id: variantId, position, image });
        await recordAudit(trx, actor, at, {
          action: 'image.create',
          entity: 'variant_image',
          entityId: imageId,
          after: { variant_id: variantId, image },
        });
        await recordSiteChange(trx, { products: [row.product_id] }, at);
        return { result: undefined, changed: true };
      },
      { foreignKey: variantNotFound },
    ),
  );
  return readProduct(staff.db, current.product_id);
}

async function productOfVariant(db: Db, variantId: number): Promise<number> {
  const row = await repo.findVariantRow(db, variantId);
  if (!row) throw imageNotFound();
  return row.product_id;
}

/** Moves a picture among its variant's pictures (the first is the one cards show). */
export async function moveImage(
  staff: CatalogueStaff,
  actor: Actor,
  imageId: number,
  position: number,
): Promise<AdminProduct> {
  const variantId = await change(staff, async (trx, at) => {
    const image = await repo.findImage(trx, imageId);
    if (!image) throw imageNotFound();
    const moved = await moveAmongSiblings(trx, 'variant_images', image.variant_id, imageId, position);
    if (!moved) return { result: image.variant_id, changed: false };
    await recordAudit(trx, actor, at, {
      action: 'image.move',
      entity: 'variant_image',
      entityId: imageId,
      before: { position: moved.from },
      after: { position: moved.to },
    });
    await recordSiteChange(trx, { products: [await productOfVariant(trx, image.variant_id)] }, at);
    return { result: image.variant_id, changed: true };
  });
  return readProduct(staff.db, await productOfVariant(staff.db, variantId));
}

/** Removes a picture from its variant (the file goes once nothing names it). */
export async function removeImage(staff: CatalogueStaff, actor: Actor, imageId: number): Promise<AdminProduct> {
  const { variantId, image } = await change(staff, async (trx, at) => {
    const found = await repo.findImage(trx, imageId);
    if (!found) throw imageNotFound();
    await repo.deleteImage(trx, imageId);
    await repo.writePositions(trx, 'variant_images', await repo.siblingIds(trx, 'variant_images', found.variant_id));
    await recordAudit(trx, actor, at, {
      action: 'image.delete',
      entity: 'variant_image',
      entityId: imageId,
      before: { variant_id: found.variant_id, image: found.image },
    });
    await recordSiteChange(trx, { products: [await productOfVariant(trx, found.variant_id)] }, at);
    return { result: { variantId: found.variant_id, image: found.image }, changed: true };
  });
  await forgetUnusedFiles(staff, [image]);
  return readProduct(staff.db, await productOfVariant(staff.db, variantId));
}

// ---- Banners ----

export async function listBanners(db: Db): Promise<AdminBanner[]> {
  return (await repo.allBanners(db)).map((b, i) => ({
    id: b.id,
    title: b.title,
    subtitle: b.subtitle,
    image: b.image,
    position: i + 1,
  }));
}

async function bannerAnswer(db: Db, id: number): Promise<AdminBanner> {
  const found = (await listBanners(db)).find((b) => b.id === id);
  if (!found) throw bannerNotFound();
  return found;
}

/** A new banner with its picture, last in the home page's slider. */
export async function createBanner(
  staff: CatalogueStaff,
  actor: Actor,
  input: { title: string; subtitle: string | null },
  file: Blob,
): Promise<AdminBanner> {
  const id = await withUploadedImage(staff, file, (image) =>
    change(staff, async (trx, at) => {
      const position = await repo.nextPosition(trx, 'banners', null);
      const bannerId = await repo.insertBanner(trx, { ...input, image, position });
      await recordAudit(trx, actor, at, {
        action: 'banner.create',
        entity: 'banner',
        entityId: bannerId,
        after: { ...input, image },
      });
      await recordSiteChange(trx, { home: true }, at);
      return { result: bannerId, changed: true };
    }),
  );
  return bannerAnswer(staff.db, id);
}

/** Changes a banner's text or its place in the slider. */
export async function updateBanner(
  staff: CatalogueStaff,
  actor: Actor,
  id: number,
  input: { title?: string; subtitle?: string | null; position?: number },
): Promise<AdminBanner> {
  await change(staff, async (trx, at) => {
    const current = await repo.findBanner(trx, id);
    if (!current) throw bannerNotFound();
    const { position, ...fields } = input;
    const diff = changedFields({ title: current.title, subtitle: current.subtitle }, fields) ?? {
      before: {},
      after: {},
    };
    if (Object.keys(diff.after).length) {
      await repo.updateBanner(trx, id, {
        ...(diff.after.title !== undefined && { title: input.title }),
        ...('subtitle' in diff.after && { subtitle: input.subtitle ?? null }),
      });
    }
    if (position !== undefined) {
      const moved = await moveAmongSiblings(trx, 'banners', null, id, position);
      if (moved) {
        diff.before.position = moved.from;
        diff.after.position = moved.to;
      }
    }
    if (Object.keys(diff.after).length === 0) return { result: undefined, changed: false };
    await recordAudit(trx, actor, at, { action: 'banner.update', entity: 'banner', entityId: id, ...diff });
    await recordSiteChange(trx, { home: true }, at);
    return { result: undefined, changed: true };
  });
  return bannerAnswer(staff.db, id);
}

/** Replaces a banner's picture (the old file goes once nothing names it). */
export async function replaceBannerImage(
  staff: CatalogueStaff,
  actor: Actor,
  id: number,
  file: Blob,
): Promise<AdminBanner> {
  if (!(await repo.findBanner(staff.db, id))) throw bannerNotFound();
  const old = await withUploadedImage(staff, file, (image) =>
    change(staff, async (trx, at) => {
      const current = await repo.findBanner(trx, id);
      if (!current) throw bannerNotFound();
      await repo.updateBanner(trx, id, { image });
      await recordAudit(trx, actor, at, {
        action: 'banner.update',
        entity: 'banner',
        entityId: id,
        before: { image: current.image },
        after: { image },
      });
      await recordSiteChange(trx, { home: true }, at);
      return { result: current.image, changed: true };
    }),
  );
  await forgetUnusedFiles(staff, [old]);
  return bannerAnswer(staff.db, id);
}

export async function removeBanner(staff: CatalogueStaff, actor: Actor, id: number): Promise<void> {
  const image = await change(staff, async (trx, at) => {
    const current = await repo.findBanner(trx, id);
    if (!current) throw bannerNotFound();
    await repo.deleteBanner(trx, id);
    await repo.writePositions(trx, 'banners', await repo.siblingIds(trx, 'banners', null));
    await recordAudit(trx, actor, at, {
      action: 'banner.delete',
      entity: 'banner',
      entityId: id,
      before: { title: current.title, subtitle: current.subtitle, image: current.image },
    });
    await recordSiteChange(trx, { home: true }, at);
    return { result: current.image, changed: true };
  });
  await forgetUnusedFiles(staff, [image]);
}

// ---- The home page's offers ----

const offerNotFound = () => new NotFound('No such offer.');

export async function listHomeOffers(db: Db): Promise<AdminHomeOffer[]> {
  return (await repo.allHomeOffers(db)).map((o, i) => ({
    id: o.id,
    title: o.title,
    text: o.text,
    image: o.image,
    search: o.search,
    position: i + 1,
    hidden: o.hidden_at !== null,
  }));
}

async function offerAnswer(db: Db, id: number): Promise<AdminHomeOffer> {
  const found = (await listHomeOffers(db)).find((o) => o.id === id);
  if (!found) throw offerNotFound();
  return found;
}

/** A new offer with its picture, last among the home page's Extra Offers. */
export async function createHomeOffer(
  staff: CatalogueStaff,
  actor: Actor,
  input: { title: string; text: string; search: string },
  file: Blob,
): Promise<AdminHomeOffer> {
  const id = await withUploadedImage(staff, file, (image) =>
    change(staff, async (trx, at) => {
      const position = await repo.nextPosition(trx, 'home_offers', null);
      const offerId = await repo.insertHomeOffer(trx, { ...input, image, position });
      await recordAudit(trx, actor, at, {
        action: 'offer.create',
        entity: 'offer',
        entityId: offerId,
        after: { ...input, image },
      });
      await recordSiteChange(trx, { home: true }, at);
      return { result: offerId, changed: true };
    }),
  );
  return offerAnswer(staff.db, id);
}

/** Changes an offer's words, its search, its place, or hides it from the home page. */
export async function updateHomeOffer(
  staff: CatalogueStaff,
  actor: Actor,
  id: number,
  input: { title?: string; text?: string; search?: string; position?: number; hidden?: boolean },
): Promise<AdminHomeOffer> {
  await change(staff, async (trx, at) => {
    const current = await repo.findHomeOffer(trx, id);
    if (!current) throw offerNotFound();
    const { position, ...fields } = input;
    const diff = changedFields(
      { title: current.title, text: current.text, search: current.search, hidden: current.hidden_at !== null },
      fields,
    ) ?? { before: {}, after: {} };
    if (Object.keys(diff.after).length) {
      await repo.updateHomeOffer(trx, id, {
        ...(diff.after.title !== undefined && { title: input.title }),
        ...(diff.after.text !== undefined && { text: input.text }),
        ...(diff.after.search !== undefined && { search: input.search }),
        ...('hidden' in diff.after && { hidden_at: hiddenAtFor(input.hidden, current.hidden_at, at) }),
      });
    }
    if (position !== undefined) {
      const moved = await moveAmongSiblings(trx, 'home_offers', null, id, position);
      if (moved) {
        diff.before.position = moved.from;
        diff.after.position = moved.to;
      }
    }
    if (Object.keys(diff.after).length === 0) return { result: undefined, changed: false };
    await recordAudit(trx, actor, at, {
      action: actionOf('offer', diff.after),
      entity: 'offer',
      entityId: id,
      ...diff,
    });
    await recordSiteChange(trx, { home: true }, at);
    return { result: undefined, changed: true };
  });
  return offerAnswer(staff.db, id);
}

/** Replaces an offer's picture (the old file goes once nothing names it). */
export async function replaceHomeOfferImage(
  staff: CatalogueStaff,
  actor: Actor,
  id: number,
  file: Blob,
): Promise<AdminHomeOffer> {
  if (!(await repo.findHomeOffer(staff.db, id))) throw offerNotFound();
  const old = await withUploadedImage(staff, file, (image) =>
    change(staff, async (trx, at) => {
      const current = await repo.findHomeOffer(trx, id);
      if (!current) throw offerNotFound();
      await repo.updateHomeOffer(trx, id, { image });
      await recordAudit(trx, actor, at, {
        action: 'offer.update',
        entity: 'offer',
        entityId: id,
        before: { image: current.image },
        after: { image },
      });
      await recordSiteChange(trx, { home: true }, at);
      return { result: current.image, changed: true };
    }),
  );
  await forgetUnusedFiles(staff, [old]);
  return offerAnswer(staff.db, id);
}

export async function removeHomeOffer(staff: CatalogueStaff, actor: Actor, id: number): Promise<void> {
  const image = await change(staff, async (trx, at) => {
    const current = await repo.findHomeOffer(trx, id);
    if (!current) throw offerNotFound();
    await repo.deleteHomeOffer(trx, id);
    await repo.writePositions(trx, 'home_offers', await repo.siblingIds(trx, 'home_offers', null));
    await recordAudit(trx, actor, at, {
      action: 'offer.delete',
      entity: 'offer',
      entityId: id,
      before: { title: current.title, text: current.text, search: current.search, image: current.image },
    });
    await recordSiteChange(trx, { home: true }, at);
    return { result: current.image, changed: true };
  });
  await forgetUnusedFiles(staff, [image]);
}
