/**
 * The product page's form and the API, both ways: a product or variant as the inputs hold it
 * (text, and ticks for the flags), what is sent (checked with the API's own schemas,
 * contract/schemas/admin-catalogue.ts, so the form shows the same messages the server would),
 * only the fields that changed for an edit, and the discount derived from the two prices.
 */
import type { z } from 'zod';
import type { AdminProduct, AdminVariant } from '../../../../contract/api/admin-catalogue';
import { discountPercent } from '../../../../contract/pricing';
import {
  productCreateSchema,
  productUpdateSchema,
  stockChangeSchema,
  variantCreateSchema,
  variantUpdateSchema,
  type ProductCreateInput,
  type ProductSaveInput,
  type ProductUpdateInput,
  type StockChangeInput,
  type VariantCreateInput,
  type VariantUpdateInput,
} from '../../../../contract/schemas/admin-catalogue';
import { ApiError } from '../../../lib/api/http';

/** A product's own fields as the form's inputs hold them. */
export interface ProductFormValues {
  name: string;
  description: string;
  brand: string;
  /** The category chosen (it narrows the subcategories offered); not sent. */
  category: string;
  subcategory_id: string;
  unit: string;
  weight: string;
  length: string;
  width: string;
  height: string;
  hsn_code: string;
  gst_rate: string;
  popular: boolean;
  big_deal: boolean;
  hidden: boolean;
}

/** A variant as the form's inputs hold it. */
export interface VariantFormValues {
  name: string;
  sku: string;
  color: string;
  size: string;
  unit: string;
  unit_value: string;
  price: string;
  final_price: string;
  on_hand: string;
}

/** Field errors by the field's path: 'name', 'variants.1.price'. */
export type FieldErrors = Record<string, string>;

/** A checked form: what to send, or the errors to show. */
export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  description: '',
  brand: '',
  category: '',
  subcategory_id: '',
  unit: 'piece',
  weight: '',
  length: '0',
  width: '0',
  height: '0',
  hsn_code: '',
  gst_rate: '18',
  popular: false,
  big_deal: false,
  hidden: false,
};

/** A new variant's inputs, sold in `unit` like its product. */
export function emptyVariant(unit: string): VariantFormValues {
  return {
    name: '',
    sku: '',
    color: '',
    size: '',
    unit,
    unit_value: '1',
    price: '',
    final_price: '',
    on_hand: '0',
  };
}

/** The form's inputs for a product as the API answers it. */
export function productValues(p: AdminProduct): ProductFormValues {
  return {
    name: p.name,
    description: p.description,
    brand: p.brand ?? '',
    category: String(p.category),
    subcategory_id: String(p.sub_category),
    unit: p.unit,
    weight: String(p.weight),
    length: String(p.length),
    width: String(p.width),
    height: String(p.height),
    hsn_code: p.hsn_code ?? '',
    gst_rate: String(p.gst_rate),
    popular: p.popular,
    big_deal: p.big_deal,
    hidden: p.hidden,
  };
}

/** The form's inputs for a variant as the API answers it. */
export function variantValues(v: AdminVariant): VariantFormValues {
  return {
    name: v.name,
    sku: v.sku,
    color: v.color ?? '',
    size: v.size ?? '',
    unit: v.unit,
    unit_value: String(v.unit_value),
    price: String(v.price),
    final_price: String(v.final_price),
    on_hand: String(v.stock.on_hand),
  };
}

/**
 * A number input's text for the schema: empty is left out, a number as written is a number
 * ('1,299.50' too), anything else stays text so that the schema's own message explains it.
 */
export function numberInput(text: string): number | string | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return undefined;
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : text;
}

function productInput(values: ProductFormValues) {
  return {
    name: values.name,
    description: values.description,
    brand: values.brand,
    subcategory_id: numberInput(values.subcategory_id),
    weight: numberInput(values.weight),
    unit: values.unit,
    length: numberInput(values.length),
    width: numberInput(values.width),
    height: numberInput(values.height),
    hsn_code: values.hsn_code,
    gst_rate: numberInput(values.gst_rate),
    popular: values.popular,
    big_deal: values.big_deal,
    hidden: values.hidden,
  };
}

function variantInput(values: VariantFormValues) {
  return {
    name: values.name,
    sku: values.sku,
    color: values.color,
    size: values.size,
    unit: values.unit,
    unit_value: numberInput(values.unit_value),
    price: numberInput(values.price),
    final_price: numberInput(values.final_price),
  };
}

/** The first message of each field a failed parse names, by its dotted path. */
export function errorsByPath(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The field errors a refusal names (`errors: {'variants.0.price': [message]}`), first message each. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const named = (error.body as { errors?: Record<string, unknown> } | null | undefined)?.errors;
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(named ?? {})) {
    const first: unknown = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string' && first) errors[key] = first;
  }
  return errors;
}

/** A new product with its variants, checked with the API's rules. */
export function checkNewProduct(
  values: ProductFormValues,
  variants: readonly VariantFormValues[],
): Checked<ProductCreateInput> {
  const parsed = productCreateSchema.safeParse({
    ...productInput(values),
    variants: variants.map((v) => ({ ...variantInput(v), on_hand: numberInput(v.on_hand) })),
  });
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: errorsByPath(parsed.error) };
}

/** The keys whose parsed values differ. */
function changedKeys<T extends Record<string, unknown>>(now: T, before: T): (keyof T)[] {
  return Object.keys(now).filter((k) => JSON.stringify(now[k]) !== JSON.stringify(before[k]));
}

/**
 * What an edit of the product's own fields changes: only the fields that differ from `original`
 * (empty when nothing does), checked with the API's rules.
 */
export function productChanges(original: AdminProduct, values: ProductFormValues): Checked<ProductUpdateInput> {
  const now = productUpdateSchema.safeParse(productInput(values));
  if (!now.success) return { ok: false, errors: errorsByPath(now.error) };
  // A product of before HSN codes were required has none: any edit of it must give one.
  const before = productUpdateSchema.parse({
    ...productInput(productValues(original)),
    hsn_code: original.hsn_code ?? undefined,
  });
  const changes: Record<string, unknown> = {};
  for (const key of changedKeys(now.data, before)) changes[key] = now.data[key];
  return { ok: true, data: changes as ProductUpdateInput };
}

/** A new variant of an existing product, with the stock it starts with. */
export function checkNewVariant(values: VariantFormValues): Checked<VariantCreateInput> {
  const parsed = variantCreateSchema.safeParse({ ...variantInput(values), on_hand: numberInput(values.on_hand) });
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: errorsByPath(parsed.error) };
}

/** What an edit of a variant changes (its stock is set on its own): only the fields that differ. */
export function variantChanges(original: AdminVariant, values: VariantFormValues): Checked<VariantUpdateInput> {
  const now = variantUpdateSchema.safeParse(variantInput(values));
  if (!now.success) return { ok: false, errors: errorsByPath(now.error) };
  const before = variantUpdateSchema.parse(variantInput(variantValues(original)));
  const changes: Record<string, unknown> = {};
  for (const key of changedKeys(now.data, before)) changes[key] = now.data[key];
  return { ok: true, data: changes as VariantUpdateInput };
}

/** A stock change as the page's inputs hold it: '+20' or '-2', a reason's key, a note. */
export interface StockDraft {
  delta: string;
  reason: string;
  note: string;
}

export const NO_STOCK_CHANGE: StockDraft = { delta: '', reason: '', note: '' };

/** A stock change to send, checked with the API's rule; undefined when nothing is typed. */
export function stockChange(draft: StockDraft): Checked<StockChangeInput | undefined> {
  if (!draft.delta.trim() && !draft.reason && !draft.note.trim()) return { ok: true, data: undefined };
  const parsed = stockChangeSchema.safeParse({
    delta: numberInput(draft.delta.trim().replace(/^\+/, '')),
    reason: draft.reason || undefined,
    note: draft.note,
  });
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: errorsByPath(parsed.error) };
}

/** `errors` with each key under `prefix` ('product.', 'variants.2.'). */
function under(prefix: string, errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([key, message]) => [`${prefix}${key}`, message]));
}

/** The product page as its inputs hold it: the product's fields, and each variant's with its stock change. */
export interface PageDraft {
  product: ProductFormValues;
  variants: Record<number, VariantFormValues>;
  stocks: Record<number, StockDraft>;
}

export function pageDraft(product: AdminProduct): PageDraft {
  return {
    product: productValues(product),
    variants: Object.fromEntries(product.variants.map((v) => [v.id, variantValues(v)])),
    stocks: {},
  };
}

/**
 * The one save of the product page: what changed of the product, of each variant (every variant
 * in the page's order, so that the server's 'variants.2.price' names the third card) and the
 * stock changes, at the version the page loaded; or the errors by the same paths. Empty
 * `changed` when nothing differs.
 */
export function checkSave(product: AdminProduct, draft: PageDraft): Checked<ProductSaveInput & { changed: number }> {
  let errors: FieldErrors = {};
  let changed = 0;
  const own = productChanges(product, draft.product);
  if (!own.ok) errors = { ...errors, ...under('product.', own.errors) };
  else changed += Object.keys(own.data).length;
  const variants = product.variants.map((variant, i) => {
    const fields = variantChanges(variant, draft.variants[variant.id] ?? variantValues(variant));
    const stock = stockChange(draft.stocks[variant.id] ?? NO_STOCK_CHANGE);
    if (!fields.ok) errors = { ...errors, ...under(`variants.${i}.`, fields.errors) };
    if (!stock.ok) errors = { ...errors, ...under(`variants.${i}.stock.`, stock.errors) };
    const data = { ...(fields.ok ? fields.data : {}), ...(stock.ok && stock.data ? { stock: stock.data } : {}) };
    changed += Object.keys(data).length;
    return { id: variant.id, ...data };
  });
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, data: { version: product.version, product: own.ok ? own.data : {}, variants, changed } };
}

/** Whether the page holds edits not saved (a field typed differently, or a stock change begun). */
export function isDirty(product: AdminProduct, draft: PageDraft): boolean {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(draft.product, productValues(product))) return true;
  for (const variant of product.variants) {
    const values = draft.variants[variant.id];
    if (values && !same(values, variantValues(variant))) return true;
  }
  return Object.values(draft.stocks).some((s) => !same(s, NO_STOCK_CHANGE));
}

/**
 * The discount the two prices give, as the shop derives it ('20% off'); 'No discount' when the
 * final price is the price; '' while either is not a price.
 */
export function discountText(price: string, finalPrice: string): string {
  const p = numberInput(price);
  const f = numberInput(finalPrice);
  if (typeof p !== 'number' || typeof f !== 'number' || !(p > 0) || !(f > 0) || f > p) return '';
  const percent = discountPercent(p, f);
  return percent > 0 ? `${percent}% off` : 'No discount';
}
