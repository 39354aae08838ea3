import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { Picture } from './Picture';
import { effectiveSizes, largestImage, pictureParts, picturePreload, type PictureProps } from './picture-parts';
import { gallerySizes } from './picture-sizes';

const HASH = '0123456789abcdef';
const PHOTO = `/media/images/${HASH}-1280x960-c8a27a.jpg`;
const widths = (format: string, prefix = '/media/images/') =>
  [160, 320, 480, 640, 960, 1280].map((w) => `${prefix}${HASH}-${w}w.${format} ${w}w`).join(', ');

const props = (over: Partial<PictureProps> = {}): PictureProps => ({
  url: PHOTO,
  alt: 'Steel kadai',
  sizes: '200px',
  width: 600,
  height: 600,
  ...over,
});

const render = (p: PictureProps) => renderToStaticMarkup(createElement(Picture, p));

describe('Picture', () => {
  test('a pipeline photo is a <picture>: AVIF source, WebP img, the original’s size and colour', () => {
    expect(render(props({ loading: 'eager', fetchpriority: 'high', class: 'w-full' }))).toBe(
      '<picture>' +
        `<source type="image/avif" srcSet="${widths('avif')}" sizes="200px"/>` +
        `<img srcSet="${widths('webp')}" sizes="200px" src="/media/images/${HASH}-640w.webp" width="1280" height="960"` +
        ' alt="Steel kadai" loading="eager" decoding="async" fetchPriority="high" class="w-full"' +
        ' style="background-color:#c8a27a"/>' +
        '</picture>',
    );
  });

  test('a lazy photo lets the browser use its laid-out width first', () => {
    const html = render(props());
    expect(html).toContain('sizes="auto, 200px"');
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain('fetchPriority');
  });

  test.each([
    '/media/catalogue/78-f7dbf6b49b.svg',
    '/images/placeholder-product.svg',
    '/media/uploads/profile-3.webp',
    'blob:http://127.0.0.1:4321/5e1f0c2a',
  ])('%s stays a plain <img> of the given size', (url) => {
    expect(render(props({ url, width: 64, height: 48 }))).toBe(
      `<img src="${url}" width="64" height="48" alt="Steel kadai" loading="lazy" decoding="async"/>`,
    );
  });

  test('an origin before the address is kept in every width', () => {
    const html = render(props({ url: `https://cdn.example.in${PHOTO}` }));
    expect(html).toContain(widths('avif', 'https://cdn.example.in/media/images/'));
    expect(html).toContain(`src="https://cdn.example.in/media/images/${HASH}-640w.webp"`);
  });
});

describe('picture parts', () => {
  test('Picture.astro and Picture.tsx draw from the same parts', () => {
    const parts = pictureParts(props({ loading: 'eager' }));
    expect(parts.sources).toEqual([{ type: 'image/avif', srcset: widths('avif'), sizes: '200px' }]);
    expect(parts.img).toMatchObject({ width: 1280, height: 960, colour: '#c8a27a', loading: 'eager' });
  });

  test.each<[string, 'lazy' | 'eager', string]>([
    ['80px', 'lazy', 'auto, 80px'],
    ['auto, 80px', 'lazy', 'auto, 80px'],
    ['80px', 'eager', '80px'],
  ])('sizes %j when %s → %j', (sizes, loading, expected) => {
    expect(effectiveSizes(sizes, loading)).toBe(expected);
  });

  test('the zoom uses the largest width written; anything else is left as it is', () => {
    expect(largestImage(PHOTO)).toBe(`/media/images/${HASH}-1280w.webp`);
    expect(largestImage('/images/placeholder-product.svg')).toBe('/images/placeholder-product.svg');
  });

  test('a preload offers the AVIF widths with the picture’s sizes, or the address of a drawing', () => {
    expect(picturePreload(PHOTO, '50vw')).toEqual({
      imagesrcset: widths('avif'),
      imagesizes: '50vw',
      type: 'image/avif',
    });
    expect(picturePreload('/media/catalogue/1-accf921ae0.svg', '50vw')).toEqual({
      href: '/media/catalogue/1-accf921ae0.svg',
    });
  });

  test('the gallery’s main picture is 400 px high, as wide as its proportions make it', () => {
    expect(gallerySizes(1)).toBe(
      '(min-width: 1280px) min(400px, 606px), (min-width: 768px) min(400px, calc(50vw - 34px)), min(400px, calc(100vw - 34px))',
    );
    expect(gallerySizes(16 / 9)).toContain('min(711px, 606px)');
  });
});
