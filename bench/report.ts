/** How a figure compares with its budget. */
export type Verdict = 'within' | 'over' | 'info';

/** One cell of a results table: a figure, the budget it is held to (if any) and the verdict. */
export interface Cell {
  text: string;
  budget?: string;
  verdict: Verdict;
}

/** A section's table, rendered as markdown. */
export interface Table {
  title: string;
  columns: string[];
  rows: Cell[][];
  notes?: string[];
}

/** A cell without a budget. */
export function info(text: string): Cell {
  return { text, verdict: 'info' };
}

/** A cell held to `budget`: `ok` says whether the figure is within it. */
export function judged(text: string, budget: string, ok: boolean): Cell {
  return { text, budget, verdict: ok ? 'within' : 'over' };
}

function renderCell(cell: Cell): string {
  const mark = cell.verdict === 'within' ? ' ✅' : cell.verdict === 'over' ? ' ❌' : '';
  const budget = cell.budget ? ` (${cell.budget})` : '';
  return `${cell.text}${budget}${mark}`.replace(/\|/g, '\\|');
}

/** A markdown table with a heading and notes below it. */
export function renderTable(table: Table): string {
  const lines = [`#### ${table.title}`, '', `| ${table.columns.join(' | ')} |`];
  lines.push(`| ${table.columns.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`);
  for (const row of table.rows) lines.push(`| ${row.map(renderCell).join(' | ')} |`);
  if (table.notes?.length) lines.push('', ...table.notes.map((note) => `- ${note}`));
  return lines.join('\n');
}

/** Every table, with the conditions they were measured under. */
export function renderReport(tables: Table[], context: string[]): string {
  return [...context, '', ...tables.map((t) => `${renderTable(t)}\n`)].join('\n').trimEnd() + '\n';
}

/** Counts of figures over budget, per table. */
export function overBudget(tables: Table[]): { table: string; cells: number }[] {
  return tables
    .map((t) => ({ table: t.title, cells: t.rows.flat().filter((c) => c.verdict === 'over').length }))
    .filter((t) => t.cells > 0);
}

/** A number with thousands separators and a fixed number of decimals. */
export function fmt(value: number, decimals = 0): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid];
  const lower = sorted.length % 2 ? upper : sorted[mid - 1];
  if (upper === undefined || lower === undefined) throw new Error('No values to take the median of');
  return (lower + upper) / 2;
}
