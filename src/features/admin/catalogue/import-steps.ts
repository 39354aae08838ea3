/**
 * The CSV import's steps, a reducer: a file is chosen, Check runs the dry run, and Import is
 * offered only after a dry run of that same file found no problem; choosing another file (or the
 * same file changed on disk) goes back to the start.
 */
import type { CsvFieldChange, CsvImportReport } from '../../../../contract/catalogue-csv';
import { formatRupees } from '../../../../contract/format';

/** Which file: its name, size and time of change (a file saved again is another file). */
export function fileKey(file: { name: string; size: number; lastModified: number }): string {
  return `${file.name}|${file.size}|${file.lastModified}`;
}

export type ImportStep =
  | { kind: 'empty' }
  | { kind: 'chosen'; file: string }
  | { kind: 'checking'; file: string }
  | { kind: 'checked'; file: string; report: CsvImportReport }
  | { kind: 'importing'; file: string; report: CsvImportReport }
  | { kind: 'imported'; file: string; report: CsvImportReport }
  /** The import was refused for its rows (422): nothing was written. */
  | { kind: 'refused'; file: string; report: CsvImportReport }
  /** The shop moved since the check (412): nothing was written; the report names the rows. */
  | { kind: 'stale'; file: string; report: CsvImportReport }
  | { kind: 'failed'; file: string; message: string };

export type ImportAction =
  | { type: 'choose'; file: string | null }
  | { type: 'check' }
  | { type: 'checked'; report: CsvImportReport }
  | { type: 'import' }
  | { type: 'imported'; report: CsvImportReport }
  | { type: 'refused'; report: CsvImportReport }
  | { type: 'stale'; report: CsvImportReport }
  | { type: 'failed'; message: string };

export const START: ImportStep = { kind: 'empty' };

/** True when the step's file has passed a dry run without problems: Import may go ahead. */
export function canImport(step: ImportStep): boolean {
  return step.kind === 'checked' && step.report.ok && step.report.problems.length === 0;
}

/** True when Check may run: a file is chosen and nothing is under way. */
export function canCheck(step: ImportStep): boolean {
  return step.kind !== 'empty' && step.kind !== 'checking' && step.kind !== 'importing';
}

export function importReducer(step: ImportStep, action: ImportAction): ImportStep {
  switch (action.type) {
    case 'choose':
      return action.file === null ? START : { kind: 'chosen', file: action.file };
    case 'check':
      return canCheck(step) && step.kind !== 'empty' ? { kind: 'checking', file: step.file } : step;
    case 'checked':
      return step.kind === 'checking' ? { kind: 'checked', file: step.file, report: action.report } : step;
    case 'import':
      return canImport(step) && step.kind === 'checked'
        ? { kind: 'importing', file: step.file, report: step.report }
        : step;
    case 'imported':
      return step.kind === 'importing' ? { kind: 'imported', file: step.file, report: action.report } : step;
    case 'refused':
      return step.kind === 'importing' || step.kind === 'checking'
        ? { kind: 'refused', file: step.file, report: action.report }
        : step;
    case 'stale':
      return step.kind === 'importing' ? { kind: 'stale', file: step.file, report: action.report } : step;
    case 'failed':
      return step.kind === 'checking' || step.kind === 'importing'
        ? { kind: 'failed', file: step.file, message: action.message }
        : step;
  }
}

/** The report's counts in words: 'Products: 10 created, 2 updated, 0 unchanged.' */
export function countsText(label: string, counts: CsvImportReport['products']): string {
  return `${label}: ${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged.`;
}

/** Whether an error's body is the import's report (a 422 or a 412 answers it with every row's problems). */
export function reportIn(body: unknown): CsvImportReport | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Partial<CsvImportReport>;
  return Array.isArray(b.problems) && Array.isArray(b.changes) && typeof b.ok === 'boolean' && b.products && b.variants
    ? (body as CsvImportReport)
    : null;
}

/** A changed cell in words: prices in rupees, a new row's cells as they will be. */
export function cellChangeText(change: CsvFieldChange): string {
  const money = change.column === 'price' || change.column === 'final_price';
  const value = (v: string) => (money ? formatRupees(Number(v)) : v === '' ? '(empty)' : v);
  return change.from === null
    ? `${change.column} ${value(change.to)}`
    : `${change.column} ${value(change.from)} → ${value(change.to)}`;
}
