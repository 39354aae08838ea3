import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { parseImageUrl } from '../../../contract/images';
import type { Db } from '../../db';
import { Invalid, TooLarge, UnsupportedFormat } from '../errors';
import { deleteImage, findImage, recordImages } from '../../repositories/images';
import {
  deletePictureFiles,
  dominantColour,
  extensionOf,
  pictureHash,
  PIPELINE_VERSION,
  storePicture,
  type PictureFacts,
} from './pipeline';

/** Folder below the media folder, and URL prefix, of uploaded pictures. */
export const UPLOADS_DIR = 'uploads';
export const UPLOADS_URL = '/media/uploads/';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

export interface UploadLimits {
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** Largest picture accepted, in pixels (width × height): a small file can decode huge. */
  maxPixels: number;
  /** The stored picture fits inside this box (never enlarged). */
  width: number;
  height: number;
}

/** Profile pictures: up to 5 MB and 25 megapixels, stored to fit 512 × 512. */
export const PROFILE_PICTURE: UploadLimits = {
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 25_000_000,
  width: 512,
  height: 512,
};

/** Review pictures: checked like profile pictures, stored larger so a product's detail shows. */
export const REVIEW_IMAGE: UploadLimits = { ...PROFILE_PICTURE, width: 1200, height: 1200 };

/** Catalogue photos and banners: checked like the others, stored large enough for the zoom on a product's page. */
export const CATALOGUE_IMAGE: UploadLimits = { ...PROFILE_PICTURE, width: 1600, height: 1600 };

/** A byte count as people read it: '5 MB', '1.5 MB', '300 KB'. */
function readableSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
const unsupported = () => new UnsupportedFormat('The picture must be a JPEG, PNG or WebP image.');

/**
 * Checks an uploaded picture by its content (never its name or declared type) and stores it
 * through the image pipeline: the original re-encoded (turned upright, shrunk to fit `limits`,
 * every metadata block such as EXIF GPS dropped) in its own format, and its responsive widths in
 * AVIF and WebP, under a hash no other upload shares. Answers the original's public address (see
 * contract/images.ts); with `db`, the picture is recorded for later re-encoding. Anything refused
 * throws a domain error (server/services/errors.ts) and writes nothing.
 */
export async function storeUploadedImage(
  file: Blob,
  mediaDir: string,
  limits: UploadLimits = PROFILE_PICTURE,
  db?: Db,
): Promise<string> {
  const tooLarge = new TooLarge(`Image is too large (at most ${readableSize(limits.maxBytes)}).`);
  if (file.size > limits.maxBytes) throw tooLarge;
  if (file.size === 0) throw new Invalid('The picture file is empty.');
  const input = Buffer.from(await file.arrayBuffer());
  if (input.byteLength > limits.maxBytes) throw tooLarge;

  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw unsupported();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw unsupported();
  if (!metadata.width || !metadata.height) throw new Invalid('The picture could not be read.');
  if (metadata.width * metadata.height > limits.maxPixels) {
    throw new TooLarge(`Image is too large (at most ${Math.floor(limits.maxPixels / 1_000_000)} megapixels).`);
  }

  const ext = extensionOf(metadata.format);
  let original: { data: Buffer; info: sharp.OutputInfo };
  try {
    const image = sharp(input, { limitInputPixels: limits.maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width: limits.width, height: limits.height, fit: 'inside', withoutEnlargement: true });
    const encoded =
      ext === 'png' ? image.png() : ext === 'webp' ? image.webp({ quality: 90 }) : image.jpeg({ quality: 90 });
    original = await encoded.toBuffer({ resolveWithObject: true });
  } catch {
    throw new Invalid('The picture could not be read; it may be damaged.');
  }

  const facts: PictureFacts = {
    // A random part: two uploads of the same file are two pictures, each deleted on its own.
    hash: pictureHash(crypto.randomBytes(16), original.data),
    width: original.info.width,
    height: original.info.height,
    colour: await dominantColour(original.data),
    ext,
  };
  try {
    const url = await storePicture(mediaDir, facts, original.data);
    if (db) await recordImages(db, [{ ...facts, recipe: null, encoded: PIPELINE_VERSION }]);
    return url;
  } catch (error) {
    await deletePictureFiles(mediaDir, facts).catch(() => undefined);
    throw error;
  }
}

/**
 * Deletes an uploaded picture, given its public path: a pipeline picture that was uploaded (its
 * files and, with `db`, its record), or a file stored before the pipeline under /media/uploads/.
 * Anything else (a seeded photo other products may show, a drawing, an absolute URL, a path that
 * would leave the folder) is left alone.
 */
export async function deleteUploadedImage(publicPath: string | null, mediaDir: string, db?: Db): Promise<void> {
  const picture = parseImageUrl(publicPath);
  if (picture && db) {
    const row = await findImage(db, picture.hash);
    if (!row || row.recipe !== null) return;
    await deletePictureFiles(mediaDir, picture);
    await deleteImage(db, picture.hash);
    return;
  }
  if (!publicPath?.startsWith(UPLOADS_URL)) return;
  const name = publicPath.slice(UPLOADS_URL.length);
  if (!/^[0-9a-f]{32}\.webp$/.test(name)) return;
  await fs.rm(path.join(mediaDir, UPLOADS_DIR, name), { force: true });
}
