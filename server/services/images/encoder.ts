/**
 * The background encoder: draws the demo seed's photos that are not on disk yet and writes the
 * responsive widths of every picture behind PIPELINE_VERSION, one `images` row at a time. Each
 * row is marked when its files are written, so a stopped run (a restart, a crash) picks up where
 * it stopped; files are renamed into place, so a half-written one is never served.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../db';
import { countImagesBehind, imagesBehind, markEncoded, type ImageRow } from '../../repositories/images';
import {
  originalFile,
  PIPELINE_VERSION,
  writeAtomically,
  writeResponsiveWidths,
  type PictureFacts,
  type RawPixels,
} from './pipeline';

/**
 * Draws a seeded photo from its recipe: its JPEG original, and the pixels it was encoded from when
 * at hand. The demo's renderer is handed in by start-up (`drawDemoPhoto` in server/runtime.ts) or
 * the seed command: the encoder never reaches server/demo/ itself.
 */
export type RecipeRenderer = (recipe: string) => Promise<{ jpeg: Buffer; pixels?: RawPixels }>;

export interface EncodeOptions {
  /**
   * Pictures encoded at once: by default two per core, so that while one is being drawn on a
   * worker thread another is being encoded by sharp (its own threads) and both cores stay busy.
   */
  concurrency?: number;
  /** Rows read per query. */
  batch?: number;
  log?: (line: string) => void;
  /** Stops between pictures when aborted. */
  signal?: AbortSignal;
  /** Writes the responsive widths again even where the files exist. */
  force?: boolean;
  /** Draws the originals of rows that have a recipe and no file yet. */
  renderRecipe: RecipeRenderer;
}

export interface EncodeResult {
  encoded: number;
  /** Rows whose original is missing and cannot be drawn (an upload whose file was removed). */
  missing: number;
  seconds: number;
}

async function readOriginal(
  mediaDir: string,
  row: ImageRow,
  render: RecipeRenderer,
): Promise<{ original: Buffer; pixels?: RawPixels } | null> {
  const file = originalFile(mediaDir, row);
  try {
    return { original: await fs.readFile(file) };
  } catch (error) {
    // Only a missing original is drawn (or reported missing); one that cannot be read is an error.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    if (!row.recipe) return null;
    const { jpeg, pixels } = await render(row.recipe);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await writeAtomically(file, jpeg);
    return { original: jpeg, pixels };
  }
}

/** Encodes one row: its original (drawn from the recipe if need be) and its responsive widths. */
async function encodeRow(mediaDir: string, row: ImageRow, options: EncodeOptions): Promise<'encoded' | 'missing'> {
  const found = await readOriginal(mediaDir, row, options.renderRecipe);
  if (!found) return 'missing';
  const facts: PictureFacts = {
    hash: row.hash,
    width: row.width,
    height: row.height,
    colour: row.colour,
    ext: row.ext,
  };
  await writeResponsiveWidths(mediaDir, facts, found.original, { force: options.force, pixels: found.pixels });
  return 'encoded';
}

/**
 * Encodes every picture behind PIPELINE_VERSION (all of them with `force`), `concurrency` at a
 * time, in id order; answers how many were encoded. Logs progress every 10 % when `log` is given.
 */
export async function encodePictures(db: Db, mediaDir: string, options: EncodeOptions): Promise<EncodeResult> {
  const started = performance.now();
  const concurrency = Math.max(1, options.concurrency ?? 2 * os.availableParallelism());
  const below = options.force ? PIPELINE_VERSION + 1 : PIPELINE_VERSION;
  const total = await countImagesBehind(db, below);
  let encoded = 0;
  let missing = 0;
  let nextReport = Math.ceil(total / 10);
  let afterId = 0;
  const batch = options.batch ?? 200;
  while (!options.signal?.aborted) {
    const rows = await imagesBehind(db, below, afterId, batch);
    if (rows.length === 0) break;
    afterId = rows[rows.length - 1]?.id ?? afterId;
    let next = 0;
    const work = async () => {
      while (next < rows.length && !options.signal?.aborted) {
        const row = rows[next++];
        if (!row) break;
        if ((await encodeRow(mediaDir, row, options)) === 'missing') {
          missing++;
          continue;
        }
        await markEncoded(db, row.id, PIPELINE_VERSION);
        encoded++;
        if (options.log && encoded >= nextReport && encoded < total) {
          options.log(`Pictures: ${encoded} of ${total} encoded`);
          nextReport += Math.ceil(total / 10);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, work));
  }
  return { encoded, missing, seconds: (performance.now() - started) / 1000 };
}

/**
 * Starts encoding in the background (the process that builds the site does this at start-up),
 * drawing missing originals with `renderRecipe`: logs what it did, never throws. `stop()` asks it
 * to stop after the pictures under way and waits for that.
 */
export function encodeInBackground(
  db: Db,
  mediaDir: string,
  log: (line: string) => void,
  renderRecipe: RecipeRenderer,
): { done: Promise<EncodeResult | null>; stop: () => Promise<void> } {
  const controller = new AbortController();
  const done = (async () => {
    const pending = await countImagesBehind(db, PIPELINE_VERSION);
    if (pending === 0) return null;
    log(`Pictures: encoding ${pending} in the background`);
    // Two at a time: about one core, so the shop's requests and its first build keep the other.
    const result = await encodePictures(db, mediaDir, { log, signal: controller.signal, concurrency: 2, renderRecipe });
    if (!controller.signal.aborted) {
      log(
        `Pictures: ${result.encoded} encoded in ${result.seconds.toFixed(1)} s` +
          (result.missing ? `; ${result.missing} have no original on disk` : ''),
      );
    }
    return result;
  })().catch((error: unknown) => {
    log(`Pictures: encoding stopped: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
  return {
    done,
    stop: async () => {
      controller.abort();
      await done;
    },
  };
}
