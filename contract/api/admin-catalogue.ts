/**
 * The back office's catalogue answers: everything staff edit, hidden records included, with
 * stock and tax fields the storefront never shows. Prices are rupees, as in the public answers.
 */
import { z } from 'zod';
import { GST_RATES, STOCK_REASONS, UNITS } from '../schemas/admin-catalogue';
import { BannerSchema, HomeOfferSchema, HomePopupSchema } from './catalogue';

const id = z.number().int().positive();
const isoTime = z.string().meta({ description: 'ISO 8601 time, UTC.' });
const image = z.string().meta({ description: 'Path below /media/, or an absolute URL.' });
const rupees = z.number().nonnegative();
const position = z.number().int().positive().meta({ description: 'Place among its siblings, from 1.' });
const hidden = z.boolean().meta({ description: 'Hidden from the storefront by staff.' });
const hiddenAt = isoTime.nullable().meta({ description: 'Hidden since then; null while not hidden.' });

export const AdminSubcategorySchema = z
  .strictObject({
    id,
    category: id.meta({ description: 'Parent category id.' }),
    name: z.string(),
    image: image.nullable(),
    position,
    hidden,
    hidden_at: hiddenAt,
    product_count: z.number().int().nonnegative().meta({ description: 'Products listed under it, hidden ones too.' }),
  })
  .meta({ id: 'AdminSubcategory' });
export type AdminSubcategory = z.infer<typeof AdminSubcategorySchema>;

export const AdminCategorySchema = z
  .strictObject({
    id,
    name: z.string(),
    image: image.nullable(),
    position,
    hidden,
    hidden_at: hiddenAt,
    product_count: z.number().int().nonnegative().meta({ description: 'Products of all its subcategories.' }),
    subcategories: z.array(AdminSubcategorySchema),
  })
  .meta({ id: 'AdminCategory', description: 'A category with its subcategories, hidden ones included.' });
export type AdminCategory = z.infer<typeof AdminCategorySchema>;

export const AdminVariantImageSchema = z.strictObject({ id, image, position }).meta({ id: 'AdminVariantImage' });
export type AdminVariantImage = z.infer<typeof AdminVariantImageSchema>;

export const AdminStockSchema = z
  .strictObject({
    on_hand: z.number().int().nonnegative().meta({ description: 'Pieces on the shelf.' }),
    reserved: z.number().int().nonnegative().meta({ description: 'Of those, held by unpaid orders.' }),
    available: z.number().int().nonnegative().meta({ description: 'On hand less reserved: what can be ordered.' }),
  })
  .meta({ id: 'AdminStock' });
export type AdminStock = z.infer<typeof AdminStockSchema>;

export const StockHistoryLineSchema = z
  .strictObject({
    at: isoTime,
    delta: z.number().int().meta({ description: 'Pieces added (above 0) or taken off (below 0).' }),
    reason: z.enum(STOCK_REASONS),
    note: z.string().nullable(),
    staff_name: z.string().nullable().meta({ description: 'Who changed it; null when the account is gone.' }),
    staff_role: z.string().nullable(),
    on_hand_after: z.number().int().nonnegative().meta({ description: 'Pieces on the shelf after the change.' }),
  })
  .meta({ id: 'StockHistoryLine', description: 'One stock change by staff.' });
export type StockHistoryLine = z.infer<typeof StockHistoryLineSchema>;

export const AdminVariantSchema = z
  .strictObject({
    id,
    position,
    name: z.string(),
    sku: z.string().meta({ description: 'The product code.' }),
    color: z.string().nullable(),
    size: z.string().nullable(),
    unit: z.enum(UNITS),
    unit_value: z.number(),
    price: rupees.meta({ description: 'List price (MRP) in rupees.' }),
    final_price: rupees.meta({ description: 'Selling price in rupees.' }),
    discount_percent: z.number().int().min(0).max(100).meta({ description: 'Derived from the two prices.' }),
    stock: AdminStockSchema,
    images: z.array(AdminVariantImageSchema),
    history: z
      .array(StockHistoryLineSchema)
      .meta({ description: 'Its latest stock changes by staff (at most 20), newest first.' }),
  })
  .meta({ id: 'AdminVariant' });
export type AdminVariant = z.infer<typeof AdminVariantSchema>;

const productCore = {
  id,
  name: z.string(),
  brand: z.string().nullable(),
  category: id,
  category_name: z.string(),
  sub_category: id,
  sub_category_name: z.string(),
  popular: z.boolean(),
  big_deal: z.boolean(),
  hidden,
  hidden_at: hiddenAt,
  shown: z.boolean().meta({
    description: 'Whether shoppers see it: neither it nor its subcategory nor its category is hidden.',
  }),
  created_at: isoTime,
};

export const AdminProductSchema = z
  .strictObject({
    ...productCore,
    description: z.string(),
    weight: z.number().meta({ description: 'Shipping weight in grams.' }),
    unit: z.enum(UNITS),
    length: z.number().meta({ description: 'Length in cm.' }),
    width: z.number().meta({ description: 'Width in cm.' }),
    height: z.number().meta({ description: 'Height in cm.' }),
    hsn_code: z.string().nullable().meta({ description: 'HSN code for tax invoices; null when not set.' }),
    gst_rate: z.union(GST_RATES.map((rate) => z.literal(rate))).meta({ description: 'GST rate in percent.' }),
    variants: z.array(AdminVariantSchema),
    version: z.number().int().positive().meta({
      description:
        'Counts the saves of the product and its variants: send it with a save, which is refused if it is old.',
    }),
  })
  .meta({ id: 'AdminProduct', description: 'A product as staff edit it: every field, its variants and their stock.' });
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const AdminProductRowSchema = z
  .strictObject({
    ...productCore,
    image: image.nullable().meta({ description: 'The first picture of its first variant.' }),
    variant_count: z.number().int().nonnegative(),
    skus: z.array(z.string()).meta({ description: "Its variants' product codes." }),
    min_price: rupees.nullable().meta({ description: 'Lowest final price of its variants.' }),
    max_price: rupees.nullable().meta({ description: 'Highest final price of its variants.' }),
    available: z.number().int().nonnegative().meta({ description: 'What can be ordered, all variants together.' }),
  })
  .meta({ id: 'AdminProductRow', description: 'A product as the back office lists it.' });
export type AdminProductRow = z.infer<typeof AdminProductRowSchema>;

export const AdminProductPageSchema = z
  .strictObject({
    count: z.number().int().nonnegative().meta({ description: 'Products matching, on all pages.' }),
    page: z.number().int().positive(),
    page_size: z.number().int().positive(),
    results: z.array(AdminProductRowSchema),
  })
  .meta({ id: 'AdminProductPage' });
export type AdminProductPage = z.infer<typeof AdminProductPageSchema>;

export const AdminBannerSchema = BannerSchema.extend({ position }).meta({ id: 'AdminBanner' });
export type AdminBanner = z.infer<typeof AdminBannerSchema>;

export const AdminHomeOfferSchema = HomeOfferSchema.extend({ position, hidden: z.boolean() }).meta({
  id: 'AdminHomeOffer',
  description: "One of the home page's Extra Offers, hidden ones included.",
});
export type AdminHomeOffer = z.infer<typeof AdminHomeOfferSchema>;

export const AdminHomePopupSchema = HomePopupSchema.meta({
  id: 'AdminHomePopup',
  description: "The home page's offer pop-up as staff edit it.",
});
export type AdminHomePopup = z.infer<typeof AdminHomePopupSchema>;
