/**
 * Flat SVG drawings for catalogue pictures: products, category tiles and home-page banners.
 * Every shape is drawn on a 600×600 canvas standing on a ground line near y = 480, so tiles and
 * banners reuse the product shapes by scaling them.
 */
import { createHash } from 'node:crypto';
import type { IllustrationKind } from './generate.js';

const FONT = 'system-ui, sans-serif';
const HANDLE = '#2d3036';
const LEAF = '#3f9b52';
const STEM = '#6b4a2b';
const PAPER = '#fbf8f1';
const LABEL_MAX_CHARS = 18;

type Rgb = [number, number, number];

function parseHex(input: string): Rgb | null {
  const digits = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(input.trim())?.[1];
  if (!digits) return null;
  const h = digits.length === 3 ? [...digits].map((c) => c + c).join('') : digits;
  return mapRgb([0, 2, 4], (i) => parseInt(h.slice(i, i + 2), 16));
}

function mapRgb([r, g, b]: Rgb, f: (channel: number) => number): Rgb {
  return [f(r), f(g), f(b)];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Only a hex colour may reach an attribute, so a bad value can never break out of it. */
function safeColour(input: string, fallback: string): string {
  const rgb = parseHex(input);
  return rgb ? toHex(rgb) : fallback;
}

/** Mixes towards white (t > 0) or black (t < 0). */
function shade(hex: string, t: number): string {
  const rgb = parseHex(hex) ?? [128, 128, 128];
  const target = t > 0 ? 255 : 0;
  const k = Math.abs(t);
  return toHex(mapRgb(rgb, (v) => v + (target - v) * k));
}

function luminance(hex: string): number {
  const [r, g, b] = mapRgb(parseHex(hex) ?? [128, 128, 128], (v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function hsl(h: number, s: number, l: number): string {
  const f = (n: number): number => {
    const k = (n + h / 30) % 12;
    return 255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return toHex([f(0), f(8), f(4)]);
}

function hueOf(hex: string): number {
  const [r, g, b] = mapRgb(parseHex(hex) ?? [128, 128, 128], (v) => v / 255);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

/** Escapes text for element content and attributes, dropping what XML 1.0 forbids outright. */
function esc(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- these code points are illegal in XML 1.0
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udfff]/gu, '')
      .replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`)
  );
}

function shorten(text: string): string {
  const chars = Array.from(text.trim().replace(/\s+/g, ' '));
  return chars.length > LABEL_MAX_CHARS ? `${chars.slice(0, LABEL_MAX_CHARS - 1).join('')}…` : chars.join('');
}

function seeded(seed: number): () => number {
  let a = (seed ^ 0x2545f491) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Paint {
  b: string;
  d: string;
  dd: string;
  l: string;
  ll: string;
  /** Text colour on the base colour. */
  ink: string;
  /** Text colour on a white label. */
  onWhite: string;
  text: (x: number, y: number, width: number, max?: number, fill?: string, rotate?: number) => string;
  /** Label panels are white when they carry the label, a pale tint of the base otherwise. */
  panel: string;
  band: (x: number, y: number, w: number, h: number, r?: number) => string;
}

interface Shape {
  /** Half-width of the ground shadow. */
  shadow: number;
  draw: (p: Paint) => string;
}

const shine = (x: number, y: number, h: number): string =>
  `<rect x="${String(x)}" y="${String(y)}" width="14" height="${String(h)}" rx="7" fill="#fff" opacity=".28"/>`;

function clockTicks(): string {
  let d = '';
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    const r1 = i % 3 === 0 ? 112 : 122;
    const x1 = Math.round(300 + Math.sin(a) * r1);
    const y1 = Math.round(290 - Math.cos(a) * r1);
    const x2 = Math.round(300 + Math.sin(a) * 134);
    const y2 = Math.round(290 - Math.cos(a) * 134);
    d += `M${String(x1)} ${String(y1)}L${String(x2)} ${String(y2)}`;
  }
  return d;
}
const CLOCK_TICKS = clockTicks();

const RUG_FRINGE = Array.from({ length: 14 }, (_, i) => {
  const y = 12 + i * 21;
  return `M0 ${String(y)}h-18M400 ${String(y)}h18`;
}).join('');

const BANANA = 'M150 262Q168 440 370 440Q452 440 500 380Q440 410 370 405Q222 396 172 250Z';
const SOCK = 'M250 110H340V330Q340 362 318 384L250 452Q220 482 190 452Q160 422 190 392L250 332Z';

const SHAPES: Record<IllustrationKind, Shape> = {
  bottle: {
    shadow: 90,
    draw: (p) =>
      `<rect x="264" y="108" width="72" height="52" rx="8" fill="${p.d}"/><rect x="272" y="158" width="56" height="36" fill="${p.l}"/><path d="M228 250c0-38 26-58 52-60h40c26 2 52 22 52 60v214a16 16 0 0 1-16 16H244a16 16 0 0 1-16-16z" fill="${p.b}"/>${p.band(228, 292, 144, 100)}${p.text(300, 342, 128)}${shine(244, 222, 60)}`,
  },
  jar: {
    shadow: 115,
    draw: (p) =>
      `<path d="M196 236c0-14 10-22 24-22h160c14 0 24 8 24 22v220c0 14-10 24-24 24H220c-14 0-24-10-24-24z" fill="${p.b}"/><rect x="200" y="158" width="200" height="60" rx="12" fill="${p.d}"/><path d="M222 172v32M252 172v32M282 172v32M312 172v32M342 172v32M372 172v32" stroke="${p.dd}" stroke-width="5" opacity=".35"/>${p.band(196, 292, 208, 110)}${p.text(300, 347, 180)}${shine(212, 236, 44)}`,
  },
  pouch: {
    shadow: 125,
    draw: (p) =>
      `<path d="M196 140h208l14 322q-118 34-236 0z" fill="${p.b}"/><rect x="196" y="140" width="208" height="30" fill="${p.d}"/><path d="M206 155h188" stroke="${p.dd}" stroke-width="3" stroke-dasharray="6 6"/>${p.band(222, 206, 156, 76, 14)}${p.text(300, 244, 136)}<circle cx="300" cy="370" r="50" fill="${p.l}"/><circle cx="300" cy="370" r="36" fill="${p.ll}"/>`,
  },
  box: {
    shadow: 150,
    draw: (p) =>
      `<path d="M170 210h210v270H170z" fill="${p.b}"/><path d="M380 210l60-40v270l-60 40z" fill="${p.d}"/><path d="M170 210l60-40h210l-60 40z" fill="${p.l}"/><rect x="170" y="440" width="210" height="40" fill="${p.d}" opacity=".5"/>${p.band(186, 286, 178, 96, 10)}${p.text(275, 334, 160)}`,
  },
  carton: {
    shadow: 115,
    draw: (p) =>
      `<path d="M360 230l50-30v258l-50 22z" fill="${p.d}"/><path d="M290 160l70 70 50-30-70-70z" fill="${p.dd}"/><path d="M282 158l58-36" stroke="${p.d}" stroke-width="14"/><rect x="220" y="230" width="140" height="250" fill="${p.b}"/><path d="M220 230l70-70 70 70z" fill="${p.l}"/>${p.band(232, 292, 116, 108, 10)}${p.text(290, 346, 100)}<path d="M220 440q35-20 70 0t70 0v40H220z" fill="${p.d}"/>`,
  },
  block: {
    shadow: 165,
    draw: (p) =>
      `<path d="M400 330l70-60v140l-70 60z" fill="${p.d}"/><path d="M150 330l70-60h250l-70 60z" fill="${p.l}"/><rect x="150" y="330" width="250" height="140" fill="${p.b}"/>${p.band(150, 370, 250, 60)}${p.text(275, 400, 220, 34)}`,
  },
  can: {
    shadow: 100,
    draw: (p) =>
      `<path d="M220 180v290a80 18 0 0 0 160 0V180z" fill="${p.b}"/><ellipse cx="300" cy="180" rx="80" ry="18" fill="${p.l}"/><ellipse cx="300" cy="180" rx="64" ry="11" fill="${p.d}" opacity=".35"/><rect x="220" y="206" width="160" height="10" fill="${p.d}"/><rect x="220" y="440" width="160" height="10" fill="${p.d}"/>${p.band(220, 254, 160, 130)}${p.text(300, 319, 140)}`,
  },
  tub: {
    shadow: 115,
    draw: (p) =>
      `<path d="M196 250h208l-22 210q-82 24-164 0z" fill="${p.b}"/><path d="M201 318h198l-6 70H207z" fill="${p.panel}" opacity=".92"/>${p.text(300, 353, 170)}<ellipse cx="300" cy="252" rx="112" ry="26" fill="${p.d}"/><ellipse cx="300" cy="245" rx="104" ry="20" fill="${p.l}"/>`,
  },
  sack: {
    shadow: 150,
    draw: (p) =>
      `<path d="M192 196q-34 150-12 266q120 32 240 0q22-116-12-266z" fill="${p.b}"/><path d="M192 198q108-34 216 0l-4-46q-104 22-208 0z" fill="${p.d}"/><path d="M188 152l-30-26 36 6zM412 152l30-26-36 6z" fill="${p.d}"/><path d="M200 206q100 26 200 0" stroke="${p.dd}" stroke-width="6" fill="none"/>${p.band(214, 258, 172, 136, 16)}${p.text(300, 310, 150)}<path d="M262 352q38 16 76 0" stroke="${p.b}" stroke-width="8" fill="none" stroke-linecap="round"/>`,
  },
  soap: {
    shadow: 150,
    draw: (p) =>
      `<rect x="170" y="336" width="260" height="124" rx="60" fill="${p.d}"/><rect x="170" y="306" width="260" height="124" rx="60" fill="${p.b}"/><rect x="200" y="326" width="200" height="84" rx="42" fill="${p.l}" opacity=".55"/>${p.text(300, 368, 170, 34, p.dd)}<circle cx="214" cy="262" r="24" fill="#fff" opacity=".7"/><circle cx="258" cy="226" r="12" fill="#fff" opacity=".6"/><circle cx="410" cy="272" r="17" fill="#fff" opacity=".65"/>`,
  },
  tube: {
    shadow: 90,
    draw: (p) =>
      `<rect x="252" y="404" width="96" height="76" rx="10" fill="${p.dd}"/><path d="M258 404L236 152h128l-22 252z" fill="${p.b}"/><rect x="228" y="128" width="144" height="28" rx="4" fill="${p.l}"/><path d="M244 134v16M262 134v16M280 134v16M298 134v16M316 134v16M334 134v16M352 134v16" stroke="${p.d}" stroke-width="3"/>${p.text(300, 280, 220, 40, p.ink, -90)}`,
  },
  pan: {
    shadow: 210,
    draw: (p) =>
      `<path d="M404 344l146-28q16-2 18 12t-12 18l-148 28z" fill="${HANDLE}"/><path d="M90 356q6 72 74 90h192q68-18 74-90z" fill="${p.d}"/><ellipse cx="260" cy="356" rx="170" ry="58" fill="${p.b}"/><ellipse cx="260" cy="360" rx="150" ry="46" fill="${shade(p.b, -0.75)}"/><path d="M150 344q40-26 110-28" stroke="#fff" stroke-opacity=".22" stroke-width="9" fill="none" stroke-linecap="round"/>`,
  },
  kadai: {
    shadow: 180,
    draw: (p) =>
      `<path d="M128 300q-48 0-48 32t48 22M472 300q48 0 48 32t-48 22" stroke="${HANDLE}" stroke-width="16" fill="none" stroke-linecap="round"/><path d="M120 300q0 170 180 170t180-170z" fill="${p.b}"/><ellipse cx="300" cy="300" rx="180" ry="44" fill="${p.l}"/><ellipse cx="300" cy="304" rx="164" ry="34" fill="${shade(p.b, -0.6)}"/><path d="M170 360q40 70 120 82" stroke="#fff" stroke-opacity=".22" stroke-width="10" fill="none" stroke-linecap="round"/>`,
  },
  'pressure-cooker': {
    shadow: 180,
    draw: (p) =>
      `<rect x="100" y="302" width="60" height="22" rx="11" fill="${HANDLE}"/><rect x="150" y="290" width="240" height="180" rx="24" fill="${p.b}"/><rect x="150" y="438" width="240" height="32" rx="14" fill="${p.d}"/><path d="M146 292q124-66 248 0z" fill="${p.l}"/><rect x="146" y="286" width="248" height="14" rx="7" fill="${p.d}"/><rect x="370" y="264" width="166" height="24" rx="12" fill="${HANDLE}"/><rect x="380" y="300" width="150" height="22" rx="11" fill="${HANDLE}"/><rect x="258" y="214" width="24" height="38" rx="6" fill="${HANDLE}"/><rect x="250" y="244" width="40" height="14" rx="5" fill="${p.dd}"/>${p.band(206, 350, 128, 46, 23)}${p.text(270, 373, 110, 26)}${shine(166, 312, 110)}`,
  },
  pot: {
    shadow: 170,
    draw: (p) =>
      `<rect x="118" y="306" width="56" height="20" rx="10" fill="${p.dd}"/><rect x="426" y="306" width="56" height="20" rx="10" fill="${p.dd}"/><path d="M160 292h280v140q0 40-40 40H200q-40 0-40-40z" fill="${p.b}"/><path d="M150 294q150-92 300 0z" fill="${p.l}"/><rect x="150" y="288" width="300" height="14" rx="7" fill="${p.d}"/><ellipse cx="300" cy="236" rx="28" ry="12" fill="${p.dd}"/><rect x="292" y="236" width="16" height="16" fill="${p.dd}"/>${p.text(300, 386, 180, 34, p.ink)}${shine(180, 316, 120)}`,
  },
  plate: {
    shadow: 215,
    draw: (p) =>
      `<ellipse cx="300" cy="440" rx="210" ry="48" fill="${p.d}"/><ellipse cx="300" cy="424" rx="210" ry="48" fill="${p.b}"/><ellipse cx="300" cy="408" rx="210" ry="48" fill="${p.d}"/><ellipse cx="300" cy="400" rx="210" ry="48" fill="${p.b}"/><ellipse cx="300" cy="402" rx="150" ry="32" fill="${p.l}"/><ellipse cx="300" cy="400" rx="184" ry="41" fill="none" stroke="${p.ll}" stroke-width="4" stroke-dasharray="3 12"/><path d="M226 330q0 64 74 64t74-64z" fill="${p.d}"/><ellipse cx="300" cy="330" rx="74" ry="17" fill="${p.l}"/><ellipse cx="300" cy="332" rx="62" ry="11" fill="${p.dd}" opacity=".5"/>`,
  },
  mug: {
    shadow: 125,
    draw: (p) =>
      `<path d="M374 290h22a48 48 0 0 1 0 96h-22" stroke="${p.d}" stroke-width="22" fill="none"/><path d="M206 240h172v200q0 40-40 40h-92q-40 0-40-40z" fill="${p.b}"/><ellipse cx="292" cy="240" rx="86" ry="18" fill="${p.d}"/><ellipse cx="292" cy="243" rx="74" ry="12" fill="${p.dd}"/>${p.text(292, 370, 140, 34, p.ink)}${shine(222, 270, 150)}`,
  },
  ladle: {
    shadow: 170,
    draw: (p) =>
      `<g transform="rotate(22 300 300)"><rect x="288" y="96" width="24" height="250" rx="12" fill="${p.d}"/><rect x="246" y="330" width="108" height="136" rx="22" fill="${p.l}"/><path d="M276 356v84M300 356v84M324 356v84" stroke="${p.d}" stroke-width="8" stroke-linecap="round"/></g><g transform="rotate(-22 300 300)"><rect x="288" y="96" width="24" height="270" rx="12" fill="${p.b}"/><circle cx="300" cy="116" r="6" fill="${p.dd}"/><path d="M226 370a74 74 0 0 0 148 0z" fill="${p.b}"/><ellipse cx="300" cy="370" rx="74" ry="16" fill="${p.dd}"/></g>`,
  },
  tray: {
    shadow: 200,
    draw: (p) =>
      `<path d="M110 420h340v34H110z" fill="${p.d}"/><path d="M450 420l40-120v34l-40 120z" fill="${p.dd}"/><path d="M150 300h340l-40 120H110z" fill="${p.b}"/><g fill="${shade(p.b, -0.5)}"><ellipse cx="226" cy="330" rx="40" ry="15"/><ellipse cx="324" cy="330" rx="40" ry="15"/><ellipse cx="422" cy="330" rx="40" ry="15"/><ellipse cx="208" cy="388" rx="42" ry="16"/><ellipse cx="308" cy="388" rx="42" ry="16"/><ellipse cx="408" cy="388" rx="42" ry="16"/></g>`,
  },
  tiffin: {
    shadow: 125,
    draw: (p) =>
      `<path d="M201 222q0-76 99-76t99 76" stroke="${p.dd}" stroke-width="12" fill="none"/><rect x="196" y="214" width="12" height="250" rx="6" fill="${p.dd}"/><rect x="392" y="214" width="12" height="250" rx="6" fill="${p.dd}"/><path d="M212 254q88-44 176 0z" fill="${p.l}"/><rect x="212" y="252" width="176" height="68" rx="12" fill="${p.b}"/><rect x="212" y="326" width="176" height="68" rx="12" fill="${p.b}"/><rect x="212" y="400" width="176" height="76" rx="14" fill="${p.b}"/><path d="M212 323h176M212 397h176" stroke="${p.d}" stroke-width="6"/>${p.text(300, 360, 150, 28, p.ink)}<rect x="278" y="214" width="44" height="14" rx="7" fill="${p.dd}"/>`,
  },
  container: {
    shadow: 150,
    draw: (p) =>
      `<rect x="180" y="230" width="240" height="244" rx="24" fill="${p.ll}" stroke="${p.l}" stroke-width="6"/><path d="M186 340h228v110q0 18-18 18H204q-18 0-18-18z" fill="#e9c46a"/><g fill="#d4a843"><circle cx="220" cy="372" r="6"/><circle cx="262" cy="396" r="6"/><circle cx="310" cy="366" r="6"/><circle cx="356" cy="402" r="6"/><circle cx="388" cy="370" r="6"/><circle cx="236" cy="432" r="6"/><circle cx="330" cy="440" r="6"/></g><rect x="170" y="200" width="260" height="44" rx="14" fill="${p.b}"/><rect x="158" y="214" width="22" height="44" rx="7" fill="${p.d}"/><rect x="420" y="214" width="22" height="44" rx="7" fill="${p.d}"/>${p.band(214, 264, 172, 52, 8)}${p.text(300, 291, 150, 30)}`,
  },
  bowl: {
    shadow: 165,
    draw: (p) =>
      `<ellipse cx="300" cy="452" rx="160" ry="30" fill="${p.d}"/><path d="M170 360h260l40 92H130z" fill="${p.b}"/><ellipse cx="300" cy="360" rx="130" ry="30" fill="${p.l}"/><ellipse cx="300" cy="364" rx="112" ry="21" fill="${p.dd}"/><path d="M208 366q92-60 184 0q-92 16-184 0z" fill="#b5703a"/><g fill="#8b5a2b"><circle cx="262" cy="348" r="9"/><circle cx="300" cy="336" r="9"/><circle cx="338" cy="350" r="9"/><circle cx="286" cy="358" r="8"/></g>${p.text(300, 416, 200, 30, p.ink)}`,
  },
  bucket: {
    shadow: 125,
    draw: (p) =>
      `<path d="M194 248q106-160 212 0" stroke="${p.dd}" stroke-width="8" fill="none"/><path d="M190 240h220l-26 232H216z" fill="${p.b}"/><rect x="178" y="226" width="244" height="28" rx="12" fill="${p.d}"/><path d="M204 300h192" stroke="${p.d}" stroke-width="6"/>${p.text(300, 386, 150, 34, p.ink)}${shine(214, 270, 170)}`,
  },
  broom: {
    shadow: 130,
    draw: (p) =>
      `<path d="M268 296l-96 184h256l-96-184z" fill="#d8b46a"/><path d="M284 304l-64 176M300 304v176M316 304l64 176M292 304l-30 176M308 304l30 176M276 304l-90 176M324 304l90 176" stroke="#b38b46" stroke-width="4"/><rect x="268" y="104" width="64" height="200" rx="22" fill="${p.b}"/><path d="M268 160h64M268 200h64M268 240h64" stroke="${p.d}" stroke-width="12"/><rect x="260" y="288" width="80" height="22" rx="7" fill="${p.d}"/>`,
  },
  mop: {
    shadow: 120,
    draw: (p) =>
      `<rect x="290" y="76" width="20" height="300" rx="10" fill="${p.b}"/><rect x="285" y="76" width="30" height="64" rx="12" fill="${p.d}"/><path d="M232 404q-10 40-20 76M254 404q-4 40-8 78M276 404v80M300 404v80M324 404v80M346 404q4 40 8 78M368 404q10 40 20 76" stroke="${p.ll}" stroke-width="16" stroke-linecap="round" fill="none"/><path d="M244 404q-2 40 2 72M288 404v78M312 404v78M356 404q2 40-2 72" stroke="${p.l}" stroke-width="12" stroke-linecap="round" fill="none"/><rect x="216" y="368" width="168" height="36" rx="12" fill="${p.d}"/>`,
  },
  'spray-bottle': {
    shadow: 100,
    draw: (p) =>
      `<path d="M236 252h128v208q0 20-20 20h-88q-20 0-20-20z" fill="${p.b}"/><rect x="270" y="218" width="60" height="36" fill="${p.l}"/><path d="M252 148h84q22 0 22 22v52H252z" fill="${p.dd}"/><rect x="206" y="158" width="52" height="22" rx="5" fill="${p.dd}"/><path d="M262 222q-26 6-24 50l18-4q0-26 14-34z" fill="${p.dd}"/>${p.band(236, 300, 128, 100)}${p.text(300, 350, 112)}${shine(250, 268, 40)}`,
  },
  towel: {
    shadow: 160,
    draw: (p) => {
      const roll = (x: number, y: number, fill: string): string =>
        `<circle cx="${String(x)}" cy="${String(y)}" r="72" fill="${fill}"/><circle cx="${String(x)}" cy="${String(y)}" r="62" fill="none" stroke="${p.ll}" stroke-width="6" opacity=".7"/><path d="M${String(x + 40)} ${String(y)}a40 40 0 1 1-14-30a24 24 0 1 0 2 30" stroke="${p.dd}" stroke-width="6" fill="none" opacity=".55"/>`;
      return roll(228, 408, p.b) + roll(372, 408, p.b) + roll(300, 290, p.l);
    },
  },
  pillow: {
    shadow: 190,
    draw: (p) =>
      `<path d="M140 250q160-34 320 0q22 110 0 220q-160 30-320 0q-22-110 0-220z" fill="${p.b}"/><path d="M164 272q136-26 272 0q16 88 0 176q-136 24-272 0q-16-88 0-176z" fill="none" stroke="${p.ll}" stroke-width="4" stroke-dasharray="10 8"/><path d="M256 360l44-44 44 44-44 44z" fill="${p.l}"/><path d="M282 360l18-18 18 18-18 18z" fill="${p.d}"/><path d="M180 286q40-14 80-12" stroke="#fff" stroke-opacity=".3" stroke-width="10" stroke-linecap="round" fill="none"/>`,
  },
  bedsheet: {
    shadow: 190,
    draw: (p) =>
      `<rect x="130" y="392" width="340" height="82" rx="18" fill="${p.d}"/><rect x="130" y="312" width="340" height="84" rx="18" fill="${p.b}"/><rect x="130" y="232" width="340" height="84" rx="18" fill="${p.l}"/><path d="M150 262h300M150 342h300M150 422h300" stroke="${p.ll}" stroke-width="5" stroke-dasharray="2 14" stroke-linecap="round"/><g fill="${p.b}"><circle cx="180" cy="290" r="8"/><circle cx="420" cy="290" r="8"/></g>${p.band(260, 226, 80, 254)}${p.text(300, 353, 220, 30, p.onWhite, -90)}`,
  },
  lamp: {
    shadow: 110,
    draw: (p) =>
      `<ellipse cx="300" cy="312" rx="130" ry="18" fill="#ffe9a8" opacity=".7"/><rect x="290" y="300" width="20" height="144" fill="${p.dd}"/><path d="M240 440h120l24 30H216z" fill="${p.d}"/><ellipse cx="300" cy="470" rx="84" ry="12" fill="${p.dd}"/><path d="M222 146h156l54 152H168z" fill="${p.b}"/><rect x="164" y="290" width="272" height="14" rx="7" fill="${p.d}"/><path d="M240 170l-34 110" stroke="#fff" stroke-opacity=".3" stroke-width="10" stroke-linecap="round"/>`,
  },
  diya: {
    shadow: 150,
    draw: (p) =>
      `<circle cx="300" cy="262" r="96" fill="#ffd56b" opacity=".25"/><path d="M300 186q46 66 0 124q-46-58 0-124z" fill="#f5a623"/><path d="M300 232q20 34 0 68q-20-34 0-68z" fill="#ffe28a"/><path d="M150 332q150 30 300 0q-18 118-150 128q-132-10-150-128z" fill="${p.b}"/><path d="M436 330l58-24-24 46z" fill="${p.b}"/><ellipse cx="300" cy="332" rx="150" ry="22" fill="${p.l}"/><ellipse cx="300" cy="335" rx="128" ry="14" fill="${p.dd}"/><g fill="${p.ll}"><circle cx="220" cy="392" r="7"/><circle cx="260" cy="406" r="7"/><circle cx="300" cy="410" r="7"/><circle cx="340" cy="406" r="7"/><circle cx="380" cy="392" r="7"/></g>`,
  },
  vase: {
    shadow: 100,
    draw: (p) =>
      `<path d="M290 176q-22-60-56-92M310 176q8-72 44-104M300 176q0-50 6-70" stroke="${LEAF}" stroke-width="6" fill="none"/><circle cx="232" cy="82" r="24" fill="#f29bb6"/><circle cx="232" cy="82" r="9" fill="#f6c343"/><circle cx="356" cy="70" r="26" fill="#f6c343"/><circle cx="356" cy="70" r="10" fill="#e4572e"/><path d="M262 186h76v24q72 60 62 172q-8 78-72 98h-56q-64-20-72-98q-10-112 62-172z" fill="${p.b}"/><rect x="250" y="172" width="100" height="22" rx="9" fill="${p.d}"/><path d="M207 330h186" stroke="${p.l}" stroke-width="12"/><path d="M204 360h192" stroke="${p.d}" stroke-width="5"/><path d="M236 260q-22 40-22 100" stroke="#fff" stroke-opacity=".3" stroke-width="10" stroke-linecap="round" fill="none"/>`,
  },
  plant: {
    shadow: 110,
    draw: (p) =>
      `<path d="M300 334q-126-36-118-180q96 40 118 180z" fill="${LEAF}"/><path d="M300 334q112-62 124-188q-104 34-124 188z" fill="#2e7d32"/><path d="M300 334q-24-150 10-232q44 106-10 232z" fill="#5cb85c"/><path d="M300 334q-70-10-120-90" stroke="#2e7d32" stroke-width="4" fill="none"/><path d="M220 344h160l-22 136H242z" fill="${p.b}"/><rect x="206" y="326" width="188" height="32" rx="8" fill="${p.d}"/><path d="M226 410h148" stroke="${p.l}" stroke-width="8"/>`,
  },
  frame: {
    shadow: 150,
    draw: (p) =>
      `<rect x="160" y="124" width="280" height="350" rx="6" fill="${p.b}"/><rect x="160" y="124" width="280" height="350" rx="6" fill="none" stroke="${p.d}" stroke-width="6"/><rect x="186" y="150" width="228" height="298" fill="${PAPER}"/><rect x="210" y="174" width="180" height="250" fill="#d9ecf7"/><circle cx="350" cy="220" r="22" fill="#f6c343"/><path d="M210 424v-84l62-64 50 52 36-36 32 32v100z" fill="#6aa36f"/><path d="M210 424v-40l70-40 110 60v20z" fill="#4f8a55"/>`,
  },
  clock: {
    shadow: 130,
    draw: (p) =>
      `<circle cx="300" cy="290" r="172" fill="${p.b}"/><circle cx="300" cy="290" r="146" fill="${PAPER}"/><path d="${CLOCK_TICKS}" stroke="${p.dd}" stroke-width="8" stroke-linecap="round"/><path d="M300 290V196M300 290l66 38" stroke="${HANDLE}" stroke-width="10" stroke-linecap="round"/><path d="M300 304l-40-96" stroke="#d64545" stroke-width="4" stroke-linecap="round"/><circle cx="300" cy="290" r="12" fill="${HANDLE}"/><path d="M196 210q40-58 110-66" stroke="#fff" stroke-opacity=".3" stroke-width="10" stroke-linecap="round" fill="none"/>`,
  },
  rug: {
    shadow: 230,
    draw: (p) =>
      `<g transform="translate(160 300) skewX(-26) scale(1 .56)"><path d="${RUG_FRINGE}" stroke="${p.ll}" stroke-width="5"/><rect width="400" height="300" fill="${p.b}"/><rect x="20" y="20" width="360" height="260" fill="none" stroke="${p.l}" stroke-width="12"/><rect x="40" y="40" width="320" height="220" fill="none" stroke="${p.d}" stroke-width="6" stroke-dasharray="12 8"/><path d="M200 70l100 80-100 80-100-80z" fill="${p.l}"/><path d="M200 110l50 40-50 40-50-40z" fill="${p.d}"/><circle cx="200" cy="150" r="12" fill="${p.ll}"/></g>`,
  },
  basket: {
    shadow: 160,
    draw: (p) =>
      `<path d="M204 272q0-104 96-104t96 104" stroke="${p.d}" stroke-width="14" fill="none"/><path d="M160 270h280l-30 204H190z" fill="${p.b}"/><path d="M166 314h268M172 356h256M178 398h244M184 440h232" stroke="${p.d}" stroke-width="6"/><path d="M218 282l8 188M262 282l4 188M306 282v188M350 282l-4 188M392 282l-8 188" stroke="${p.l}" stroke-width="5" opacity=".6"/><rect x="148" y="256" width="304" height="28" rx="14" fill="${p.d}"/>`,
  },
  tshirt: {
    shadow: 180,
    draw: (p) =>
      `<path d="M230 124l-112 50-42 114 72 28 24-56v220h256V260l24 56 72-28-42-114-112-50q-12 42-70 42t-70-42z" fill="${p.b}"/><path d="M230 124q12 50 70 50t70-50l-20-8q-12 38-50 38t-50-38z" fill="${p.d}"/><path d="M148 316l-72-28M452 316l72-28" stroke="${p.d}" stroke-width="6"/>${p.text(300, 290, 160, 34, p.ink)}`,
  },
  kurta: {
    shadow: 160,
    draw: (p) =>
      `<path d="M248 116l-82 36-52 194 56 12 38-130v256l-18 18h220l-18-18V228l38 130 56-12-52-194-82-36q-20 26-52 26t-52-26z" fill="${p.b}"/><path d="M248 116q52 40 104 0v-14q-52 32-104 0z" fill="${p.d}"/><rect x="292" y="140" width="16" height="134" fill="${p.d}"/><g fill="${p.ll}"><circle cx="300" cy="166" r="5"/><circle cx="300" cy="202" r="5"/><circle cx="300" cy="238" r="5"/></g><path d="M202 462h196" stroke="${p.l}" stroke-width="10" stroke-dasharray="6 10"/><path d="M114 346l56 12M486 346l-56 12" stroke="${p.l}" stroke-width="8"/>`,
  },
  sock: {
    shadow: 150,
    draw: (p) =>
      `<g transform="translate(84 -10)"><path d="${SOCK}" fill="${p.d}"/><rect x="250" y="110" width="90" height="44" fill="${p.dd}"/></g><path d="${SOCK}" fill="${p.b}"/><rect x="250" y="110" width="90" height="44" fill="${p.l}"/><path d="M266 114v36M284 114v36M302 114v36M320 114v36" stroke="${p.b}" stroke-width="4"/><path d="M340 318v12q0 32-22 54l-20 20q-10-46 42-86z" fill="${p.d}"/><path d="M190 392q-30 30 0 60q16 14 34 6q-38-30-34-66z" fill="${p.d}"/><path d="M250 200h90M250 226h90" stroke="${p.l}" stroke-width="8"/>`,
  },
  shoe: {
    shadow: 200,
    draw: (p) =>
      `<path d="M104 428h408q16 0 16 18v10q0 16-16 16H118q-14 0-14-16z" fill="#f7f7f4"/><path d="M104 458h424" stroke="${p.dd}" stroke-width="4" opacity=".5"/><path d="M116 430L118 310Q120 266 162 262L236 256Q270 300 330 298L420 338Q504 354 512 404V430Z" fill="${p.b}"/><path d="M236 256Q270 300 330 298L322 274Q278 282 244 250z" fill="${p.dd}"/><path d="M116 430L118 322Q160 340 170 430z" fill="${p.d}"/><path d="M432 342Q504 354 512 404V430H446Q424 384 432 342z" fill="${p.l}"/><path d="M180 404Q270 362 392 384" stroke="${p.l}" stroke-width="14" fill="none" stroke-linecap="round"/><path d="M334 308l-12 22M360 318l-12 22M386 328l-12 22" stroke="#fff" stroke-width="7" stroke-linecap="round"/>`,
  },
  apple: {
    shadow: 140,
    draw: (p) =>
      `<g transform="translate(150 170) scale(.62)" opacity=".9"><path d="M300 210c-40-30-140-30-150 80-8 100 60 180 110 180 20 0 28-10 40-10s20 10 40 10c50 0 118-80 110-180-10-110-110-110-150-80z" fill="${p.d}"/></g><path d="M320 214c-40-30-140-30-150 80-8 100 60 180 110 180 20 0 28-10 40-10s20 10 40 10c50 0 118-80 110-180-10-110-110-110-150-80z" fill="${p.b}"/><path d="M320 218q0-40 20-72" stroke="${STEM}" stroke-width="10" stroke-linecap="round" fill="none"/><path d="M338 172q50-42 92-12q-42 42-92 12z" fill="${LEAF}"/><ellipse cx="244" cy="286" rx="20" ry="40" fill="#fff" opacity=".32" transform="rotate(20 244 286)"/>`,
  },
  pear: {
    shadow: 130,
    draw: (p) =>
      `<path d="M300 150c-30 0-40 40-44 80-6 50-90 80-90 160 0 60 60 90 134 90s134-30 134-90c0-80-84-110-90-160-4-40-14-80-44-80z" fill="${p.b}"/><path d="M300 154q-2-34 16-60" stroke="${STEM}" stroke-width="9" stroke-linecap="round" fill="none"/><path d="M316 112q46-34 84-6q-40 34-84 6z" fill="${LEAF}"/><ellipse cx="232" cy="384" rx="18" ry="40" fill="#fff" opacity=".3" transform="rotate(12 232 384)"/><g fill="${p.d}" opacity=".5"><circle cx="330" cy="330" r="4"/><circle cx="370" cy="390" r="4"/><circle cx="300" cy="420" r="4"/></g>`,
  },
  banana: {
    shadow: 180,
    draw: (p) =>
      `<path d="${BANANA}" fill="${p.d}" transform="rotate(-14 496 382)"/><path d="${BANANA}" fill="${p.l}" transform="rotate(12 496 382)"/><path d="${BANANA}" fill="${p.b}"/><path d="M190 300q50 110 180 120" stroke="${p.d}" stroke-width="5" fill="none" opacity=".5"/><path d="M494 384l40-62" stroke="${STEM}" stroke-width="18" stroke-linecap="round"/><circle cx="158" cy="258" r="9" fill="${STEM}"/>`,
  },
  mango: {
    shadow: 150,
    draw: (p) =>
      `<path d="M236 196c84-44 196 8 206 122 10 112-72 170-152 162-92-10-142-82-132-152 6-52 38-110 78-132z" fill="${p.b}"/><path d="M256 200c64-22 140 8 162 74-52-34-106-42-162-74z" fill="#e4572e" opacity=".45"/><path d="M290 196q8-34 30-46" stroke="${STEM}" stroke-width="9" stroke-linecap="round" fill="none"/><path d="M318 152q62-44 124-12q-62 44-124 12z" fill="${LEAF}"/><ellipse cx="238" cy="318" rx="18" ry="44" fill="#fff" opacity=".3" transform="rotate(14 238 318)"/>`,
  },
  orange: {
    shadow: 170,
    draw: (p) =>
      `<circle cx="270" cy="330" r="130" fill="${p.b}"/><g fill="${p.d}" opacity=".35"><circle cx="220" cy="300" r="4"/><circle cx="300" cy="280" r="4"/><circle cx="260" cy="370" r="4"/><circle cx="330" cy="350" r="4"/><circle cx="200" cy="380" r="4"/></g><path d="M270 204q40-52 102-32q-50 52-102 32z" fill="${LEAF}"/><circle cx="270" cy="204" r="7" fill="${STEM}"/><ellipse cx="206" cy="290" rx="18" ry="36" fill="#fff" opacity=".3" transform="rotate(24 206 290)"/><circle cx="420" cy="412" r="72" fill="${p.b}"/><circle cx="420" cy="412" r="60" fill="${p.ll}"/><circle cx="420" cy="412" r="54" fill="${p.l}"/><path d="M420 358v108M366 412h108M382 374l76 76M458 374l-76 76" stroke="${p.ll}" stroke-width="5"/><circle cx="420" cy="412" r="8" fill="${p.ll}"/>`,
  },
  grapes: {
    shadow: 120,
    draw: (p) => {
      const berries: [number, number][] = [
        [240, 206],
        [300, 202],
        [360, 206],
        [210, 262],
        [270, 260],
        [330, 260],
        [390, 262],
        [240, 316],
        [300, 314],
        [360, 316],
        [270, 368],
        [330, 368],
        [300, 420],
      ];
      const grapes = berries
        .map(
          ([x, y], i) =>
            `<circle cx="${String(x)}" cy="${String(y)}" r="34" fill="${i % 3 === 1 ? p.d : p.b}"/><circle cx="${String(x - 11)}" cy="${String(y - 12)}" r="8" fill="#fff" opacity=".35"/>`,
        )
        .join('');
      return `<path d="M300 176q0-46 34-68" stroke="${STEM}" stroke-width="10" stroke-linecap="round" fill="none"/><path d="M322 130q56-50 110-16q-54 48-110 16z" fill="${LEAF}"/>${grapes}`;
    },
  },
};

function paint(base: string, label: string, placed: { done: boolean }): Paint {
  const light = luminance(base) > 0.55;
  const ll = shade(base, 0.6);
  const onWhite = luminance(base) > 0.4 ? '#1f2937' : shade(base, -0.25);
  const safeLabel = esc(shorten(label));
  const panel = safeLabel ? '#fff' : ll;
  return {
    b: base,
    d: shade(base, -0.22),
    dd: shade(base, -0.45),
    l: shade(base, 0.3),
    ll,
    ink: light ? '#1f2937' : '#ffffff',
    onWhite,
    panel,
    band: (x, y, w, h, r = 0) =>
      `<rect x="${String(x)}" y="${String(y)}" width="${String(w)}" height="${String(h)}"${r ? ` rx="${String(r)}"` : ''} fill="${panel}" opacity=".92"/>`,
    text: (x, y, width, max = 40, fill, rotate) => {
      if (!safeLabel) return '';
      placed.done = true;
      const chars = Math.max(3, Array.from(shorten(label)).length);
      const size = Math.max(14, Math.min(max, Math.floor(width / (chars * 0.62))));
      const turn = rotate ? ` transform="rotate(${String(rotate)} ${String(x)} ${String(y)})"` : '';
      return `<text x="${String(x)}" y="${String(y)}"${turn} dy=".35em" font-family="${FONT}" font-size="${String(size)}" font-weight="700" text-anchor="middle" fill="${fill ?? onWhite}" stroke="none">${safeLabel}</text>`;
    },
  };
}

function svgOpen(width: number, height: number, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}" viewBox="0 0 ${String(width)} ${String(height)}" role="img"><title>${esc(title)}</title>`;
}

/** Draws one shape with its ground shadow, plus a tag for the label where the shape has no panel. */
function drawShape(kind: IllustrationKind, colour: string, label: string, tag: boolean): string {
  const shape = SHAPES[kind] ?? SHAPES.box;
  const placed = { done: false };
  const p = paint(colour, label, placed);
  const body = shape.draw(p);
  // Pale objects vanish on pale backgrounds; a thin outline keeps their silhouette.
  const outline =
    luminance(colour) > 0.7 ? ` stroke="${shade(colour, -0.3)}" stroke-width="3" stroke-linejoin="round"` : '';
  let out = `<ellipse cx="300" cy="488" rx="${String(shape.shadow)}" ry="20" fill="#1f2937" opacity=".1"/><g${outline}>${body}</g>`;
  const safeLabel = esc(shorten(label));
  if (tag && !placed.done && safeLabel) {
    const width = Math.min(380, 56 + Array.from(shorten(label)).length * 13);
    out += `<rect x="${String(300 - width / 2)}" y="520" width="${String(width)}" height="44" rx="22" fill="#fff" opacity=".9"/><text x="300" y="543" dy=".35em" font-family="${FONT}" font-size="22" font-weight="600" text-anchor="middle" fill="#374151">${safeLabel}</text>`;
  }
  return out;
}

/** 600×600 product picture. */
export function productIllustration(o: {
  kind: IllustrationKind;
  colorHex: string;
  label: string;
  seed: number;
}): string {
  const rng = seeded(Number.isFinite(o.seed) ? Math.floor(o.seed) : 0);
  const colour = safeColour(o.colorHex, '#8a9099');
  const hue = Math.floor(rng() * 360);
  const bg = hsl(hue, 0.55, 0.955);
  const blob = hsl(hue, 0.5, 0.9);
  const cx = Math.round(300 + (rng() - 0.5) * 80);
  const cy = Math.round(290 + (rng() - 0.5) * 60);
  const r = Math.round(190 + rng() * 40);
  const dots = Array.from({ length: 3 }, () => {
    const x = Math.round(rng() < 0.5 ? 40 + rng() * 90 : 470 + rng() * 90);
    const y = Math.round(40 + rng() * 140);
    return `<circle cx="${String(x)}" cy="${String(y)}" r="${String(Math.round(6 + rng() * 10))}" fill="${blob}"/>`;
  }).join('');
  // Gallery pictures of one product differ only by seed, so vary the pose a little too.
  const pose = ['', ' transform="rotate(-4 300 300)"', ' transform="translate(30 36) scale(.9)"'][
    Math.floor(rng() * 3)
  ];
  const title = `${shorten(o.label) || 'Product'} ${o.kind}`;
  return `${svgOpen(600, 600, title)}<rect width="600" height="600" fill="${bg}"/><circle cx="${String(cx)}" cy="${String(cy)}" r="${String(r)}" fill="${blob}"/>${dots}<g${pose}>${drawShape(o.kind, colour, o.label, true)}</g></svg>`;
}

/** 400×400 tile for a category or subcategory: the kind's shape on the pastel background, no text needed. */
export function tileIllustration(o: { kind: IllustrationKind; background: string }): string {
  const bg = safeColour(o.background, '#eef2f7');
  const colour = hsl(hueOf(bg), 0.55, 0.5);
  return `${svgOpen(400, 400, o.kind)}<rect width="400" height="400" fill="${bg}"/><circle cx="200" cy="196" r="150" fill="#fff" opacity=".45"/><g transform="translate(20 14) scale(.6)">${drawShape(o.kind, colour, '', false)}</g></svg>`;
}

/**
 * 1600×560 hero banner: a backdrop and a large illustration on the right. Its words are not drawn:
 * the home page writes the headline, text and button over the left of the picture as HTML (read
 * by screen readers, translatable, changed by staff without a new picture); the title names the
 * drawing only.
 */
export function bannerIllustration(o: {
  title: string;
  subtitle: string | null;
  palette: [string, string];
  kind: IllustrationKind;
}): string {
  const bg = safeColour(o.palette[0], '#eef2f7');
  const accent = safeColour(o.palette[1], '#2f80c9');
  return `${svgOpen(1600, 560, o.subtitle ? `${o.title}: ${o.subtitle}` : o.title)}<rect width="1600" height="560" fill="${bg}"/><circle cx="1230" cy="290" r="250" fill="#fff" opacity=".5"/><circle cx="1230" cy="290" r="250" fill="${accent}" opacity=".08"/><circle cx="1520" cy="70" r="110" fill="${accent}" opacity=".1"/><circle cx="930" cy="500" r="46" fill="${accent}" opacity=".12"/><circle cx="1010" cy="90" r="16" fill="${accent}" opacity=".25"/><g transform="translate(930 -10)">${drawShape(o.kind, accent, '', false)}</g></svg>`;
}

/** The recipe of a demo picture, kept in the illustrations table beside the drawing. */
export type IllustrationSpec =
  | { type: 'product'; kind: IllustrationKind; colorHex: string; label: string; seed: number }
  | { type: 'tile'; kind: IllustrationKind; background: string }
  | {
      type: 'banner';
      kind: IllustrationKind;
      title: string;
      subtitle: string | null;
      palette: [string, string];
    };

/** Draws a recipe as SVG text. */
export function renderIllustration(spec: IllustrationSpec): string {
  switch (spec.type) {
    case 'product':
      return productIllustration(spec);
    case 'tile':
      return tileIllustration(spec);
    case 'banner':
      return bannerIllustration(spec);
  }
}

/** Short content hash of a drawing; it is part of the URL, so a URL's picture never changes. */
export function pictureHash(svg: string): string {
  return createHash('sha256').update(svg).digest('hex').slice(0, 10);
}
