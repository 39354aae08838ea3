import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { originalName, responsiveWidths, variantName } from '../../contract/images';
import { recordImages } from '../../server/repositories/images';
import { pictureHash } from '../../server/services/images/pipeline';
import { appPerFile, makeTestApp } from './helpers';

/**
 * A new shop names its demo photos in its pages before the background encoder has drawn and encoded them: a picture
 * asked for before its turn is made then, never answered 404 (a broken image on a newcomer's first page).
 */

const drawn: string[] = [];
/** Stands in for the demo's photo renderer: a plain 900 × 600 photo in the recipe's colour, and a count of calls. */
async function drawPlain(recipe: string): Promise<{ jpeg: Buffer }> {
  drawn.push(recipe);
  const { colour } = JSON.parse(recipe) as { colour: string };
  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return { jpeg };
}

const t = appPerFile(() => makeTestApp(4, { renderRecipe: drawPlain }));
const off = appPerFile(() => makeTestApp(4));

/** A picture's answer as its bytes (the test app's reader takes bodies as text). */
async function picture(app: typeof t, name: string) {
  const res = await app.app.request(`/media/images/${name}`);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Records a photo the shop knows by its recipe and has not drawn. */
async function seededPhoto(db: typeof t.db, label: string) {
  const facts = {
    hash: pictureHash('on-demand', label),
    width: 900,
    height: 600,
    colour: '#2040c0',
    ext: 'jpg' as const,
  };
  await recordImages(db, [{ ...facts, recipe: JSON.stringify({ colour: facts.colour, label }) }]);
  return facts;
}

describe('a picture asked for before the encoder reached it', () => {
  test('a responsive width is made at its width and format, and stored for the next request', async () => {
    const facts = await seededPhoto(t.db, 'width');
    const name = variantName(facts.hash, 320, 'webp');
    const before = drawn.length;
    const res = await picture(t, name);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 213]);
    // The original was drawn once and kept; the width is a file now, served without drawing again.
    expect(drawn.length).toBe(before + 1);
    expect(fs.existsSync(path.join(t.mediaDir, 'images', name))).toBe(true);
    expect(fs.existsSync(path.join(t.mediaDir, 'images', originalName(facts)))).toBe(true);
    expect((await picture(t, name)).status).toBe(200);
    const avif = await picture(t, variantName(facts.hash, 640, 'avif'));
    expect(avif.status).toBe(200);
    expect((await sharp(avif.bytes).metadata()).width).toBe(640);
    expect(drawn.length).toBe(before + 1);
  });

  test('the original is drawn when asked for by its own name', async () => {
    const facts = await seededPhoto(t.db, 'original');
    const res = await picture(t, originalName(facts));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(res.bytes).metadata()).width).toBe(900);
  });

  test('twenty requests at once for the widths of one new photo draw it once and all get their picture', async () => {
    const facts = await seededPhoto(t.db, 'crowd');
    const before = drawn.length;
    const names = responsiveWidths(facts.width).flatMap((w) => [
      variantName(facts.hash, w, 'webp'),
      variantName(facts.hash, w, 'avif'),
    ]);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => picture(t, names[i % names.length] ?? '')));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(drawn.length).toBe(before + 1);
    expect(fs.readdirSync(path.join(t.mediaDir, 'images')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  test.each([
    ['a hash the shop does not have', () => variantName('0123456789abcdef', 320, 'webp')],
    ['a width the picture is not written at', (hash: string) => variantName(hash, 333, 'webp')],
    ['a width wider than the picture', (hash: string) => variantName(hash, 1280, 'webp')],
    ['an original named with another size', (hash: string) => `${hash}-901x600-2040c0.jpg`],
    ['an original named with another colour', (hash: string) => `${hash}-900x600-ffffff.jpg`],
    ['a name that is not the pipeline’s', (hash: string) => `${hash}.gif`],
  ])('%s → 404, nothing drawn', async (_what, nameOf) => {
    const facts = await seededPhoto(t.db, `refused-${_what}`);
    const before = drawn.length;
    const res = await t.get(`/media/images/${nameOf(facts.hash)}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No such image.' });
    expect(drawn.length).toBe(before);
  });

  test('a process that does not encode pictures (PICTURE_ENCODING=off) answers 404 until the encoder has written it', async () => {
    const facts = await seededPhoto(off.db, 'off');
    const res = await off.get(`/media/images/${variantName(facts.hash, 320, 'webp')}`);
    expect(res.status).toBe(404);
  });
});
