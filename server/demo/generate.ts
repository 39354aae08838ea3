/**
 * A pure, deterministic catalogue generator. Product `i` depends only on the seed and `i`, so a
 * small catalogue is a prefix of a larger one made with the same seed, and keys stay stable.
 */
import {
  BRANDS,
  CATEGORIES,
  COLOURS,
  FIRST_NAMES,
  GENERIC_REVIEWS,
  LAST_NAMES,
  LINE_QUALIFIERS,
  TILE_PASTELS,
  type CategoryDef,
  type Choice,
  type ItemDef,
  type PackItem,
  type PieceItem,
  type SubcategoryDef,
} from './catalogue-data.js';
import { itemAt } from './lists.js';

export type Unit = 'piece' | 'pair' | 'kg' | 'g' | 'l' | 'ml';

/** Every shape the illustration service can draw. */
export const ILLUSTRATION_KINDS = [
  'bottle',
  'jar',
  'pouch',
  'box',
  'carton',
  'block',
  'can',
  'tub',
  'sack',
  'soap',
  'tube',
  'pan',
  'kadai',
  'pressure-cooker',
  'pot',
  'plate',
  'mug',
  'ladle',
  'tray',
  'tiffin',
  'container',
  'bowl',
  'bucket',
  'broom',
  'mop',
  'spray-bottle',
  'towel',
  'pillow',
  'bedsheet',
  'lamp',
  'diya',
  'vase',
  'plant',
  'frame',
  'clock',
  'rug',
  'basket',
  'tshirt',
  'kurta',
  'sock',
  'shoe',
  'apple',
  'pear',
  'banana',
  'mango',
  'orange',
  'grapes',
] as const;

export type IllustrationKind = (typeof ILLUSTRATION_KINDS)[number];

export interface SeedCategory {
  key: string;
  name: string;
  kind: IllustrationKind;
  background: string;
}

export interface SeedSubcategory {
  key: string;
  categoryKey: string;
  name: string;
  kind: IllustrationKind;
  background: string;
}

export interface SeedVariant {
  name: string;
  color: string | null;
  colorHex: string | null;
  size: string | null;
  sku: string;
  unit: Unit;
  unitValue: number;
  pricePaise: number;
  finalPricePaise: number;
}

export interface SeedReview {
  rating: 1 | 2 | 3 | 4 | 5;
  text: string;
  firstName: string;
  lastName: string;
  variantIndex: number;
  daysAgo: number;
}

export interface SeedProduct {
  key: string;
  subcategoryKey: string;
  name: string;
  description: string;
  weightGrams: number;
  unit: Unit;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  bigDeal: boolean;
  popular: boolean;
  kind: IllustrationKind;
  variants: SeedVariant[];
  reviews: SeedReview[];
}

export interface SeedBanner {
  /** The headline, written over the picture by the page. */
  title: string;
  subtitle: string | null;
  /** The button's words, and the category its link opens. */
  button: string;
  categoryKey: string;
  /** Background colour, then the accent used for the drawing. */
  palette: [string, string];
  kind: IllustrationKind;
}

export interface Catalogue {
  categories: SeedCategory[];
  subcategories: SeedSubcategory[];
  products: SeedProduct[];
  banners: SeedBanner[];
}

export const DEFAULT_PRODUCT_COUNT = 320;

const MAX_PRODUCTS = 100_000;
const MAX_VARIANTS = 6;
const MIN_RUPEES = 20;
const MAX_RUPEES = 25_000;
/** Bigger packs cost less per gram, as they do on a shop shelf. */
const PACK_PRICE_EXPONENT = 0.93;

const BANNERS: readonly SeedBanner[] = [
  {
    title: 'Fresh dairy, delivered every morning',
    button: 'Shop dairy',
    categoryKey: 'milks-dairies',
    subtitle: 'Milk, paneer and curd from farms near you',
    palette: ['#e3f2fd', '#2f80c9'],
    kind: 'carton',
  },
  {
    title: 'Festive kitchen sale — up to 50% off',
    button: 'Shop the sale',
    categoryKey: 'kitchen-cookware',
    subtitle: 'Kadais, pressure cookers and dinner sets',
    palette: ['#fff1e0', '#e4572e'],
    kind: 'kadai',
  },
  {
    title: 'Don’t miss amazing grocery deals',
    button: 'Shop staples',
    categoryKey: 'staples',
    subtitle: 'Atta, rice and dal at everyday low prices',
    palette: ['#fdf3d8', '#c98a12'],
    kind: 'sack',
  },
  {
    title: 'Fresh fruit, picked this week',
    button: 'Shop fruit',
    categoryKey: 'fresh-fruit',
    subtitle: 'Shimla apples, Nagpur oranges and more',
    palette: ['#eaf6e0', '#3f9b52'],
    kind: 'apple',
  },
  {
    title: 'Make your home shine',
    button: 'Shop cleaning',
    categoryKey: 'cleaning-supplies',
    subtitle: 'Cleaning supplies from ₹49',
    palette: ['#e0f5f1', '#0f8a7a'],
    kind: 'spray-bottle',
  },
  {
    title: 'New season cotton wear',
    button: 'Shop clothing',
    categoryKey: 'clothing',
    subtitle: null,
    palette: ['#fde4ec', '#c2185b'],
    kind: 'kurta',
  },
];

/** mulberry32: tiny, fast and good enough for shuffling a shop catalogue. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes two integers into one well-spread 32-bit seed, so nearby products get unrelated streams. */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

type Rng = () => number;

function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

function pick<T>(rng: Rng, list: readonly T[]): T {
  return itemAt(list, Math.floor(rng() * list.length));
}

function weighted<T>(rng: Rng, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let r = rng() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r < 0) return value;
  }
  return itemAt(entries, entries.length - 1)[0];
}

function shuffled<T>(rng: Rng, list: readonly T[]): T[] {
  const out = list.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [itemAt(out, j), itemAt(out, i)];
  }
  return out;
}

/** Rounds a rupee amount the way shops print MRPs: ₹30, ₹349, ₹1,449, ₹17,999. */
function shelfPrice(rupees: number): number {
  let r: number;
  if (rupees < 100) r = Math.round(rupees);
  else if (rupees < 1000) r = Math.round(rupees / 10) * 10 - 1;
  else if (rupees < 10_000) r = Math.round(rupees / 50) * 50 - 1;
  else r = Math.round(rupees / 500) * 500 - 1;
  return Math.min(MAX_RUPEES - 1, Math.max(MIN_RUPEES, r));
}

/** Selling price for a discount, ending in 9 where that keeps it within the discount band. */
function sellingPrice(mrp: number, discountPct: number): number {
  if (discountPct <= 0) return mrp;
  const floor = Math.max(MIN_RUPEES, Math.ceil(mrp * 0.4));
  let price = Math.round(mrp * (1 - discountPct / 100));
  if (price >= 100) {
    const nine = Math.floor(price / 10) * 10 - 1;
    if (nine >= floor) price = nine;
  }
  return Math.min(mrp, Math.max(floor, price));
}

function isPack(item: ItemDef): item is PackItem {
  return item.unit === 'g' || item.unit === 'ml';
}

/** 500 g stays grams, 1000 g becomes 1 kg, 1500 ml becomes 1.5 l. */
function measure(base: 'g' | 'ml', value: number): { unit: Unit; value: number; label: string } {
  if (value >= 1000) {
    const unit: Unit = base === 'g' ? 'kg' : 'l';
    const v = value / 1000;
    return { unit, value: v, label: `${String(v)} ${base === 'g' ? 'kg' : 'L'}` };
  }
  return { unit: base, value, label: `${String(value)} ${base}` };
}

function skuPart(text: string): string {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9.]/g, '')
    .replace(/\./g, 'P');
}

function listJoin(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** Box proportions (length : width : height) by shape, for packs whose size we compute. */
const PACK_SHAPE: Partial<Record<IllustrationKind, readonly [number, number, number]>> = {
  bottle: [1, 1, 3],
  'spray-bottle': [1.4, 1, 3],
  jar: [1, 1, 1.2],
  pouch: [1, 0.35, 1.4],
  box: [1, 0.6, 1.4],
  carton: [1, 1, 2.2],
  block: [1.6, 1, 0.6],
  can: [1, 1, 1.4],
  tub: [1, 1, 0.8],
  sack: [1, 0.45, 1.5],
  soap: [1.6, 1, 0.5],
  tube: [4, 1, 1],
};

/** Shipping box and weight for items sold by the piece, when the item does not say. */
const PIECE_SHAPE: Partial<Record<IllustrationKind, { dims: [number, number, number]; grams: number }>> = {
  kadai: { dims: [30, 30, 12], grams: 1400 },
  pan: { dims: [45, 28, 6], grams: 900 },
  'pressure-cooker': { dims: [38, 24, 22], grams: 2600 },
  pot: { dims: [26, 22, 18], grams: 1200 },
  plate: { dims: [32, 32, 14], grams: 3500 },
  mug: { dims: [12, 9, 10], grams: 350 },
  ladle: { dims: [36, 10, 4], grams: 300 },
  tray: { dims: [30, 25, 6], grams: 500 },
  tiffin: { dims: [16, 16, 25], grams: 900 },
  container: { dims: [30, 20, 20], grams: 900 },
  jar: { dims: [12, 12, 20], grams: 600 },
  box: { dims: [25, 18, 8], grams: 400 },
  bowl: { dims: [20, 20, 7], grams: 350 },
  bucket: { dims: [34, 34, 34], grams: 900 },
  broom: { dims: [110, 25, 8], grams: 450 },
  mop: { dims: [125, 30, 20], grams: 1200 },
  towel: { dims: [40, 30, 6], grams: 450 },
  pillow: { dims: [70, 45, 15], grams: 900 },
  bedsheet: { dims: [35, 28, 6], grams: 1100 },
  lamp: { dims: [28, 28, 45], grams: 1600 },
  diya: { dims: [12, 12, 8], grams: 300 },
  vase: { dims: [15, 15, 30], grams: 900 },
  plant: { dims: [20, 20, 40], grams: 1500 },
  frame: { dims: [45, 35, 4], grams: 1100 },
  clock: { dims: [32, 32, 6], grams: 800 },
  rug: { dims: [130, 25, 25], grams: 3000 },
  basket: { dims: [40, 30, 25], grams: 700 },
  bottle: { dims: [9, 9, 28], grams: 380 },
  tshirt: { dims: [30, 25, 2], grams: 200 },
  kurta: { dims: [38, 30, 3], grams: 350 },
  sock: { dims: [22, 12, 3], grams: 90 },
  shoe: { dims: [32, 20, 12], grams: 900 },
};

/** How many pack sizes, colours and reviews a product gets, with their relative weights. */
const PACK_COUNTS = [
  [1, 2],
  [2, 4],
  [3, 3],
] as const;
const COLOUR_COUNTS = [
  [1, 3],
  [2, 3],
  [3, 3],
  [4, 2],
  [5, 1],
  [6, 1],
] as const;
const REVIEW_COUNTS = [
  [0, 15],
  [1, 15],
  [2, 20],
  [3, 20],
  [4, 12],
  [5, 10],
  [6, 8],
] as const;

function round1(n: number): number {
  return Math.round(n * 2) / 2;
}

function packBox(kind: IllustrationKind, grams: number): [number, number, number] {
  const [l, w, h] = PACK_SHAPE[kind] ?? [1, 0.7, 1.2];
  // Packaging, air and density below water make a pack's box about 1.4 times its contents.
  const volume = Math.max(40, grams * 1.4);
  const k = Math.cbrt(volume / (l * w * h));
  return [Math.max(2, round1(l * k)), Math.max(1, round1(w * k)), Math.max(2, round1(h * k))];
}

interface Combo {
  item: ItemDef;
  option: Choice | null;
  brand: string;
}

interface SubcategoryPlan {
  category: CategoryDef;
  sub: SubcategoryDef;
  combos: Combo[];
}

function planSubcategory(category: CategoryDef, sub: SubcategoryDef, rng: Rng): Combo[] {
  const brands = sub.brands ?? category.brands;
  const combos: Combo[] = [];
  for (const item of sub.items) {
    const options: (Choice | null)[] = item.options ? [...item.options] : [null];
    for (const option of options) {
      for (const brand of brands) combos.push({ item, option, brand });
    }
  }
  // Shuffle whole rounds of (item, option) so the first products of a subcategory cover its
  // items before any item repeats under another brand.
  const byItem = new Map<string, Combo[]>();
  for (const c of combos) {
    const k = `${c.item.name}|${c.option?.[0] ?? ''}`;
    const group = byItem.get(k);
    if (group) group.push(c);
    else byItem.set(k, [c]);
  }
  const groups = shuffled(
    rng,
    [...byItem.values()].map((g) => shuffled(rng, g)),
  );
  const ordered: Combo[] = [];
  const depth = Math.max(...groups.map((g) => g.length));
  for (let d = 0; d < depth; d++) {
    for (const g of groups) if (d < g.length) ordered.push(itemAt(g, d));
  }
  return ordered;
}

function productName(combo: Combo, tier: number): { name: string; factor: number } {
  const qualifiers = LINE_QUALIFIERS.length + 1;
  const q = tier % qualifiers;
  const series = Math.floor(tier / qualifiers);
  const qualifier = q > 0 ? LINE_QUALIFIERS[q - 1] : null;
  const parts = [combo.brand];
  if (qualifier) parts.push(qualifier[0]);
  parts.push(combo.item.name);
  if (combo.option) parts.push(combo.option[0]);
  let name = parts.join(' ');
  if (series > 0) name += ` (Series ${String(series + 1)})`;
  return { name, factor: qualifier ? qualifier[1] : 1 };
}

function chooseDiscount(rng: Rng, category: CategoryDef, bigDeal: boolean): number {
  const { none, max } = category.discount;
  if (bigDeal) return Math.min(max, 5 * int(rng, 6, 12));
  if (rng() < none) return 0;
  return 5 * int(rng, 1, Math.floor(max / 5));
}

interface Built {
  variants: SeedVariant[];
  unit: Unit;
  weightGrams: number;
  dims: [number, number, number];
  offerLine: string;
}

function buildPackVariants(rng: Rng, item: PackItem, baseRupees: number, discount: number, skuBase: string): Built {
  const count = Math.min(item.packs.length, weighted(rng, PACK_COUNTS));
  const start = int(rng, 0, item.packs.length - count);
  const packs = item.packs.slice(start, start + count);
  const smallest = itemAt(item.packs, 0);
  const variants = packs.map((value) => {
    const m = measure(item.unit, value);
    const mrp = shelfPrice(baseRupees * (value / smallest) ** PACK_PRICE_EXPONENT);
    return {
      name: m.label,
      color: null,
      colorHex: item.tint,
      size: null,
      sku: `${skuBase}-${skuPart(m.label)}`,
      unit: m.unit,
      unitValue: m.value,
      pricePaise: mrp * 100,
      finalPricePaise: sellingPrice(mrp, discount) * 100,
    };
  });
  const first = itemAt(packs, 0);
  const labels = variants.map((v) => v.name);
  const offerLine = labels.length > 1 ? `Available in ${listJoin(labels)} packs.` : `Sold as one ${labels[0]} pack.`;
  return {
    variants,
    unit: itemAt(variants, 0).unit,
    weightGrams: Math.round(first * 1.05 + 20),
    dims: packBox(item.kind, first),
    offerLine,
  };
}

function buildPieceVariants(rng: Rng, item: PieceItem, baseRupees: number, discount: number, skuBase: string): Built {
  const sizes = item.sizes ?? null;
  let sizeList: (Choice | null)[] = [null];
  let colourCount: number;
  if (sizes) {
    const sizeCount = Math.min(sizes.length, int(rng, 1, 4));
    const start = int(rng, 0, sizes.length - sizeCount);
    sizeList = sizes.slice(start, start + sizeCount);
    colourCount = Math.min(item.colours.length, int(rng, 1, Math.floor(MAX_VARIANTS / sizeCount)));
  } else {
    colourCount = Math.min(item.colours.length, weighted(rng, COLOUR_COUNTS));
  }
  const colours = shuffled(rng, item.colours).slice(0, colourCount);
  const variants: SeedVariant[] = [];
  for (const colour of colours) {
    for (const size of sizeList) {
      const mrp = shelfPrice(baseRupees * (size ? size[1] : 1));
      variants.push({
        name: size ? `${colour} / ${size[0]}` : colour,
        color: colour,
        colorHex: COLOURS[colour],
        size: size ? size[0] : null,
        sku: [skuBase, skuPart(colour), ...(size ? [skuPart(size[0])] : [])].join('-'),
        unit: item.unit,
        unitValue: 1,
        pricePaise: mrp * 100,
        finalPricePaise: sellingPrice(mrp, discount) * 100,
      });
    }
  }
  const shape = PIECE_SHAPE[item.kind] ?? { dims: [25, 20, 15] as [number, number, number], grams: 500 };
  const colourWords = colours.map((c) => c.toLowerCase());
  let offerLine = colours.length > 1 ? `Available in ${listJoin(colourWords)}` : `Comes in ${colourWords[0]}`;
  const sized = sizeList.filter((s): s is Choice => s !== null).map((s) => s[0]);
  if (sized.length > 2) offerLine += `, sizes ${sized[0]} to ${sized[sized.length - 1]}`;
  else if (sized.length === 2) offerLine += `, sizes ${sized[0]} and ${sized[1]}`;
  else if (sized.length === 1) offerLine += `, size ${sized[0]}`;
  offerLine += '.';
  return {
    variants,
    unit: item.unit,
    weightGrams: item.grams ?? shape.grams,
    dims: item.dims ? [item.dims[0], item.dims[1], item.dims[2]] : shape.dims,
    offerLine,
  };
}

function buildReviews(rng: Rng, category: CategoryDef, variantCount: number, mood: number): SeedReview[] {
  const count = weighted(rng, REVIEW_COUNTS);
  const reviews: SeedReview[] = [];
  for (let r = 0; r < count; r++) {
    // A product's mood shifts its whole rating spread, so some products are loved, some not.
    const rating = weighted(rng, [
      [5, 40 + 20 * mood],
      [4, 32],
      [3, 12 - 4 * mood],
      [2, 7 - 3 * mood],
      [1, 6 - 3 * mood],
    ] as const);
    const own = rating >= 4 ? category.praise : category.gripes;
    const text = rating !== 3 && rng() < 0.45 ? pick(rng, own) : pick(rng, GENERIC_REVIEWS[rating]);
    reviews.push({
      rating,
      text,
      firstName: pick(rng, FIRST_NAMES),
      lastName: pick(rng, LAST_NAMES),
      variantIndex: int(rng, 0, variantCount - 1),
      daysAgo: int(rng, 1, 400),
    });
  }
  return reviews;
}

function buildProduct(index: number, plan: SubcategoryPlan, round: number, seed: number): SeedProduct {
  const rng = mulberry32(mix(seed, index));
  const { category, sub, combos } = plan;
  const combo = itemAt(combos, round % combos.length);
  const tier = Math.floor(round / combos.length);
  const { name, factor } = productName(combo, tier);
  const item = combo.item;
  const brand = BRANDS[combo.brand] ?? { tier: 1, story: '' };

  const bigDeal = rng() < 0.08;
  const popular = rng() < 0.1;
  const discount = chooseDiscount(rng, category, bigDeal);
  const jitter = 0.92 + rng() * 0.16;
  const baseRupees = item.mrp * (combo.option ? combo.option[1] : 1) * brand.tier * factor * jitter;

  const skuBase = `GB-${category.code}-${String(index + 1).padStart(5, '0')}`;
  const built = isPack(item)
    ? buildPackVariants(rng, item, baseRupees, discount, skuBase)
    : buildPieceVariants(rng, item, baseRupees, discount, skuBase);

  const sentences = [item.blurb, pick(rng, sub.notes), built.offerLine];
  if (brand.story && rng() < 0.5) sentences.push(brand.story);
  const mood = rng() * 2 - 1;

  return {
    key: `${sub.key}-${String(index + 1).padStart(5, '0')}`,
    subcategoryKey: sub.key,
    name,
    description: sentences.join(' '),
    weightGrams: built.weightGrams,
    unit: built.unit,
    lengthCm: built.dims[0],
    widthCm: built.dims[1],
    heightCm: built.dims[2],
    bigDeal,
    popular,
    kind: item.kind,
    variants: built.variants,
    reviews: buildReviews(rng, category, built.variants.length, mood),
  };
}

/** Builds a deterministic catalogue of `products` products (same options → same output). */
export function generateCatalogue(options: { products: number; seed?: number }): Catalogue {
  const count = Math.floor(options.products);
  if (!Number.isFinite(count) || count < 1 || count > MAX_PRODUCTS) {
    throw new RangeError(`products must be between 1 and ${String(MAX_PRODUCTS)}, got ${String(options.products)}`);
  }
  const seed = (options.seed ?? 1) >>> 0;

  const categories: SeedCategory[] = CATEGORIES.map((c) => ({
    key: c.key,
    name: c.name,
    kind: c.kind,
    background: c.background,
  }));
  const subcategories: SeedSubcategory[] = [];
  const plans: SubcategoryPlan[] = [];
  for (const category of CATEGORIES) {
    for (const sub of category.subcategories) {
      subcategories.push({
        key: sub.key,
        categoryKey: category.key,
        name: sub.name,
        kind: sub.kind,
        background: itemAt(TILE_PASTELS, subcategories.length % TILE_PASTELS.length),
      });
      const rng = mulberry32(mix(seed ^ 0x5bd1e995, plans.length));
      plans.push({ category, sub, combos: planSubcategory(category, sub, rng) });
    }
  }

  // Products deal round-robin over subcategories so any prefix covers the whole shop evenly.
  const products: SeedProduct[] = new Array<SeedProduct>(count);
  for (let i = 0; i < count; i++) {
    products[i] = buildProduct(i, itemAt(plans, i % plans.length), Math.floor(i / plans.length), seed);
  }

  return {
    categories,
    subcategories,
    products,
    banners: BANNERS.map((b) => ({ ...b, palette: [b.palette[0], b.palette[1]] })),
  };
}
