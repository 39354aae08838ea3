import { describe, expect, it, test } from 'vitest';
import { ILLUSTRATION_KINDS, generateCatalogue } from '../../server/demo/generate.js';
import {
  bannerIllustration,
  pictureHash,
  productIllustration,
  renderIllustration,
  tileIllustration,
  type IllustrationSpec,
} from '../../server/demo/illustrations.js';

const NASTY = `<script>alert("x")</script> & 'Rasoi'`;

/**
 * A small XML well-formedness check: every `<` opens a valid tag with quoted attributes, tags
 * nest and close, `&` only starts an entity, and there is a single root element.
 */
function wellFormedProblem(xml: string): string | null {
  const tag = /^<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/;
  const stack: string[] = [];
  let roots = 0;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    const amp = text.replace(/&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);/gi, '');
    if (amp.includes('&')) return `bare & in text "${text}"`;
    if (text.trim() && stack.length === 0) return `text outside the root: "${text}"`;
    if (lt === -1) break;
    const m = tag.exec(xml.slice(lt));
    if (!m) return `bad tag at ${String(lt)}: ${xml.slice(lt, lt + 40)}`;
    // Every group but the optional slashes always takes part in a match.
    const [whole, closing, name = '', attrs = '', selfClosing] = m;
    if (attrs.replace(/&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);/gi, '').includes('&')) {
      return `bare & in attributes of <${name}>`;
    }
    const attrNames = [...attrs.matchAll(/([\w:-]+)="/g)].map((a) => a[1]);
    if (new Set(attrNames).size !== attrNames.length) return `repeated attribute in <${name}>`;
    if (closing) {
      if (stack.pop() !== name) return `unexpected </${name}>`;
    } else if (!selfClosing) {
      if (stack.length === 0) roots++;
      stack.push(name);
    } else if (stack.length === 0) roots++;
    i = lt + whole.length;
  }
  if (stack.length) return `unclosed <${stack.join('>, <')}>`;
  if (roots !== 1) return `${String(roots)} root elements`;
  return null;
}

function rootAttributes(svg: string): Record<string, string> {
  const open = /^<svg\s([^>]*)>/.exec(svg)?.[1] ?? '';
  return Object.fromEntries([...open.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

function expectSvgRoot(svg: string, width: number, height: number): void {
  expect(svg.startsWith('<svg')).toBe(true);
  expect(wellFormedProblem(svg)).toBeNull();
  const attrs = rootAttributes(svg);
  expect(attrs.xmlns).toBe('http://www.w3.org/2000/svg');
  expect(attrs.width).toBe(String(width));
  expect(attrs.height).toBe(String(height));
  expect(attrs.viewBox).toBe(`0 0 ${String(width)} ${String(height)}`);
  expect(svg).toMatch(/^<svg[^>]*><title>[^<]+<\/title>/);
}

describe('the well-formedness check itself', () => {
  test.each([
    ['<svg><g></svg>', 'unexpected'],
    ['<svg><text>a & b</text></svg>', 'bare &'],
    ['<svg x="1" x="2"></svg>', 'repeated'],
    ['<svg></svg><svg></svg>', 'root'],
    ['<svg><text>a<b</text></svg>', 'bad tag'],
  ])('rejects %s', (xml, problem) => {
    expect(wellFormedProblem(xml)).toContain(problem);
  });

  it('accepts a valid document', () => {
    expect(wellFormedProblem('<svg a="1"><g/><text>x &amp; y</text></svg>')).toBeNull();
  });
});

describe('productIllustration', () => {
  test.each(ILLUSTRATION_KINDS)('draws %s as a valid 600×600 SVG under 4 KB', (kind) => {
    const svg = productIllustration({ kind, colorHex: '#d64545', label: 'Mulmul & Co', seed: 42 });
    expectSvgRoot(svg, 600, 600);
    expect(svg.length).toBeLessThan(4096);
    expect(svg).toContain('Mulmul &#38; Co');
    expect(svg).toContain('font-family="system-ui, sans-serif"');
  });

  test.each(ILLUSTRATION_KINDS)('keeps %s valid and small with a hostile label and pale colour', (kind) => {
    const svg = productIllustration({ kind, colorHex: '#fafafa', label: NASTY.repeat(4), seed: 9 });
    expectSvgRoot(svg, 600, 600);
    expect(new TextEncoder().encode(svg).length).toBeLessThan(4096);
    expect(svg).not.toContain('<script');
  });

  it('draws every kind differently', () => {
    const drawings = ILLUSTRATION_KINDS.map((kind) =>
      productIllustration({ kind, colorHex: '#2f80c9', label: 'Swachh', seed: 1 }).replace(/<title>.*?<\/title>/, ''),
    );
    expect(new Set(drawings).size).toBe(ILLUSTRATION_KINDS.length);
  });

  it('escapes <, &, " and \' in the label', () => {
    const svg = productIllustration({ kind: 'jar', colorHex: '#2f80c9', label: `<a&"'`, seed: 1 });
    expect(svg).toContain('&#60;a&#38;&#34;&#39;');
    expect(svg).not.toContain(`<a&`);
    expect(wellFormedProblem(svg)).toBeNull();
  });

  it('drops characters XML cannot carry', () => {
    const svg = productIllustration({ kind: 'box', colorHex: '#2f80c9', label: 'Ra\u0000so\u0007i\ud800', seed: 1 });
    expect(svg).toContain('>Rasoi<');
    expect(svg.includes('\u0000') || svg.includes('\u0007')).toBe(false);
  });

  it('shortens a long label with an ellipsis', () => {
    const svg = productIllustration({ kind: 'sack', colorHex: '#2f80c9', label: 'A'.repeat(300), seed: 1 });
    expect(svg).toContain(`${'A'.repeat(17)}…`);
    expect(svg).not.toContain('A'.repeat(18));
  });

  test.each([
    ['an attribute break-out', '#fff" onload="alert(1)'],
    ['a named colour', 'red'],
    ['an empty string', ''],
  ])('ignores %s as the colour', (_what, colorHex) => {
    const svg = productIllustration({ kind: 'bottle', colorHex, label: 'Swachh', seed: 1 });
    expect(svg).not.toContain('onload');
    expect(wellFormedProblem(svg)).toBeNull();
  });

  it('accepts three-digit hex colours', () => {
    const svg = productIllustration({ kind: 'can', colorHex: '#f80', label: 'Swachh', seed: 1 });
    expect(svg).toContain('#ff8800');
  });

  it('is deterministic and varies its background with the seed', () => {
    const draw = (seed: number): string =>
      productIllustration({ kind: 'pouch', colorHex: '#3f9b52', label: 'Chatpata', seed });
    expect(draw(5)).toBe(draw(5));
    expect(new Set([1, 2, 3, 4, 5].map(draw)).size).toBe(5);
  });

  it('leaves the label out when it is blank', () => {
    const svg = productIllustration({ kind: 'broom', colorHex: '#3f9b52', label: '   ', seed: 1 });
    expect(svg).not.toContain('<text');
    expect(wellFormedProblem(svg)).toBeNull();
  });
});

describe('tileIllustration', () => {
  test.each(ILLUSTRATION_KINDS)('draws %s as a 400×400 tile without text', (kind) => {
    const svg = tileIllustration({ kind, background: '#fde2e4' });
    expectSvgRoot(svg, 400, 400);
    expect(svg).toContain('fill="#fde2e4"');
    expect(svg).not.toContain('<text');
  });

  it('falls back to a safe background for a bad colour', () => {
    const svg = tileIllustration({ kind: 'jar', background: '"/><script>' });
    expect(svg).not.toContain('<script');
    expect(wellFormedProblem(svg)).toBeNull();
  });
});

describe('bannerIllustration', () => {
  const { banners } = generateCatalogue({ products: 1 });

  test.each(banners)('draws "$title" as a 1600×560 banner, leaving its words to the page', (banner) => {
    const svg = bannerIllustration(banner);
    expectSvgRoot(svg, 1600, 560);
    // The headline and text are HTML over the picture (HeroSlider.astro): none is painted into it.
    expect(svg).not.toContain('<text');
    expect(svg).toContain(`<title>${banner.title.split(' ')[0]?.replace(/'/g, '&#39;')}`);
  });

  it('escapes hostile titles and subtitles in the name of the drawing', () => {
    const svg = bannerIllustration({
      title: `${NASTY} ${'very long words '.repeat(12)}`,
      subtitle: NASTY,
      palette: ['#1f2937', '#f2c230'],
      kind: 'diya',
    });
    expectSvgRoot(svg, 1600, 560);
    expect(svg).not.toContain('<script');
    expect(wellFormedProblem(svg)).toBeNull();
  });
});

describe('renderIllustration', () => {
  test.each<[IllustrationSpec, number, number]>([
    [{ type: 'product', kind: 'jar', colorHex: '#d64545', label: 'Swachh', seed: 3 }, 600, 600],
    [{ type: 'tile', kind: 'sack', background: '#fde2e4' }, 400, 400],
    [
      { type: 'banner', kind: 'diya', title: 'Festive lights', subtitle: null, palette: ['#1f2937', '#f2c230'] },
      1600,
      560,
    ],
  ])('draws a $type recipe as its drawing', (spec, width, height) => {
    expectSvgRoot(renderIllustration(spec), width, height);
  });
});

describe('pictureHash', () => {
  it('is ten hex digits that follow the drawing', () => {
    const a = productIllustration({ kind: 'jar', colorHex: '#d64545', label: 'Swachh', seed: 1 });
    const b = productIllustration({ kind: 'jar', colorHex: '#d64545', label: 'Swachh', seed: 2 });
    expect(pictureHash(a)).toMatch(/^[0-9a-f]{10}$/);
    expect(pictureHash(a)).toBe(pictureHash(a));
    expect(pictureHash(a)).not.toBe(pictureHash(b));
  });
});
