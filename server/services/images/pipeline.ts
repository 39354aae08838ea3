/**
 * The image pipeline: every picture the shop stores (uploaded or drawn by the demo seed) keeps its
 * original and gets, once, at upload or seed time and never per request, one file per responsive
 * width in AVIF and WebP (contract/images.ts names them). Files are written under a temporary
 * name and renamed into place, so a reader never sees half a file and a crash leaves nothing that
 * looks finished.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  IMAGE_FORMATS,
  IMAGES_DIR,
  IMAGES_PATH,
  originalName,
  responsiveWidths,
  variantName,
  type ImageFormat,
  type ImageInfo,
  type OriginalExtension,
} from '../../../contract/images';

/**
 * Version of what the pipeline writes (widths, formats, encoder settings). Pictures encoded by an
 * older version are encoded again in the background (server/services/images/encoder.ts).
 */
export const PIPELINE_VERSION = 2;

/**
 * Encoder settings, chosen by measurement on a grainy 1,280 px photo: AVIF at effort 0 took
 * 191 ms against 1,230 ms at effort 2 and about 4 s at the default 4, for a file 2 % smaller
 * than effort 2's; WebP at effort 0 took 47 ms against 456 ms at the default 4, 5 % smaller
 * still. Quality 50 (AVIF) and 74 (WebP) look alike on photos and are what image CDNs default to.
 * AVIF keeps its colour at half resolution (4:2:0, as WebP and JPEG do; sharp's default is 4:4:4):
 * the six widths of a 1,600 px photo encode in 119 ms instead of 206 ms and are 16 % smaller.
 * Version 1 was 4:4:4.
 */
const ENCODERS: Record<ImageFormat, (image: sharp.Sharp) => sharp.Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 0, chromaSubsampling: '4:2:0' }),
  webp: (image) => image.webp({ quality: 74, effort: 0 }),
};

/** The decoded pixels of an original, when at hand (a photo just drawn): spares decoding it. */
export interface RawPixels {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** A picture's facts without its address prefix. */
export type PictureFacts = Omit<ImageInfo, 'prefix'>;

/** The folder of the pipeline's files below the media folder. */
export function imagesFolder(mediaDir: string): string {
  return path.join(mediaDir, IMAGES_DIR);
}

/** The public address of an original. */
export function pictureUrl(facts: PictureFacts): string {
  return `${IMAGES_PATH}${originalName(facts)}`;
}

/** The original's file on disk. */
export function originalFile(mediaDir: string, facts: PictureFacts): string {
  return path.join(imagesFolder(mediaDir), originalName(facts));
}

/** A 16-hex-digit hash of `parts`: part of every file name of a picture. */
export function pictureHash(...parts: (string | Buffer)[]): string {
  const hash = crypto.createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex').slice(0, 16);
}

/** The colour most of a picture is, '#rrggbb' (sharp's histogram of 4,096 colour bins). */
export async function dominantColour(image: Buffer): Promise<string> {
  const { dominant } = await sharp(image).stats();
  return `#${[dominant.r, dominant.g, dominant.b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** Writes `bytes` to `file` through a temporary name in the same folder and a rename. */
export async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const temporary = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(temporary, bytes);
  try {
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Writes the responsive widths of a picture whose original is `original` (bytes; or its decoded
 * `pixels` when given): every width of `responsiveWidths` in every format. Files already there
 * are kept unless `force`; answers how many were written.
 */
export async function writeResponsiveWidths(
  mediaDir: string,
  facts: PictureFacts,
  original: Buffer,
  options: { force?: boolean; pixels?: RawPixels } = {},
): Promise<number> {
  const folder = imagesFolder(mediaDir);
  await fs.mkdir(folder, { recursive: true });
  let written = 0;
  // The largest first: each smaller width is resized from the one before, which is faster than
  // decoding the original again and looks the same (Lanczos each time).
  const widths = responsiveWidths(facts.width).reverse();
  let source: sharp.Sharp = options.pixels
    ? sharp(options.pixels.data, {
        raw: { width: options.pixels.width, height: options.pixels.height, channels: options.pixels.channels },
      })
    : sharp(original, { failOn: 'error' });
  for (const width of widths) {
    const resized = await source
      .resize({ width, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width: w, height: h, channels } = resized.info;
    const pixels = () => sharp(resized.data, { raw: { width: w, height: h, channels } });
    for (const format of IMAGE_FORMATS) {
      const file = path.join(folder, variantName(facts.hash, width, format));
      if (!options.force && (await exists(file))) continue;
      await writeAtomically(file, await ENCODERS[format](pixels()).toBuffer());
      written++;
    }
    source = pixels();
  }
  return written;
}

/** One responsive width of a picture in one format, resized from `source` (an original: made on demand). */
export async function encodeWidth(source: sharp.Sharp, width: number, format: ImageFormat): Promise<Buffer> {
  return ENCODERS[format](source.resize({ width, withoutEnlargement: true }).toColourspace('srgb')).toBuffer();
}

/** Writes a picture's original (unless there) and its responsive widths; answers its public address. */
export async function storePicture(mediaDir: string, facts: PictureFacts, original: Buffer): Promise<string> {
  const file = originalFile(mediaDir, facts);
  await fs.mkdir(path.dirname(file), { recursive: true });
  if (!(await exists(file))) await writeAtomically(file, original);
  await writeResponsiveWidths(mediaDir, facts, original);
  return pictureUrl(facts);
}

/** Deletes every file of a picture (its original and responsive widths). */
export async function deletePictureFiles(mediaDir: string, facts: PictureFacts): Promise<void> {
  const folder = imagesFolder(mediaDir);
  const names = [originalName(facts)];
  for (const width of responsiveWidths(facts.width)) {
    for (const format of IMAGE_FORMATS) names.push(variantName(facts.hash, width, format));
  }
  await Promise.all(names.map((name) => fs.rm(path.join(folder, name), { force: true })));
}

/** The extension an original of sharp format `format` is kept under. */
export function extensionOf(format: string): OriginalExtension {
  if (format === 'png') return 'png';
  if (format === 'webp') return 'webp';
  return 'jpg';
}
