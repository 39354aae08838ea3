import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ILLUSTRATION_KINDS, generateCatalogue } from '../../server/demo/generate.js';
import type { IllustrationSpec } from '../../server/demo/illustrations.js';
import { drawPhotoRecipeOffThread } from '../../server/demo/photo-recipes.js';
import { PHOTO_VERSION, photoColour, photoSize, renderPhoto } from '../../server/demo/photos.js';

const KB = 1024;
const COLOURS = ['#c0392b', '#2f80c9', '#f4f1ea', '#1f2937', '#3f9b52', '#e8c547', '#8e44ad'];

const catalogue = generateCatalogue({ products: 300 });

/** Every kind once, its view turning through 0, 1 and 2, with and without a label. */
const products: IllustrationSpec[] = ILLUSTRATION_KINDS.map((kind, i) => ({
  type: 'product',
  kind,
  colorHex: COLOURS[i % COLOURS.length] ?? '#888888',
  label: i % 2 ? 'Rasoi Gold Atta 5 kg' : '',
  seed: i % 3,
}));
/** The hardest cases for the colour prediction: large shapes in very dark or pale colours, up close. */
const closeUps: IllustrationSpec[] = (['tshirt', 'kurta', 'frame', 'bedsheet'] as const).flatMap((kind) =>
  ['#23262b', '#f4f4f0'].map((colorHex) => ({ type: 'product' as const, kind, colorHex, label: 'Cotton', seed: 1 })),
);
/** Category and subcategory tiles over the pastel backgrounds, and every demo banner. */
const tiles: IllustrationSpec[] = [
  ...catalogue.categories.slice(0, 3),
  ...catalogue.subcategories.filter((_, i) => i % 5 === 0).slice(0, 9),
].map((c) => ({ type: 'tile', kind: c.kind, background: c.background }));
const banners: IllustrationSpec[] = catalogue.banners.map((b) => ({ type: 'banner', ...b }));
const samples = [...products, ...closeUps, ...tiles, ...banners];

const photos = new Map<IllustrationSpec, Buffer>();

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [n >> 16, (n >> 8) & 255, n & 255];
}

function describeSpec(spec: IllustrationSpec): string {
  return spec.type === 'product' ? `product ${spec.kind} view ${String(spec.seed)}` : `${spec.type} ${spec.kind}`;
}

beforeAll(async () => {
  for (const spec of samples) photos.set(spec, await renderPhoto(spec));
}, 120_000);

describe('demo photos', () => {
  it('has a version and the sizes of camera originals', () => {
    expect(Number.isInteger(PHOTO_VERSION)).toBe(true);
    expect(photoSize(products[0] as IllustrationSpec)).toEqual({ width: 1600, height: 1600 });
    expect(photoSize(tiles[0] as IllustrationSpec)).toEqual({ width: 1200, height: 1200 });
    expect(photoSize(banners[0] as IllustrationSpec)).toEqual({ width: 2000, height: 700 });
  });

  it('renders every kind and type as a JPEG of its size weighing 80–300 KB', async () => {
    const problems: string[] = [];
    for (const [spec, photo] of photos) {
      const meta = await sharp(photo).metadata();
      const { width, height } = photoSize(spec);
      if (meta.format !== 'jpeg' || meta.width !== width || meta.height !== height)
        problems.push(`${describeSpec(spec)}: ${String(meta.format)} ${String(meta.width)}×${String(meta.height)}`);
      if (photo.length < 80 * KB || photo.length > 300 * KB)
        problems.push(`${describeSpec(spec)}: ${(photo.length / KB).toFixed(0)} KB`);
    }
    expect(problems).toEqual([]);
    expect(photos.size).toBe(samples.length);
  });

  it('predicts the dominant colour from the recipe', async () => {
    const problems: string[] = [];
    for (const [spec, photo] of photos) {
      const predicted = photoColour(spec);
      expect(predicted).toMatch(/^#[0-9a-f]{6}$/);
      const { dominant } = await sharp(photo).stats();
      const [r, g, b] = rgb(predicted);
      const distance = Math.hypot(r - dominant.r, g - dominant.g, b - dominant.b);
      if (distance > 60) problems.push(`${describeSpec(spec)}: ${predicted} vs ${JSON.stringify(dominant)}`);
    }
    expect(problems).toEqual([]);
  });

  it('predicts the colour cheaply', () => {
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) photoColour(samples[i % samples.length] as IllustrationSpec);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('gives the same bytes for the same recipe', async () => {
    for (const spec of [products[4], tiles[1], banners[2]] as IllustrationSpec[]) {
      const again = await renderPhoto(JSON.parse(JSON.stringify(spec)) as IllustrationSpec);
      expect(again.equals(photos.get(spec) as Buffer), describeSpec(spec)).toBe(true);
    }
  });

  it('gives the same bytes drawn on a worker thread, as the seed and the shop draw them', async () => {
    for (const spec of [products[7], tiles[2], banners[0]] as IllustrationSpec[]) {
      const there = await drawPhotoRecipeOffThread(JSON.stringify(spec));
      expect(there.jpeg.equals(photos.get(spec) as Buffer), describeSpec(spec)).toBe(true);
      const { width, height } = photoSize(spec);
      expect(there.pixels).toMatchObject({ width, height, channels: 3 });
      expect(there.pixels.data.byteLength).toBe(width * height * 3);
    }
  });

  it('shows three different views of a product', async () => {
    const base = { type: 'product', kind: 'jar', colorHex: '#c98a12', label: 'Desi Ghee' } as const;
    const views = await Promise.all([0, 1, 2].map((seed) => renderPhoto({ ...base, seed })));
    const thumbs = await Promise.all(views.map((v) => sharp(v).resize(64, 64).removeAlpha().raw().toBuffer()));
    for (const [a, b] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      const x = thumbs[a] as Buffer;
      const y = thumbs[b] as Buffer;
      let sum = 0;
      for (let i = 0; i < x.length; i++) sum += Math.abs((x[i] ?? 0) - (y[i] ?? 0));
      expect(sum / x.length, `views ${String(a)} and ${String(b)}`).toBeGreaterThan(4);
    }
  });
});
