import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IMAGE_FORMATS, parseImageUrl, responsiveWidths, variantName } from '../../contract/images';
import { countImagesBehind, recordImages } from '../../server/repositories/images';
import { encodePictures } from '../../server/services/images/encoder';
import {
  PIPELINE_VERSION,
  pictureHash,
  storePicture,
  writeResponsiveWidths,
  type PictureFacts,
} from '../../server/services/images/pipeline';
import { makeTestApp, type TestApp } from '../api/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp(4);
});
afterAll(async () => {
  await t.close();
});

/**
 * A small plain picture in place of the demo's drawing: the encoder's bookkeeping without its
 * cost (sharp never enlarges, so every width is written from these 48 pixels).
 */
async function plainPhoto(): Promise<{ jpeg: Buffer }> {
  const jpeg = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#c0a080' } })
    .jpeg()
    .toBuffer();
  return { jpeg };
}

function filesOf(mediaDir: string, facts: PictureFacts): string[] {
  return responsiveWidths(facts.width).flatMap((w) =>
    IMAGE_FORMATS.map((f) => path.join(mediaDir, 'images', variantName(facts.hash, w, f))),
  );
}

describe('responsive widths', () => {
  test.each([
    [1600, 1600, [160, 320, 480, 640, 960, 1280]],
    [500, 250, [160, 320, 480, 500]],
    [100, 80, [100]],
  ])('a %i × %i original gets %j in AVIF and WebP, each its width and in proportion', async (w, h, widths) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipeline-'));
    const original = await sharp({ create: { width: w, height: h, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const facts: PictureFacts = { hash: pictureHash(String(w)), width: w, height: h, colour: '#336699', ext: 'png' };
    expect(await writeResponsiveWidths(dir, facts, original)).toBe(widths.length * 2);
    for (const width of widths) {
      for (const format of IMAGE_FORMATS) {
        const meta = await sharp(path.join(dir, 'images', variantName(facts.hash, width, format))).metadata();
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round((h * width) / w));
      }
    }
    // Written once: a second run finds every file and writes none, unless forced.
    expect(await writeResponsiveWidths(dir, facts, original)).toBe(0);
    expect(await writeResponsiveWidths(dir, facts, original, { force: true })).toBe(widths.length * 2);
    expect(fs.readdirSync(path.join(dir, 'images')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('from the pixels of a photo just drawn: the same widths, the same picture, without decoding it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipeline-'));
    // Left half red, right half blue: where the colours sit shows the pixels were read in order.
    const width = 700;
    const height = 300;
    const data = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i++) data.set(i % width < width / 2 ? [200, 30, 30] : [30, 30, 200], i * 3);
    const pixels = { data, width, height, channels: 3 as const };
    // The original says nothing: were it decoded, the widths would be wrong.
    const decoy = await sharp({ create: { width, height, channels: 3, background: '#00ff00' } })
      .jpeg()
      .toBuffer();
    const facts: PictureFacts = { hash: pictureHash('pixels'), width, height, colour: '#7a1e7a', ext: 'jpg' };
    expect(await writeResponsiveWidths(dir, facts, decoy, { pixels })).toBe(10);
    for (const size of [160, 640]) {
      const file = path.join(dir, 'images', variantName(facts.hash, size, 'webp'));
      const { data: out, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([size, Math.round((height * size) / width)]);
      const at = (x: number) => Array.from(out.subarray((10 * info.width + x) * 3, (10 * info.width + x) * 3 + 3));
      const [lr, , lb] = at(5);
      const [rr, , rb] = at(info.width - 5);
      expect((lr ?? 0) > 150 && (lb ?? 0) < 80, `left of ${size}w`).toBe(true);
      expect((rb ?? 0) > 150 && (rr ?? 0) < 80, `right of ${size}w`).toBe(true);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('the background encoder', () => {
  test('draws and encodes every seeded photo; stopped half-way, it picks up where it stopped', async () => {
    const total = await countImagesBehind(t.db, PIPELINE_VERSION);
    expect(total).toBeGreaterThan(10);
    const controller = new AbortController();
    let drawn = 0;
    const first = await encodePictures(t.db, t.mediaDir, {
      concurrency: 1,
      signal: controller.signal,
      renderRecipe: async () => {
        if (++drawn === 5) controller.abort();
        return plainPhoto();
      },
    });
    expect(first.encoded).toBe(5);
    expect(await countImagesBehind(t.db, PIPELINE_VERSION)).toBe(total - 5);
    const health = await t.get('/api/health');
    expect(health.body).toMatchObject({ pictures: { waiting: total - 5 } });

    const second = await encodePictures(t.db, t.mediaDir, { renderRecipe: plainPhoto });
    expect(second).toMatchObject({ encoded: total - 5, missing: 0 });
    expect(await countImagesBehind(t.db, PIPELINE_VERSION)).toBe(0);
    expect((await t.get('/api/health')).body).toMatchObject({ pictures: { waiting: 0 } });

    // Every picture a page names is on disk, with every width it may ask for.
    const named = await t.db.selectFrom('variant_images').select('image').execute();
    for (const { image } of named) {
      const facts = parseImageUrl(image);
      if (!facts) throw new Error(`Not a pipeline picture: ${image}`);
      for (const file of filesOf(t.mediaDir, facts)) expect(fs.existsSync(file), file).toBe(true);
      const served = await t.app.request(image);
      expect(served.status).toBe(200);
    }
    // Nothing left to do.
    expect((await encodePictures(t.db, t.mediaDir, { renderRecipe: plainPhoto })).encoded).toBe(0);
  });

  test('an upload whose original is gone is reported, not marked, and the others go on', async () => {
    await encodePictures(t.db, t.mediaDir, { renderRecipe: plainPhoto });
    const facts: PictureFacts = { hash: pictureHash('gone'), width: 300, height: 200, colour: '#123456', ext: 'jpg' };
    const kept: PictureFacts = { hash: pictureHash('kept'), width: 300, height: 200, colour: '#654321', ext: 'jpg' };
    const original = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#654321' } })
      .jpeg()
      .toBuffer();
    await storePicture(t.mediaDir, kept, original);
    for (const file of filesOf(t.mediaDir, kept)) fs.rmSync(file);
    await recordImages(t.db, [
      { ...facts, recipe: null },
      { ...kept, recipe: null },
    ]);
    const result = await encodePictures(t.db, t.mediaDir, { renderRecipe: plainPhoto });
    expect(result).toMatchObject({ encoded: 1, missing: 1 });
    for (const file of filesOf(t.mediaDir, kept)) expect(fs.existsSync(file)).toBe(true);
    expect(await countImagesBehind(t.db, PIPELINE_VERSION)).toBe(1);
  });

  test('an original that is there but cannot be read stops the encoder, and is not drawn over', async () => {
    const facts: PictureFacts = {
      hash: pictureHash('unreadable'),
      width: 300,
      height: 200,
      colour: '#abcdef',
      ext: 'jpg',
    };
    const file = path.join(t.mediaDir, 'images', `${facts.hash}-300x200-abcdef.jpg`);
    fs.mkdirSync(file, { recursive: true }); // a folder where the file should be: EISDIR
    try {
      await recordImages(t.db, [{ ...facts, recipe: '{"type":"tile","kind":"jar","background":"#abcdef"}' }]);
      const before = await countImagesBehind(t.db, PIPELINE_VERSION);
      let drawn = 0;
      const renderRecipe = () => {
        drawn++;
        return plainPhoto();
      };
      await expect(encodePictures(t.db, t.mediaDir, { renderRecipe })).rejects.toThrow(/EISDIR/);
      expect(drawn).toBe(0);
      expect(await countImagesBehind(t.db, PIPELINE_VERSION)).toBe(before);
      expect(fs.statSync(file).isDirectory()).toBe(true);
    } finally {
      fs.rmSync(file, { recursive: true });
    }
  });
});
