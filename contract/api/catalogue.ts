/**
 * The catalogue as the API answers it: categories, subcategories, banners, products with their
 * variants, and search results. Prices are in rupees (the API stores paise and converts).
 *
 * Answer schemas are strict: a field the server adds without adding it here fails the API tests,
 * which check every answer against the OpenAPI document built from these schemas.
 */
import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '../shop';

const id = z.number().int().positive();
/** A media path (`/media/…`) or an absolute URL. */
const image = z.string().meta({ description: 'Path below /media/, or an absolute URL.' });
const rupees = z.number().nonnegative();

export const CategorySchema = z
  .strictObject({ id, name: z.string(), image: image.nullable() })
  .meta({ id: 'Category', description: 'A top-level category of the catalogue.' });
export type Category = z.infer<typeof CategorySchema>;

export const SubcategorySchema = z
  .strictObject({
    id,
    name: z.string(),
    image: image.nullable(),
    category: id.meta({ description: 'Parent category id.' }),
  })
  .meta({ id: 'Subcategory', description: 'A subcategory; `category` is its parent.' });
export type Subcategory = z.infer<typeof SubcategorySchema>;

export const VariantImageSchema = z.strictObject({ id, image }).meta({ id: 'VariantImage' });
export type VariantImage = z.infer<typeof VariantImageSchema>;

export const VariantSchema = z
  .strictObject({
    id,
    name: z.string(),
    color: z.string().nullable().meta({ description: "Colour name ('Navy'), or null when it has none." }),
    size: z.string().nullable(),
    sku: z.string(),
    unit: z.string(),
    unit_value: z.number(),
    price: rupees.meta({ description: 'List price (MRP) in rupees.' }),
    final_price: rupees.meta({ description: 'Selling price in rupees.' }),
    discount_percent: z.number().int().min(0).max(100),
    average_rating: z
      .number()
      .min(0)
      .max(5)
      .meta({
        description: "The product's average rating (every variant's visible reviews), repeated on each variant.",
      }),
    rating_count: z
      .number()
      .int()
      .nonnegative()
      .meta({ description: "The product's count of visible reviews, repeated." }),
    images: z.array(VariantImageSchema),
    is_wishlisted: z.boolean(),
  })
  .meta({ id: 'Variant', description: 'One buyable form of a product (a size, a colour, a pack).' });
export type Variant = z.infer<typeof VariantSchema>;

export const ProductSchema = z
  .strictObject({
    id,
    name: z.string(),
    description: z.string(),
    weight: z.number().meta({ description: 'Shipping weight in grams.' }),
    unit: z.string(),
    length: z.number().meta({ description: 'Length in cm.' }),
    width: z.number().meta({ description: 'Width in cm.' }),
    height: z.number().meta({ description: 'Height in cm.' }),
    category: id,
    category_name: z.string(),
    sub_category: id,
    sub_category_name: z.string(),
    big_deal: z.boolean(),
    // Optional in the type only (the API always sends it), so products built by older clients still type-check.
    brand: z.string().nullable().optional().meta({ description: "The maker's name; null when none is given." }),
    average_rating: z
      .number()
      .min(0)
      .max(5)
      .meta({
        description: 'Average stars of its visible reviews (of all its variants), to one decimal; 0 without any.',
      }),
    rating_count: z.number().int().nonnegative().meta({ description: 'How many visible reviews it has.' }),
    variants: z.array(VariantSchema),
  })
  .meta({ id: 'Product', description: 'A product with its variants, images and ratings.' });
export type Product = z.infer<typeof ProductSchema>;
export type FeaturedProduct = Product;

/** Search answers name the product `title` and each variant's price `selling_price`. */
export const SearchVariantSchema = VariantSchema.extend({
  selling_price: rupees.meta({ description: 'The same as final_price.' }),
}).meta({ id: 'SearchVariant' });
export type SearchVariant = z.infer<typeof SearchVariantSchema>;

/** What the storefront reads of a search result. */
export const SearchProductSchema = z
  .strictObject({
    id,
    title: z.string(),
    average_rating: ProductSchema.shape.average_rating,
    rating_count: ProductSchema.shape.rating_count,
    variants: z.array(SearchVariantSchema),
  })
  .meta({ id: 'SearchProduct' });
export type SearchProduct = z.infer<typeof SearchProductSchema>;

/** A search result as answered: the whole product, its name also as `title`, variants with `selling_price`. */
export const SearchResultSchema = ProductSchema.extend({
  title: z.string(),
  variants: z.array(SearchVariantSchema),
}).meta({
  id: 'SearchResult',
  description: 'A product found by search: the product, `title` and `selling_price` added.',
});

export const BannerSchema = z
  .strictObject({
    id,
    title: z.string().meta({ description: 'The headline, written over the picture.' }),
    subtitle: z.string().nullable().meta({ description: 'A line of text under the headline, or null.' }),
    image,
    button_label: z.string().nullable().meta({ description: "The button's words, or null for no button." }),
    link: z
      .string()
      .nullable()
      .meta({ description: 'Where the slide leads: a path of the shop or an https:// address; null for nowhere.' }),
  })
  .meta({ id: 'Banner', description: "A slide of the home page's banner: words over a picture, and its own link." });
export type Banner = z.infer<typeof BannerSchema>;

export const HomeOfferSchema = z
  .strictObject({
    id,
    title: z.string(),
    text: z.string(),
    image,
    search: z.string().meta({ description: 'What its Shop Now button searches for.' }),
  })
  .meta({ id: 'HomeOffer', description: "One of the home page's Extra Offers." });
export type HomeOffer = z.infer<typeof HomeOfferSchema>;

export const HomePopupSchema = z
  .strictObject({
    enabled: z.boolean().meta({ description: 'Shown on the home page (true) or switched off.' }),
    title: z.string(),
    text: z.string(),
    code: z.string().nullable().meta({ description: 'A code the offer names (such as BOGO50), or null.' }),
    button_label: z.string(),
    link: z.string().meta({ description: 'Where its button leads: a path of the shop or an https:// address.' }),
    campaign: z.string().meta({
      description: 'Changes whenever its words change: the home page shows each campaign once to a visitor.',
    }),
  })
  .meta({ id: 'HomePopup', description: "The home page's offer pop-up." });
export type HomePopup = z.infer<typeof HomePopupSchema>;

/** One page of a paged list answer. */
export interface Page<T> {
  count: number;
  results: T[];
}

/** The product list when `page` or `page_size` is given. */
export const ProductPageSchema = z
  .strictObject({
    count: z.number().int().nonnegative().meta({ description: 'Products matching the filter, on all pages.' }),
    page: z.number().int().positive(),
    page_size: z.number().int().positive(),
    results: z.array(ProductSchema),
  })
  .meta({ id: 'ProductPage', description: 'One page of products and how many match in all.' });
export type ProductPage = z.infer<typeof ProductPageSchema>;

/** The ids of every shown product, in catalogue order: what a sitemap or a build needs to list them. */
export const ProductIdsSchema = z
  .strictObject({
    count: z.number().int().nonnegative(),
    ids: z.array(z.number().int().positive()),
  })
  .meta({ id: 'ProductIds', description: 'The ids of the products shoppers may see, in catalogue order.' });
export type ProductIds = z.infer<typeof ProductIdsSchema>;

/** What can be bought of each variant now, read live (pages are built once, sales go on). */
export const StockAnswerSchema = z
  .strictObject({
    variants: z.array(
      z.strictObject({
        variant_id: z.number().int().positive(),
        product_id: z.number().int().positive(),
        available: z
          .number()
          .int()
          .min(0)
          .max(MAX_LINE_QUANTITY)
          .meta({ description: `Pieces that can be ordered now, counted up to ${MAX_LINE_QUANTITY} (a line's most).` }),
      }),
    ),
  })
  .meta({ id: 'StockAnswer' });
export type StockAnswer = z.infer<typeof StockAnswerSchema>;
