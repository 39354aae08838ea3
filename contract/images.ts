/**
 * The shop's responsive pictures, as the server writes them and the pages ask for them.
 *
 * Every picture the image pipeline stores (catalogue photos, banners, category tiles, review
 * photos, profile pictures) keeps its original under a name that says what it is:
 *
 *   /media/images/{hash}-{width}x{height}-{rrggbb}.{jpg|png|webp}
 *
 * (hash of the content, the original's size in pixels, its dominant colour), and beside it one
 * file per responsive width and format, `{hash}-{w}w.avif` and `{hash}-{w}w.webp`. Pages derive
 * every `srcset` from the original's address alone, so the API's image fields stay plain strings,
 * and every name is immutable: a new picture is a new hash.
 */

/** Widths written for every picture, in pixels (those below the original's width, see responsiveWidths). */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
/** Formats written for every width, best first: a `<picture>` offers them in this order. */
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
/** Extensions an original may have. */
export const ORIGINAL_EXTENSIONS = ['jpg', 'png', 'webp'] as const;
export type OriginalExtension = (typeof ORIGINAL_EXTENSIONS)[number];

/** URL path (and folder below the media folder) of the pipeline's pictures. */
export const IMAGES_PATH = '/media/images/';
export const IMAGES_DIR = 'images';

/** What an original's address says about it. */
export interface ImageInfo {
  /** Everything before the file name: an origin (or nothing) and IMAGES_PATH. */
  prefix: string;
  hash: string;
  width: number;
  height: number;
  /** Dominant colour, '#rrggbb': the background shown until the picture arrives. */
  colour: string;
  ext: OriginalExtension;
}

const HASH = /^[0-9a-f]{16}$/;
const ORIGINAL_NAME = /^([0-9a-f]{16})-(\d{1,5})x(\d{1,5})-([0-9a-f]{6})\.(jpg|png|webp)$/;
const VARIANT_NAME = /^([0-9a-f]{16})-(\d{1,5})w\.(avif|webp)$/;

/** The file name of an original. */
export function originalName(info: Omit<ImageInfo, 'prefix'>): string {
  if (!HASH.test(info.hash)) throw new Error(`Not an image hash: ${info.hash}`);
  const colour = info.colour.replace(/^#/, '').toLowerCase();
  return `${info.hash}-${String(info.width)}x${String(info.height)}-${colour}.${info.ext}`;
}

/** The file name of one responsive width in one format. */
export function variantName(hash: string, width: number, format: ImageFormat): string {
  return `${hash}-${String(width)}w.${format}`;
}

/** Reads a pipeline file name: an original's parts, or a variant's hash, width and format; null for anything else. */
export function parseImageName(
  name: string,
):
  | ({ kind: 'original' } & Omit<ImageInfo, 'prefix'>)
  | { kind: 'variant'; hash: string; width: number; format: ImageFormat }
  | null {
  const original = ORIGINAL_NAME.exec(name);
  if (original) {
    const [, hash, width, height, colour, ext] = original as unknown as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (Number(width) < 1 || Number(height) < 1) return null;
    return {
      kind: 'original',
      hash,
      width: Number(width),
      height: Number(height),
      colour: `#${colour}`,
      ext: ext as OriginalExtension,
    };
  }
  const variant = VARIANT_NAME.exec(name);
  if (variant) {
    const [, hash, width, format] = variant as unknown as [string, string, string, string];
    return { kind: 'variant', hash, width: Number(width), format: format as ImageFormat };
  }
  return null;
}

/** An original's address read back into its parts; null for any other address (an SVG drawing, a static file). */
export function parseImageUrl(url: string | null | undefined): ImageInfo | null {
  if (!url) return null;
  const at = url.lastIndexOf(IMAGES_PATH);
  if (at < 0) return null;
  const name = url.slice(at + IMAGES_PATH.length);
  const parsed = parseImageName(name);
  if (parsed?.kind !== 'original') return null;
  const { kind: _kind, ...info } = parsed;
  return { prefix: url.slice(0, at + IMAGES_PATH.length), ...info };
}

/**
 * The widths written for an original `width` pixels wide: every standard width below it, and
 * the original's own width when it is narrower than the largest standard one (never enlarged).
 */
export function responsiveWidths(width: number): number[] {
  const below: number[] = IMAGE_WIDTHS.filter((w) => w < width);
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ?? width;
  return width <= largest ? [...below, width] : below;
}

/** The `srcset` of one format: every responsive width with its `w` descriptor. */
export function imageSrcset(info: ImageInfo, format: ImageFormat): string {
  return responsiveWidths(info.width)
    .map((w) => `${info.prefix}${variantName(info.hash, w, format)} ${String(w)}w`)
    .join(', ');
}

/** The address of the responsive width closest to `width` from above (the largest written when none is). */
export function imageAtWidth(info: ImageInfo, width: number, format: ImageFormat = 'webp'): string {
  const widths = responsiveWidths(info.width);
  const chosen = widths.find((w) => w >= width) ?? widths[widths.length - 1] ?? info.width;
  return `${info.prefix}${variantName(info.hash, chosen, format)}`;
}

/** What a page needs to draw one picture: the `<source>`s of a `<picture>` and its `<img>`. */
export interface ResponsivePicture {
  sources: { type: `image/${ImageFormat}`; srcset: string }[];
  src: string;
  srcset: string;
  width: number;
  height: number;
  colour: string;
}

/**
 * A pipeline picture's `<picture>` parts: AVIF first, WebP for the `<img>` itself (with a
 * 640 px fallback `src`), the original's size for the width and height attributes, and its
 * colour. Null for any other address, which pages draw as a plain `<img>`.
 */
export function responsivePicture(url: string | null | undefined): ResponsivePicture | null {
  const info = parseImageUrl(url);
  if (!info) return null;
  return {
    sources: [{ type: 'image/avif', srcset: imageSrcset(info, 'avif') }],
    src: imageAtWidth(info, 640),
    srcset: imageSrcset(info, 'webp'),
    width: info.width,
    height: info.height,
    colour: info.colour,
  };
}
