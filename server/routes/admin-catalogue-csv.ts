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
});

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
 * and POST /import (catalogue.write; `?dry_run=true` checks only). An import with any problem
 * answers 422 with every row's problems and writes nothing.
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
    const { dry_run: dryRun } = parseQuery(c, ImportQuery);
    const report = await importCatalogueCsv(staff, actorOf(c), await csvText(c), { dryRun });
    return c.json(report, report.ok || dryRun ? 200 : 422);
  });

  return app;
}
