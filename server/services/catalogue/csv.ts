import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { z } from 'zod';
import {
  CSV_COLUMNS,
  CSV_EMPTY,
  CSV_FORMULA,
  CSV_NOT_READABLE,
  CSV_PLAN_UNKNOWN,
  CSV_ROW_MOVED,
  CSV_TOO_MANY_ROWS,
  MAX_CSV_ROWS,
  PRODUCT_COLUMNS,
  REQUIRED_CSV_COLUMNS,
  csvMissingColumns,
  csvNotMoney,
  csvNotNumber,
  csvStockMoved,
  csvStockNoBase,
  csvUnknownColumns,
  type CsvColumn,
  type CsvFieldChange,
  type CsvImportReport,
  type CsvProblem,
  type CsvRowChange,
} from '../../../contract/catalogue-csv';
import { paiseToRupees, rupeesToPaise } from '../../../contract/pricing';
import { productCreateSchema, skuTaken, stockBelowHeld } from '../../../contract/schemas/admin-catalogue';
import type { Db } from '../../db';
import { Conflict, Invalid, TooLarge } from '../errors';
import * as repo from '../../repositories/admin-catalogue';
import {
  catalogueForCsv,
  findImportCheck,
  insertVariantsWithStock,
  moveOnHandIfStill,
  saveImportCheck,
  type CsvProductRow,
} from '../../repositories/catalogue-csv';
import { inTransaction } from '../../repositories/helpers';
import { recordSiteChange } from '../site/changes';
import { recordAudit, type Actor } from '../staff/audit';
import type { CatalogueStaff } from './changes';
import { productColumns, variantColumns } from './products';
import { FORMULA_START, safeCell } from '../spreadsheet';

/**
 * The catalogue as a spreadsheet (contract/catalogue-csv.ts): the export writes every product
 * and variant, hidden ones included; the import first reads the whole file and decides every
 * row — what it creates, what it changes cell by cell, and every problem — (a dry run does only
 * that, and keeps the plan), then writes all of it in one transaction or nothing. Rows carry the
 * same rules as the admin forms: each product is checked with the product form's schema.
 *
 * Stock is never taken back by an old file: a row changes a variant's stock only where its
 * `on_hand` differs from its `on_hand_at_export`, and then only while the shop still has the
 * exported count (a sale or delivery since is a conflict on that row).
 */

/** How long a dry run's plan can be imported by its digest. */
const CHECK_KEPT_MS = 24 * 60 * 60 * 1000;

/** Above this many products changed, one whole build is cheaper than rendering each product's pages again. */
const REFRESH_PRODUCTS_AT_MOST = 200;

type Row = Partial<Record<CsvColumn, string>>;
type ProductInput = z.input<typeof productCreateSchema>;

const yesNo = (value: boolean) => (value ? 'yes' : 'no');
const rupees = (paise: number) => String(paiseToRupees(paise));

/** A product's own cells as the file spells them (text as it is: the export escapes it). */
interface ProductCellValues {
  name: string;
  description: string;
  brand: string | null;
  category_name: string;
  subcategory_name: string;
  unit: string;
  weight_grams: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
  hsn_code: string | null;
  gst_rate: number;
  popular: boolean;
  big_deal: boolean;
  hidden: boolean;
}

function productCells(p: ProductCellValues, text: (value: string) => string = (v) => v) {
  return {
    product_name: text(p.name),
    description: text(p.description),
    brand: text(p.brand ?? ''),
    category: text(p.category_name),
    subcategory: text(p.subcategory_name),
    product_unit: p.unit,
    weight_g: String(p.weight_grams),
    length_cm: String(p.length_cm),
    width_cm: String(p.width_cm),
    height_cm: String(p.height_cm),
    hsn_code: p.hsn_code ?? '',
    gst_rate: String(p.gst_rate),
    popular: yesNo(p.popular),
    big_deal: yesNo(p.big_deal),
    hidden: yesNo(p.hidden),
  } satisfies Partial<Record<CsvColumn, string>>;
}

/** A variant's own cells but its stock. */
interface VariantCellValues {
  sku: string;
  name: string;
  color: string | null;
  size: string | null;
  unit: string;
  unit_value: number;
  price_paise: number;
  final_price_paise: number;
}

function variantCells(v: VariantCellValues, text: (value: string) => string = (x) => x) {
  return {
    sku: text(v.sku),
    variant_name: text(v.name),
    colour: text(v.color ?? ''),
    size: text(v.size ?? ''),
    unit: v.unit,
    unit_value: String(v.unit_value),
    price: rupees(v.price_paise),
    final_price: rupees(v.final_price_paise),
  } satisfies Partial<Record<CsvColumn, string>>;
}

const productCellsOf = (p: CsvProductRow): ProductCellValues => ({
  ...p,
  popular: p.popular === 1,
  big_deal: p.big_deal === 1,
  hidden: p.hidden_at !== null,
});

/** Every product and variant as CSV, one row per variant, in product and variant order. */
export async function exportCatalogueCsv(db: Db): Promise<string> {
  const products = await catalogueForCsv(db);
  const records: string[][] = [];
  for (const p of products) {
    const product = productCells(productCellsOf(p), safeCell);
    for (const v of p.variants) {
      const row: Record<CsvColumn, string> = {
        product_id: String(p.id),
        ...product,
        ...variantCells(v, safeCell),
        on_hand: String(v.on_hand),
        on_hand_at_export: String(v.on_hand),
      };
      records.push(CSV_COLUMNS.map((c) => row[c]));
    }
  }
  return stringify([[...CSV_COLUMNS], ...records]);
}

/** The cells that differ between two spellings of a row: what the shop has and what the file makes of it. */
function cellChanges<K extends CsvColumn>(
  before: Record<K, string> | null,
  after: Record<K, string>,
): CsvFieldChange[] {
  const changes: CsvFieldChange[] = [];
  for (const column of Object.keys(after) as K[]) {
    const from = before ? before[column] : null;
    if (from === after[column] || (before === null && after[column] === '')) continue;
    changes.push({ column, from, to: after[column] });
  }
  return changes;
}

/** The file's rows by column, or a 400 saying why it cannot be read. */
function readRows(text: string): { rows: Row[] } {
  let table: string[][];
  try {
    table = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  } catch (error) {
    throw new Invalid(`${CSV_NOT_READABLE}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const [header, ...body] = table;
  if (!header || body.length === 0) throw new Invalid(CSV_EMPTY);
  if (body.length > MAX_CSV_ROWS) throw new TooLarge(CSV_TOO_MANY_ROWS);
  const names = header.map((h) => h.trim().toLowerCase());
  const unknown = names.filter((n) => !(CSV_COLUMNS as readonly string[]).includes(n));
  if (unknown.length) throw new Invalid(csvUnknownColumns(unknown));
  const missing = REQUIRED_CSV_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length) throw new Invalid(csvMissingColumns(missing));
  const rows = body.map((cells) => {
    const row: Row = {};
    names.forEach((name, i) => {
      row[name as CsvColumn] = (cells[i] ?? '').trim();
    });
    return row;
  });
  return { rows };
}

/**
 * Numbers as plain decimals only: `Number()` alone would take '0x10' as 16, '1e1' as 10 and ''
 * as 0, and a comma may be a thousands separator or (in much of the world) a decimal point.
 */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const PLAIN_MONEY = /^-?\d+(\.\d{1,2})?$/;

/** A row's cells, read into the form's types, with the problems of the cells that cannot be. */
class CellReader {
  constructor(
    private readonly row: Row,
    private readonly line: number,
    private readonly problems: CsvProblem[],
  ) {}

  private problem(column: CsvColumn, message: string): undefined {
    this.problems.push({ row: this.line, column, message });
    return undefined;
  }

  /** The cell's text, undefined when empty; one starting like a formula is a problem (an apostrophe first escapes it). */
  text(column: CsvColumn): string | undefined {
    const value = this.row[column];
    if (value === undefined || value === '') return undefined;
    if (value.startsWith("'")) return value.slice(1);
    if (FORMULA_START.test(value)) return this.problem(column, CSV_FORMULA);
    return value;
  }

  /** A plain number ('250', '-4', '12.5'); the form's rules check its range. */
  number(column: CsvColumn): number | undefined {
    return this.plain(column, PLAIN_NUMBER, csvNotNumber);
  }

  /** Rupees as '1234.50' (paise at most two places): no thousands separators, signs of currency, exponents or hex. */
  money(column: CsvColumn): number | undefined {
    return this.plain(column, PLAIN_MONEY, csvNotMoney);
  }

  private plain(column: CsvColumn, form: RegExp, message: (value: string) => string): number | undefined {
    const value = this.row[column];
    if (value === undefined || value === '') return undefined;
    if (!form.test(value)) return this.problem(column, message(value));
    return Number(value);
  }

  boolean(column: CsvColumn): boolean | undefined {
    const value = this.row[column]?.toLowerCase();
    if (value === undefined || value === '') return undefined;
    if (['yes', 'y', 'true', '1'].includes(value)) return true;
    if (['no', 'n', 'false', '0'].includes(value)) return false;
    return this.problem(column, 'Must be yes or no.');
  }
}

/** Which column a schema issue's path names, and whether it is the product's (first row) or a variant's. */
function columnOf(path: readonly PropertyKey[]): { variant: number | null; column: CsvColumn | null } {
  const [first, index, field] = path;
  if (first === 'variants' && typeof index === 'number') {
    const byField: Record<string, CsvColumn> = { name: 'variant_name', color: 'colour', on_hand: 'on_hand' };
    const name = String(field ?? '');
    return {
      variant: index,
      column: byField[name] ?? ((CSV_COLUMNS as readonly string[]).includes(name) ? (name as CsvColumn) : 'sku'),
    };
  }
  const byField: Record<string, CsvColumn> = {
    name: 'product_name',
    unit: 'product_unit',
    weight: 'weight_g',
    length: 'length_cm',
    width: 'width_cm',
    height: 'height_cm',
    subcategory_id: 'subcategory',
  };
  const name = String(first ?? '');
  return {
    variant: null,
    column: byField[name] ?? ((CSV_COLUMNS as readonly string[]).includes(name) ? (name as CsvColumn) : null),
  };
}

/** One variant row of the file and what it does. */
interface PlannedVariant {
  line: number;
  /** The existing variant's id, or null for a new one. */
  id: number | null;
  /** Whether its own cells (all but stock) change. */
  changed: boolean;
  /** The stock it moves, from the count the shop has to the file's; null to leave it. */
  stock: { from: number; to: number } | null;
}

/** One product of the file: its rows, and what they make of it. */
interface PlannedProduct {
  existing: CsvProductRow | null;
  input: z.output<typeof productCreateSchema>;
  /** Per variant of `input`, in the same order. */
  variants: PlannedVariant[];
  productChanged: boolean;
  /** Listings before the change (a product moved between subcategories names both). */
  before: { subcategory: number; category: number } | null;
  category: number;
}

interface Plan {
  report: CsvImportReport;
  products: PlannedProduct[];
}

/** The digest of a plan's changes: the same file against the same shop gives the same digest. */
function planDigest(changes: CsvRowChange[]): string {
  return createHash('sha256').update(JSON.stringify(changes)).digest('hex');
}

/**
 * A variant row's stock: a new variant starts with the file's count; an existing one moves only
 * when the file asks for another count than it was exported with, and only from the count exported.
 */
function plannedStock(
  cells: CellReader,
  current: CsvProductRow['variants'][number] | undefined,
  sku: string,
  line: number,
  problems: CsvProblem[],
): { onHand: number; stock: PlannedVariant['stock'] } {
  const onHand = cells.number('on_hand');
  const atExport = cells.number('on_hand_at_export');
  if (!current) return { onHand: onHand ?? 0, stock: null };
  const unchanged = { onHand: current.on_hand, stock: null };
  if (onHand === undefined || onHand === current.on_hand || onHand === atExport) return unchanged;
  if (atExport === undefined) {
    problems.push({ row: line, column: 'on_hand', message: csvStockNoBase(sku) });
    return unchanged;
  }
  if (atExport !== current.on_hand) {
    problems.push({ row: line, column: 'on_hand', message: csvStockMoved(sku, atExport, current.on_hand) });
    return unchanged;
  }
  if (onHand >= 0 && onHand < current.reserved) {
    problems.push({ row: line, column: 'on_hand', message: stockBelowHeld(current.reserved) });
    return unchanged;
  }
  return { onHand, stock: { from: current.on_hand, to: onHand } };
}

/**
 * Reads the file and decides every row, without writing: the report (every change and every
 * problem) and, when there is no problem, the products to write.
 */
async function planImport(db: Db, text: string): Promise<Plan> {
  const { rows } = readRows(text);
  const problems: CsvProblem[] = [];
  const changes: CsvRowChange[] = [];
  const [products, categories, subcategories] = await Promise.all([
    catalogueForCsv(db),
    repo.allCategories(db),
    repo.allSubcategories(db),
  ]);
  const byId = new Map(products.map((p) => [p.id, p]));
  const skuOwner = new Map<string, number>();
  for (const p of products) for (const v of p.variants) skuOwner.set(v.sku.toLowerCase(), p.id);
  const categoryByName = new Map(categories.map((c) => [c.name.toLowerCase(), c]));

  // Rows of one product go together: by product_id, or (new products) by name within their subcategory.
  const groups = new Map<string, { line: number; row: Row }[]>();
  rows.forEach((row, i) => {
    const line = i + 2;
    const key = row.product_id
      ? `id:${row.product_id}`
      : `new:${(row.product_name ?? '').toLowerCase()}|${(row.category ?? '').toLowerCase()}|${(row.subcategory ?? '').toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), { line, row }]);
  });

  const plan: PlannedProduct[] = [];
  const skusInFile = new Map<string, number>();
  for (const group of groups.values()) {
    const [head] = group;
    if (!head) continue;
    let existing: CsvProductRow | null = null;
    if (head.row.product_id) {
      const id = Number(head.row.product_id);
      existing = /^\d+$/.test(head.row.product_id) ? (byId.get(id) ?? null) : null;
      if (!existing) {
        problems.push({
          row: head.line,
          column: 'product_id',
          message: `No product ${head.row.product_id.slice(0, 20)}: leave product_id empty to add a new product.`,
        });
        continue;
      }
    }
    // A product's own cells come from its first row; a later row that says otherwise is a mistake.
    for (const { line, row } of group.slice(1)) {
      for (const column of PRODUCT_COLUMNS) {
        const value = row[column];
        if (value && value !== head.row[column]) {
          problems.push({
            row: line,
            column,
            message: `Differs from row ${head.line} of the same product: a product's cells are the same on each of its rows (or left empty).`,
          });
        }
      }
    }
    const cells = new CellReader(head.row, head.line, problems);
    const categoryName = cells.text('category');
    const category = categoryName ? categoryByName.get(categoryName.toLowerCase()) : undefined;
    const subcategoryName = cells.text('subcategory');
    let subcategoryId: number | undefined = existing?.subcategory_id;
    if (categoryName !== undefined && !category) {
      problems.push({
        row: head.line,
        column: 'category',
        message: `Unknown category "${categoryName.slice(0, 60)}".`,
      });
    } else if (subcategoryName !== undefined) {
      const categoryId = category?.id ?? existing?.category_id;
      const sub = subcategories.find(
        (s) => s.name.toLowerCase() === subcategoryName.toLowerCase() && s.category_id === categoryId,
      );
      if (!sub) {
        problems.push({
          row: head.line,
          column: 'subcategory',
          message: `Unknown subcategory "${subcategoryName.slice(0, 60)}" in ${category?.name ?? 'that category'}.`,
        });
      } else subcategoryId = sub.id;
    }

    const ex = existing;
    const product: ProductInput = {
      name: cells.text('product_name') ?? ex?.name ?? '',
      description: cells.text('description') ?? ex?.description ?? '',
      brand: cells.text('brand') ?? ex?.brand ?? null,
      subcategory_id: subcategoryId ?? 0,
      weight: cells.number('weight_g') ?? ex?.weight_grams ?? 0,
      unit: (cells.text('product_unit') ?? ex?.unit ?? cells.text('unit') ?? 'piece') as ProductInput['unit'],
      length: cells.number('length_cm') ?? ex?.length_cm ?? 0,
      width: cells.number('width_cm') ?? ex?.width_cm ?? 0,
      height: cells.number('height_cm') ?? ex?.height_cm ?? 0,
      // No default: a product without HSN code or GST rate could be sold and never invoiced.
      hsn_code: (cells.text('hsn_code') ?? ex?.hsn_code ?? undefined) as ProductInput['hsn_code'],
      gst_rate: (cells.number('gst_rate') ?? ex?.gst_rate ?? undefined) as ProductInput['gst_rate'],
      popular: cells.boolean('popular') ?? (ex ? ex.popular === 1 : false),
      big_deal: cells.boolean('big_deal') ?? (ex ? ex.big_deal === 1 : false),
      hidden: cells.boolean('hidden') ?? (ex ? ex.hidden_at !== null : false),
      variants: [],
    };
    const planned: PlannedVariant[] = [];
    const currents: (CsvProductRow['variants'][number] | undefined)[] = [];
    for (const { line, row } of group) {
      const v = new CellReader(row, line, problems);
      const sku = v.text('sku') ?? '';
      const current = ex?.variants.find((old) => old.sku.toLowerCase() === sku.toLowerCase());
      const owner = skuOwner.get(sku.toLowerCase());
      if (sku && owner !== undefined && owner !== ex?.id) {
        problems.push({ row: line, column: 'sku', message: `${skuTaken(sku)} (product ${owner})` });
      }
      const earlier = skusInFile.get(sku.toLowerCase());
      if (sku && earlier !== undefined) {
        problems.push({ row: line, column: 'sku', message: `The product code ${sku} is on row ${earlier} too.` });
      } else if (sku) skusInFile.set(sku.toLowerCase(), line);
      const { onHand, stock } = plannedStock(v, current, sku, line, problems);
      product.variants.push({
        sku,
        name: v.text('variant_name') ?? current?.name ?? '',
        color: v.text('colour') ?? current?.color ?? null,
        size: v.text('size') ?? current?.size ?? null,
        unit: (v.text('unit') ?? current?.unit ?? product.unit) as ProductInput['unit'],
        unit_value: v.number('unit_value') ?? current?.unit_value ?? 1,
        price: v.money('price') ?? (current ? paiseToRupees(current.price_paise) : Number.NaN),
        final_price: v.money('final_price') ?? (current ? paiseToRupees(current.final_price_paise) : Number.NaN),
        on_hand: onHand,
      });
      planned.push({ line, id: current?.id ?? null, changed: !current, stock });
      currents.push(current);
    }
    if (subcategoryId === undefined) continue;
    const parsed = productCreateSchema.safeParse(product);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const { variant, column } = columnOf(issue.path);
        const line = variant === null ? head.line : (group[variant]?.line ?? head.line);
        // A cell that could not be read is reported once, as unreadable, not again by the form's rules.
        if (column && problems.some((p) => p.row === line && p.column === column)) continue;
        problems.push({ row: line, column, message: issue.message });
      }
      continue;
    }
    const input = parsed.data;
    const sub = subcategories.find((s) => s.id === input.subcategory_id);
    const productFields = cellChanges(
      ex ? productCells(productCellsOf(ex)) : null,
      productCells({
        ...productColumns(input),
        category_name: categories.find((c) => c.id === sub?.category_id)?.name ?? '',
        subcategory_name: sub?.name ?? '',
        popular: input.popular,
        big_deal: input.big_deal,
        hidden: input.hidden,
      }),
    );
    input.variants.forEach((v, i) => {
      const item = planned[i];
      if (!item) return;
      const current = currents[i];
      const fields = cellChanges(
        current ? variantCells(current) : null,
        variantCells({ ...v, price_paise: rupeesToPaise(v.price), final_price_paise: rupeesToPaise(v.final_price) }),
      );
      item.changed = !current || fields.length > 0;
      if (!current) fields.push({ column: 'on_hand', from: null, to: String(v.on_hand) });
      else if (item.stock) fields.push({ column: 'on_hand', from: String(item.stock.from), to: String(item.stock.to) });
      if (i === 0) fields.unshift(...productFields);
      if (fields.length === 0) return;
      changes.push({
        row: item.line,
        sku: v.sku,
        product_id: ex?.id ?? null,
        action: current ? 'update' : 'create',
        fields,
      });
    });
    plan.push({
      existing: ex,
      input,
      variants: planned,
      productChanged: !ex || productFields.length > 0,
      before: ex ? { subcategory: ex.subcategory_id, category: ex.category_id } : null,
      category: sub?.category_id ?? 0,
    });
  }

  problems.sort((a, b) => a.row - b.row);
  changes.sort((a, b) => a.row - b.row);
  const productStates = plan.map((p) => {
    if (!p.existing) return 'created';
    return p.productChanged || p.variants.some((v) => v.changed || v.stock) ? 'updated' : 'unchanged';
  });
  const existingVariants = plan.flatMap((p) => p.variants.filter((v) => v.id !== null));
  const report: CsvImportReport = {
    dry_run: true,
    ok: problems.length === 0,
    rows: rows.length,
    products: {
      created: productStates.filter((s) => s === 'created').length,
      updated: productStates.filter((s) => s === 'updated').length,
      unchanged: productStates.filter((s) => s === 'unchanged').length,
    },
    variants: {
      created: plan.reduce((n, p) => n + p.variants.filter((v) => v.id === null).length, 0),
      updated: existingVariants.filter((v) => v.changed || v.stock).length,
      unchanged: existingVariants.filter((v) => !v.changed && !v.stock).length,
    },
    problems,
    changes,
    plan: planDigest(changes),
  };
  return { report, products: plan };
}

/** The rows whose change differs between a dry run's plan and the plan the file makes now. */
function rowsMoved(checked: CsvRowChange[], now: CsvRowChange[]): CsvProblem[] {
  const byRow = (list: CsvRowChange[]) => new Map(list.map((c) => [c.row, JSON.stringify(c)]));
  const before = byRow(checked);
  const after = byRow(now);
  const rows = new Set([...before.keys(), ...after.keys()]);
  return [...rows]
    .filter((row) => before.get(row) !== after.get(row))
    .sort((a, b) => a - b)
    .map((row) => ({ row, column: null, message: CSV_ROW_MOVED }));
}

/**
 * What an import did: `checked` (a dry run), `imported`, `refused` (the file has problems:
 * nothing written) or `stale` (the shop moved since the dry run named by `plan`: nothing written,
 * the rows that moved are the report's problems).
 */
export type CsvImportOutcome = { outcome: 'checked' | 'imported' | 'refused' | 'stale'; report: CsvImportReport };

/**
 * A dry run (`dryRun`) reports what the file would do — every row it creates or changes, cell
 * by cell, and every row's problems — and keeps that plan for a day under its digest. An import
 * does the same checks and, when there is no problem (and, given a `plan`, the file still makes
 * exactly that plan), writes every row in one transaction with one audit entry, or nothing.
 */
export async function importCatalogueCsv(
  staff: CatalogueStaff,
  actor: Actor,
  text: string,
  { dryRun, plan: checkedPlan }: { dryRun: boolean; plan?: string | undefined },
): Promise<CsvImportOutcome> {
  const { report, products: plan } = await planImport(staff.db, text);
  const at = staff.now();
  const since = new Date(at - CHECK_KEPT_MS).toISOString();
  if (dryRun) {
    if (report.ok) {
      await saveImportCheck(
        staff.db,
        {
          plan: report.plan,
          staff_id: actor.staffId,
          created_at: new Date(at).toISOString(),
          changes: JSON.stringify(report.changes),
        },
        since,
      );
    }
    return { outcome: 'checked', report };
  }
  const done = { ...report, dry_run: false };
  if (!report.ok) return { outcome: 'refused', report: done };
  if (checkedPlan !== undefined && checkedPlan !== report.plan) {
    const check = await findImportCheck(staff.db, checkedPlan, since);
    if (!check) throw new Conflict(CSV_PLAN_UNKNOWN);
    const moved = rowsMoved(JSON.parse(check.changes) as CsvRowChange[], report.changes);
    return { outcome: 'stale', report: { ...done, ok: false, problems: moved } };
  }
  if (report.products.created + report.products.updated === 0) return { outcome: 'imported', report: done };
  const changedIds = await inTransaction(staff.db, async (trx) => {
    const iso = new Date(at).toISOString();
    const touched: number[] = [];
    // New variants go in together at the end, a few hundred a statement.
    const newVariants: Parameters<typeof insertVariantsWithStock>[1] = [];
    const listings = { categories: new Set<number>(), subcategories: new Set<number>() };
    for (const p of plan) {
      if (!p.productChanged && !p.variants.some((v) => v.changed || v.stock)) continue;
      const { input } = p;
      const fields = productColumns(input);
      let productId: number;
      if (p.existing) {
        productId = p.existing.id;
        if (p.productChanged) {
          await repo.updateProduct(trx, productId, {
            ...fields,
            // Hidden since the first time: a product hidden already keeps its date.
            hidden_at: input.hidden ? (p.existing.hidden_at ?? iso) : null,
          });
        }
      } else {
        productId = await repo.insertProduct(trx, { ...fields, hidden_at: input.hidden ? iso : null, created_at: iso });
      }
      let position = p.existing ? p.existing.variants.length : 0;
      for (const [i, v] of input.variants.entries()) {
        const planned = p.variants[i];
        if (!planned) continue;
        const values = variantColumns(v);
        if (planned.id === null) {
          position += 1;
          newVariants.push({ ...values, product_id: productId, sku: v.sku, position, on_hand: v.on_hand });
          continue;
        }
        if (planned.changed) await repo.updateVariant(trx, planned.id, values);
        if (planned.stock) {
          await repo.ensureStockRecord(trx, planned.id);
          if (!(await moveOnHandIfStill(trx, planned.id, planned.stock.from, planned.stock.to))) {
            // A sale or an order moved it between the check and now: nothing of the file is written.
            throw new Conflict(
              `Row ${planned.line} (${v.sku}): the stock changed while importing, so nothing was imported. Check the file again.`,
            );
          }
        }
      }
      // A product page open since sees the import as a save by someone else (stock is not part of the version).
      if (p.existing && (p.productChanged || p.variants.some((v) => v.changed))) {
        await repo.bumpProductVersion(trx, productId, actor.staffId, iso);
      }
      touched.push(productId);
      listings.subcategories.add(input.subcategory_id);
      listings.categories.add(p.category);
      if (p.before) {
        listings.subcategories.add(p.before.subcategory);
        listings.categories.add(p.before.category);
      }
    }
    await insertVariantsWithStock(trx, newVariants);
    await recordAudit(trx, actor, at, {
      action: 'catalogue.import',
      entity: 'catalogue',
      after: {
        rows: report.rows,
        products: report.products,
        variants: report.variants,
        product_ids: touched,
        plan: report.plan,
      },
      note: `CSV import of ${report.rows} rows`,
    });
    if (touched.length > 0) {
      await recordSiteChange(
        trx,
        touched.length > REFRESH_PRODUCTS_AT_MOST
          ? { everything: true }
          : {
              products: touched,
              categories: [...listings.categories],
              subcategories: [...listings.subcategories],
              home: true,
            },
        at,
      );
    }
    return touched;
  });
  if (changedIds.length > 0) staff.catalogueChanged();
  return { outcome: 'imported', report: done };
}
