/**
 * GET /api/common/browse: one page of a category's, a subcategory's or a search's products,
 * narrowed and sorted (contract/browse.ts), with the filter panel's options and how many products
 * each would leave.
 */
import { z } from 'zod';
import { BROWSE_SORTS } from '../browse';
import { ProductSchema } from './catalogue';

export const FacetOptionSchema = z
  .strictObject({
    value: z.string().meta({ description: "The option as the address writes it ('Amul', '100-250', '4', '1')." }),
    label: z.string().meta({ description: "As the panel shows it ('Amul', '₹100 – ₹250', '4★ & up')." }),
    count: z
      .number()
      .int()
      .nonnegative()
      .meta({ description: 'Products the list would show with this option chosen (0: shown disabled).' }),
    selected: z.boolean(),
  })
  .meta({ id: 'FacetOption' });
export type FacetOption = z.infer<typeof FacetOptionSchema>;

export const FacetSchema = z
  .strictObject({
    key: z.enum(['price', 'brand', 'rating', 'discount', 'availability', 'size', 'colour', 'pack']),
    label: z.string(),
    options: z.array(FacetOptionSchema),
  })
  .meta({ id: 'Facet', description: "One of the filter panel's groups, in the panel's order." });
export type Facet = z.infer<typeof FacetSchema>;

export const BrowsePageSchema = z
  .strictObject({
    count: z.number().int().nonnegative().meta({ description: 'Products left by the filters, on all pages.' }),
    page: z.number().int().positive(),
    page_size: z.number().int().positive(),
    sort: z.enum(BROWSE_SORTS),
    results: z.array(ProductSchema),
    facets: z.array(FacetSchema).meta({ description: 'Only the groups this list has options in.' }),
    price_span: z
      .strictObject({ min: z.number().nonnegative(), max: z.number().nonnegative() })
      .nullable()
      .meta({ description: "The list's lowest and highest selling price in rupees, filters aside (null: empty)." }),
  })
  .meta({ id: 'BrowsePage', description: 'One page of a narrowed, sorted list, with its filter options.' });
export type BrowsePage = z.infer<typeof BrowsePageSchema>;
