import type { AdminProduct } from '../../../contract/api/admin-catalogue';
import {
  MAX_ON_HAND,
  ON_HAND_INVALID,
  STOCK_REASON_LABELS,
  VARIANT_NOT_OF_PRODUCT,
  productChangedBy,
  stockChangeRefused,
  type StockReason,
} from '../../../contract/schemas/admin-catalogue';
import type { Db } from '../../db';
import * as repo from '../../repositories/admin-catalogue';
import { changeOnHand, insertStockHistory } from '../../repositories/stock';
import { Conflict, DomainError, Invalid, NotFound } from '../errors';
import { recordSiteChange, type SiteChange } from '../site/changes';
import { recordAudit, type Actor } from '../staff/audit';
import { change, conflict, fieldError, productNotFound, variantNotFound, type CatalogueStaff } from './changes';
import {
  applyProductChange,
  applyVariantChange,
  readProduct,
  type ProductChange,
  type VariantChange,
} from './products';

/**
 * The product page's one save: the product's own fields, its variants' fields and their stock
 * changes in one transaction, at the version the page loaded, so that either all of it is kept or
 * none. Each piece goes through the same function (checks and audit entry) as its own save.
 */

export interface StockChange {
  delta: number;
  reason: StockReason;
  note: string | null;
}

export interface ProductSave {
  version: number;
  product: ProductChange;
  variants: (Omit<VariantChange, 'position'> & { id: number; stock?: StockChange })[];
}

/**
 * Adds or takes off stock relative to what is on the shelf when it runs (a sale in between
 * stands), never below what unpaid orders hold; keeps a history line and an audit entry.
 */
export async function applyStockChange(
  trx: Db,
  actor: Actor,
  at: number,
  variantId: number,
  stock: StockChange,
): Promise<SiteChange> {
  const row = await repo.findVariantRow(trx, variantId);
  if (!row) throw variantNotFound();
  await repo.ensureStockRecord(trx, variantId);
  const after = await changeOnHand(trx, variantId, stock.delta, MAX_ON_HAND);
  if (after === null) {
    const now = (await repo.findVariantRow(trx, variantId)) ?? row;
    const message =
      now.on_hand + stock.delta > MAX_ON_HAND
        ? ON_HAND_INVALID
        : stockChangeRefused(now.on_hand, now.reserved, stock.delta);
    throw new Conflict(message, { errors: { 'stock.delta': [message] } });
  }
  const iso = new Date(at).toISOString();
  await insertStockHistory(trx, {
    variant_id: variantId,
    delta: stock.delta,
    reason: stock.reason,
    note: stock.note,
    staff_id: actor.staffId,
    at: iso,
    on_hand_after: after,
  });
  await recordAudit(trx, actor, at, {
    action: 'stock.change',
    entity: 'variant',
    entityId: variantId,
    before: { on_hand: after - stock.delta },
    after: { on_hand: after },
    note: [STOCK_REASON_LABELS[stock.reason], stock.note].filter(Boolean).join(': '),
  });
  return { products: [row.product_id] };
}

/** A refusal of one piece of the save, its fields named by their path in the save ('variants.2.price'). */
function underPath(error: unknown, prefix: string): unknown {
  if (!(error instanceof DomainError)) return error;
  const errors = Object.fromEntries(
    Object.entries(error.errors ?? {}).map(([field, messages]) => [`${prefix}${field}`, messages]),
  );
  const details = { errors: Object.keys(errors).length ? errors : { [`${prefix}_`]: [error.message] } };
  if (error instanceof Invalid) return new Invalid(error.message, details);
  if (error instanceof Conflict) return new Conflict(error.message, details);
  if (error instanceof NotFound) return new Invalid(error.message, details);
  return error;
}

async function piece<T>(prefix: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw underPath(error, prefix);
  }
}

function merged(sites: readonly SiteChange[]): SiteChange {
  const out: SiteChange = {};
  for (const key of ['products', 'subcategories', 'categories'] as const) {
    const ids = [...new Set(sites.flatMap((s) => s[key] ?? []))];
    if (ids.length) out[key] = ids;
  }
  if (sites.some((s) => s.home)) out.home = true;
  return out;
}

/** A save that changed nothing: its transaction is rolled back (the version stays), and the product answered. */
class NothingToSave extends Error {}

/**
 * Saves the product page in one transaction. Refused with 409 (naming who saved and when) when
 * the product was saved since `version`; a refused piece refuses the whole save, its fields named
 * by path ('product.name', 'variants.2.final_price', 'variants.0.stock.delta').
 */
export async function saveProduct(
  staff: CatalogueStaff,
  actor: Actor,
  productId: number,
  input: ProductSave,
): Promise<AdminProduct> {
  try {
    await change(
      staff,
      async (trx, at) => {
        const iso = new Date(at).toISOString();
        // First, so that two saves of one version queue on the product's row and the second is refused.
        if (!(await repo.claimProductVersion(trx, productId, input.version, actor.staffId, iso))) {
          const current = await repo.productVersion(trx, productId);
          if (!current) throw productNotFound();
          throw conflict(productChangedBy(current.updated_by_name ?? 'someone else', current.updated_at ?? iso));
        }
        const sites: SiteChange[] = [];
        const own = await piece('product.', () => applyProductChange(trx, actor, at, productId, input.product));
        if (own) sites.push(own);
        for (const [i, { id, stock, ...fields }] of input.variants.entries()) {
          const at_ = `variants.${i}.`;
          const row = await repo.findVariantRow(trx, id);
          if (row?.product_id !== productId) throw fieldError(`${at_}id`, VARIANT_NOT_OF_PRODUCT);
          const variant = await piece(at_, () => applyVariantChange(trx, actor, at, id, fields));
          if (variant) sites.push(variant);
          if (stock) sites.push(await piece(at_, () => applyStockChange(trx, actor, at, id, stock)));
        }
        if (!sites.length) throw new NothingToSave();
        await recordSiteChange(trx, merged(sites), at);
        return { result: undefined, changed: true };
      },
      { unique: () => conflict('A product code is already used by another variant: choose another.') },
    );
  } catch (error) {
    if (!(error instanceof NothingToSave)) throw error;
  }
  return readProduct(staff.db, productId);
}
