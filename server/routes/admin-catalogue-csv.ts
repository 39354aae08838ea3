import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { CSV_COLUMNS, CsvImportReportSchema, MAX_CSV_ROWS } from '../../contract/catalogue-csv';
import { ROLE_CANNOT } from '../../contract/staff';
import { ApiRoutes, binary, errors, file, json, readByHandler } from '../http/api-routes';
import { ApiError } from '../http/errors';
import { staffOnly, type StaffEnv, staffActor } from '../http/staff-auth';
import { isFormRequest } from '../http/validate';
import { exportCatalogueCsv, importCatalogueCsv } from '../services/catalogue/csv';
import type { StaffContext } from '../services/staff/context';

/** The form field a CSV file travels in (or the whole body as text/csv). */
const CSV_FIELD = 'file';
const CSV_REQUIRED = `Send the CSV file as multipart/form-data in the field '${CSV_FIELD}', or as the body with content-type text/csv.`;

const ImportQuery = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'], { error: 'dry_run must be true or false.' })
    .optional()
    .transform((v) => v === 'true' || v === '1')
    .meta({ description: 'true: check the file and report what it would do; nothing is written.' }),
  plan: z
    .string()
    .regex(/^[0-9a-f]{64}$/, { error: 'plan must be the plan a check answered.' })
    .optional()
    .meta({
      description:
        "A dry run's `plan`: the import writes exactly what that check showed, or nothing (412, the rows that moved named) when the shop changed since.",
    }),
});

const COLUMNS = `Columns: ${CSV_COLUMNS.map((c) => `\`${c}\``).join(', ')}; one row per variant.`;
const csvFile = z.string().meta({ description: `The catalogue as CSV. ${COLUMNS}` });

/** The staff check's refusals, as this spreadsheet's calls describe them. */
const STAFF_REFUSALS = [
  [401, 'No staff token, or one that has ended or is not a staff token.'],
  [403, `The role may not do this: \`${ROLE_CANNOT}\` (logged).`],
] as const;

/** The answer's status for each outcome: a file with problems is 422, a checked plan the shop has moved from 412. */
const STATUS = { checked: 200, imported: 200, refused: 422, stale: 412 } as const;

/** The file's text, from a multipart form's `file` or a text/csv body. */
async function csvText(c: Context): Promise<string> {
  if (isFormRequest(c)) {
    let form: Record<string, string | File>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new ApiError(400, 'The form data could not be read.');
    }
    const file = form[CSV_FIELD];
    if (file instanceof File && file.size > 0) return file.text();
    if (typeof file === 'string' && file.trim()) return file;
    throw new ApiError(400, CSV_REQUIRED, { [CSV_FIELD]: [CSV_REQUIRED] });
  }
  const type = c.req.header('content-type') ?? '';
  if (!/^text\/(csv|plain)\b/i.test(type)) throw new ApiError(415, CSV_REQUIRED);
  return c.req.text();
}

/**
 * The catalogue as a spreadsheet, under /api/admin/catalogue: GET /export.csv (catalogue.read)
 * and POST /import (catalogue.write; `?dry_run=true` checks only, `?plan=` imports what that check
 * showed). An import with any problem answers 422 with every row's problems and writes nothing;
 * one whose check has gone stale answers 412 with the rows that moved.
 */
export function adminCatalogueCsvRoutes(staff: StaffContext): ApiRoutes<StaffEnv> {
  const app = new ApiRoutes<StaffEnv>();
  const actorOf = (c: Context<StaffEnv>) => staffActor(c, staff);

  const exportCsv = createRoute({
    method: 'get',
    path: '/export.csv',
    tags: ['Back office'],
    summary: 'The catalogue as CSV',
    description:
      'Needs `catalogue.read`. Every product and variant, hidden ones included, with stock on hand (`on_hand`, ' +
      "and the same count again as `on_hand_at_export`, which an import compares with the shop's). Text a " +
      'spreadsheet would run as a formula (starting with =, +, -, @) is written with an apostrophe first.',
    ...staffOnly(staff, 'catalogue.read'),
    responses: {
      200: file('text/csv', `The file (attachment). ${COLUMNS}`, csvFile),
      ...errors(...STAFF_REFUSALS),
    },
  });
  app.openapi(exportCsv, async (c) => {
    const csv = await exportCatalogueCsv(staff.db);
    const day = new Date(staff.now()).toISOString().slice(0, 10);
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', `attachment; filename="catalogue-${day}.csv"`);
    return c.body(csv);
  });

  const importCsv = createRoute({
    method: 'post',
    path: '/import',
    tags: ['Back office'],
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
    ...staffOnly(staff, 'catalogue.write'),
    request: {
      query: ImportQuery,
      // Read by csvText: a text/csv body, or the file in a multipart form.
      body: readByHandler({
        'text/csv': { schema: csvFile },
        'multipart/form-data': { schema: z.object({ [CSV_FIELD]: binary(csvFile.description) }) },
      }),
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
        ...STAFF_REFUSALS,
        [409, 'The check named by `plan` is unknown or more than a day old, or stock moved during the import.'],
        [413, `More than ${MAX_CSV_ROWS} rows, or a body over 8 MB.`],
        [415, 'Neither text/csv nor a multipart form.'],
      ),
    },
  });
  app.openapi(importCsv, async (c) => {
    const { dry_run: dryRun, plan } = c.req.valid('query');
    const { outcome, report } = await importCatalogueCsv(staff, actorOf(c), await csvText(c), { dryRun, plan });
    return c.json(report, STATUS[outcome]);
  });

  return app;
}
