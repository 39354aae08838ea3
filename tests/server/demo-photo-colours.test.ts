import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COLOURS, type ColourName } from '../../server/demo/catalogue-data';
import type { IllustrationSpec } from '../../server/demo/illustrations';
import { renderPhoto } from '../../server/demo/photos';
import { makeTestApp, type TestApp } from '../api/helpers';

/**
 * The demo shop's pictures say what its words say: every photo of a variant's gallery is drawn in that variant's
 * colour (a navy T-shirt's close-up was a red T-shirt, a blue milk carton's second view a purple one), checked on
 * the seeded 320-product catalogue's recipes, and on the drawn photos by the hue of what stands in the middle.
 */

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp(320);
});
afterAll(async () => {
  await t.close();
});

interface GalleryPhoto {
  variant: number;
  colour: string | null;
  product: string;
  position: number;
  recipe: string | null;
}

async function galleries(): Promise<GalleryPhoto[]> {
  return t.db
    .selectFrom('variant_images as vi')
    .innerJoin('variants as v', 'v.id', 'vi.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id as variant', 'v.color as colour', 'p.name as product', 'vi.position', 'vi.image'])
    .orderBy('v.id')
    .orderBy('vi.position')
    .execute()
    .then(async (rows) => {
      const recipes = new Map(
        (await t.db.selectFrom('images').select(['hash', 'recipe']).execute()).map((r) => [r.hash, r.recipe]),
      );
      return rows.map(({ image, ...row }) => ({
        ...row,
        recipe: recipes.get(image.slice(image.lastIndexOf('/') + 1, image.lastIndexOf('/') + 17)) ?? null,
      }));
    });
}

function hexOf(recipe: string | null): string | undefined {
  const spec = recipe ? (JSON.parse(recipe) as IllustrationSpec) : null;
  return spec?.type === 'product' ? spec.colorHex : undefined;
}

/** Hue in degrees and saturation (0–1) of an sRGB colour. */
function hueOf([r, g, b]: [number, number, number]): { hue: number; saturation: number } {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  let hue = 0;
  if (delta > 0) {
    if (max === r) hue = 60 * (((g - b) / delta + 6) % 6);
    else if (max === g) hue = 60 * ((b - r) / delta + 2);
    else hue = 60 * ((r - g) / delta + 4);
  }
  return { hue, saturation: max === 0 ? 0 : delta / max };
}

/**
 * The hue of what stands out from the studio's pale, warm backdrop: the circular mean of the hues of the clearly
 * coloured pixels (saturation over 0.35, not dark), weighted by their saturation.
 */
function productHue(pixels: Buffer): number {
  let x = 0;
  let y = 0;
  for (let i = 0; i + 2 < pixels.length; i += 3) {
    const rgb: [number, number, number] = [pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0];
    const { hue, saturation } = hueOf(rgb);
    if (saturation < 0.35 || Math.max(...rgb) < 40) continue;
    x += saturation * Math.cos((hue * Math.PI) / 180);
    y += saturation * Math.sin((hue * Math.PI) / 180);
  }
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

function rgbOf(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [n >> 16, (n >> 8) & 255, n & 255];
}

describe('demo photos in the colour of their variant', () => {
  test('every photo of every coloured variant’s gallery is drawn in its colour, and each pack’s in one colour', async () => {
    const photos = await galleries();
    expect(photos.length).toBeGreaterThan(900);
    const wrong = photos.filter((p) => {
      const drawn = hexOf(p.recipe);
      if (p.colour) return drawn !== COLOURS[p.colour as ColourName];
      const first = photos.find((q) => q.variant === p.variant && q.position === 0);
      return drawn !== hexOf(first?.recipe ?? null);
    });
    expect(wrong.map((p) => `${p.product} (${p.colour ?? 'pack'}) photo ${p.position + 1}`).slice(0, 10)).toEqual([]);
  });

  test('the drawn photos show their colour: what stands out from the backdrop has the colour’s hue', async () => {
    const photos = await galleries();
    // One variant of each chromatic colour the demo sells, every view of its gallery.
    const chromatic = Object.entries(COLOURS).filter(([, hex]) => hueOf(rgbOf(hex)).saturation > 0.45);
    const checked: string[] = [];
    const problems: string[] = [];
    // A plant hanger's photo is mostly its green plant: products whose colour is their body are compared.
    const bodyColoured = (p: GalleryPhoto) => !p.recipe?.includes('"kind":"plant"');
    for (const [name, hex] of chromatic) {
      const variant = photos.find((p) => p.colour === name && bodyColoured(p))?.variant;
      if (variant === undefined) continue;
      for (const photo of photos.filter((p) => p.variant === variant)) {
        const jpeg = await renderPhoto(JSON.parse(photo.recipe ?? '{}') as IllustrationSpec);
        const got = productHue(await sharp(jpeg).resize(120, 120).removeAlpha().raw().toBuffer());
        const want = hueOf(rgbOf(hex)).hue;
        const apart = Math.min(Math.abs(want - got), 360 - Math.abs(want - got));
        checked.push(`${name} ${photo.position}`);
        if (apart > 30)
          problems.push(
            `${photo.product} (${name}) photo ${photo.position + 1}: hue ${got.toFixed(0)}°, want ${want.toFixed(0)}°`,
          );
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(30);
    expect(problems).toEqual([]);
  }, 120_000);
});
