import { z } from 'zod';

/**
 * The catalogue as a spreadsheet: one row per variant, its product's fields repeated on each of
 * the product's rows. The back office's export writes these columns and its import reads them
 * (the /admin import page shows them as the template).
 */
export const CSV_COLUMNS = [
  'product_id',
  'product_name',
  'description',
  'brand',
  'category',
  'subcategory',
  'product_unit',
  'weight_g',
  'length_cm',
  'width_cm',
  'height_cm',
  'hsn_code',
  'gst_rate',
  'popular',
  'big_deal',
  'hidden',
  'sku',
  'variant_name',
  'colour',
  'size',
  'unit',
  'unit_value',
  'price',
  'final_price',
  'on_hand',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The product's own columns (from its name to hidden): the same on each of its rows, or left empty. */
export const PRODUCT_COLUMNS: readonly CsvColumn[] = CSV_COLUMNS.slice(
  CSV_COLUMNS.indexOf('product_name'),
  CSV_COLUMNS.indexOf('sku'),
);

/** Columns every file must have; the others may be left out (new products take their defaults). */
export const REQUIRED_CSV_COLUMNS: readonly CsvColumn[] = [
  'product_name',
  'category',
  'subcategory',
  'sku',
  'variant_name',
  'price',
  'final_price',
];

/** Rows one import takes at most. */
export const MAX_CSV_ROWS = 20_000;

const counts = z.strictObject({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() });

/** One problem of an import, for the row (2 is the first after the header) and column named. */
export const CsvProblemSchema = z
  .strictObject({
    row: z.number().int().meta({ description: 'Line of the file: 1 is the header, 2 the first variant.' }),
    column: z.enum(CSV_COLUMNS).nullable().meta({ description: 'The column at fault; null for the row as a whole.' }),
    message: z.string(),
  })
  .meta({ id: 'CsvProblem' });
export type CsvProblem = z.infer<typeof CsvProblemSchema>;

/** What an import would do (dry run) or did. */
export const CsvImportReportSchema = z
  .strictObject({
    dry_run: z.boolean(),
    ok: z.boolean().meta({
      description: 'True when nothing stands in the way (a dry run) or everything was written (an import).',
    }),
    rows: z.number().int(),
    products: counts,
    variants: counts,
    problems: z
      .array(CsvProblemSchema)
      .meta({ description: "Every row's problems; an import with any writes nothing." }),
  })
  .meta({ id: 'CsvImportReport' });
export type CsvImportReport = z.infer<typeof CsvImportReportSchema>;

export const CSV_EMPTY = 'The file has no rows: the first line names the columns, each further line is a variant.';
export const CSV_TOO_MANY_ROWS = `At most ${MAX_CSV_ROWS.toLocaleString('en-IN')} rows in one import: split the file.`;
export const CSV_NOT_READABLE = 'The file is not CSV that can be read';
export const CSV_HAS_PROBLEMS = 'Nothing was imported: fix the rows listed and try again.';
export const csvMissingColumns = (columns: readonly string[]) =>
  `The first line must name the columns; missing: ${columns.join(', ')}.`;
export const csvUnknownColumns = (columns: readonly string[]) =>
  `Unknown columns: ${columns.join(', ')}. The columns are: ${CSV_COLUMNS.join(', ')}.`;
/** A text cell a spreadsheet would run as a formula. */
export const CSV_FORMULA =
  'Text may not start with =, +, -, @ or a tab (a spreadsheet would run it as a formula): remove the character, or start the cell with an apostrophe.';
