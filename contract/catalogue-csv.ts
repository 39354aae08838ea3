import { z } from 'zod';
import { formatCount } from './format';

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
  'on_hand_at_export',
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

/**
 * A variant's stock in the file: `on_hand` is the count the shop should have, `on_hand_at_export`
 * the count when the file was exported. Where the two agree the import leaves the stock alone, so
 * a piece sold after the export stays sold; where they differ the new count is written only if
 * the shop still has the exported count, and the row is a conflict otherwise.
 */
export const STOCK_COLUMNS = ['on_hand', 'on_hand_at_export'] as const;

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

/** One cell an import changes: its column, the value the shop has now (null for a new row) and the file's. */
export const CsvFieldChangeSchema = z
  .strictObject({
    column: z.enum(CSV_COLUMNS),
    from: z.string().nullable(),
    to: z.string(),
  })
  .meta({ id: 'CsvFieldChange' });
export type CsvFieldChange = z.infer<typeof CsvFieldChangeSchema>;

/** A row the import creates or changes, cell by cell, in the file's own spelling of each value. */
export const CsvRowChangeSchema = z
  .strictObject({
    row: z.number().int(),
    sku: z.string(),
    product_id: z.number().int().nullable().meta({ description: 'null for a new product.' }),
    action: z.enum(['create', 'update']),
    fields: z.array(CsvFieldChangeSchema),
  })
  .meta({ id: 'CsvRowChange' });
export type CsvRowChange = z.infer<typeof CsvRowChangeSchema>;

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
    changes: z.array(CsvRowChangeSchema).meta({
      description: 'Every row the file creates or changes, field by field (rows that change nothing are only counted).',
    }),
    plan: z.string().meta({
      description:
        'The check of this plan: pass it as `plan` to the import, which then writes exactly these changes or, when the shop has moved since, nothing (412, the rows named).',
    }),
  })
  .meta({ id: 'CsvImportReport' });
export type CsvImportReport = z.infer<typeof CsvImportReportSchema>;

export const CSV_EMPTY = 'The file has no rows: the first line names the columns, each further line is a variant.';
export const CSV_TOO_MANY_ROWS = `At most ${formatCount(MAX_CSV_ROWS)} rows in one import: split the file.`;
export const CSV_NOT_READABLE = 'The file is not CSV that can be read';
export const CSV_HAS_PROBLEMS = 'Nothing was imported: fix the rows listed and try again.';
export const csvMissingColumns = (columns: readonly string[]) =>
  `The first line must name the columns; missing: ${columns.join(', ')}.`;
export const csvUnknownColumns = (columns: readonly string[]) =>
  `Unknown columns: ${columns.join(', ')}. The columns are: ${CSV_COLUMNS.join(', ')}.`;
/** A price that is not written as plain rupees and paise. */
export const csvNotMoney = (value: string) =>
  `Write the amount as a plain number of rupees, like 1234.50: no commas, currency signs or other forms (the file has "${value.slice(0, 40)}").`;
export const csvNotNumber = (value: string) =>
  `Write a plain number, like 250 or 12.5: no commas, units or other forms (the file has "${value.slice(0, 40)}").`;
/** The import's refusal when the shop moved between the check and the import. */
export const CSV_PLAN_STALE = 'Nothing was imported: the shop changed since the check. Check the file again.';
export const CSV_PLAN_UNKNOWN = 'That check is not known (or more than a day old): check the file again.';
/** A row that would now do something other than the check showed. */
export const CSV_ROW_MOVED = 'Changed since the check: this row would now do something else.';
export const csvStockMoved = (sku: string, exported: number, now: number) =>
  `The stock of ${sku} changed since the export (${exported} then, ${now} now): a sale or a delivery happened. Export again, or write the count you mean with on_hand_at_export ${now}.`;
export const csvStockNoBase = (sku: string) =>
  `The stock of ${sku} differs from the shop's, and the file has no on_hand_at_export to tell a new count from a sale since the export: export again, or leave on_hand empty.`;
/** A text cell a spreadsheet would run as a formula. */
export const CSV_FORMULA =
  'Text may not start with =, +, -, @ or a tab (a spreadsheet would run it as a formula): remove the character, or start the cell with an apostrophe.';
