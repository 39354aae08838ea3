import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { clientAddress } from '../http/client-address';
import { ApiError } from '../http/errors';
import { requireStaff, type StaffEnv } from '../http/staff-auth';
import { isFormRequest, parseQuery } from '../http/validate';
import { exportCatalogueCsv, importCatalogueCsv } from '../services/catalogue/csv';
import type { Actor } from '../services/staff/audit';
import type { StaffContext } from '../services/staff/context';

/** The form field a CSV file travels in (or the whole body as text/csv). */
export const CSV_FIELD = 'file';
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
export function adminCatalogueCsvRoutes(staff: StaffContext): Hono<StaffEnv> {
  const app = new Hono<StaffEnv>({ strict: false });
  const actorOf = (c: Context<StaffEnv>): Actor => ({
    staffId: c.get('staffSession').staff.id,
    ip: clientAddress(c, staff.trustProxy),
  });

  app.get('/export.csv', requireStaff(staff, 'catalogue.read'), async (c) => {
    const csv = await exportCatalogueCsv(staff.db);
    const day = new Date(staff.now()).toISOString().slice(0, 10);
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', `attachment; filename="catalogue-${day}.csv"`);
    return c.body(csv);
  });

  app.post('/import', requireStaff(staff, 'catalogue.write'), async (c) => {
    const { dry_run: dryRun, plan } = parseQuery(c, ImportQuery);
    const { outcome, report } = await importCatalogueCsv(staff, actorOf(c), await csvText(c), { dryRun, plan });
    return c.json(report, STATUS[outcome]);
  });

  return app;
}
