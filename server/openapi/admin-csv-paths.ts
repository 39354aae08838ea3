/** The back office's catalogue spreadsheet routes, for the OpenAPI document. */
import { z } from 'zod';
import { CSV_COLUMNS, CsvImportReportSchema, MAX_CSV_ROWS } from '../../contract/catalogue-csv';
import { ROLE_CANNOT } from '../../contract/staff';
import { errors, json, type Operation } from './paths';

const columns = `Columns: ${CSV_COLUMNS.map((c) => `\`${c}\``).join(', ')}; one row per variant.`;
const csvFile = z.string().meta({ description: `The catalogue as CSV. ${columns}` });

export function adminCsvOperations(): Operation[] {
  const staffErrors: Parameters<typeof errors> = [
    [401, 'No staff token, or one that has ended or is not a staff token.'],
    [403, `The role may not do this: \`${ROLE_CANNOT}\` (logged).`],
  ];
  return [
    {
      method: 'get',
      path: '/api/admin/catalogue/export.csv',
      tag: 'Back office',
      summary: 'The catalogue as CSV',
      description:
        'Needs `catalogue.read`. Every product and variant, hidden ones included, with stock on hand (`on_hand`, ' +
        "and the same count again as `on_hand_at_export`, which an import compares with the shop's). Text a " +
        'spreadsheet would run as a formula (starting with =, +, -, @) is written with an apostrophe first.',
      staff: true,
      responses: {
        200: { description: `The file (attachment). ${columns}`, content: { 'text/csv': { schema: csvFile } } },
        ...errors(...staffErrors),
      },
    },
    {
      method: 'post',
      path: '/api/admin/catalogue/import',
      tag: 'Back office',
      summary: 'Import products and variants from CSV',
      description:
        'Needs `catalogue.write`. The file as the body (`text/csv`) or a multipart form field `file`. Rows of one ' +
        'product share its `product_id` (existing products) or its name, category and subcategory (new ones); a ' +
        'variant is found by its product code (`sku`). Stock changes only where `on_hand` differs from ' +
        '`on_hand_at_export`, and only while the shop still has the exported count (a sale since is a problem on ' +
        'that row): an old file never puts sold pieces back on sale. With `?dry_run=true` every row is checked and ' +
        'the report lists every row it creates or changes, cell by cell (old → new), and every problem, with the ' +
        "plan's digest; without it, the same checks, then all of it is written in one transaction with one audit " +
        "entry, or nothing (422 with the problems). With `?plan=` (a check's digest) the import writes exactly " +
        'what that check showed, or nothing (412, the rows that would now do something else named). ' +
        `At most ${MAX_CSV_ROWS} rows; numbers are plain decimals (prices like 1234.50).`,
      staff: true,
      request: {
        query: z.object({
          dry_run: z.enum(['true', 'false', '1', '0']).optional().meta({ description: 'true: check only.' }),
          plan: z
            .string()
            .optional()
            .meta({ description: "A check's `plan`: import exactly what it showed, or nothing." }),
        }),
        body: {
          required: true,
          content: {
            'text/csv': { schema: csvFile },
            'multipart/form-data': { schema: z.object({ file: csvFile.meta({ format: 'binary' }) }) },
          },
        },
      },
      responses: {
        200: json(CsvImportReportSchema, 'What the file would do (dry run), or did.'),
        422: json(CsvImportReportSchema, 'Rows have problems: nothing was written.'),
        412: json(
          CsvImportReportSchema,
          'The shop changed since the check named by `plan`: nothing was written; the problems name the rows.',
        ),
        ...errors(
          [400, 'Not CSV that can be read, no rows, or columns missing or unknown.'],
          ...staffErrors,
          [409, 'The check named by `plan` is unknown or more than a day old, or stock moved during the import.'],
          [413, `More than ${MAX_CSV_ROWS} rows, or a body over 8 MB.`],
          [415, 'Neither text/csv nor a multipart form.'],
        ),
      },
    },
  ];
}
