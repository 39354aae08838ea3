/**
 * Pictures made when asked for. A new shop's pages name every photo of the demo seed at once,
 * while the background encoder (encoder.ts) takes minutes to draw and encode them all; a picture
 * asked for before its turn is made on the spot instead of answering 404 (a broken image on the
 * first page a newcomer opens): its original is drawn from its recipe if need be, and only the
 * width and format asked for are encoded (the encoder writes the rest and skips what is there).
 *
 * Only pictures the images table knows are made, so an address made up by a client costs one
 * indexed lookup; each file is made once however many ask for it at the same time, and at most
 * `concurrency` originals are drawn at once so a page of twenty new photos cannot take every core.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { parseImageName, responsiveWidths } from '../../../contract/images';
import type { Db } from '../../db';
import { findImage, type ImageRow } from '../../repositories/images';
import type { RecipeRenderer } from './encoder';
import { encodeWidth, imagesFolder, originalFile, writeAtomically } from './pipeline';

export interface OnDemandPictures {
  /**
   * The file of a pipeline picture's name, made now when it is not on disk yet; null when the name
   * is not one of the pipeline's, names a picture the shop does not have, or asks for a width the
   * picture is not written at.
   */
  file(name: string): Promise<string | null>;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** A count of slots: `run` waits for one, runs `task`, and frees it. */
function slots(count: number): <T>(task: () => Promise<T>) => Promise<T> {
  let free = count;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

export function onDemandPictures(
  db: Db,
  mediaDir: string,
  renderRecipe: RecipeRenderer,
  options: { concurrency?: number } = {},
): OnDemandPictures {
  const folder = imagesFolder(mediaDir);
  const underWay = new Map<string, Promise<string | null>>();
  /** Originals being drawn, by hash: two widths of one new photo asked for at once draw it once. */
  const drawing = new Map<string, Promise<Buffer | null>>();
  const run = slots(options.concurrency ?? 2);

  /** The original's bytes, drawn from the row's recipe and stored when not on disk; null when it cannot be had. */
  function original(row: ImageRow): Promise<Buffer | null> {
    let bytes = drawing.get(row.hash);
    if (!bytes) {
      bytes = readOrDraw(row).finally(() => drawing.delete(row.hash));
      drawing.set(row.hash, bytes);
    }
    return bytes;
  }

  async function readOrDraw(row: ImageRow): Promise<Buffer | null> {
    const file = originalFile(mediaDir, row);
    try {
      return await fs.readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !row.recipe) return null;
    }
    const { jpeg } = await renderRecipe(row.recipe);
    await fs.mkdir(folder, { recursive: true });
    await writeAtomically(file, jpeg);
    return jpeg;
  }

  async function make(name: string): Promise<string | null> {
    const parsed = parseImageName(name);
    if (!parsed) return null;
    const target = path.join(folder, name);
    if (await exists(target)) return target;
    const row = await findImage(db, parsed.hash);
    if (!row) return null;
    if (parsed.kind === 'original') {
      // The name must be the row's own (its size and colour are part of it).
      if (path.basename(originalFile(mediaDir, row)) !== name) return null;
      return (await run(() => original(row))) ? target : null;
    }
    if (!responsiveWidths(row.width).includes(parsed.width)) return null;
    return run(async () => {
      // The original may have been drawn for another width while this one waited.
      const source = await original(row);
      if (!source) return null;
      await writeAtomically(target, await encodeWidth(sharp(source, { failOn: 'error' }), parsed.width, parsed.format));
      return target;
    });
  }

  return {
    file(name) {
      if (!parseImageName(name)) return Promise.resolve(null);
      let made = underWay.get(name);
      if (!made) {
        made = make(name).finally(() => underWay.delete(name));
        underWay.set(name, made);
      }
      return made;
    },
  };
}
