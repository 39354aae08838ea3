/**
 * Rules and messages of the back office's catalogue: categories, subcategories, products, their
 * variants, stock, pictures and banners. The /admin forms check with these before sending, and the
 * API parses every body and query with the same schemas, so both say the same thing.
 */
import { z } from 'zod';
import { formatCount, formatDateTime } from '../format';
import { MAX_PAGE_SIZE } from './catalogue';
import { cleanLine, cleanText, clearableText, digitsId, NOT_ALLOWED, requiredText, wholeNumber } from './common';
import { bannerFields, buttonNeedsLink, LINK_FOR_BUTTON } from './home-content';

/** GST rates in percent, as the GST Council sets them (and tax invoices check). */
export const GST_RATES = [0, 5, 12, 18, 28] as const;
export type GstRate = (typeof GST_RATES)[number];
/** An HSN code as tax invoices print it: the 4-digit heading, or its 6- or 8-digit subheading. */
export const HSN_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;
/** Units products and variants are sold in; piece and pair are chosen by size (contract/shop.ts). */
export const UNITS = ['piece', 'pair', 'kg', 'g', 'l', 'ml'] as const;
/** A product code: letters and digits, with dots, dashes, slashes and underscores between. */
export const SKU_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9._/-]{0,62}[A-Za-z0-9])?$/;

export const MAX_VARIANTS = 50;
export const MAX_DESCRIPTION = 5000;
/** Highest price in rupees (₹1 crore): far past anything a household shop sells. */
export const MAX_PRICE_RUPEES = 10_000_000;
export const MAX_ON_HAND = 1_000_000;
export const ADMIN_PAGE_SIZE = 50;

export const CATEGORY_NAME_REQUIRED = 'Category name is required.';
export const SUBCATEGORY_NAME_REQUIRED = 'Subcategory name is required.';
export const CATEGORY_REQUIRED = 'Choose a category.';
export const SUBCATEGORY_REQUIRED = 'Choose a subcategory.';
export const POSITION_INVALID = 'Position must be a whole number from 1.';
export const HIDDEN_INVALID = 'Hidden must be true or false.';
export const FLAG_INVALID = 'Must be true or false.';
export const NOTHING_TO_CHANGE = 'Say what to change.';
export const PRODUCT_NAME_REQUIRED = 'Product name is required.';
export const VARIANT_NAME_REQUIRED = 'Variant name is required.';
export const UNIT_INVALID = `Unit must be one of: ${UNITS.join(', ')}.`;
export const WEIGHT_INVALID = 'Weight must be a whole number of grams (0 to 1,000,000).';
export const DIMENSION_INVALID = 'Must be a number of centimetres from 0 to 10,000.';
export const HSN_INVALID = 'HSN code must be 4, 6 or 8 digits.';
/** A product without HSN code could be paid for and never invoiced: none is created or shown without one. */
export const HSN_REQUIRED = 'HSN code is required: the tax invoice names it (4, 6 or 8 digits).';
export const GST_RATE_INVALID = `GST rate must be one of ${GST_RATES.join(', ')} (percent).`;
export const SKU_REQUIRED = 'Product code (SKU) is required.';
export const SKU_INVALID =
  'Product code may use letters, digits, dots, dashes, slashes and underscores (at most 64 characters).';
export const UNIT_VALUE_INVALID = 'Quantity per unit must be a number above 0 (such as 500 for 500 g).';
export const PRICE_INVALID = `Price must be in rupees above 0 with at most two decimals (such as 249 or 249.50), up to ${formatCount(MAX_PRICE_RUPEES)}.`;
export const FINAL_PRICE_INVALID = `Final price must be in rupees above 0 with at most two decimals, up to ${formatCount(MAX_PRICE_RUPEES)}.`;
export const FINAL_ABOVE_PRICE = 'The final price cannot be more than the price.';
export const ON_HAND_INVALID = `Stock on hand must be a whole number from 0 to ${formatCount(MAX_ON_HAND)}.`;
export const VARIANTS_REQUIRED = 'A product needs at least one variant.';
export const TOO_MANY_VARIANTS = `A product has at most ${MAX_VARIANTS} variants.`;
export const SKU_REPEATED = 'Each variant needs a product code of its own.';

/** 409: the product code is taken by another variant. */
export function skuTaken(sku: string): string {
  return `A product code '${sku}' is already used: choose another.`;
}

/** A variant that orders name cannot be deleted; the product is hidden instead. */
export const VARIANT_ON_ORDERS = 'This variant is named on orders, so it cannot be deleted: hide the product instead.';
/** A variant with shoppers' reviews cannot be deleted (the reviews would go with it). */
export const VARIANT_REVIEWED = 'This variant has reviews, so it cannot be deleted: hide the product instead.';
/** The last variant of a product cannot be deleted. */
export const LAST_VARIANT = 'A product needs at least one variant: add another first, or hide the product.';
/** Stock on hand below what unpaid orders hold (the same rule as the stock:set command). */
export function stockBelowHeld(reserved: number): string {
  return `Unpaid orders hold ${reserved} of this variant: on hand cannot be less until they are paid or expire.`;
}

/** Why staff change a variant's stock; the page offers them in this order. */
export const STOCK_REASONS = ['received', 'damaged', 'lost', 'counted', 'returned'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  received: 'Received from supplier',
  damaged: 'Damaged',
  lost: 'Lost or stolen',
  counted: 'Counted: correction',
  returned: 'Returned by customer',
};
export const STOCK_DELTA_INVALID = `A stock change is a whole number of pieces, such as +20 or -2 (at most ${formatCount(MAX_ON_HAND)} either way).`;
export const STOCK_REASON_REQUIRED = 'Choose why the stock changes.';
export const STOCK_NOTE_INVALID = 'At most 200 characters.';
export const VERSION_REQUIRED = 'Reload the page: the save must name the version of the product it shows.';
export const VARIANT_NOT_OF_PRODUCT = 'This variant is not one of this product’s: reload the page.';

/** A stock change that would leave fewer on the shelf than nothing, or than unpaid orders hold. */
export function stockChangeRefused(onHand: number, reserved: number, delta: number): string {
  const after = onHand + delta;
  if (after < 0) {
    return `Only ${formatCount(onHand)} on hand: taking off ${formatCount(-delta)} would leave less than none.`;
  }
  return stockBelowHeld(reserved);
}

/** 409: someone else saved the product since the page loaded it. */
export function productChangedBy(name: string, at: string): string {
  return `Changed by ${name} at ${formatDateTime(at)} IST. Reload to see their changes; yours are kept on this page.`;
}

/** A position among its siblings, from 1 (first); past the end is last. */
export const positionField = wholeNumber(1, 1_000_000, POSITION_INVALID).meta({
  description: 'Place among its siblings, from 1 (first); a number past the end makes it last.',
});

const hiddenField = z
  .boolean({ error: HIDDEN_INVALID })
  .meta({ description: 'Hidden from the storefront (true), or shown (false).' });
const flagField = (description: string) => z.boolean({ error: FLAG_INVALID }).meta({ description });

const idField = (message: string) => wholeNumber(1, Number.MAX_SAFE_INTEGER, message);

function rupeesField(message: string) {
  return z
    .number({ error: message })
    .refine((v) => Number.isFinite(v) && v > 0 && v <= MAX_PRICE_RUPEES, message)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, message)
    .meta({ description: 'Rupees, at most two decimals.' });
}

const dimensionField = z
  .number({ error: DIMENSION_INVALID })
  .min(0, DIMENSION_INVALID)
  .max(10_000, DIMENSION_INVALID)
  .meta({ description: 'Centimetres.' });

/** At least one field given: an empty change is a mistake, not a no-op. */
function someField<T extends Record<string, unknown>>(value: T): boolean {
  return Object.values(value).some((v) => v !== undefined);
}

// ---- Categories and subcategories ----

export const categoryCreateSchema = z.object({ name: requiredText(CATEGORY_NAME_REQUIRED, 100) });

export const categoryUpdateSchema = z
  .object({
    name: requiredText(CATEGORY_NAME_REQUIRED, 100).optional(),
    position: positionField.optional(),
    hidden: hiddenField.optional(),
  })
  .refine(someField, { message: NOTHING_TO_CHANGE, path: ['name'] });

export const subcategoryCreateSchema = z.object({
  category_id: idField(CATEGORY_REQUIRED).meta({ description: 'The category it belongs to.' }),
  name: requiredText(SUBCATEGORY_NAME_REQUIRED, 100),
});

export const subcategoryUpdateSchema = z
  .object({
    name: requiredText(SUBCATEGORY_NAME_REQUIRED, 100).optional(),
    position: positionField.optional(),
    hidden: hiddenField.optional(),
  })
  .refine(someField, { message: NOTHING_TO_CHANGE, path: ['name'] });

// ---- Products and variants ----

const productFields = {
  name: requiredText(PRODUCT_NAME_REQUIRED, 200),
  description: z
    .string({ error: 'Description must be text.' })
    .transform((v) => v.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(MAX_DESCRIPTION, `At most ${MAX_DESCRIPTION} characters.`).refine(cleanText, NOT_ALLOWED)),
  brand: clearableText(100).meta({ description: "The maker's name; null or '' for none." }),
  subcategory_id: idField(SUBCATEGORY_REQUIRED).meta({ description: 'The subcategory it is listed under.' }),
  weight: wholeNumber(0, 1_000_000, WEIGHT_INVALID).meta({ description: 'Shipping weight in grams.' }),
  unit: z.enum(UNITS, { error: UNIT_INVALID }),
  length: dimensionField,
  width: dimensionField,
  height: dimensionField,
  hsn_code: z
    .string({ error: HSN_REQUIRED })
    .trim()
    .min(1, HSN_REQUIRED)
    .refine((v) => v === '' || HSN_PATTERN.test(v), HSN_INVALID)
    .meta({
      description: 'HSN code for tax invoices (4, 6 or 8 digits): required, a product cannot be sold without it.',
    }),
  gst_rate: z
    .number({ error: GST_RATE_INVALID })
    .refine((v): v is GstRate => (GST_RATES as readonly number[]).includes(v), GST_RATE_INVALID)
    .transform((v) => v as GstRate)
    .meta({ description: 'GST rate in percent (required: the tax invoice needs it).' }),
  popular: flagField('Shown among Popular Products on the home page.'),
  big_deal: flagField('Shown among Daily Best Deals on the home page.'),
  hidden: hiddenField,
};

const variantFields = {
  name: requiredText(VARIANT_NAME_REQUIRED, 100),
  sku: z
    .string({ error: SKU_REQUIRED })
    .trim()
    .min(1, SKU_REQUIRED)
    .regex(SKU_PATTERN, SKU_INVALID)
    .meta({ description: 'The product code shown on the page; unique in the shop.' }),
  color: clearableText(50).meta({ description: "Colour name ('Navy'); null or '' for none." }),
  size: clearableText(50).meta({ description: "Size ('M', '500 g'); null or '' for none." }),
  unit: z.enum(UNITS, { error: UNIT_INVALID }),
  unit_value: z
    .number({ error: UNIT_VALUE_INVALID })
    .gt(0, UNIT_VALUE_INVALID)
    .max(1_000_000, UNIT_VALUE_INVALID)
    .meta({ description: 'How much of the unit one piece is (500 for 500 g).' }),
  price: rupeesField(PRICE_INVALID).meta({ description: 'List price (MRP) in rupees.' }),
  final_price: rupeesField(FINAL_PRICE_INVALID).meta({
    description: 'Selling price in rupees; at most the price. The discount is derived from the two.',
  }),
};

/** The final price is at most the price (the database refuses it too). */
function finalWithinPrice(v: { price?: number | undefined; final_price?: number | undefined }): boolean {
  return v.price === undefined || v.final_price === undefined || v.final_price <= v.price;
}

/** A new variant: every field, and the stock it starts with. */
export const variantCreateSchema = z
  .object({
    ...variantFields,
    color: variantFields.color.optional().default(null),
    size: variantFields.size.optional().default(null),
    on_hand: wholeNumber(0, MAX_ON_HAND, ON_HAND_INVALID)
      .optional()
      .default(0)
      .meta({ description: 'Stock on the shelf it starts with (default 0).' }),
  })
  .refine(finalWithinPrice, { message: FINAL_ABOVE_PRICE, path: ['final_price'] });

/** A variant's fields as a change names them: each one optional. */
const variantChangeFields = {
  name: variantFields.name.optional(),
  sku: variantFields.sku.optional(),
  color: variantFields.color.optional(),
  size: variantFields.size.optional(),
  unit: variantFields.unit.optional(),
  unit_value: variantFields.unit_value.optional(),
  price: variantFields.price.optional(),
  final_price: variantFields.final_price.optional(),
};

/** A change of a variant: any of its fields (a price change applies to carts and new orders at once). */
export const variantUpdateSchema = z
  .object({ ...variantChangeFields, position: positionField.optional() })
  .refine(someField, { message: NOTHING_TO_CHANGE, path: ['name'] })
  .refine(finalWithinPrice, { message: FINAL_ABOVE_PRICE, path: ['final_price'] });

/** A new product with its variants (at least one, each with a product code of its own). */
export const productCreateSchema = z
  .object({
    ...productFields,
    description: productFields.description.optional().default(''),
    brand: productFields.brand.optional().default(null),
    length: dimensionField.optional().default(0),
    width: dimensionField.optional().default(0),
    height: dimensionField.optional().default(0),
    hsn_code: productFields.hsn_code,
    gst_rate: productFields.gst_rate,
    popular: productFields.popular.optional().default(false),
    big_deal: productFields.big_deal.optional().default(false),
    hidden: productFields.hidden.optional().default(false),
    variants: z
      .array(variantCreateSchema, { error: VARIANTS_REQUIRED })
      .min(1, VARIANTS_REQUIRED)
      .max(MAX_VARIANTS, TOO_MANY_VARIANTS),
  })
  .refine((p) => new Set(p.variants.map((v) => v.sku.toLowerCase())).size === p.variants.length, {
    message: SKU_REPEATED,
    path: ['variants'],
  });

/** A product's own fields, each optional: what a change of them may name. */
const productChangeFields = {
  name: productFields.name.optional(),
  description: productFields.description.optional(),
  brand: productFields.brand.optional(),
  subcategory_id: productFields.subcategory_id.optional(),
  weight: productFields.weight.optional(),
  unit: productFields.unit.optional(),
  length: dimensionField.optional(),
  width: dimensionField.optional(),
  height: dimensionField.optional(),
  hsn_code: productFields.hsn_code.optional(),
  gst_rate: productFields.gst_rate.optional(),
  popular: productFields.popular.optional(),
  big_deal: productFields.big_deal.optional(),
  hidden: productFields.hidden.optional(),
};

/** A change of a product's own fields (its variants change through their own calls). */
export const productUpdateSchema = z
  .object(productChangeFields)
  .refine(someField, { message: NOTHING_TO_CHANGE, path: ['name'] });

/** A stock count: what is on the shelf now. */
export const stockSetSchema = z.object({
  on_hand: wholeNumber(0, MAX_ON_HAND, ON_HAND_INVALID).meta({ description: 'Pieces on the shelf.' }),
});

/** A stock change: pieces added or taken off, why, and an optional note. */
export const stockChangeSchema = z.object({
  delta: z
    .number({ error: STOCK_DELTA_INVALID })
    .int(STOCK_DELTA_INVALID)
    .min(-MAX_ON_HAND, STOCK_DELTA_INVALID)
    .max(MAX_ON_HAND, STOCK_DELTA_INVALID)
    .refine((v) => v !== 0, STOCK_DELTA_INVALID)
    .meta({ description: 'Pieces added (above 0) or taken off (below 0), relative to what is on hand when saved.' }),
  reason: z.enum(STOCK_REASONS, { error: STOCK_REASON_REQUIRED }),
  note: z
    .union([z.string(), z.null()], { error: 'Must be text, or null for none.' })
    .transform((v) => (v === null ? null : v.trim() || null))
    .pipe(z.string().max(200, STOCK_NOTE_INVALID).refine(cleanLine, NOT_ALLOWED).nullable())
    .optional()
    .default(null),
});

/** One variant in a save of the product page: any of its fields, and a stock change. */
const variantSaveSchema = z
  .object({
    id: idField(VARIANT_NOT_OF_PRODUCT).meta({ description: 'One of the product’s variants.' }),
    ...variantChangeFields,
    stock: stockChangeSchema.optional(),
  })
  .refine(finalWithinPrice, { message: FINAL_ABOVE_PRICE, path: ['final_price'] });

/**
 * The product page's one save: the product's fields, its variants' fields and stock changes, at
 * the version the page loaded. A refusal names fields by path ('product.name', 'variants.2.price',
 * 'variants.0.stock.delta').
 */
export const productSaveSchema = z.object({
  version: wholeNumber(1, Number.MAX_SAFE_INTEGER, VERSION_REQUIRED).meta({
    description: 'The version the page loaded (`version` of the product).',
  }),
  product: z.object(productChangeFields).optional().default({}),
  variants: z.array(variantSaveSchema).max(MAX_VARIANTS, TOO_MANY_VARIANTS).optional().default([]),
});

/** A picture moved among its variant's pictures. */
export const imageMoveSchema = z.object({ position: positionField });

// ---- Banners ----

/** The text fields of a new banner (its picture comes as the form's `image` file). */
export const bannerCreateSchema = z
  .object({
    title: bannerFields.title,
    subtitle: bannerFields.subtitle.optional().default(null),
    button_label: bannerFields.button_label.optional().default(null),
    link: bannerFields.link.optional().default(null),
  })
  .refine((b) => !buttonNeedsLink(b.button_label, b.link), { message: LINK_FOR_BUTTON, path: ['link'] });

/** A change of a banner's words or place; a button given without a link is refused by the service too. */
export const bannerUpdateSchema = z
  .object({
    title: bannerFields.title.optional(),
    subtitle: bannerFields.subtitle.optional(),
    button_label: bannerFields.button_label.optional(),
    link: bannerFields.link.optional(),
    position: positionField.optional(),
  })
  .refine(someField, { message: NOTHING_TO_CHANGE, path: ['title'] })
  .refine((b) => !(b.button_label && b.link === null), { message: LINK_FOR_BUTTON, path: ['link'] });

// ---- The home page's offers ----

export const OFFER_TITLE_REQUIRED = 'Offer title is required.';
export const OFFER_TEXT_REQUIRED = 'Say what the offer is.';
export const OFFER_SEARCH_REQUIRED = 'Say what Shop Now searches for (such as coffee).';

const offerFields = {
  title: requiredText(OFFER_TITLE_REQUIRED, 80),
  text: requiredText(OFFER_TEXT_REQUIRED, 200),
  search: requiredText(OFFER_SEARCH_REQUIRED, 100).meta({ description: 'What its Shop Now button searches for.' }),
};

/** A new offer (its picture travels beside it, in the form's `image`). */
export const offerCreateSchema = z.object(offerFields);

export const offerUpdateSchema = z
  .object({
    title: offerFields.title.optional(),
    text: offerFields.text.optional(),
    search: offerFields.search.optional(),
    position: positionField.optional(),
    hidden: hiddenField.optional(),
  })
  .refine(someField, { message: NOTHING_TO_CHANGE, path: ['title'] });

// ---- The product list ----

export const PRODUCT_SORTS = ['id', '-id', 'name', '-name', 'price', '-price', 'created', '-created'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

const flagQuery = z
  .enum(['true', 'false', '1', '0'], { error: 'Must be true or false.' })
  .transform((v) => v === 'true' || v === '1');

/** GET /api/admin/catalogue/products: search, filters, sorting and a page. */
export const AdminProductsQuery = z.object({
  search: z
    .string()
    .trim()
    .max(100, 'At most 100 characters.')
    .optional()
    .meta({ description: 'Words of the name, or part of a product code (SKU).' }),
  category: digitsId.optional().meta({ description: 'Only products of this category.' }),
  subcategory: digitsId.optional().meta({ description: 'Only products of this subcategory.' }),
  hidden: flagQuery
    .optional()
    .meta({ description: 'true: only products hidden themselves; false: only products not hidden.' }),
  sort: z
    .enum(PRODUCT_SORTS, { error: `Sort by one of: ${PRODUCT_SORTS.join(', ')}.` })
    .optional()
    .meta({ description: 'A field, `-` first for descending: price is the lowest final price (default id).' }),
  page: digitsId
    .pipe(z.number().max(1_000_000, 'At most 1,000,000.'))
    .optional()
    .meta({ description: 'Page number from 1 (default 1).' }),
  page_size: digitsId
    .pipe(z.number().max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE}.`))
    .optional()
    .meta({ description: `Products per page, at most ${MAX_PAGE_SIZE} (default ${ADMIN_PAGE_SIZE}).` }),
});

export type CategoryCreateInput = z.input<typeof categoryCreateSchema>;
export type CategoryUpdateInput = z.input<typeof categoryUpdateSchema>;
export type SubcategoryCreateInput = z.input<typeof subcategoryCreateSchema>;
export type SubcategoryUpdateInput = z.input<typeof subcategoryUpdateSchema>;
export type ProductCreateInput = z.input<typeof productCreateSchema>;
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;
export type VariantCreateInput = z.input<typeof variantCreateSchema>;
export type VariantUpdateInput = z.input<typeof variantUpdateSchema>;
export type StockSetInput = z.input<typeof stockSetSchema>;
export type StockChangeInput = z.input<typeof stockChangeSchema>;
export type ProductSaveInput = z.input<typeof productSaveSchema>;
export type BannerCreateInput = z.input<typeof bannerCreateSchema>;
export type BannerUpdateInput = z.input<typeof bannerUpdateSchema>;
export type OfferUpdateInput = z.input<typeof offerUpdateSchema>;
