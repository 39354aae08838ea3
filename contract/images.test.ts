import { describe, expect, test } from 'vitest';
import {
  IMAGE_WIDTHS,
  imageAtWidth,
  imageSrcset,
  originalName,
  parseImageName,
  parseImageUrl,
  responsivePicture,
  responsiveWidths,
  variantName,
  type ImageInfo,
} from './images';

const HASH = '0123456789abcdef';

describe('originalName and parseImageName', () => {
  test.each<Omit<ImageInfo, 'prefix'>>([
    { hash: HASH, width: 1600, height: 1600, colour: '#c8a27a', ext: 'jpg' },
    { hash: 'ffffffffffffffff', width: 1, height: 1, colour: '#000000', ext: 'png' },
    { hash: HASH, width: 99999, height: 120, colour: '#ffffff', ext: 'webp' },
  ])('$width×$height $ext round-trips', (info) => {
    const name = originalName(info);
    expect(name).toBe(`${info.hash}-${info.width}x${info.height}-${info.colour.slice(1)}.${info.ext}`);
    expect(parseImageName(name)).toEqual({ kind: 'original', ...info });
  });

  test('a colour is written without its # and in lower case', () => {
    expect(originalName({ hash: HASH, width: 10, height: 20, colour: '#ABCDEF', ext: 'jpg' })).toBe(
      `${HASH}-10x20-abcdef.jpg`,
    );
  });

  test('a hash that is not 16 hex digits is refused', () => {
    expect(() => originalName({ hash: 'abc', width: 10, height: 10, colour: '#000000', ext: 'jpg' })).toThrow(
      /Not an image hash/,
    );
  });

  test.each([
    [variantName(HASH, 640, 'avif'), { kind: 'variant', hash: HASH, width: 640, format: 'avif' }],
    [variantName(HASH, 160, 'webp'), { kind: 'variant', hash: HASH, width: 160, format: 'webp' }],
  ])('%s is a variant', (name, parsed) => {
    expect(parseImageName(name)).toEqual(parsed);
  });

  test.each([
    '1-accf921ae0.svg',
    `${HASH}-1600x1600-c8a27a.gif`,
    `${HASH}-0x1600-c8a27a.jpg`,
    `${HASH}-1600x0-c8a27a.jpg`,
    `${HASH.toUpperCase()}-1600x1600-c8a27a.jpg`,
    `${HASH}-1600x1600-c8a27.jpg`,
    `${HASH}-640w.jpg`,
    `${HASH}-640w.avif?v=1`,
    '',
  ])('%j is not a pipeline name', (name) => {
    expect(parseImageName(name)).toBeNull();
  });
});

describe('parseImageUrl', () => {
  const name = `${HASH}-1600x900-c8a27a.jpg`;
  test.each([
    ['/media/images/', `/media/images/${name}`],
    ['https://cdn.example.in/media/images/', `https://cdn.example.in/media/images/${name}`],
    ['http://127.0.0.1:4399/media/images/', `http://127.0.0.1:4399/media/images/${name}`],
  ])('keeps the prefix %s', (prefix, url) => {
    expect(parseImageUrl(url)).toEqual({
      prefix,
      hash: HASH,
      width: 1600,
      height: 900,
      colour: '#c8a27a',
      ext: 'jpg',
    });
  });

  test.each([
    null,
    undefined,
    '',
    '/media/catalogue/78-f7dbf6b49b.svg',
    '/images/placeholder-product.svg',
    '/media/uploads/profile-12.webp',
    `/media/uploads/${name}`,
    `/media/images/${HASH}-640w.webp`,
    `/media/images/sub/${name}`,
    'blob:http://127.0.0.1:4399/2b1e7c0a-5f7e-4a53-9c6b-0c1f6e0d9a11',
  ])('%j is no pipeline original', (url) => {
    expect(parseImageUrl(url)).toBeNull();
    expect(responsivePicture(url)).toBeNull();
  });
});

describe('responsiveWidths', () => {
  test.each<[number, number[]]>([
    [100, [100]],
    [159, [159]],
    [160, [160]],
    [161, [160, 161]],
    [1000, [160, 320, 480, 640, 960, 1000]],
    [1279, [160, 320, 480, 640, 960, 1279]],
    [1280, [160, 320, 480, 640, 960, 1280]],
    [1281, [160, 320, 480, 640, 960, 1280]],
    [2000, [160, 320, 480, 640, 960, 1280]],
  ])('an original %i px wide → %j', (width, widths) => {
    expect(responsiveWidths(width)).toEqual(widths);
  });

  test('never enlarges and never repeats a width', () => {
    for (const width of [1, 100, 160, 480, 481, 1280, 5000]) {
      const widths = responsiveWidths(width);
      expect(Math.max(...widths)).toBeLessThanOrEqual(width);
      expect(new Set(widths).size).toBe(widths.length);
      expect([...widths].sort((a, b) => a - b)).toEqual(widths);
    }
  });

  test('the largest written is the largest standard width', () => {
    expect(responsiveWidths(10_000).at(-1)).toBe(IMAGE_WIDTHS.at(-1));
  });
});

describe('srcset and the responsive picture', () => {
  const prefix = 'https://cdn.example.in/media/images/';
  const url = `${prefix}${HASH}-1000x750-c8a27a.jpg`;
  const info = parseImageUrl(url) as ImageInfo;

  test('a srcset names every width with its w descriptor, under the original’s prefix', () => {
    expect(imageSrcset(info, 'avif')).toBe(
      [160, 320, 480, 640, 960, 1000].map((w) => `${prefix}${HASH}-${w}w.avif ${w}w`).join(', '),
    );
  });

  test.each<[number, number]>([
    [1, 160],
    [160, 160],
    [161, 320],
    [640, 640],
    [961, 1000],
    [5000, 1000],
  ])('the width closest from above to %i px is %i', (wanted, chosen) => {
    expect(imageAtWidth(info, wanted)).toBe(`${prefix}${HASH}-${chosen}w.webp`);
    expect(imageAtWidth(info, wanted, 'avif')).toBe(`${prefix}${HASH}-${chosen}w.avif`);
  });

  test('AVIF first, a WebP img with a 640 px src, the original’s size and colour', () => {
    expect(responsivePicture(url)).toEqual({
      sources: [{ type: 'image/avif', srcset: imageSrcset(info, 'avif') }],
      src: `${prefix}${HASH}-640w.webp`,
      srcset: imageSrcset(info, 'webp'),
      width: 1000,
      height: 750,
      colour: '#c8a27a',
    });
  });

  test('a picture narrower than 640 px falls back to its own width', () => {
    const small = responsivePicture(`/media/images/${HASH}-100x80-112233.png`);
    expect(small).toEqual({
      sources: [{ type: 'image/avif', srcset: `/media/images/${HASH}-100w.avif 100w` }],
      src: `/media/images/${HASH}-100w.webp`,
      srcset: `/media/images/${HASH}-100w.webp 100w`,
      width: 100,
      height: 80,
      colour: '#112233',
    });
  });
});
