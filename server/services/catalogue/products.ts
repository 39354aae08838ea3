import type {
  AdminProduct,
  AdminProductPage,
  AdminProductRow,
  AdminVariant,
  StockHistoryLine,
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
import { Conflict } from '../errors';
import * as repo from '../../repositories/admin-catalogue';
import { insertStockHistory, stockHistoryOf } from '../../repositories/stock';
import type { AdminProductBase, AdminVariantRow } from '../../repositories/admin-catalogue';
import { recordSiteChange, type SiteChange } from '../site/changes';
import { recordAudit, type Actor } from '../staff/audit';
import {
  change,
  changedFields,
  actionOf,
  conflict,
  fieldError,
  forgetUnusedFiles,
  hiddenAtFor,
  productNotFound,
  variantNotFound,
  type CatalogueStaff,
  type Fields,
  moveAmongSiblings,
} from './changes';
/** The back office's products, their variants and stock: reading, listing, creating and changing them. */

/** How many of a variant's stock changes the product page shows. */
export const HISTORY_SHOWN = 20;

type HistoryRow = Awaited<ReturnType<typeof stockHistoryOf>>[number];

function historyLineOf(h: HistoryRow): StockHistoryLine {
  return {
    at: h.at,
    delta: h.delta,
    reason: h.reason as StockHistoryLine['reason'],
    note: h.note,
    staff_name: h.staff_name,
    staff_role: h.staff_role,
    on_hand_after: h.on_hand_after,
  };
}

function variantOf(
  v: AdminVariantRow,
  position: number,
  images: repo.VariantImageRow[],
  history: HistoryRow[] = [],
): AdminVariant {
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
    history: history.map(historyLineOf),
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
  const history = groupBy(
    await stockHistoryOf(
      db,
      variants.map((v) => v.id),
      HISTORY_SHOWN,
    ),
    (h) => h.variant_id,
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
    variants: variants.map((v, i) => variantOf(v, i + 1, images.get(v.id) ?? [], history.get(v.id) ?? [])),
    version: p.version,
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

/** A variant's fields as the form and the CSV give them (rupees), as the variants table stores them. */
export function variantColumns(
  v: Pick<VariantInput, 'name' | 'color' | 'size' | 'unit' | 'unit_value' | 'price' | 'final_price'>,
) {
  return {
    name: v.name,
    color: v.color,
    size: v.size,
    unit: v.unit,
    unit_value: v.unit_value,
    price_paise: rupeesToPaise(v.price),
    final_price_paise: rupeesToPaise(v.final_price),
  };
}

async function addVariantRow(trx: Db, productId: number, v: VariantInput): Promise<number> {
  if (await repo.variantWithSku(trx, v.sku)) throw conflict(skuTaken(v.sku));
  const position = await repo.nextPosition(trx, 'variants', productId);
  return repo.insertVariant(trx, { ...variantColumns(v), product_id: productId, position, sku: v.sku }, v.on_hand);
}

/** A product code the database refused as taken (two staff saving the same code at once). */
const someSkuTaken = () => conflict('A product code is already used by another variant: choose another.');

/** A product's own fields as the form and the CSV give them (grams, centimetres, flags). */
export interface ProductFields {
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
}

/** A product's fields as the form has them (rupees, flags), as the products table stores them. */
export function productColumns(input: ProductFields) {
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
  input: ProductFields & { hidden: boolean; variants: VariantInput[] },
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

export type ProductChange = {
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
};

/**
 * Changes a product's own fields in `trx` with their audit entry; answers the pages it touches,
 * or null when nothing differs. Shared by the product's own save and the product page's one save.
 */
export async function applyProductChange(
  trx: Db,
  actor: Actor,
  at: number,
  id: number,
  input: ProductChange,
): Promise<SiteChange | null> {
  const current = await repo.findAdminProduct(trx, id);
  if (!current) throw productNotFound();
  // Shown for sale only with what its tax invoice needs (a product of before the rule may lack it).
  if (input.hidden === false && !(input.hsn_code ?? current.hsn_code)) throw fieldError('hsn_code', HSN_REQUIRED);
  const diff = changedFields(productFieldsOf(current), input);
  if (!diff) return null;
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
  return site;
}

/**
 * Changes a product's own fields. Moving it to another subcategory names both listings (and both
 * categories) as due; the home page's flags name the home page.
 */
export async function updateProduct(
  staff: CatalogueStaff,
  actor: Actor,
  id: number,
  input: ProductChange,
): Promise<AdminProduct> {
  await change(staff, async (trx, at) => {
    const site = await applyProductChange(trx, actor, at, id, input);
    if (!site) return { result: undefined, changed: false };
    await repo.bumpProductVersion(trx, id, actor.staffId, new Date(at).toISOString());
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

export interface VariantChange {
  name?: string;
  sku?: string;
  color?: string | null;
  size?: string | null;
  unit?: string;
  unit_value?: number;
  price?: number;
  final_price?: number;
  position?: number;
}

/**
 * Changes a variant in `trx` with its audit entry; answers the pages it touches, or null when
 * nothing differs. Shared by the variant's own save and the product page's one save.
 */
export async function applyVariantChange(
  trx: Db,
  actor: Actor,
  at: number,
  variantId: number,
  input: VariantChange,
): Promise<SiteChange | null> {
  const row = await repo.findVariantRow(trx, variantId);
  if (!row) throw variantNotFound();
  const { position, ...fields } = input;
  const diff = changedFields(variantFieldsOf(row), fields) ?? { before: {}, after: {} };
  const a = diff.after;
  const price = rupeesToPaise((a.price as number | undefined) ?? paiseToRupees(row.price_paise));
  const finalPrice = rupeesToPaise((a.final_price as number | undefined) ?? paiseToRupees(row.final_price_paise));
  if (finalPrice > price) throw fieldError('final_price', FINAL_ABOVE_PRICE);
  if (a.sku !== undefined && (await repo.variantWithSku(trx, input.sku!, variantId))) {
    throw new Conflict(skuTaken(input.sku!), { errors: { sku: [skuTaken(input.sku!)] } });
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
  if (Object.keys(diff.after).length === 0) return null;
  await recordAudit(trx, actor, at, {
    action: 'variant.update',
    entity: 'variant',
    entityId: variantId,
    ...diff,
  });
  return { products: [row.product_id] };
}

/** Changes a variant: names, code, prices (in force for carts and new orders at once), its place. */
export async function updateVariant(
  staff: CatalogueStaff,
  actor: Actor,
  variantId: number,
  input: VariantChange,
): Promise<AdminProduct> {
  const current = await repo.findVariantRow(staff.db, variantId);
  if (!current) throw variantNotFound();
  await change(
    staff,
    async (trx, at) => {
      const site = await applyVariantChange(trx, actor, at, variantId, input);
      if (!site) return { result: undefined, changed: false };
      await repo.bumpProductVersion(trx, current.product_id, actor.staffId, new Date(at).toISOString());
      await recordSiteChange(trx, site, at);
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
    await insertStockHistory(trx, {
      variant_id: variantId,
      delta: onHand - row.on_hand,
      reason: 'counted',
      note: null,
      staff_id: actor.staffId,
      at: new Date(at).toISOString(),
      on_hand_after: onHand,
    });
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
