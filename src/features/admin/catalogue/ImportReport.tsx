import { CSV_COLUMNS, REQUIRED_CSV_COLUMNS, type CsvImportReport } from '../../../../contract/catalogue-csv';
import { formatCount } from '../../../../contract/format';
import { DeskCell, DeskRow, DeskTable } from '../desk-ui';
import { cellChangeText, countsText } from './import-steps';

/** Rows of the plan drawn at most: a 20,000-row file is checked whole, and its first rows shown. */
const CHANGES_SHOWN = 1_000;

/** The columns a file has, as the template. */
export function CsvTemplate() {
  return (
    <section aria-labelledby="template-heading" className="space-y-2 rounded-lg border border-slate-300 bg-white p-4">
      <h2 id="template-heading" className="text-lg font-bold">
        The file’s columns
      </h2>
      <p className="text-sm">
        The first line names the columns; each further line is one variant, its product’s cells repeated (or left empty)
        on each of the product’s lines. Leave <code>product_id</code> empty to add a product. Required:{' '}
        {REQUIRED_CSV_COLUMNS.join(', ')}. An exported file is a template.
      </p>
      <pre
        data-testid="csv-template"
        className="overflow-x-auto rounded bg-slate-100 p-2 text-xs whitespace-pre-wrap break-all"
      >
        {CSV_COLUMNS.join(',')}
      </pre>
    </section>
  );
}

/** What a check or an import found: the counts, and every problem by row and column. */
export function ImportReport({ report }: { report: CsvImportReport }) {
  return (
    <section aria-labelledby="report-heading" className="space-y-3 rounded-lg border border-slate-300 bg-white p-4">
      <h2 id="report-heading" className="text-lg font-bold">
        {report.dry_run ? 'What the file would do' : report.ok ? 'What was imported' : 'Nothing was imported'}
      </h2>
      <ul className="space-y-1" data-testid="import-summary">
        <li>{report.rows} rows read.</li>
        <li>{countsText('Products', report.products)}</li>
        <li>{countsText('Variants', report.variants)}</li>
      </ul>
      {report.changes.length > 0 && <PlannedChanges report={report} />}
      {report.problems.length > 0 && (
        <DeskTable
          caption={`${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}`}
          headers={['Row', 'Column', 'Problem']}
        >
          {report.problems.map((p, i) => (
            <DeskRow key={i} label={`Row ${p.row}`}>
              <DeskCell label="Row">{p.row}</DeskCell>
              <DeskCell label="Column">{p.column ?? 'the whole row'}</DeskCell>
              <DeskCell label="Problem" wide>
                {p.message}
              </DeskCell>
            </DeskRow>
          ))}
        </DeskTable>
      )}
    </section>
  );
}

/** Every row the file creates or changes, cell by cell (the first thousand drawn). */
function PlannedChanges({ report }: { report: CsvImportReport }) {
  const shown = report.changes.slice(0, CHANGES_SHOWN);
  const verb = report.dry_run ? 'would change' : report.ok ? 'changed' : 'would have changed';
  const caption = `${report.changes.length} row${report.changes.length === 1 ? '' : 's'} the file ${verb}`;
  return (
    <div className="space-y-1">
      <h3 className="font-semibold">{caption}</h3>
      <DeskTable caption={caption} headers={['Row', 'Product code', 'Change', 'Cells']}>
        {shown.map((c) => (
          <DeskRow key={c.row} label={`Row ${c.row}`}>
            <DeskCell label="Row">{c.row}</DeskCell>
            <DeskCell label="Product code">{c.sku}</DeskCell>
            <DeskCell label="Change">{c.action === 'create' ? 'New' : 'Changed'}</DeskCell>
            <DeskCell label="Cells" wide>
              {c.fields.map(cellChangeText).join('; ')}
            </DeskCell>
          </DeskRow>
        ))}
      </DeskTable>
      {shown.length < report.changes.length && (
        <p className="text-sm">
          The first {formatCount(shown.length)} of {formatCount(report.changes.length)} rows are shown; every row is
          checked and imported.
        </p>
      )}
    </div>
  );
}
