import { imageAtWidth, parseImageUrl, responsivePicture } from '../../contract/images';

/**
 * What Picture.astro and Picture.tsx draw, worked out once so both write the same markup: a
 * pipeline picture (contract/images.ts) as `<picture>` with an AVIF `<source>` and a WebP `<img>`;
 * any other address (an SVG drawing, a static file, an old upload) as a plain `<img>`.
 */
export interface PictureProps {
  url: string;
  alt: string;
  /** The picture's laid-out width at each viewport (see picture-sizes.ts). */
  sizes: string;
  /** Size of a picture that is not the pipeline's (a pipeline picture has its original's). */
  width: number;
  height: number;
  /** 'eager' for the first screenful; the page's largest picture adds fetchpriority 'high'. */
  loading?: 'lazy' | 'eager' | undefined;
  fetchpriority?: 'high' | 'low' | 'auto' | undefined;
  class?: string | undefined;
}

export interface PictureImg {
  src: string;
  srcset?: string;
  sizes?: string;
  width: number;
  height: number;
  alt: string;
  loading: 'lazy' | 'eager';
  decoding: 'async';
  fetchpriority?: 'high' | 'low' | 'auto';
  class?: string;
  /** The picture's dominant colour, shown until it arrives. */
  colour?: string;
}

export interface PictureParts {
  /** The `<source>`s of a `<picture>`; null draws the `<img>` alone. */
  sources: { type: string; srcset: string; sizes: string }[] | null;
  img: PictureImg;
}

/**
 * A lazy picture is laid out before it is fetched, so the browser can use its real width
 * (`sizes="auto"`, Chromium 126+): the Load More cards of one grid serve pages with and without a
 * side column. The list after it is for browsers without `auto`, and for eager pictures.
 */
export function effectiveSizes(sizes: string, loading: 'lazy' | 'eager'): string {
  return loading === 'lazy' && !/^\s*auto\b/.test(sizes) ? `auto, ${sizes}` : sizes;
}

export function pictureParts(props: PictureProps): PictureParts {
  const loading = props.loading ?? 'lazy';
  const common = {
    alt: props.alt,
    loading,
    decoding: 'async' as const,
    ...(props.fetchpriority ? { fetchpriority: props.fetchpriority } : {}),
    ...(props.class ? { class: props.class } : {}),
  };
  const picture = responsivePicture(props.url);
  if (!picture) {
    return { sources: null, img: { src: props.url, width: props.width, height: props.height, ...common } };
  }
  const sizes = effectiveSizes(props.sizes, loading);
  return {
    sources: picture.sources.map((s) => ({ type: s.type, srcset: s.srcset, sizes })),
    img: {
      src: picture.src,
      srcset: picture.srcset,
      sizes,
      width: picture.width,
      height: picture.height,
      ...common,
      colour: picture.colour,
    },
  };
}

/** The largest width written of a pipeline picture (the product zoom's), or the address itself. */
export function largestImage(url: string): string {
  const info = parseImageUrl(url);
  return info ? imageAtWidth(info, Number.POSITIVE_INFINITY) : url;
}

/** A preload for a page's largest picture: the AVIF `srcset` its `<picture>` offers first, or its address. */
export type PicturePreload = { imagesrcset: string; imagesizes: string; type: string } | { href: string };

export function picturePreload(url: string, sizes: string): PicturePreload {
  const picture = responsivePicture(url);
  const first = picture?.sources[0];
  return first ? { imagesrcset: first.srcset, imagesizes: sizes, type: first.type } : { href: url };
}
