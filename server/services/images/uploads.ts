import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ApiError } from '../../http/errors';

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
const unsupported = () => new ApiError(415, 'The picture must be a JPEG, PNG or WebP image.');

/**
 * Checks an uploaded picture by its content (never its name or declared type), re-encodes it
 * as WebP (turned upright, shrunk to fit, every metadata block such as EXIF GPS dropped) under
 * a random name in `mediaDir/uploads/`, and answers its public path. Anything refused throws an
 * ApiError and writes nothing.
 */
export async function storeUploadedImage(
  file: Blob,
  mediaDir: string,
  limits: UploadLimits = PROFILE_PICTURE,
): Promise<string> {
  const tooLarge = new ApiError(413, `Image is too large (at most ${readableSize(limits.maxBytes)}).`);
  if (file.size > limits.maxBytes) throw tooLarge;
  if (file.size === 0) throw new ApiError(400, 'The picture file is empty.');
  const input = Buffer.from(await file.arrayBuffer());
  if (input.byteLength > limits.maxBytes) throw tooLarge;

  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw unsupported();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw unsupported();
  if (!metadata.width || !metadata.height) throw new ApiError(400, 'The picture could not be read.');
  if (metadata.width * metadata.height > limits.maxPixels) {
    throw new ApiError(413, `Image is too large (at most ${Math.floor(limits.maxPixels / 1_000_000)} megapixels).`);
  }

  let output: Buffer;
  try {
    output = await sharp(input, { limitInputPixels: limits.maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width: limits.width, height: limits.height, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new ApiError(400, 'The picture could not be read; it may be damaged.');
  }

  const dir = path.join(mediaDir, UPLOADS_DIR);
  await fs.mkdir(dir, { recursive: true });
  const name = `${crypto.randomBytes(16).toString('hex')}.webp`;
  await fs.writeFile(path.join(dir, name), output, { flag: 'wx' });
  return `${UPLOADS_URL}${name}`;
}

/**
 * Deletes a picture stored by `storeUploadedImage`, given its public path. Anything else (a
 * catalogue picture, an absolute URL, a path that would leave the folder) is left alone.
 */
export async function deleteUploadedImage(publicPath: string | null, mediaDir: string): Promise<void> {
  if (!publicPath?.startsWith(UPLOADS_URL)) return;
  const name = publicPath.slice(UPLOADS_URL.length);
  if (!/^[0-9a-f]{32}\.webp$/.test(name)) return;
  await fs.rm(path.join(mediaDir, UPLOADS_DIR, name), { force: true });
}
