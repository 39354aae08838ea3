import { useReducer, useRef } from 'react';
import { CSV_HAS_PROBLEMS, CSV_PLAN_STALE } from '../../../../contract/catalogue-csv';
import { ApiError } from '../../../lib/api/http';
import { Button } from '../../../ui/Button';
import { FieldShell } from '../../../ui/field-shell';
import { AdminShell } from '../AdminShell';
import { adminMessage } from '../admin-messages';
import * as adminRoutes from '../admin-routes';
import { importCatalogueCsv } from './catalogue-api';
import { CsvTemplate, ImportReport } from './ImportReport';
import { canCheck, canImport, fileKey, importReducer, reportIn, START, type ImportStep } from './import-steps';

/** What the import's status line says at each step. */
function stepText(step: ImportStep): string {
  switch (step.kind) {
    case 'empty':
      return 'Choose a CSV file, then Check it.';
    case 'chosen':
      return 'Check the file before importing it: nothing is written by a check.';
    case 'checking':
      return 'Checking the file…';
    case 'checked':
      return step.report.problems.length === 0
        ? 'No problems: Import writes it all.'
        : `The file has ${step.report.problems.length} problem${step.report.problems.length === 1 ? '' : 's'}: fix them and choose the file again.`;
    case 'importing':
      return 'Importing…';
    case 'imported':
      return 'Imported. The shop’s pages follow within seconds.';
    case 'refused':
      return CSV_HAS_PROBLEMS;
    case 'stale':
      return CSV_PLAN_STALE;
    case 'failed':
      return step.message;
  }
}

function Importer() {
  const [step, dispatch] = useReducer(importReducer, START);
  const file = useRef<File | null>(null);

  const send = async (dryRun: boolean) => {
    const chosen = file.current;
    if (!chosen) return;
    // The import writes exactly what the check showed, or nothing.
    const plan = !dryRun && step.kind === 'checked' ? step.report.plan : undefined;
    dispatch({ type: dryRun ? 'check' : 'import' });
    try {
      const report = await importCatalogueCsv(chosen, dryRun, plan);
      dispatch(dryRun ? { type: 'checked', report } : { type: 'imported', report });
    } catch (error) {
      const report =
        error instanceof ApiError && (error.status === 422 || error.status === 412) ? reportIn(error.body) : null;
      if (report) dispatch({ type: error instanceof ApiError && error.status === 412 ? 'stale' : 'refused', report });
      else dispatch({ type: 'failed', message: adminMessage(error, 'The file could not be read. Please try again.') });
    }
  };

  const report = 'report' in step ? step.report : null;
  const bad =
    step.kind === 'failed' ||
    step.kind === 'refused' ||
    step.kind === 'stale' ||
    (step.kind === 'checked' && !canImport(step));
  return (
    <div className="space-y-4">
      <div className="space-y-3 rounded-lg border border-slate-300 bg-white p-4">
        <FieldShell label="CSV file">
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,text/csv"
              className="max-w-full text-sm"
              onChange={(event) => {
                file.current = event.target.files?.[0] ?? null;
                dispatch({ type: 'choose', file: file.current ? fileKey(file.current) : null });
              }}
            />
          )}
        </FieldShell>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={!canCheck(step)} onClick={() => void send(true)}>
            Check
          </Button>
          <Button disabled={!canImport(step)} onClick={() => void send(false)}>
            Import
          </Button>
        </div>
        <p
          role="status"
          data-testid="import-step"
          className={`rounded-lg px-3 py-2 text-sm ${bad ? 'bg-red-50 text-red-800' : 'bg-sky-50 text-sky-900'}`}
        >
          {stepText(step)}
        </p>
      </div>
      {report && <ImportReport report={report} />}
      <CsvTemplate />
    </div>
  );
}

/** /admin/import: a catalogue CSV, checked by a dry run and then imported, all of it or nothing (catalogue.write). */
export function ImportPage() {
  return (
    <AdminShell section="catalogue" permission="catalogue.write" title="Import CSV">
      {() => (
        <div className="space-y-3">
          <a href={adminRoutes.adminCatalogue} className="font-semibold text-brand-800 underline">
            Back to the catalogue
          </a>
          <Importer />
        </div>
      )}
    </AdminShell>
  );
}
