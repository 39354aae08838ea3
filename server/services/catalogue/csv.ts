import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { z } from 'zod';
import {
  CSV_COLUMNS,
  CSV_EMPTY,
  CSV_FORMULA,
  CSV_NOT_READABLE,
  CSV_TOO_MANY_ROWS,
  MAX_CSV_ROWS,
  PRODUCT_COLUMNS,
  REQUIRED_CSV_COLUMNS,
  csvMissingColumns,
  csvUnknownColumns,
  type CsvColumn,
  type CsvImportReport,
  type CsvProblem,
} from '../../../contract/catalogue-csv';
import { paiseToRupees, rupeesToPaise } from '../../../contract/pricing';
import { productCreateSchema, skuTaken, stockBelowHeld } from '../../../contract/schemas/admin-catalogue';
import type { Db } from '../../db';
import { ApiError } from '../../http/errors';
import * as repo from '../../repositories/admin-catalogue';
import { catalogueForCsv, insertVariantsWithStock, type CsvProductRow } from '../../repositories/catalogue-csv';
import { inTransaction } from '../../repositories/helpers';
import { recordSiteChange } from '../site/changes';
import { recordAudit, type Actor } from '../staff/audit';
import { productColumns, type CatalogueStaff } from './admin';

/**
 * The catalogue as a spreadsheet (contract/catalogue-csv.ts): the export writes every product
 * and variant, hidden ones included; the import first reads the whole file and lists every
 * row's problems (a dry run does only that), then writes all of it in one transaction or
 * nothing. Rows carry the same rules as the admin forms: each product is checked with the
 * product form's schema.
 */

/** Above this many products changed, one whole build is cheaper than rendering each product's pages again. */
const REFRESH_PRODUCTS_AT_MOST = 200;

type Row = Partial<Record<CsvColumn, string>>;
type ProductInput = z.input<typeof productCreateSchema>;

/** Text a spreadsheet would take for a formula: `=`, `+`, `-`, `@`, a tab or a carriage return first. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as written: one that a spreadsheet would run as a formula gets an apostrophe first (OWASP's advice). */
function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

const yesNo = (value: number | boolean) => (value ? 'yes' : 'no');

/** Every product and variant as CSV, one row per variant, in product and variant order. */
export async function exportCatalogueCsv(db: Db): Promise<string> {
  const products = await catalogueForCsv(db);
  const records: string[][] = [];
  for (const p of products) {
    for (const v of p.variants) {
      const row: Record<CsvColumn, string> = {
        product_id: String(p.id),
        product_name: safeCell(p.name),
        description: safeCell(p.description),
        brand: safeCell(p.brand ?? ''),
        category: safeCell(p.category_name),
        subcategory: safeCell(p.subcategory_name),
        product_unit: p.unit,
        weight_g: String(p.weight_grams),
        length_cm: String(p.length_cm),
        width_cm: String(p.width_cm),
        height_cm: String(p.height_cm),
        hsn_code: p.hsn_code ?? '',
        gst_rate: String(p.gst_rate),
        popular: yesNo(p.popular),
        big_deal: yesNo(p.big_deal),
        hidden: yesNo(p.hidden_at !== null),
        sku: safeCell(v.sku),
        variant_name: safeCell(v.name),
        colour: safeCell(v.color ?? ''),
        size: safeCell(v.size ?? ''),
        unit: v.unit,
        unit_value: String(v.unit_value),
        price: String(paiseToRupees(v.price_paise)),
        final_price: String(paiseToRupees(v.final_price_paise)),
        on_hand: String(v.on_hand),
      };
      records.push(CSV_COLUMNS.map((c) => row[c]));
    }
  }
  return stringify([[...CSV_COLUMNS], ...records]);
}

/** The file's rows by column, or a 400 saying why it cannot be read. */
function readRows(text: string): { rows: Row[] } {
  let table: string[][];
  try {
    table = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  } catch (error) {
    throw new ApiError(400, `${CSV_NOT_READABLE}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const [header, ...body] = table;
  if (!header || body.length === 0) throw new ApiError(400, CSV_EMPTY);
  if (body.length > MAX_CSV_ROWS) throw new ApiError(413, CSV_TOO_MANY_ROWS);
  const names = header.map((h) => h.trim().toLowerCase());
  const unknown = names.filter((n) => !(CSV_COLUMNS as readonly string[]).includes(n));
  if (unknown.length) throw new ApiError(400, csvUnknownColumns(unknown));
  const missing = REQUIRED_CSV_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length) throw new ApiError(400, csvMissingColumns(missing));
  const rows = body.map((cells) => {
    const row: Row = {};
    names.forEach((name, i) => {
      row[name as CsvColumn] = (cells[i] ?? '').trim();
    });
    return row;
  });
  return { rows };
}

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

  /** A number as people type it ('1,299.50' too); the form's rules check its range. */
  number(column: CsvColumn): number | undefined {
    const value = this.row[column];
    if (value === undefined || value === '') return undefined;
    const n = Number(value.replace(/,/g, '').replace(/^₹\s*/, ''));
    if (!Number.isFinite(n) || !/\d/.test(value)) return this.problem(column, `Not a number: "${value.slice(0, 40)}".`);
    return n;
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

/** One product of the file: its rows, and what they make of it. */
interface PlannedProduct {
  existing: CsvProductRow | null;
  input: z.output<typeof productCreateSchema>;
  /** Per variant of `input`: the existing variant's id, or null for a new one. */
  variantIds: (number | null)[];
  productChanged: boolean;
  variantsChanged: boolean[];
  /** Listings before the change (a product moved between subcategories names both). */
  before: { subcategory: number; category: number } | null;
  category: number;
}

/**
 * Reads the file and decides every row, without writing: the report (every problem) and, when
 * there is none, the products to write.
 */
async function planImport(db: Db, text: string): Promise<{ report: CsvImportReport; plan: PlannedProduct[] }> {
  const { rows } = readRows(text);
  const problems: CsvProblem[] = [];
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
      existing = Number.isSafeInteger(id) ? (byId.get(id) ?? null) : null;
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
      hsn_code: cells.text('hsn_code') ?? ex?.hsn_code ?? null,
      gst_rate: (cells.number('gst_rate') ?? ex?.gst_rate ?? 18) as ProductInput['gst_rate'],
      popular: cells.boolean('popular') ?? (ex ? ex.popular === 1 : false),
      big_deal: cells.boolean('big_deal') ?? (ex ? ex.big_deal === 1 : false),
      hidden: cells.boolean('hidden') ?? (ex ? ex.hidden_at !== null : false),
      variants: [],
    };
    const variantIds: (number | null)[] = [];
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
      const onHand = v.number('on_hand');
      if (current && onHand !== undefined && onHand < current.reserved && onHand >= 0) {
        problems.push({ row: line, column: 'on_hand', message: stockBelowHeld(current.reserved) });
      }
      product.variants.push({
        sku,
        name: v.text('variant_name') ?? current?.name ?? '',
        color: v.text('colour') ?? current?.color ?? null,
        size: v.text('size') ?? current?.size ?? null,
        unit: (v.text('unit') ?? current?.unit ?? product.unit) as ProductInput['unit'],
        unit_value: v.number('unit_value') ?? current?.unit_value ?? 1,
        price: v.number('price') ?? (current ? paiseToRupees(current.price_paise) : Number.NaN),
        final_price: v.number('final_price') ?? (current ? paiseToRupees(current.final_price_paise) : Number.NaN),
        on_hand: onHand ?? current?.on_hand ?? 0,
      });
      variantIds.push(current?.id ?? null);
    }
    if (subcategoryId === undefined) continue;
    const parsed = productCreateSchema.safeParse(product);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const { variant, column } = columnOf(issue.path);
        const line = variant === null ? head.line : (group[variant]?.line ?? head.line);
        problems.push({ row: line, column, message: issue.message });
      }
      continue;
    }
    const input = parsed.data;
    const sub = subcategories.find((s) => s.id === input.subcategory_id);
    const productChanged = !ex || productDiffers(ex, input);
    const variantsChanged = input.variants.map((v, i) => {
      const old = ex?.variants.find((o) => o.id === variantIds[i]);
      return !old || variantDiffers(old, v);
    });
    plan.push({
      existing: ex,
      input,
      variantIds,
      productChanged,
      variantsChanged,
      before: ex ? { subcategory: ex.subcategory_id, category: ex.category_id } : null,
      category: sub?.category_id ?? 0,
    });
  }

  problems.sort((a, b) => a.row - b.row);
  const productStates = plan.map((p) => {
    if (!p.existing) return 'created';
    return p.productChanged || p.variantsChanged.some(Boolean) ? 'updated' : 'unchanged';
  });
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
      created: plan.reduce((n, p) => n + p.variantIds.filter((id) => id === null).length, 0),
      updated: plan.reduce((n, p) => n + p.variantIds.filter((id, i) => id !== null && p.variantsChanged[i]).length, 0),
      unchanged: plan.reduce(
        (n, p) => n + p.variantIds.filter((id, i) => id !== null && !p.variantsChanged[i]).length,
        0,
      ),
    },
    problems,
  };
  return { report, plan };
}

function productDiffers(ex: CsvProductRow, input: z.output<typeof productCreateSchema>): boolean {
  return (
    ex.name !== input.name ||
    ex.description !== input.description ||
    ex.brand !== input.brand ||
    ex.subcategory_id !== input.subcategory_id ||
    ex.weight_grams !== input.weight ||
    ex.unit !== input.unit ||
    ex.length_cm !== input.length ||
    ex.width_cm !== input.width ||
    ex.height_cm !== input.height ||
    ex.hsn_code !== input.hsn_code ||
    ex.gst_rate !== input.gst_rate ||
    (ex.popular === 1) !== input.popular ||
    (ex.big_deal === 1) !== input.big_deal ||
    (ex.hidden_at !== null) !== input.hidden
  );
}

type VariantOut = z.output<typeof productCreateSchema>['variants'][number];

function variantDiffers(old: CsvProductRow['variants'][number], v: VariantOut): boolean {
  return (
    old.name !== v.name ||
    old.color !== v.color ||
    old.size !== v.size ||
    old.unit !== v.unit ||
    old.unit_value !== v.unit_value ||
    old.price_paise !== rupeesToPaise(v.price) ||
    old.final_price_paise !== rupeesToPaise(v.final_price) ||
    old.on_hand !== v.on_hand
  );
}

/**
 * A dry run (`dryRun`) reports what the file would do and every row's problems; an import does
 * the same checks and, when there is no problem, writes every row in one transaction with one
 * audit entry, or nothing. Answers the report; `ok` false when anything stands in the way.
 */
export async function importCatalogueCsv(
  staff: CatalogueStaff,
  actor: Actor,
  text: string,
  { dryRun }: { dryRun: boolean },
): Promise<CsvImportReport> {
  const { report, plan } = await planImport(staff.db, text);
  if (dryRun || !report.ok) return { ...report, dry_run: dryRun };
  if (report.products.created + report.products.updated === 0) return { ...report, dry_run: false };
  const changedIds = await inTransaction(staff.db, async (trx) => {
    const at = staff.now();
    const iso = new Date(at).toISOString();
    const touched: number[] = [];
    // New variants go in together at the end, a few hundred a statement.
    const newVariants: Parameters<typeof insertVariantsWithStock>[1] = [];
    const listings = { categories: new Set<number>(), subcategories: new Set<number>() };
    for (const p of plan) {
      if (!p.productChanged && !p.variantsChanged.some(Boolean)) continue;
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
        if (!p.variantsChanged[i]) continue;
        const values = {
          name: v.name,
          color: v.color,
          size: v.size,
          unit: v.unit,
          unit_value: v.unit_value,
          price_paise: rupeesToPaise(v.price),
          final_price_paise: rupeesToPaise(v.final_price),
        };
        const id = p.variantIds[i];
        if (id === null || id === undefined) {
          position += 1;
          newVariants.push({ ...values, product_id: productId, sku: v.sku, position, on_hand: v.on_hand });
        } else {
          await repo.updateVariant(trx, id, values);
          await repo.ensureStockRecord(trx, id);
          if (!(await repo.setOnHandIfHeld(trx, id, v.on_hand))) {
            // An order held more between the check and now: nothing of the file is written.
            throw new ApiError(409, `Row for ${v.sku}: stock changed while importing; try again.`);
          }
        }
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
  return { ...report, dry_run: false };
}
