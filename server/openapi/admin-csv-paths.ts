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
        'Needs `catalogue.read`. Every product and variant, hidden ones included, with stock on hand. Text a ' +
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
        'variant is found by its product code (`sku`). With `?dry_run=true` every row is checked and the report ' +
        'lists what would change and every problem; without it, the same checks, then all of it is written in one ' +
        `transaction with one audit entry, or nothing (422 with the problems). At most ${MAX_CSV_ROWS} rows.`,
      staff: true,
      request: {
        query: z.object({
          dry_run: z.enum(['true', 'false', '1', '0']).optional().meta({ description: 'true: check only.' }),
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
        ...errors(
          [400, 'Not CSV that can be read, no rows, or columns missing or unknown.'],
          ...staffErrors,
          [413, `More than ${MAX_CSV_ROWS} rows, or a body over 8 MB.`],
          [415, 'Neither text/csv nor a multipart form.'],
        ),
      },
    },
  ];
}
