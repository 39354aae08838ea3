/**
 * Hand-written knowledge of what a household shop in India sells: categories, subcategories,
 * invented brands and the items they make, with list prices in rupees. The generator in
 * `generate.ts` combines these into as many product listings as it is asked for.
 */
import type { IllustrationKind } from './generate.js';

/** Colours offered on piece and pair products, each with the shade its pictures use. */
export const COLOURS = {
  Red: '#d64545',
  Maroon: '#8e2433',
  Rust: '#c0582b',
  Coral: '#f07167',
  Peach: '#f4a582',
  Mustard: '#d9a21b',
  Yellow: '#f2c230',
  Olive: '#7a8a3a',
  'Bottle Green': '#1f6b4a',
  Green: '#3f9b52',
  Mint: '#7fcfb0',
  Teal: '#14847d',
  'Sky Blue': '#5aa9e6',
  Blue: '#2f6fd6',
  Navy: '#22325e',
  Indigo: '#3f3d8f',
  Lavender: '#a68bd6',
  Purple: '#7b3fa0',
  Pink: '#e86a9a',
  Magenta: '#c2185b',
  Beige: '#d9c4a0',
  Cream: '#efe3c8',
  Brown: '#7b4a2d',
  Tan: '#b07a4a',
  White: '#f4f4f0',
  Grey: '#8a9099',
  Charcoal: '#3a3f47',
  Black: '#23262b',
  Steel: '#aab2bb',
  Graphite: '#4a4f57',
  Copper: '#b8703a',
  Brass: '#c9a23a',
  Terracotta: '#c46a45',
  Natural: '#c8a878',
} as const satisfies Record<string, string>;

export type ColourName = keyof typeof COLOURS;

/** A name-level choice such as '24 cm' or a variant size such as 'XL', with its price factor. */
export type Choice = readonly [label: string, priceFactor: number];

interface ItemBase {
  name: string;
  kind: IllustrationKind;
  /** One or two sentences that sell this item; the generator adds the rest. */
  blurb: string;
  /** Alternatives that become part of the product name, e.g. capacity or diameter. */
  options?: readonly Choice[];
}

/** Something sold by the piece or pair, offered in colours and sometimes sizes. */
export interface PieceItem extends ItemBase {
  unit: 'piece' | 'pair';
  /** MRP in rupees for the first option and a size factor of 1. */
  mrp: number;
  colours: readonly ColourName[];
  sizes?: readonly Choice[];
  grams?: number;
  dims?: readonly [number, number, number];
}

/** Something sold by weight (g) or volume (ml), offered in pack sizes. */
export interface PackItem extends ItemBase {
  unit: 'g' | 'ml';
  /** Pack sizes in grams or millilitres, ascending. */
  packs: readonly number[];
  /** MRP in rupees of the smallest pack. */
  mrp: number;
  /** Packaging or produce colour used in pictures. */
  tint: string;
}

export type ItemDef = PieceItem | PackItem;

export interface SubcategoryDef {
  key: string;
  name: string;
  kind: IllustrationKind;
  /** Sentences true of anything in the subcategory; one is added to each description. */
  notes: readonly string[];
  /** Overrides the category's brands where the trade differs (footwear, carpets...). */
  brands?: readonly string[];
  items: readonly ItemDef[];
}

export interface CategoryDef {
  key: string;
  name: string;
  /** Three letters used in SKUs. */
  code: string;
  kind: IllustrationKind;
  background: string;
  /** Share of products sold at MRP, and the deepest discount in percent. */
  discount: { none: number; max: number };
  brands: readonly string[];
  /** Review lines that only make sense in this category. */
  praise: readonly string[];
  gripes: readonly string[];
  subcategories: readonly SubcategoryDef[];
}

export interface BrandDef {
  /** Price factor against the item's MRP. */
  tier: number;
  story: string;
}

const APPAREL: readonly Choice[] = [
  ['S', 1],
  ['M', 1],
  ['L', 1],
  ['XL', 1.05],
  ['XXL', 1.1],
];
const SHOE: readonly Choice[] = [
  ['6', 1],
  ['7', 1],
  ['8', 1],
  ['9', 1],
  ['10', 1],
  ['11', 1.05],
];
const SOCK: readonly Choice[] = [
  ['S', 1],
  ['M', 1],
  ['L', 1],
];
const BED: readonly Choice[] = [
  ['Single', 0.72],
  ['Double', 1],
  ['King', 1.28],
];
const SML: readonly Choice[] = [
  ['Small', 0.8],
  ['Medium', 1],
  ['Large', 1.3],
];

const TEE: readonly ColourName[] = [
  'Navy',
  'Black',
  'White',
  'Olive',
  'Maroon',
  'Teal',
  'Mustard',
  'Grey',
  'Sky Blue',
];
const ETHNIC: readonly ColourName[] = [
  'White',
  'Cream',
  'Mustard',
  'Maroon',
  'Teal',
  'Indigo',
  'Peach',
  'Bottle Green',
  'Pink',
];
const COOKWARE: readonly ColourName[] = ['Black', 'Graphite', 'Red', 'Copper', 'Teal'];
const STEEL: readonly ColourName[] = ['Steel', 'Black', 'Graphite', 'Copper'];
const HOME: readonly ColourName[] = [
  'Teal',
  'Mustard',
  'Terracotta',
  'Indigo',
  'Cream',
  'Bottle Green',
  'Charcoal',
  'Pink',
];
const LINEN: readonly ColourName[] = [
  'White',
  'Sky Blue',
  'Lavender',
  'Peach',
  'Mint',
  'Beige',
  'Grey',
  'Pink',
];
const PLASTIC: readonly ColourName[] = ['Blue', 'Green', 'Red', 'Yellow', 'Grey', 'Pink'];

function pack(
  name: string,
  kind: IllustrationKind,
  unit: 'g' | 'ml',
  packs: readonly number[],
  mrp: number,
  tint: string,
  blurb: string,
  options?: readonly Choice[],
): PackItem {
  return { name, kind, unit, packs, mrp, tint, blurb, options };
}

function piece(
  name: string,
  kind: IllustrationKind,
  mrp: number,
  colours: readonly ColourName[],
  blurb: string,
  extra: Partial<Pick<PieceItem, 'unit' | 'sizes' | 'options' | 'grams' | 'dims'>> = {},
): PieceItem {
  return { name, kind, unit: extra.unit ?? 'piece', mrp, colours, blurb, ...extra };
}

/** Invented brands; none is a real trademark. */
export const BRANDS: Readonly<Record<string, BrandDef>> = {
  'Dhenu Farms': { tier: 1, story: 'Dhenu Farms collects milk twice a day from 300 village co-operatives.' },
  'Malai Fresh': { tier: 1.05, story: 'Malai Fresh chills every batch within an hour of milking.' },
  'Gopal Valley': { tier: 0.95, story: 'Gopal Valley is a farmer-owned dairy from the Sahyadri foothills.' },
  'Ksheer Sagar': { tier: 1.1, story: 'Ksheer Sagar has made dairy products in small batches since 1987.' },
  Kapas: { tier: 1, story: 'Kapas works with cotton growers and weavers across Gujarat and Tamil Nadu.' },
  Sutradhar: { tier: 1.15, story: 'Sutradhar designs in Jaipur and stitches in its own workshops.' },
  Rangrez: { tier: 1.05, story: 'Rangrez is known for fast colours that survive the bucket wash.' },
  'Mulmul & Co': { tier: 1.2, story: 'Mulmul & Co makes light, breathable clothes for Indian summers.' },
  Padchinh: { tier: 1.1, story: 'Padchinh has made footwear in Agra for three generations.' },
  Chalo: { tier: 0.9, story: 'Chalo makes everyday footwear that is easy on the feet and the wallet.' },
  StrideKraft: { tier: 1.2, story: 'StrideKraft builds cushioned soles tested on Indian roads.' },
  Wagwala: { tier: 1, story: 'Wagwala formulates its recipes with veterinarians in Pune.' },
  'Purrfect Bowl': { tier: 1.1, story: 'Purrfect Bowl makes food for cats and nothing else.' },
  'Tailwind Pets': { tier: 1.15, story: 'Tailwind Pets uses real meat as the first ingredient.' },
  'Moti & Co': { tier: 0.9, story: 'Moti & Co keeps pet care simple and affordable.' },
  'Meetha Lab': { tier: 1.1, story: 'Meetha Lab supplies home bakers and small patisseries alike.' },
  'Crumb Kitchen': { tier: 1, story: 'Crumb Kitchen tests every product in its own bakery first.' },
  'Ganna Gold': { tier: 0.95, story: 'Ganna Gold sources cane from co-operative mills in Maharashtra.' },
  'Chakki Fresh': { tier: 1, story: 'Chakki Fresh stone-grinds grain in small lots to keep it fresh.' },
  'Bagicha Fresh': { tier: 1.05, story: 'Bagicha Fresh buys directly from orchards and ships within two days.' },
  'Orchard Lane': { tier: 1.15, story: 'Orchard Lane hand-sorts every box for size and ripeness.' },
  'Mandi Fresh': { tier: 0.9, story: 'Mandi Fresh brings the morning mandi to your doorstep.' },
  Phalwala: { tier: 1, story: 'Phalwala works with 2,000 fruit growers across twelve states.' },
  'Rasoi Pro': { tier: 1.1, story: 'Rasoi Pro has made cookware for Indian kitchens since 1998.' },
  'Tawa Tales': { tier: 0.95, story: 'Tawa Tales keeps traditional cookware alive with modern finishes.' },
  'Steelkraft Home': { tier: 1, story: 'Steelkraft Home works only in food-grade stainless steel.' },
  'Handi House': { tier: 1.05, story: 'Handi House designs for slow-cooked Indian food.' },
  'Thali & Co': { tier: 1.1, story: 'Thali & Co makes tableware for everyday meals and festive feasts.' },
  Swachh: { tier: 1, story: 'Swachh makes cleaning products that are tough on dirt and gentle on floors.' },
  Chamak: { tier: 0.9, story: 'Chamak has kept Indian homes sparkling since 1994.' },
  'Saaf Ghar': { tier: 1.05, story: 'Saaf Ghar uses plant-based surfactants wherever it can.' },
  Dhula: { tier: 0.95, story: 'Dhula is made for Indian water, hard or soft.' },
  Jharokha: { tier: 1.1, story: 'Jharokha works with artisans in Rajasthan and Uttar Pradesh.' },
  Kalakriti: { tier: 1.15, story: 'Kalakriti sells folk art signed by the artists who make it.' },
  'Dhaaga Home': { tier: 1, story: 'Dhaaga Home designs simple, warm pieces for Indian homes.' },
  'Terracotta Tales': { tier: 0.95, story: 'Terracotta Tales fires its clay in family kilns near Khurja.' },
  'Kalin Weaves': { tier: 1.1, story: 'Kalin Weaves has run looms in Bhadohi for four generations.' },
  'Bhadohi Looms': { tier: 1.05, story: 'Bhadohi Looms pays its weavers by the knot, not the day.' },
  'Sapna Linen': { tier: 1, story: 'Sapna Linen weaves and prints its own cotton in Erode.' },
  Neend: { tier: 1.1, story: 'Neend designs bedding around a good night’s sleep.' },
  'Kapas Home': { tier: 1.05, story: 'Kapas Home brings pure cotton from farm to bed.' },
  'Razai Ghar': { tier: 0.95, story: 'Razai Ghar hand-fills quilts the Jaipuri way.' },
  'Khet Se': { tier: 1, story: 'Khet Se buys grain directly from farmer producer groups.' },
  Dhaanya: { tier: 1.1, story: 'Dhaanya cleans and sorts every batch three times before packing.' },
  'Desi Pantry': { tier: 0.95, story: 'Desi Pantry stocks the staples every Indian kitchen runs on.' },
  'Tel Ghani': { tier: 1.1, story: 'Tel Ghani presses seeds slowly in wooden ghanis.' },
  'Chai Bagan': { tier: 1.05, story: 'Chai Bagan blends teas from its own gardens in Assam and Darjeeling.' },
  'Kaapi Estate': { tier: 1.15, story: 'Kaapi Estate roasts shade-grown beans from Chikmagalur.' },
  Rasila: { tier: 0.95, story: 'Rasila makes drinks from Indian fruit with no added colour.' },
  'Urja Foods': { tier: 1, story: 'Urja Foods makes nourishing drinks for growing children and adults.' },
  'Tulsi Naturals': { tier: 1.05, story: 'Tulsi Naturals follows traditional Ayurvedic recipes.' },
  'Chandan Care': { tier: 1.1, story: 'Chandan Care has made sandalwood products in Mysuru since 1979.' },
  'Neem Leaf': { tier: 0.95, story: 'Neem Leaf makes herbal personal care free of parabens.' },
  Komal: { tier: 1, story: 'Komal makes gentle personal care for the whole family.' },
  'Dabba Co': { tier: 1, story: 'Dabba Co designs storage around the Indian kitchen shelf.' },
  Tokri: { tier: 1.05, story: 'Tokri works with basket weavers in Assam and Tripura.' },
  Jaldhara: { tier: 1.1, story: 'Jaldhara makes bottles that keep water cool through the day.' },
  Chatpata: { tier: 1, story: 'Chatpata fries its namkeen in small batches every day.' },
  'Namkeen Nagar': { tier: 0.95, story: 'Namkeen Nagar brings the taste of Indore’s sarafa to your home.' },
  Crunchwala: { tier: 1, story: 'Crunchwala makes snacks with no palm oil.' },
  'Mithai Mahal': { tier: 1.1, story: 'Mithai Mahal has made sweets in pure ghee since 1956.' },
  'Biskut Bakery': { tier: 1, story: 'Biskut Bakery bakes in small ovens the old-fashioned way.' },
  'Meva Mart': { tier: 1.05, story: 'Meva Mart hand-grades every lot of dry fruit.' },
};

/** Extra words that turn one item into a distinct product line: word and price factor. */
export const LINE_QUALIFIERS: readonly Choice[] = [
  ['Classic', 1],
  ['Premium', 1.2],
  ['Select', 1.05],
  ['Gold', 1.15],
  ['Everyday', 0.9],
  ['Signature', 1.18],
  ['Royal', 1.2],
  ['Special', 1.05],
  ['Choice', 0.95],
  ['Heritage', 1.1],
  ['Superior', 1.1],
  ['Elite', 1.25],
];

/** Pastel backgrounds for subcategory tiles, used in turn. */
export const TILE_PASTELS: readonly string[] = [
  '#fde2e4',
  '#e2f0cb',
  '#fff1e6',
  '#dfe7fd',
  '#e8f6ef',
  '#fcefd6',
  '#efe1fa',
  '#e3f4fb',
  '#fbe4ef',
  '#eaf4d3',
  '#fff4c2',
  '#e6ecf5',
];

export const CATEGORIES: readonly CategoryDef[] = [
  {
    key: 'milks-dairies',
    name: 'Milks & Dairies',
    code: 'DAI',
    kind: 'carton',
    background: '#e3f2fd',
    discount: { none: 0.6, max: 15 },
    brands: ['Dhenu Farms', 'Malai Fresh', 'Gopal Valley', 'Ksheer Sagar'],
    praise: [
      'Always fresh, and the expiry date is at least five days away on delivery.',
      'Tastes just like the milk we used to get from the village dairy.',
      'The kids love it. We now order this every week.',
    ],
    gripes: [
      'One packet was leaking when it arrived.',
      'Turned sour a day before the date on the pack.',
    ],
    subcategories: [
      {
        key: 'milk',
        name: 'Milk',
        kind: 'carton',
        notes: [
          'Keep refrigerated below 4 °C and use within two days of opening.',
          'Boil before use for the best taste.',
          'Delivered chilled in insulated bags before 7 am.',
        ],
        items: [
          pack('Toned Milk', 'carton', 'ml', [500, 1000], 30, '#2f80c9', 'Pasteurised toned milk with 3% fat, packed the same morning it is collected.'),
          pack('Full Cream Milk', 'carton', 'ml', [500, 1000], 36, '#e4572e', 'Rich full cream milk with 6% fat, ideal for thick chai, kheer and homemade curd.'),
          pack('Double Toned Milk', 'carton', 'ml', [500, 1000], 27, '#3f9b52', 'Light double toned milk with 1.5% fat for everyday tea and coffee.'),
          pack('A2 Desi Cow Milk', 'bottle', 'ml', [500, 1000], 55, '#d9a21b', 'Milk from grass-fed Gir and Sahiwal cows, bottled in returnable glass.'),
          pack('Buffalo Milk', 'carton', 'ml', [500, 1000], 40, '#7b3fa0', 'Creamy buffalo milk that sets into firm, thick dahi.'),
          pack('Long Life UHT Milk', 'carton', 'ml', [500, 1000], 38, '#14847d', 'UHT-treated toned milk that keeps for 90 days unopened without refrigeration.'),
        ],
      },
      {
        key: 'paneer-cheese',
        name: 'Paneer & Cheese',
        kind: 'block',
        notes: [
          'Store in the refrigerator and consume within three days of opening.',
          'Made from pasteurised milk with no added preservatives.',
        ],
        items: [
          pack('Fresh Malai Paneer', 'block', 'g', [200, 500, 1000], 95, '#f4f4f0', 'Soft, moist paneer made from full cream milk that stays tender in gravies.'),
          pack('Low Fat Paneer', 'block', 'g', [200, 500], 99, '#5aa9e6', 'High-protein paneer made from toned milk for lighter meals.'),
          pack('Processed Cheese Block', 'block', 'g', [200, 400], 135, '#f2c230', 'Smooth processed cheese that grates easily and melts evenly.'),
          pack('Cheese Slices', 'block', 'g', [200, 400], 140, '#e4572e', 'Ten individually wrapped slices, ready for sandwiches and burgers.'),
          pack('Mozzarella Cheese Shreds', 'pouch', 'g', [200, 1000], 170, '#2f6fd6', 'Shredded mozzarella that stretches beautifully on pizzas and parathas.'),
          pack('Cheese Spread Garlic & Herbs', 'jar', 'g', [180, 400], 115, '#3f9b52', 'Creamy cheese spread with roasted garlic and mixed herbs.'),
        ],
      },
      {
        key: 'curd-buttermilk',
        name: 'Curd & Buttermilk',
        kind: 'tub',
        notes: [
          'Made with live active cultures.',
          'Keep refrigerated and consume before the date on the lid.',
        ],
        items: [
          pack('Set Curd (Dahi)', 'tub', 'g', [200, 400, 1000], 22, '#2f80c9', 'Thick set curd made the traditional way from toned milk.'),
          pack('Greek Yogurt Plain', 'tub', 'g', [100, 400], 50, '#14847d', 'Strained yogurt with twice the protein of regular curd.'),
          pack('Masala Chaas', 'bottle', 'ml', [500, 1000], 25, '#3f9b52', 'Spiced buttermilk with roasted jeera, mint and rock salt.'),
          pack('Sweet Lassi', 'bottle', 'ml', [200, 500], 25, '#d64545', 'Thick Punjabi-style lassi, lightly sweetened.'),
          pack('Mishti Doi', 'tub', 'g', [100, 400], 30, '#b8703a', 'Bengal’s caramelised sweet curd, set in the pot.'),
          pack('Probiotic Dahi', 'tub', 'g', [400, 1000], 45, '#7b3fa0', 'Curd with added probiotic cultures for easy digestion.'),
        ],
      },
      {
        key: 'ghee-butter',
        name: 'Ghee & Butter',
        kind: 'jar',
        notes: [
          'Store in a cool, dry place away from sunlight.',
          'Made from milk sourced from our own farmer network.',
        ],
        items: [
          pack('Pure Cow Ghee', 'jar', 'ml', [500, 1000], 330, '#d9a21b', 'Granular cow ghee with a rich aroma, slow-cooked from cultured cream.'),
          pack('Desi Buffalo Ghee', 'can', 'ml', [500, 1000], 300, '#c0582b', 'Traditional buffalo ghee with a deep golden colour.'),
          pack('A2 Bilona Ghee', 'jar', 'ml', [250, 500], 760, '#8e2433', 'Hand-churned using the bilona method from A2 Gir cow curd.'),
          pack('Salted Butter', 'block', 'g', [100, 500], 58, '#f2c230', 'Creamy salted table butter for toast, parathas and pav bhaji.'),
          pack('Unsalted White Butter', 'block', 'g', [100, 500], 60, '#f4f4f0', 'Homestyle white makhan, churned fresh with no salt added.'),
        ],
      },
    ],
  },
  {
    key: 'clothing',
    name: 'Clothing',
    code: 'CLO',
    kind: 'tshirt',
    background: '#fde4ec',
    discount: { none: 0.1, max: 60 },
    brands: ['Kapas', 'Sutradhar', 'Rangrez', 'Mulmul & Co'],
    praise: [
      'Fits true to size and the fabric is soft.',
      'The colour did not fade even after many washes.',
      'Stitching is neat and it looks more expensive than it is.',
    ],
    gripes: [
      'Size runs small, order one size up.',
      'The colour is a little different from the photos.',
    ],
    subcategories: [
      {
        key: 'mens-tshirts',
        name: 'Men’s T-Shirts',
        kind: 'tshirt',
        notes: [
          'Machine wash cold with similar colours; do not bleach.',
          'Regular fit; see the size chart for chest measurements.',
          'Pre-shrunk fabric keeps its shape wash after wash.',
        ],
        items: [
          piece('Round Neck Cotton T-Shirt', 'tshirt', 499, TEE, 'A 180 GSM combed-cotton tee with a ribbed neck that does not sag.', { sizes: APPAREL }),
          piece('Polo T-Shirt', 'tshirt', 799, TEE, 'A pique-knit polo with a two-button placket and flat-knit collar.', { sizes: APPAREL }),
          piece('V-Neck T-Shirt', 'tshirt', 449, TEE, 'A soft cotton-modal blend tee with a clean V neckline.', { sizes: APPAREL }),
          piece('Henley T-Shirt', 'tshirt', 699, TEE, 'A full-sleeve henley in slub cotton with a three-button placket.', { sizes: APPAREL }),
          piece('Oversized Graphic T-Shirt', 'tshirt', 699, TEE, 'A dropped-shoulder tee with a screen-printed graphic on the back.', { sizes: APPAREL }),
          piece('Dry-Fit Sports T-Shirt', 'tshirt', 599, TEE, 'A quick-dry polyester tee that wicks sweat on runs and in the gym.', { sizes: APPAREL }),
        ],
      },
      {
        key: 'kurtas',
        name: 'Kurtas',
        kind: 'kurta',
        notes: [
          'Hand wash separately in cold water; dry in shade.',
          'Pairs well with churidar, pyjama or jeans.',
        ],
        items: [
          piece('Men’s Cotton Straight Kurta', 'kurta', 999, ETHNIC, 'A knee-length kurta in breathable cotton with a mandarin collar.', { sizes: APPAREL, grams: 320 }),
          piece('Women’s Anarkali Kurta', 'kurta', 1499, ETHNIC, 'A flared Anarkali in printed rayon with a round neck and three-quarter sleeves.', { sizes: APPAREL, grams: 380 }),
          piece('Lucknowi Chikankari Kurta', 'kurta', 1899, ETHNIC, 'Hand-embroidered chikankari work on soft cotton mulmul.', { sizes: APPAREL, grams: 300 }),
          piece('Linen Short Kurta', 'kurta', 1199, ETHNIC, 'A hip-length kurta in cotton-linen with a concealed placket.', { sizes: APPAREL, grams: 260 }),
          piece('Handspun Khadi Kurta', 'kurta', 1299, ETHNIC, 'Handspun, handwoven khadi that gets softer with every wash.', { sizes: APPAREL, grams: 340 }),
          piece('Printed A-Line Kurti', 'kurta', 799, ETHNIC, 'A block-printed cotton kurti with side pockets.', { sizes: APPAREL, grams: 250 }),
        ],
      },
      {
        key: 'sarees',
        name: 'Sarees',
        kind: 'bedsheet',
        notes: [
          'Comes with an unstitched blouse piece.',
          'Dry clean recommended for the first wash.',
        ],
        items: [
          piece('Handloom Cotton Saree', 'bedsheet', 1299, ETHNIC, 'A 5.5 m handloom cotton saree with a contrast temple border.', { grams: 650 }),
          piece('Banarasi Silk Saree', 'bedsheet', 6999, ['Maroon', 'Magenta', 'Bottle Green', 'Navy', 'Mustard'], 'Woven in Varanasi with zari motifs across the body and a rich pallu.', { grams: 900 }),
          piece('Chanderi Silk Cotton Saree', 'bedsheet', 2499, ETHNIC, 'A sheer, light Chanderi with delicate buttis and a zari border.', { grams: 500 }),
          piece('Printed Georgette Saree', 'bedsheet', 999, ETHNIC, 'A flowing georgette saree with an all-over floral print.', { grams: 450 }),
        ],
      },
      {
        key: 'socks',
        name: 'Socks',
        kind: 'sock',
        notes: [
          'Reinforced heel and toe for longer life.',
          'Machine washable; turn inside out before washing.',
        ],
        items: [
          piece('Ankle Socks', 'sock', 199, TEE, 'Low-cut cotton socks with a cushioned sole, sold as a pack of three.', { unit: 'pair', sizes: SOCK }),
          piece('Crew Length Cotton Socks', 'sock', 249, TEE, 'Combed-cotton crew socks with a comfortable, non-binding cuff.', { unit: 'pair', sizes: SOCK }),
          piece('Bamboo Fibre Socks', 'sock', 299, TEE, 'Naturally odour-resistant bamboo socks that stay dry all day.', { unit: 'pair', sizes: SOCK }),
          piece('Woollen Winter Socks', 'sock', 349, ['Maroon', 'Grey', 'Navy', 'Mustard', 'Charcoal'], 'Thick woollen socks knitted for cold Delhi and Shimla winters.', { unit: 'pair', sizes: SOCK }),
          piece('Cushioned Sports Socks', 'sock', 279, TEE, 'Terry-lined sports socks with arch support.', { unit: 'pair', sizes: SOCK }),
        ],
      },
      {
        key: 'footwear',
        name: 'Footwear',
        kind: 'shoe',
        brands: ['Padchinh', 'Chalo', 'StrideKraft'],
        notes: [
          'Sizes are UK; order your usual size.',
          'Wipe clean with a damp cloth and dry away from direct heat.',
        ],
        items: [
          piece('Canvas Sneakers', 'shoe', 1299, ['White', 'Navy', 'Black', 'Red', 'Olive'], 'Classic low-top canvas sneakers with a vulcanised rubber sole.', { unit: 'pair', sizes: SHOE }),
          piece('Running Shoes', 'shoe', 2499, ['Black', 'Grey', 'Blue', 'Teal', 'Coral'], 'Lightweight mesh runners with a responsive EVA midsole.', { unit: 'pair', sizes: SHOE }),
          piece('Leather Kolhapuri Chappals', 'shoe', 899, ['Tan', 'Brown', 'Black'], 'Hand-stitched Kolhapuris in vegetable-tanned leather.', { unit: 'pair', sizes: SHOE }),
          piece('Formal Derby Shoes', 'shoe', 2999, ['Black', 'Brown', 'Tan'], 'Polished leather derbies with a cushioned insole for long office days.', { unit: 'pair', sizes: SHOE }),
          piece('Rubber Flip-Flops', 'shoe', 299, ['Blue', 'Black', 'Red', 'Green', 'Grey'], 'Soft rubber flip-flops with an anti-skid sole.', { unit: 'pair', sizes: SHOE }),
          piece('Embroidered Mojari Juttis', 'shoe', 1199, ['Maroon', 'Mustard', 'Black', 'Cream'], 'Handcrafted Punjabi juttis with thread embroidery and a padded sole.', { unit: 'pair', sizes: SHOE }),
        ],
      },
    ],
  },
  {
    key: 'pet-foods',
    name: 'Pet Foods',
    code: 'PET',
    kind: 'bowl',
    background: '#fff3e0',
    discount: { none: 0.3, max: 30 },
    brands: ['Wagwala', 'Purrfect Bowl', 'Tailwind Pets', 'Moti & Co'],
    praise: [
      'My pet finishes the bowl every single time.',
      'Coat looks shinier after a month on this.',
      'Even our fussy eater likes it.',
    ],
    gripes: ['Our pet did not take to the taste.', 'The bag’s zip lock broke after a week.'],
    subcategories: [
      {
        key: 'dog-food',
        name: 'Dog Food',
        kind: 'sack',
        notes: [
          'Introduce gradually over a week when switching foods.',
          'Always keep fresh drinking water next to the bowl.',
        ],
        items: [
          pack('Adult Dog Food Chicken & Rice', 'sack', 'g', [1000, 3000, 10000], 260, '#d64545', 'Complete nutrition for adult dogs with real chicken and easily digested rice.'),
          pack('Puppy Dog Food Milk & Chicken', 'sack', 'g', [1000, 3000], 300, '#2f80c9', 'DHA-enriched starter food for puppies from two to twelve months.'),
          pack('Vegetarian Dog Food', 'sack', 'g', [1000, 3000, 10000], 220, '#3f9b52', 'A balanced vegetarian recipe with soy protein, cereals and vegetables.'),
          pack('Grain-Free Lamb Dog Food', 'sack', 'g', [1000, 3000], 650, '#7b3fa0', 'A grain-free recipe with lamb and sweet potato for sensitive stomachs.'),
          pack('Chicken Chunks in Gravy', 'pouch', 'g', [70, 420, 840], 40, '#c0582b', 'Tender chicken chunks in gravy, to serve alone or mixed with kibble.'),
        ],
      },
      {
        key: 'cat-food',
        name: 'Cat Food',
        kind: 'can',
        notes: [
          'Serve at room temperature; refrigerate opened cans for up to 24 hours.',
          'Complete and balanced for cats of all breeds.',
        ],
        items: [
          pack('Ocean Fish Dry Cat Food', 'sack', 'g', [400, 1200, 3000], 199, '#2f6fd6', 'Crunchy kibble with ocean fish and taurine for healthy eyes and heart.'),
          pack('Tuna in Jelly Cat Food', 'can', 'g', [85, 400], 55, '#14847d', 'Flaked tuna in a light jelly that cats love.'),
          pack('Kitten Food Chicken', 'pouch', 'g', [400, 1200], 230, '#e86a9a', 'Small kibble sized for kitten teeth, rich in protein and DHA.'),
          pack('Chicken Gravy Cat Pouches', 'pouch', 'g', [80, 480], 45, '#d9a21b', 'Juicy chicken pieces in gravy, in single-meal pouches.'),
          pack('Indoor Cat Food Salmon', 'sack', 'g', [400, 1200], 260, '#f07167', 'A hairball-control recipe with salmon for indoor cats.'),
        ],
      },
      {
        key: 'pet-treats',
        name: 'Pet Treats',
        kind: 'jar',
        notes: ['Treats should make up no more than a tenth of a daily diet.', 'Reseal the pack after use.'],
        items: [
          pack('Chicken Jerky Dog Treats', 'pouch', 'g', [100, 400], 180, '#c0582b', 'Slow-dried chicken strips with nothing else added.'),
          pack('Calcium Milk Bones', 'jar', 'g', [100, 500], 150, '#2f80c9', 'Crunchy milk biscuits with added calcium for strong teeth.'),
          pack('Dental Chew Sticks', 'box', 'g', [90, 270], 199, '#3f9b52', 'Star-shaped chews that scrub teeth and freshen breath.'),
          pack('Creamy Cat Treats Tuna', 'box', 'g', [60, 180], 120, '#7b3fa0', 'Lickable tuna purée in tubes to hand-feed as a treat.'),
        ],
      },
      {
        key: 'pet-accessories',
        name: 'Pet Bowls & Beds',
        kind: 'bowl',
        notes: ['Easy to clean and safe for daily use.', 'Sized for small, medium and large breeds.'],
        items: [
          piece('Stainless Steel Pet Bowl', 'bowl', 299, ['Steel', 'Red', 'Blue', 'Pink'], 'A heavy steel bowl with an anti-skid rubber base.', { sizes: SML }),
          piece('Double Diner Pet Feeder', 'bowl', 499, PLASTIC, 'Two steel bowls set in a raised stand for food and water.', { sizes: SML }),
          piece('Slow Feeder Bowl', 'bowl', 399, PLASTIC, 'A maze-pattern bowl that slows fast eaters and aids digestion.'),
          piece('Cushioned Pet Bed', 'pillow', 1299, ['Grey', 'Brown', 'Navy', 'Beige'], 'A bolstered bed with a washable cover and orthopaedic foam.', { sizes: SML }),
          piece('Pet Travel Water Bottle', 'bottle', 349, PLASTIC, 'A one-hand squeeze bottle with a fold-out drinking trough.'),
        ],
      },
    ],
  },
  {
    key: 'baking-material',
    name: 'Baking material',
    code: 'BAK',
    kind: 'jar',
    background: '#fdf6e3',
    discount: { none: 0.4, max: 25 },
    brands: ['Meetha Lab', 'Crumb Kitchen', 'Ganna Gold', 'Chakki Fresh'],
    praise: [
      'My cakes came out soft and spongy.',
      'Consistent results every time I bake.',
      'Good quality, and fresher than the local store’s.',
    ],
    gripes: ['Found some lumps in the pack.', 'Packaging was torn at one corner.'],
    subcategories: [
      {
        key: 'flours',
        name: 'Flours',
        kind: 'sack',
        notes: ['Store in an airtight container in a cool, dry place.', 'Sifted and packed in a hygienic facility.'],
        items: [
          pack('Maida (All-Purpose Flour)', 'sack', 'g', [500, 1000], 30, '#2f80c9', 'Finely milled refined flour for cakes, naans and bhature.'),
          pack('Almond Flour', 'pouch', 'g', [200, 500], 350, '#b07a4a', 'Blanched, finely ground almonds for gluten-free and keto baking.'),
          pack('Rice Flour', 'pouch', 'g', [500, 1000], 40, '#14847d', 'Fine rice flour for crisp dosas, modaks and shortbread.'),
          pack('Cornflour', 'box', 'g', [200, 500], 35, '#f2c230', 'Pure corn starch for thickening sauces and making crisp batters.'),
          pack('Ragi Flour', 'pouch', 'g', [500, 1000], 55, '#8e2433', 'Stone-ground finger millet flour, rich in calcium and fibre.'),
        ],
      },
      {
        key: 'sugar-sweeteners',
        name: 'Sugar & Sweeteners',
        kind: 'pouch',
        notes: ['Free-flowing and sulphur-free.', 'Store away from moisture.'],
        items: [
          pack('Refined Sugar', 'pouch', 'g', [1000, 5000], 48, '#2f6fd6', 'Fine-grain sulphur-free sugar that dissolves quickly.'),
          pack('Icing Sugar', 'pouch', 'g', [250, 500], 65, '#e86a9a', 'Powdered sugar with a little corn starch, for frostings and glazes.'),
          pack('Brown Sugar', 'pouch', 'g', [500, 1000], 85, '#7b4a2d', 'Soft, moist brown sugar with a gentle caramel flavour.'),
          pack('Organic Jaggery Powder', 'pouch', 'g', [500, 1000], 90, '#c0582b', 'Chemical-free jaggery powder from Kolhapur cane.'),
          pack('Raw Forest Honey', 'jar', 'g', [250, 500, 1000], 140, '#d9a21b', 'Unprocessed honey collected from wild hives in the Western Ghats.'),
        ],
      },
      {
        key: 'baking-essentials',
        name: 'Baking Essentials',
        kind: 'box',
        notes: ['Check the date on the pack for best results.', 'Suitable for vegetarians.'],
        items: [
          pack('Double Acting Baking Powder', 'jar', 'g', [100, 400], 45, '#d64545', 'Reliable rise for cakes, muffins and dhoklas.'),
          pack('Baking Soda', 'box', 'g', [100, 500], 25, '#2f80c9', 'Food-grade sodium bicarbonate for baking and bhaturas.'),
          pack('Unsweetened Cocoa Powder', 'box', 'g', [100, 250], 150, '#7b4a2d', 'Dutch-processed cocoa for deep, dark brownies and cakes.'),
          pack('Instant Dry Yeast', 'pouch', 'g', [50, 100], 70, '#d9a21b', 'Fast-acting yeast for pav, pizza dough and breads.'),
          pack('Pure Vanilla Essence', 'bottle', 'ml', [20, 50], 40, '#7b4a2d', 'Concentrated vanilla essence; a few drops flavour a whole cake.'),
          pack('Dark Chocolate Compound', 'block', 'g', [400, 1000], 210, '#5a3420', 'Easy-melting dark compound for ganache, coating and decorations.'),
          pack('Chocolate Chips', 'pouch', 'g', [100, 500], 90, '#3a3f47', 'Bake-stable chips that hold their shape in cookies.'),
        ],
      },
      {
        key: 'bakeware',
        name: 'Bakeware',
        kind: 'tray',
        notes: ['Oven safe up to 230 °C.', 'Wash by hand with a soft sponge.'],
        items: [
          piece('Non-Stick Round Cake Tin', 'tray', 449, ['Black', 'Graphite', 'Red'], 'A springform tin with a removable base for clean release.', { options: [['7 inch', 1], ['8 inch', 1.15]] }),
          piece('Silicone Muffin Tray', 'tray', 399, ['Red', 'Pink', 'Teal', 'Lavender'], 'A flexible 12-cup tray that pops muffins out easily.'),
          piece('Aluminium Loaf Pan', 'tray', 349, ['Steel', 'Black'], 'A heavy-gauge loaf pan for breads and tea cakes.'),
          piece('Carbon Steel Baking Tray', 'tray', 499, ['Black', 'Graphite'], 'A warp-resistant tray for cookies and roast vegetables.', { options: [['Medium', 1], ['Large', 1.25]] }),
          piece('Glass Mixing Bowl Set', 'bowl', 899, ['White', 'Sky Blue'], 'Three nesting borosilicate bowls with lids.'),
        ],
      },
    ],
  },
  {
    key: 'fresh-fruit',
    name: 'Fresh Fruit',
    code: 'FRU',
    kind: 'apple',
    background: '#eaf6e0',
    discount: { none: 0.4, max: 30 },
    brands: ['Bagicha Fresh', 'Orchard Lane', 'Mandi Fresh', 'Phalwala'],
    praise: [
      'Sweet, juicy and perfectly ripe.',
      'Fresher than what I get from the market.',
      'Well packed, not a single bruised piece.',
    ],
    gripes: ['A couple of pieces were overripe.', 'Size was smaller than expected.'],
    subcategories: [
      {
        key: 'seasonal-fruit',
        name: 'Seasonal Fruit',
        kind: 'mango',
        notes: [
          'Available only in season; weights may vary by up to 10%.',
          'Let ripen at room temperature, then refrigerate.',
        ],
        items: [
          pack('Alphonso Mangoes', 'mango', 'g', [1000, 2000], 450, '#f2a516', 'Hand-picked Ratnagiri Alphonsos, naturally ripened on hay.'),
          pack('Kesar Mangoes', 'mango', 'g', [1000, 2000], 220, '#e9a23b', 'Saffron-fleshed Kesar mangoes from the Gir foothills.'),
          pack('Banganapalli Mangoes', 'mango', 'g', [1000, 2000], 150, '#e6c229', 'Large, fibreless Banganapalli mangoes with thin skin.'),
          pack('Shahi Litchi', 'grapes', 'g', [500, 1000], 180, '#d64545', 'Juicy Muzaffarpur litchis with small seeds.'),
          pack('Custard Apple (Sitaphal)', 'apple', 'g', [500, 1000], 120, '#8fb35a', 'Creamy, sweet sitaphal, ready to eat in two days.'),
          pack('Red Pomegranate', 'apple', 'g', [500, 1000], 110, '#b3243b', 'Bhagwa pomegranates with deep red, sweet arils.'),
        ],
      },
      {
        key: 'apples-pears',
        name: 'Apples & Pears',
        kind: 'apple',
        notes: ['Keep refrigerated to stay crisp for up to two weeks.', 'Wash well before eating.'],
        items: [
          pack('Shimla Apples', 'apple', 'g', [500, 1000, 2000], 110, '#d23c3c', 'Crisp, sweet apples from orchards around Shimla.'),
          pack('Kinnaur Red Delicious Apples', 'apple', 'g', [500, 1000], 140, '#b3243b', 'High-altitude Kinnaur apples with a deep red skin and dense crunch.'),
          pack('Green Apples', 'apple', 'g', [500, 1000], 160, '#8cc63f', 'Tart green apples, great for salads and juicing.'),
          pack('Nashpati Pears', 'pear', 'g', [500, 1000], 70, '#b5c93a', 'Crunchy, juicy nashpati from Himachal.'),
          pack('Babugosha Pears', 'pear', 'g', [500, 1000], 90, '#d9c23a', 'Soft, buttery babugosha pears that melt in the mouth.'),
        ],
      },
      {
        key: 'bananas',
        name: 'Bananas',
        kind: 'banana',
        notes: ['Store at room temperature, away from other fruit.', 'Sold by weight; a kilo is about six to eight bananas.'],
        items: [
          pack('Robusta Bananas', 'banana', 'g', [500, 1000], 30, '#f2c230', 'Everyday Robusta bananas, ripened without carbide.'),
          pack('Yelakki Bananas', 'banana', 'g', [500, 1000], 45, '#e8c228', 'Small, fragrant Yelakki bananas from Karnataka.'),
          pack('Nendran Bananas', 'banana', 'g', [500, 1000], 50, '#e3a92a', 'Kerala Nendran bananas for eating ripe or frying into chips.'),
          pack('Raw Bananas', 'banana', 'g', [500, 1000], 35, '#7fae3a', 'Firm green bananas for sabzi, kofta and chips.'),
          pack('Red Bananas', 'banana', 'g', [500, 1000], 70, '#b0413e', 'Sweet, creamy red bananas from Tamil Nadu.'),
        ],
      },
      {
        key: 'citrus',
        name: 'Citrus',
        kind: 'orange',
        notes: ['Rich in vitamin C.', 'Keep in a cool place; refrigerate after a few days.'],
        items: [
          pack('Nagpur Oranges', 'orange', 'g', [1000, 2000], 90, '#f28c1e', 'Juicy, easy-peel Nagpur santras.'),
          pack('Kinnow Mandarins', 'orange', 'g', [1000, 2000], 80, '#f59b23', 'Sweet-tart kinnows from Punjab, perfect for fresh juice.'),
          pack('Mosambi (Sweet Lime)', 'orange', 'g', [1000, 2000], 85, '#a5c739', 'Mild, sweet mosambi for the classic morning juice.'),
          pack('Lemons', 'orange', 'g', [250, 500], 40, '#f2d22e', 'Thin-skinned, juicy lemons for nimbu pani and dal.'),
        ],
      },
      {
        key: 'grapes-berries',
        name: 'Grapes & Berries',
        kind: 'grapes',
        notes: ['Wash just before eating.', 'Refrigerate and eat within three days.'],
        items: [
          pack('Green Seedless Grapes', 'grapes', 'g', [500, 1000], 70, '#9bc53d', 'Crisp Nashik Thompson seedless grapes.'),
          pack('Black Seedless Grapes', 'grapes', 'g', [500, 1000], 90, '#4a2c5e', 'Sweet black Sharad seedless grapes.'),
          pack('Mahabaleshwar Strawberries', 'basket', 'g', [200, 400], 99, '#d63a4a', 'Fragrant strawberries from the hills of Mahabaleshwar.'),
          pack('Jamun', 'grapes', 'g', [250, 500], 90, '#4b2a6b', 'Tangy, seasonal jamun with a deep purple colour.'),
          pack('Blueberries', 'grapes', 'g', [125, 250], 250, '#3f5fa8', 'Plump blueberries, packed in a ventilated punnet.'),
        ],
      },
    ],
  },
  {
    key: 'kitchen-cookware',
    name: 'Kitchen & Cookware',
    code: 'KIT',
    kind: 'kadai',
    background: '#fff0e6',
    discount: { none: 0.1, max: 55 },
    brands: ['Rasoi Pro', 'Tawa Tales', 'Steelkraft Home', 'Handi House', 'Thali & Co'],
    praise: [
      'Heats evenly and nothing sticks.',
      'Sturdy and well finished, worth every rupee.',
      'Looks great on the table too.',
    ],
    gripes: ['Handle gets warm after long cooking.', 'A small dent on the rim on arrival.'],
    subcategories: [
      {
        key: 'cookware',
        name: 'Cookware',
        kind: 'pan',
        notes: [
          'Works on gas and induction cooktops.',
          'Use wooden or silicone spatulas to keep the surface scratch-free.',
          'Comes with a two-year warranty against manufacturing defects.',
        ],
        items: [
          piece('Hard-Anodised Kadai', 'kadai', 1450, COOKWARE, 'A thick 4.06 mm hard-anodised body that heats evenly and resists warping on high flame.', { options: [['22 cm', 1], ['24 cm', 1.15], ['26 cm', 1.3]], grams: 1500 }),
          piece('Non-Stick Fry Pan', 'pan', 899, COOKWARE, 'A five-layer non-stick coating that needs barely a teaspoon of oil.', { options: [['24 cm', 1], ['26 cm', 1.12], ['28 cm', 1.25]] }),
          piece('Cast Iron Dosa Tawa', 'pan', 1199, ['Black'], 'Pre-seasoned cast iron that gets better with every dosa.', { options: [['28 cm', 1], ['30 cm', 1.12]], grams: 2400 }),
          piece('Triply Stainless Steel Saucepan', 'pot', 1699, STEEL, 'Steel-aluminium-steel layers for even heat, with a glass lid.', { options: [['1.5 L', 1], ['2 L', 1.15]] }),
          piece('Copper Bottom Handi Set of 3', 'pot', 1999, ['Copper', 'Steel'], 'Three nesting steel handis with copper bases for dal, rice and sabzi.', { grams: 2100 }),
          piece('Non-Stick Appam Patra', 'pan', 799, COOKWARE, 'A 12-cavity pan for appams, paniyarams and appe.'),
        ],
      },
      {
        key: 'pressure-cookers',
        name: 'Pressure Cookers',
        kind: 'pressure-cooker',
        notes: [
          'ISI certified, with a safety valve and gasket release system.',
          'Works on gas and induction cooktops.',
          'Spare gaskets and whistles are available separately.',
        ],
        items: [
          piece('Aluminium Pressure Cooker', 'pressure-cooker', 1750, STEEL, 'An outer-lid cooker in thick virgin aluminium that whistles reliably.', { options: [['3 L', 1], ['5 L', 1.35]] }),
          piece('Stainless Steel Pressure Cooker', 'pressure-cooker', 2250, STEEL, 'A tri-ply base cooker in food-grade steel that never reacts with food.', { options: [['3 L', 1], ['5 L', 1.3]] }),
          piece('Hard-Anodised Pressure Cooker', 'pressure-cooker', 2100, ['Black', 'Graphite'], 'A hard-anodised body that cooks faster and stays stain-free.', { options: [['3 L', 1], ['5 L', 1.3]] }),
          piece('Inner Lid Pressure Cooker', 'pressure-cooker', 2200, STEEL, 'A classic inner-lid design that seals tight for many years.', { options: [['5 L', 1], ['8 L', 1.3]] }),
          piece('Pressure Pan', 'pressure-cooker', 1450, ['Black', 'Red', 'Steel'], 'A wide pressure pan for biryani, pulao and one-pot meals.', { options: [['3 L', 1], ['5 L', 1.25]] }),
          piece('Mini Pressure Cooker', 'pressure-cooker', 1150, STEEL, 'A compact cooker for one or two people.', { options: [['1.5 L', 1], ['2 L', 1.1]] }),
        ],
      },
      {
        key: 'kitchen-tools',
        name: 'Kitchen Tools',
        kind: 'ladle',
        notes: ['Dishwasher safe.', 'Heat resistant and food grade.'],
        items: [
          piece('Stainless Steel Ladle Set of 5', 'ladle', 599, ['Steel', 'Black'], 'Kadchi, palta, jhara and two serving spoons with hanging loops.'),
          piece('Silicone Spatula Set of 3', 'ladle', 349, ['Red', 'Teal', 'Black', 'Lavender'], 'Heat-safe silicone spatulas that are gentle on non-stick pans.'),
          piece('Neem Wood Spatula Set', 'ladle', 299, ['Natural'], 'Hand-carved neem wood spatulas with no varnish.'),
          piece('Y-Shaped Vegetable Peeler', 'ladle', 99, ['Green', 'Red', 'Yellow', 'Black'], 'A sharp steel blade with a grippy handle.'),
          piece('Chakla Belan Set', 'ladle', 549, ['Natural', 'Brown'], 'A rolling board and pin in seasoned sheesham wood for round rotis.'),
          piece('Kitchen Knife Set of 3', 'ladle', 699, ['Black', 'Red', 'Teal'], 'Chef’s, utility and paring knives in German steel.'),
        ],
      },
      {
        key: 'dinnerware',
        name: 'Dinnerware',
        kind: 'plate',
        notes: ['Microwave safe unless metal.', 'Gift-boxed, ready for festive gifting.'],
        items: [
          piece('Melamine Dinner Set', 'plate', 2499, ['White', 'Teal', 'Mustard', 'Pink'], 'Unbreakable melamine plates, quarter plates and bowls with a floral rim.', { options: [['18 pcs', 1], ['32 pcs', 1.5]], grams: 3800 }),
          piece('Stainless Steel Thali Set', 'plate', 1899, ['Steel'], 'Six steel thalis with matching katoris, glasses and spoons.', { options: [['24 pcs', 1], ['36 pcs', 1.35]], grams: 4200 }),
          piece('Ceramic Dinner Plates Set of 6', 'plate', 1299, ['White', 'Teal', 'Charcoal', 'Terracotta'], 'Hand-glazed stoneware plates with a reactive glaze.', { grams: 3600 }),
          piece('Hammered Copper Dinner Set', 'plate', 17999, ['Copper'], 'Hand-hammered pure copper thalis, katoris and tumblers with a lacquered finish.', { options: [['24 pcs', 1], ['32 pcs', 1.2]], grams: 6500 }),
          piece('Bone China Tea Set', 'mug', 2999, ['White', 'Cream'], 'A 15-piece bone china set with a gold rim.', { grams: 2200 }),
          piece('Ceramic Coffee Mugs Set of 2', 'mug', 499, HOME, 'Large 350 ml mugs for your morning filter coffee.'),
          piece('Steel Katori Set of 6', 'bowl', 449, ['Steel'], 'Double-walled steel katoris that keep dal hot.'),
        ],
      },
    ],
  },
  {
    key: 'cleaning-supplies',
    name: 'Cleaning Supplies',
    code: 'CLN',
    kind: 'spray-bottle',
    background: '#e0f5f1',
    discount: { none: 0.3, max: 35 },
    brands: ['Swachh', 'Chamak', 'Saaf Ghar', 'Dhula'],
    praise: [
      'Cleans well and the fragrance lasts for hours.',
      'A little goes a long way.',
      'Works better than the brand I used before.',
    ],
    gripes: ['The smell is too strong for me.', 'The cap was loose and some liquid had spilled.'],
    subcategories: [
      {
        key: 'floor-cleaners',
        name: 'Floor Cleaners',
        kind: 'bottle',
        notes: [
          'Dilute two capfuls in half a bucket of water.',
          'Keep out of reach of children.',
          'Safe on marble, granite, tiles and mosaic floors.',
        ],
        items: [
          pack('Disinfectant Floor Cleaner Lavender', 'bottle', 'ml', [500, 1000, 2000], 99, '#a68bd6', 'Kills 99.9% of germs and leaves a calm lavender fragrance.'),
          pack('Disinfectant Floor Cleaner Citrus', 'bottle', 'ml', [500, 1000, 2000], 99, '#f2c230', 'Cuts through sticky kitchen floors with a fresh lemon scent.'),
          pack('Pine Floor Cleaner', 'bottle', 'ml', [500, 1000], 95, '#1f6b4a', 'A classic pine-oil cleaner for a clean, woody fragrance.'),
          pack('White Phenyl', 'bottle', 'ml', [1000, 5000], 80, '#2f80c9', 'Strong white phenyl for bathrooms, drains and outdoor areas.'),
          pack('Marble Floor Cleaner', 'bottle', 'ml', [1000], 199, '#8a9099', 'A pH-neutral formula that will not etch marble or kota stone.'),
          pack('Neem Floor Cleaner', 'bottle', 'ml', [500, 1000], 115, '#3f9b52', 'A herbal cleaner with neem oil that keeps insects away.'),
        ],
      },
      {
        key: 'detergents',
        name: 'Detergents',
        kind: 'pouch',
        notes: ['Suitable for bucket and machine washing.', 'Works in hard water.'],
        items: [
          pack('Detergent Powder', 'pouch', 'g', [1000, 4000], 110, '#2f6fd6', 'Removes tough stains like dirt, curry and ink in one wash.'),
          pack('Front Load Liquid Detergent', 'bottle', 'ml', [1000, 2000], 230, '#7b3fa0', 'Low-foam liquid made for front-load washing machines.'),
          pack('Top Load Matic Powder', 'pouch', 'g', [1000, 2000], 150, '#d64545', 'Dissolves quickly and rinses clean in top-load machines.'),
          pack('Detergent Bar', 'soap', 'g', [250, 1000], 30, '#3f9b52', 'A long-lasting bar for collars, cuffs and heavy stains.'),
          pack('Fabric Conditioner', 'bottle', 'ml', [430, 860], 199, '#e86a9a', 'Keeps clothes soft and smelling fresh for days.'),
          pack('Stain Remover Spray', 'spray-bottle', 'ml', [500], 149, '#f07167', 'Pre-treat turmeric, oil and ink stains before washing.'),
        ],
      },
      {
        key: 'brooms-mops',
        name: 'Brooms & Mops',
        kind: 'broom',
        notes: ['Made to last through daily jhadu-pocha.', 'Hang to dry after use to keep it fresh.'],
        items: [
          piece('Soft Grass Broom (Phool Jhadu)', 'broom', 199, ['Green', 'Red', 'Blue', 'Yellow'], 'Soft grass bristles that pick up fine dust without scattering it.'),
          piece('Coconut Stick Broom', 'broom', 149, ['Natural', 'Green'], 'A stiff seenk broom for balconies, yards and bathrooms.'),
          piece('Spin Mop with Bucket', 'mop', 1499, ['Blue', 'Green', 'Red', 'Grey'], 'A 360° spin mop with a steel wringer basket and two refills.', { grams: 2200 }),
          piece('Microfibre Flat Mop', 'mop', 899, ['Blue', 'Grey', 'Green'], 'A swivel-head flat mop that reaches under beds and sofas.'),
          piece('Floor Wiper', 'mop', 299, PLASTIC, 'A 45 cm rubber-blade wiper that dries bathroom floors fast.'),
        ],
      },
      {
        key: 'dishwash',
        name: 'Dishwash',
        kind: 'bottle',
        notes: ['Gentle on hands.', 'Removes grease in cold water too.'],
        items: [
          pack('Dishwash Gel Lemon', 'bottle', 'ml', [250, 500, 1000], 55, '#8cc63f', 'Concentrated gel with the power of a hundred lemons.'),
          pack('Dishwash Bar', 'soap', 'g', [200, 500], 20, '#3f9b52', 'A tub-shaped bar that cleans kadais and tawas quickly.'),
          pack('Dishwash Liquid Refill', 'pouch', 'ml', [900, 2000], 150, '#2f6fd6', 'A value refill pouch to top up your dispenser.'),
          pack('Vinegar Dishwash Liquid', 'bottle', 'ml', [500, 1000], 120, '#c46a45', 'Cuts grease and odour from fish and egg utensils.'),
        ],
      },
      {
        key: 'bathroom-cleaners',
        name: 'Toilet & Bathroom Cleaners',
        kind: 'spray-bottle',
        notes: ['Wear gloves while using.', 'Do not mix with other cleaners.'],
        items: [
          pack('Thick Toilet Cleaner', 'bottle', 'ml', [500, 1000], 99, '#2f6fd6', 'An angled-neck bottle that reaches under the rim.'),
          pack('Bathroom Tile Cleaner Spray', 'spray-bottle', 'ml', [500], 129, '#d64545', 'Removes hard-water marks and soap scum from tiles and taps.'),
          pack('Glass Cleaner Spray', 'spray-bottle', 'ml', [500], 109, '#5aa9e6', 'Streak-free shine for mirrors, windows and glass tables.'),
          pack('Kitchen Degreaser Spray', 'spray-bottle', 'ml', [500], 149, '#d9a21b', 'Lifts burnt oil from chimneys, stoves and tiles.'),
        ],
      },
      {
        key: 'buckets-mugs',
        name: 'Buckets & Mugs',
        kind: 'bucket',
        notes: ['Made of virgin, unbreakable plastic.', 'BPA free.'],
        items: [
          piece('Plastic Bucket with Lid', 'bucket', 299, PLASTIC, 'A sturdy bucket with a steel handle and a snug lid.', { options: [['16 L', 1], ['20 L', 1.2]] }),
          piece('Bath Mug', 'mug', 79, PLASTIC, 'A 1 L mug with a comfortable grip.', { grams: 150 }),
          piece('Steel Bucket', 'bucket', 899, ['Steel'], 'A rust-proof stainless steel bucket for hot water.', { options: [['12 L', 1], ['16 L', 1.2]] }),
          piece('Laundry Tub', 'bucket', 449, PLASTIC, 'A wide 35 L tub for soaking and washing clothes.'),
        ],
      },
    ],
  },
  {
    key: 'home-decor',
    name: 'Home Decor',
    code: 'DEC',
    kind: 'vase',
    background: '#f1eafb',
    discount: { none: 0.1, max: 60 },
    brands: ['Jharokha', 'Kalakriti', 'Dhaaga Home', 'Terracotta Tales'],
    praise: [
      'Looks even better in person.',
      'Guests always ask where we got it.',
      'Beautifully made, every detail is neat.',
    ],
    gripes: ['Smaller than I imagined.', 'Arrived with a small chip.'],
    subcategories: [
      {
        key: 'lamps-lighting',
        name: 'Lamps & Lighting',
        kind: 'lamp',
        notes: ['Takes a standard E27 LED bulb (not included).', 'Wipe with a dry cloth only.'],
        items: [
          piece('Ceramic Table Lamp', 'lamp', 1899, HOME, 'A glazed ceramic base with a pleated fabric shade.'),
          piece('Wooden Bedside Lamp', 'lamp', 1499, ['Natural', 'Brown', 'Cream'], 'A mango wood base with a linen drum shade.'),
          piece('Brass Akhand Diya', 'diya', 699, ['Brass', 'Copper'], 'A solid brass diya with a glass chimney that keeps the flame steady.'),
          piece('Moroccan Hanging Lantern', 'lamp', 1299, ['Brass', 'Black', 'Copper'], 'Cut-metal patterns that throw warm shadows across the room.'),
          piece('Tripod Floor Lamp', 'lamp', 3499, ['Natural', 'Black', 'Cream'], 'A tall sheesham wood tripod with a cotton shade.', { grams: 4200 }),
          piece('Terracotta Diya Set of 12', 'diya', 299, ['Terracotta', 'Maroon', 'Mustard'], 'Hand-painted clay diyas for Diwali and everyday puja.'),
        ],
      },
      {
        key: 'vases-planters',
        name: 'Vases & Planters',
        kind: 'vase',
        notes: ['Each piece is handmade, so small variations are natural.', 'Gift-ready packaging.'],
        items: [
          piece('Ceramic Flower Vase', 'vase', 799, HOME, 'A tall ceramic vase with a speckled glaze.'),
          piece('Hand-Painted Terracotta Planter', 'plant', 549, ['Terracotta', 'Teal', 'Mustard'], 'A Khurja-style painted planter with a drainage hole.'),
          piece('Glass Bud Vase', 'vase', 449, ['Teal', 'Sky Blue', 'Peach', 'Green'], 'A tinted glass vase for a single stem.'),
          piece('Brass Urli Bowl', 'bowl', 1899, ['Brass', 'Copper'], 'A wide brass urli for floating flowers and diyas.'),
          piece('Money Plant with Ceramic Pot', 'plant', 599, ['White', 'Teal', 'Mustard'], 'A healthy money plant in a glazed self-watering pot.'),
          piece('Macrame Plant Hanger', 'plant', 399, ['Cream', 'Natural', 'Terracotta'], 'Hand-knotted cotton macrame that holds pots up to 20 cm.'),
        ],
      },
      {
        key: 'wall-art',
        name: 'Wall Art & Frames',
        kind: 'frame',
        notes: ['Comes ready to hang.', 'Framed behind shatter-proof acrylic.'],
        items: [
          piece('Madhubani Painting', 'frame', 1499, ['Maroon', 'Black', 'Natural'], 'A Madhubani painting by artists from Mithila, framed in wood.', { options: [['A4', 1], ['A3', 1.4]] }),
          piece('Photo Frame Set of 6', 'frame', 999, ['Black', 'White', 'Natural', 'Brown'], 'A collage set of six frames in mixed sizes.'),
          piece('Warli Art Wall Frame', 'frame', 1199, ['Terracotta', 'Brown', 'Black'], 'Traditional Warli figures painted on a red-earth background.'),
          piece('Pattachitra Canvas Print', 'frame', 1799, ['Maroon', 'Mustard', 'Teal'], 'A museum-grade print of an Odisha Pattachitra on canvas.'),
          piece('Kalamkari Wall Hanging', 'frame', 2299, ['Maroon', 'Indigo', 'Mustard'], 'Hand-painted Kalamkari on cotton, with natural dyes from Srikalahasti.'),
        ],
      },
      {
        key: 'wall-clocks',
        name: 'Clocks',
        kind: 'clock',
        notes: ['Runs on one AA battery (included).', 'Easy to hang with a single nail.'],
        items: [
          piece('Silent Sweep Wall Clock', 'clock', 899, HOME, 'A non-ticking sweep movement, so it will not disturb your sleep.'),
          piece('Wooden Pendulum Wall Clock', 'clock', 2499, ['Brown', 'Natural'], 'A teak-finish case with a swinging brass pendulum.', { grams: 2200 }),
          piece('Roman Numeral Wall Clock', 'clock', 1299, ['Black', 'Brass', 'White'], 'A vintage-style clock with large Roman numerals.'),
          piece('Table Alarm Clock', 'clock', 499, PLASTIC, 'A twin-bell alarm clock with a night light.'),
        ],
      },
      {
        key: 'carpets-rugs',
        name: 'Carpets & Rugs',
        kind: 'rug',
        brands: ['Kalin Weaves', 'Bhadohi Looms', 'Jharokha'],
        notes: [
          'Vacuum regularly and rotate every few months for even wear.',
          'Professional dry clean only.',
        ],
        items: [
          piece('Handwoven Wool Carpet', 'rug', 15999, ['Maroon', 'Indigo', 'Beige', 'Teal'], 'Hand-knotted New Zealand wool with a traditional Persian medallion.', { options: [['5 x 8 ft', 1], ['6 x 9 ft', 1.3]], grams: 14000, dims: [170, 35, 35] }),
          piece('Cotton Dhurrie', 'rug', 1499, HOME, 'A flat-woven reversible cotton dhurrie from Panipat.', { options: [['4 x 6 ft', 1], ['5 x 7 ft', 1.35]], grams: 2500 }),
          piece('Jute Braided Rug', 'rug', 1299, ['Natural', 'Beige'], 'Hand-braided natural jute with a rustic texture.', { options: [['3 x 5 ft', 1], ['4 x 6 ft', 1.4]], grams: 3000 }),
          piece('Anti-Skid Door Mat Set of 2', 'rug', 399, ['Grey', 'Brown', 'Maroon', 'Navy'], 'Absorbent mats with a rubber backing that stays put.', { grams: 900, dims: [62, 42, 4] }),
          piece('Shaggy Bedside Runner', 'rug', 999, LINEN, 'A soft, thick shaggy runner for cold mornings.', { grams: 1400, dims: [60, 25, 25] }),
        ],
      },
    ],
  },
  {
    key: 'bedding-bath',
    name: 'Bedding & Bath',
    code: 'BED',
    kind: 'pillow',
    background: '#e6eefb',
    discount: { none: 0.1, max: 60 },
    brands: ['Sapna Linen', 'Neend', 'Kapas Home', 'Razai Ghar'],
    praise: [
      'Soft and comfortable, sleeping better already.',
      'Colours are vibrant even after washing.',
      'Thick fabric and a generous size.',
    ],
    gripes: ['Some colour bled in the first wash.', 'Thinner than I expected.'],
    subcategories: [
      {
        key: 'bedsheets',
        name: 'Bedsheets',
        kind: 'bedsheet',
        notes: [
          'Double and King sheets come with two pillow covers; Single with one.',
          'Machine wash in cold water; wash dark colours separately.',
        ],
        items: [
          piece('Cotton Printed Bedsheet', 'bedsheet', 1099, LINEN, 'A 144 TC cotton sheet with a floral print and two pillow covers.', { sizes: BED }),
          piece('Jaipuri Block Print Bedsheet', 'bedsheet', 1299, ['Indigo', 'Maroon', 'Mustard', 'Teal'], 'Hand block-printed in Sanganer with natural dyes.', { sizes: BED }),
          piece('Satin Stripe Bedsheet', 'bedsheet', 1599, LINEN, 'A 300 TC sateen weave with a subtle self-stripe.', { sizes: BED }),
          piece('Microfibre Fitted Sheet', 'bedsheet', 899, LINEN, 'An elastic fitted sheet that stays tucked on mattresses up to 8 inches.', { sizes: BED }),
          piece('Organic Cotton Bedsheet', 'bedsheet', 1899, ['White', 'Beige', 'Grey', 'Sky Blue'], 'GOTS-certified organic cotton that gets softer with every wash.', { sizes: BED }),
        ],
      },
      {
        key: 'pillows-cushions',
        name: 'Pillows & Cushions',
        kind: 'pillow',
        notes: ['Covers are removable and washable.', 'Filled with hypoallergenic fibre.'],
        items: [
          piece('Microfibre Sleeping Pillow', 'pillow', 699, ['White', 'Cream'], 'A soft, bouncy pillow that keeps its shape night after night.', { options: [['Single', 1], ['Set of 2', 1.8]] }),
          piece('Memory Foam Pillow', 'pillow', 1299, ['White', 'Grey'], 'A contoured memory foam pillow that supports the neck.'),
          piece('Cushion Covers Set of 5', 'pillow', 599, HOME, 'Cotton canvas covers, 16 x 16 inches, with concealed zips.'),
          piece('Gol Takiya Bolster with Cover', 'pillow', 499, ETHNIC, 'A firm round bolster for the diwan or floor seating.'),
        ],
      },
      {
        key: 'towels',
        name: 'Towels',
        kind: 'towel',
        notes: ['Wash before first use.', 'Do not use fabric softener to keep them absorbent.'],
        items: [
          piece('Cotton Bath Towel', 'towel', 499, LINEN, 'A 500 GSM terry towel that is thick, soft and quick to dry.'),
          piece('Hand Towel Set of 4', 'towel', 449, LINEN, 'Compact, absorbent hand towels for the washbasin.'),
          piece('Turkish Cotton Bath Towel', 'towel', 799, ['White', 'Grey', 'Navy', 'Beige'], 'Long-staple cotton with a plush loop pile.'),
          piece('Quick-Dry Microfibre Towel', 'towel', 349, PLASTIC, 'A light towel that dries in an hour, ideal for travel and the gym.'),
          piece('Cotton Gamcha Pack of 2', 'towel', 249, ['Red', 'Green', 'Blue'], 'Traditional checked gamchas that dry fast in humid weather.'),
        ],
      },
      {
        key: 'blankets-quilts',
        name: 'Blankets & Quilts',
        kind: 'bedsheet',
        notes: ['Dry clean or gentle machine wash.', 'Packed in a reusable zip bag.'],
        items: [
          piece('Jaipuri Razai', 'bedsheet', 1999, ['Maroon', 'Indigo', 'Mustard', 'Pink'], 'A light, warm razai filled with hand-carded cotton.', { sizes: [['Single', 0.75], ['Double', 1]] }),
          piece('Fleece Blanket', 'bedsheet', 999, LINEN, 'A soft polar fleece blanket for chilly evenings.', { sizes: [['Single', 0.75], ['Double', 1]] }),
          piece('Reversible AC Comforter', 'bedsheet', 1499, LINEN, 'A microfibre-filled comforter, just right for air-conditioned rooms.', { sizes: [['Single', 0.75], ['Double', 1]] }),
          piece('Cotton Dohar', 'bedsheet', 1199, LINEN, 'Three layers of soft mulmul for year-round comfort.', { sizes: [['Single', 0.75], ['Double', 1]] }),
          piece('Mink Blanket', 'bedsheet', 2499, ['Maroon', 'Brown', 'Navy', 'Grey'], 'A heavy, plush mink blanket for north Indian winters.', { sizes: [['Single', 0.75], ['Double', 1]], grams: 3200 }),
        ],
      },
    ],
  },
  {
    key: 'staples',
    name: 'Staples (Atta, Rice & Dal)',
    code: 'STA',
    kind: 'sack',
    background: '#fbf1df',
    discount: { none: 0.4, max: 25 },
    brands: ['Chakki Fresh', 'Khet Se', 'Dhaanya', 'Desi Pantry'],
    praise: [
      'Clean grain, no stones at all.',
      'Rotis stay soft for hours.',
      'Cooks well and tastes fresh.',
    ],
    gripes: ['Found a few insects; had to sieve it.', 'The bag had a small tear.'],
    subcategories: [
      {
        key: 'atta-flours',
        name: 'Atta & Flours',
        kind: 'sack',
        notes: ['Store in an airtight container after opening.', '100% whole grain with no maida added.'],
        items: [
          pack('Whole Wheat Chakki Atta', 'sack', 'g', [1000, 5000, 10000], 62, '#d9a21b', 'Stone-ground whole wheat atta for soft, fluffy rotis.'),
          pack('Multigrain Atta', 'sack', 'g', [1000, 5000], 80, '#3f9b52', 'Wheat blended with soy, chana, oats, maize and psyllium.'),
          pack('MP Sharbati Wheat Atta', 'sack', 'g', [5000, 10000], 330, '#c0582b', 'Golden Sharbati wheat from Sehore, milled for sweetness.'),
          pack('Besan (Gram Flour)', 'pouch', 'g', [500, 1000], 55, '#f2c230', 'Fine besan for pakoras, dhokla and kadhi.'),
          pack('Bombay Rava (Sooji)', 'pouch', 'g', [500, 1000], 35, '#2f80c9', 'Fine, roasted semolina for upma, halwa and rava dosa.'),
          pack('Bajra Atta', 'pouch', 'g', [500, 1000], 40, '#7b4a2d', 'Pearl millet flour for winter rotlas and bhakris.'),
        ],
      },
      {
        key: 'rice',
        name: 'Rice',
        kind: 'sack',
        notes: ['Rinse two or three times before cooking.', 'Aged for at least a year for the best grain.'],
        items: [
          pack('Aged Basmati Rice', 'sack', 'g', [1000, 5000], 150, '#8e2433', 'Long-grain basmati aged 12 months, for fluffy biryanis.'),
          pack('Sona Masoori Rice', 'sack', 'g', [1000, 5000, 10000], 72, '#2f6fd6', 'Light, aromatic Sona Masoori for everyday meals.'),
          pack('Kolam Rice', 'sack', 'g', [1000, 5000], 68, '#14847d', 'Soft, short-grain Kolam rice from Maharashtra.'),
          pack('Brown Basmati Rice', 'sack', 'g', [1000], 160, '#7b4a2d', 'Unpolished basmati with the bran intact.'),
          pack('Idli Rice', 'sack', 'g', [1000, 5000], 55, '#3f9b52', 'Parboiled rice for soft idlis and crisp dosas.'),
          pack('Thick Poha', 'pouch', 'g', [500, 1000], 40, '#f2c230', 'Thick flattened rice that holds its shape in kanda poha.'),
        ],
      },
      {
        key: 'dal-pulses',
        name: 'Dal & Pulses',
        kind: 'pouch',
        notes: ['Unpolished and cleaned with optical sorters.', 'Soak before cooking for softer dal.'],
        items: [
          pack('Toor Dal', 'pouch', 'g', [500, 1000, 5000], 85, '#f2c230', 'Unpolished arhar dal that cooks quickly and thickens well.'),
          pack('Moong Dal', 'pouch', 'g', [500, 1000], 75, '#8cc63f', 'Split yellow moong for khichdi, cheela and halwa.'),
          pack('Chana Dal', 'pouch', 'g', [500, 1000], 55, '#e9a23b', 'Bold chana dal for dal fry and puran poli.'),
          pack('Masoor Dal', 'pouch', 'g', [500, 1000], 60, '#d64545', 'Split red lentils that cook in fifteen minutes.'),
          pack('Urad Dal Whole', 'pouch', 'g', [500, 1000], 80, '#3a3f47', 'Whole black urad for dal makhani.'),
          pack('Rajma Chitra', 'pouch', 'g', [500, 1000], 90, '#8e2433', 'Speckled rajma that cooks creamy and soft.'),
          pack('Kabuli Chana', 'pouch', 'g', [500, 1000], 90, '#d9c4a0', 'Bold, white kabuli chana for chole.'),
        ],
      },
      {
        key: 'edible-oils',
        name: 'Edible Oils',
        kind: 'can',
        notes: ['Store away from heat and sunlight.', 'Cholesterol free.'],
        items: [
          pack('Cold-Pressed Groundnut Oil', 'can', 'ml', [1000, 5000], 250, '#d9a21b', 'Wood-pressed groundnut oil with its natural aroma intact.'),
          pack('Kachi Ghani Mustard Oil', 'bottle', 'ml', [1000, 5000], 190, '#c9a23a', 'Pungent first-press mustard oil for pickles and Bengali cooking.'),
          pack('Refined Sunflower Oil', 'bottle', 'ml', [1000, 5000], 165, '#f2c230', 'Light sunflower oil with vitamins A and D.'),
          pack('Virgin Coconut Oil', 'bottle', 'ml', [500, 1000], 299, '#3f9b52', 'Cold-pressed from fresh Kerala coconuts.'),
          pack('Gingelly (Sesame) Oil', 'bottle', 'ml', [500, 1000], 220, '#8e2433', 'Cold-pressed sesame oil for South Indian cooking.'),
        ],
      },
      {
        key: 'spices-masala',
        name: 'Spices & Masala',
        kind: 'box',
        notes: ['No added colour or preservatives.', 'Ground at low temperature to keep the oils in.'],
        items: [
          pack('Turmeric Powder', 'pouch', 'g', [100, 200, 500], 35, '#f2c230', 'Lakadong turmeric with high curcumin and a bright colour.'),
          pack('Kashmiri Chilli Powder', 'pouch', 'g', [100, 200, 500], 60, '#d64545', 'Deep red colour with gentle heat.'),
          pack('Garam Masala', 'box', 'g', [50, 100], 75, '#7b4a2d', 'A warm blend of eleven whole spices, roasted and ground.'),
          pack('Coriander Powder', 'pouch', 'g', [100, 200, 500], 30, '#3f9b52', 'Freshly ground dhania with a citrusy aroma.'),
          pack('Jeera (Cumin Seeds)', 'jar', 'g', [100, 200, 500], 65, '#b07a4a', 'Bold, aromatic cumin seeds for tadka.'),
          pack('Iodised Salt', 'pouch', 'g', [1000], 28, '#2f80c9', 'Free-flowing vacuum-evaporated iodised salt.'),
        ],
      },
    ],
  },
  {
    key: 'beverages',
    name: 'Beverages',
    code: 'BEV',
    kind: 'mug',
    background: '#f4ebe3',
    discount: { none: 0.3, max: 30 },
    brands: ['Chai Bagan', 'Kaapi Estate', 'Rasila', 'Urja Foods'],
    praise: [
      'Great taste and aroma.',
      'Our morning routine is not complete without it.',
      'Strong and flavourful, just how we like it.',
    ],
    gripes: ['Taste is weaker than before.', 'Too sweet for my liking.'],
    subcategories: [
      {
        key: 'tea',
        name: 'Tea',
        kind: 'box',
        notes: ['Store in an airtight jar away from strong smells.', 'Brew for three to four minutes.'],
        items: [
          pack('Assam CTC Tea', 'box', 'g', [250, 500, 1000], 140, '#8e2433', 'Strong, malty CTC for a kadak cup of chai.'),
          pack('Darjeeling Leaf Tea', 'box', 'g', [100, 250], 220, '#1f6b4a', 'First-flush Darjeeling with a light, floral muscatel note.'),
          pack('Masala Chai', 'box', 'g', [250, 500], 180, '#c0582b', 'CTC tea blended with ginger, cardamom and clove.'),
          pack('Green Tea Tulsi', 'box', 'g', [50, 100], 175, '#3f9b52', 'Green tea with tulsi in 25 or 50 tea bags.'),
          pack('Nilgiri Orthodox Tea', 'box', 'g', [250], 260, '#2f80c9', 'Bright, brisk whole-leaf tea from the Nilgiri hills.'),
        ],
      },
      {
        key: 'coffee',
        name: 'Coffee',
        kind: 'jar',
        notes: ['Close the pack tightly after use.', 'Roasted in small batches.'],
        items: [
          pack('Filter Coffee Powder 80:20', 'pouch', 'g', [200, 500], 180, '#7b4a2d', 'Peaberry and plantation A blended with 20% chicory for degree coffee.'),
          pack('Instant Coffee', 'jar', 'g', [50, 100, 200], 160, '#5a3420', 'Rich freeze-dried instant coffee that dissolves in seconds.'),
          pack('Coorg Arabica Beans', 'pouch', 'g', [250, 500], 399, '#3a3f47', 'Medium-roast whole beans with notes of chocolate and orange.'),
          pack('Cold Brew Coffee Bags', 'box', 'g', [100], 349, '#14847d', 'Steep overnight in the fridge for smooth cold brew.'),
        ],
      },
      {
        key: 'juices-drinks',
        name: 'Juices & Drinks',
        kind: 'carton',
        notes: ['Shake well before serving. Best served chilled.', 'Refrigerate after opening and use within three days.'],
        items: [
          pack('Mixed Fruit Juice', 'carton', 'ml', [200, 1000], 25, '#e4572e', 'A blend of apple, orange, pineapple and guava juices.'),
          pack('Alphonso Mango Nectar', 'carton', 'ml', [200, 1000], 30, '#f2a516', 'Thick nectar made from Ratnagiri Alphonso pulp.'),
          pack('Litchi Drink', 'carton', 'ml', [200, 1000], 25, '#e86a9a', 'A refreshing drink with real litchi juice.'),
          pack('Kokum Sharbat', 'bottle', 'ml', [750], 150, '#8e2433', 'Konkan kokum syrup; mix one part with five parts water.'),
          pack('Tender Coconut Water', 'carton', 'ml', [200, 1000], 40, '#3f9b52', 'Natural coconut water with no added sugar.'),
        ],
      },
      {
        key: 'health-drinks',
        name: 'Health Drinks',
        kind: 'jar',
        notes: ['Mix two spoons in a glass of warm milk.', 'A source of protein, calcium and vitamin D.'],
        items: [
          pack('Chocolate Malt Drink', 'jar', 'g', [500, 1000], 250, '#7b4a2d', 'Malted chocolate drink with 23 vitamins and minerals.'),
          pack('Badam Milk Mix', 'jar', 'g', [200, 500], 180, '#d9a21b', 'Almond and saffron mix for a royal glass of badam milk.'),
          pack('Sprouted Ragi Malt', 'jar', 'g', [500, 1000], 220, '#8e2433', 'Sprouted finger millet malt, a traditional energy drink.'),
          pack('Whey Protein Chocolate', 'jar', 'g', [500, 1000], 1200, '#3a3f47', '24 g of protein per scoop with digestive enzymes.'),
        ],
      },
    ],
  },
  {
    key: 'personal-care',
    name: 'Personal Care',
    code: 'PER',
    kind: 'tube',
    background: '#fce8f1',
    discount: { none: 0.3, max: 35 },
    brands: ['Tulsi Naturals', 'Chandan Care', 'Neem Leaf', 'Komal'],
    praise: [
      'Gentle on skin and smells lovely.',
      'The whole family uses it now.',
      'No irritation at all, even on sensitive skin.',
    ],
    gripes: ['The fragrance fades quickly.', 'The pump stopped working halfway.'],
    subcategories: [
      {
        key: 'soaps-bodywash',
        name: 'Soaps & Body Wash',
        kind: 'soap',
        notes: ['Dermatologically tested.', 'For external use only.'],
        items: [
          pack('Sandalwood Bathing Soap', 'soap', 'g', [100, 400], 40, '#b8703a', 'Made with pure Mysore sandalwood oil.'),
          pack('Neem Tulsi Soap', 'soap', 'g', [100, 300], 35, '#3f9b52', 'An antibacterial soap with neem and tulsi extracts.'),
          pack('Glycerin Rose Soap', 'soap', 'g', [100, 300], 45, '#e86a9a', 'A transparent glycerin soap that keeps skin soft.'),
          pack('Ayurvedic Ubtan Soap', 'soap', 'g', [100, 400], 50, '#f2a516', 'Turmeric, saffron and chickpea flour for a natural glow.'),
          pack('Shower Gel Aqua', 'bottle', 'ml', [250, 500], 199, '#5aa9e6', 'A refreshing shower gel with a cooling marine fragrance.'),
          pack('Liquid Hand Wash Refill', 'pouch', 'ml', [750, 1500], 99, '#14847d', 'A gentle, germ-protection hand wash refill.'),
        ],
      },
      {
        key: 'hair-care',
        name: 'Hair Care',
        kind: 'bottle',
        notes: ['Patch test before first use.', 'Free of sulphates and parabens.'],
        items: [
          pack('Amla Hair Oil', 'bottle', 'ml', [200, 500], 110, '#1f6b4a', 'Cold-pressed amla in coconut oil for strong, dark hair.'),
          pack('Pure Coconut Hair Oil', 'bottle', 'ml', [200, 500], 90, '#2f80c9', 'Pure, edible-grade coconut oil for champi.'),
          pack('Red Onion Shampoo', 'bottle', 'ml', [200, 400], 250, '#8e2433', 'Red onion and black seed oil to reduce hair fall.'),
          pack('Anti-Dandruff Shampoo', 'bottle', 'ml', [180, 340], 199, '#2f6fd6', 'With neem and tea tree to clear flakes in two weeks.'),
          pack('Bhringraj Hair Oil', 'bottle', 'ml', [100, 200], 185, '#3f9b52', 'A classic Ayurvedic oil for a cool scalp and sound sleep.'),
          pack('Hibiscus Conditioner', 'tube', 'ml', [180, 340], 220, '#d64545', 'Detangles and softens without weighing hair down.'),
        ],
      },
      {
        key: 'oral-care',
        name: 'Oral Care',
        kind: 'tube',
        notes: ['Brush twice a day.', 'Recommended by dentists.'],
        items: [
          pack('Herbal Toothpaste', 'tube', 'g', [150, 300], 85, '#3f9b52', 'Neem, clove and babool for healthy gums.'),
          pack('Clove Toothpaste', 'tube', 'g', [100, 200], 70, '#d64545', 'Clove oil for relief from sensitive teeth.'),
          pack('Activated Charcoal Toothpaste', 'tube', 'g', [100], 120, '#3a3f47', 'Gently lifts tea and coffee stains.'),
          pack('Alcohol-Free Mouthwash', 'bottle', 'ml', [250, 500], 145, '#14847d', 'Mint mouthwash for fresh breath without the burn.'),
          pack('Ayurvedic Tooth Powder', 'jar', 'g', [100, 200], 60, '#b8703a', 'A traditional manjan with twelve herbs.'),
        ],
      },
      {
        key: 'skin-care',
        name: 'Skin Care',
        kind: 'tube',
        notes: ['Suitable for all skin types.', 'Not tested on animals.'],
        items: [
          pack('Aloe Vera Gel', 'jar', 'g', [150, 300], 150, '#3f9b52', '99% pure aloe vera gel for skin and hair.'),
          pack('Sunscreen SPF 50', 'tube', 'ml', [50, 100], 299, '#f2a516', 'A non-greasy gel sunscreen with PA+++ protection.'),
          pack('Kumkumadi Face Oil', 'bottle', 'ml', [15, 30], 499, '#c0582b', 'A saffron-based night oil for an even skin tone.'),
          pack('Cold Cream', 'jar', 'ml', [100, 200], 120, '#5aa9e6', 'A rich cream for dry winter skin.'),
          pack('Rose Water Toner', 'spray-bottle', 'ml', [100, 250], 95, '#e86a9a', 'Steam-distilled Kannauj rose water.'),
          pack('Cocoa Butter Body Lotion', 'bottle', 'ml', [200, 400], 225, '#7b4a2d', 'Deep moisture that lasts for 48 hours.'),
        ],
      },
    ],
  },
  {
    key: 'storage-containers',
    name: 'Storage & Containers',
    code: 'STO',
    kind: 'container',
    background: '#e6f4ec',
    discount: { none: 0.15, max: 50 },
    brands: ['Dabba Co', 'Steelkraft Home', 'Tokri', 'Jaldhara'],
    praise: [
      'Lids fit tight and nothing spills.',
      'Sturdy and easy to clean.',
      'My kitchen shelf looks so neat now.',
    ],
    gripes: ['One lid was a bit loose.', 'Smaller than it looks in the photos.'],
    subcategories: [
      {
        key: 'kitchen-containers',
        name: 'Kitchen Containers',
        kind: 'container',
        notes: ['Food grade and BPA free.', 'Stackable to save shelf space.'],
        items: [
          piece('Airtight Container Set', 'container', 499, ['Green', 'Blue', 'Red', 'Grey', 'Mint'], 'Clear containers with locking lids that keep dal and snacks crisp.', { options: [['Set of 3', 1], ['Set of 6', 1.8]] }),
          piece('Stainless Steel Dabba Set', 'container', 799, ['Steel'], 'Classic steel dabbas with tight lids, in three sizes.'),
          piece('Glass Jar with Bamboo Lid', 'jar', 349, ['Natural'], 'A borosilicate jar with a silicone-sealed bamboo lid.', { options: [['1 L', 1], ['1.5 L', 1.2]] }),
          piece('Masala Dabba', 'container', 649, ['Steel', 'Copper'], 'A round spice box with seven katoris and a spoon.'),
          piece('Modular PET Jars Set of 4', 'container', 299, PLASTIC, 'Light, shatter-proof jars for pulses and grains.'),
        ],
      },
      {
        key: 'water-bottles',
        name: 'Water Bottles',
        kind: 'bottle',
        notes: ['Leak-proof; hand wash only.', 'Keeps drinks cold for 24 hours and hot for 12.'],
        items: [
          piece('Stainless Steel Water Bottle', 'bottle', 499, ['Steel', 'Black', 'Blue', 'Green', 'Red'], 'A single-wall steel bottle that fits in car cup holders.', { options: [['750 ml', 1], ['1 L', 1.15]] }),
          piece('Insulated Flask', 'bottle', 899, ['Black', 'Navy', 'Teal', 'Maroon', 'White'], 'Double-wall vacuum insulation for cold water all day.', { options: [['500 ml', 1], ['1 L', 1.3]] }),
          piece('Copper Water Bottle 950 ml', 'bottle', 1099, ['Copper'], 'Pure copper bottle with a leak-proof lid, as Ayurveda suggests.'),
          piece('Kids Sipper Bottle', 'bottle', 349, ['Pink', 'Sky Blue', 'Yellow', 'Mint'], 'A spill-proof sipper with a flip straw and a strap.'),
          piece('Glass Fridge Bottles Set of 3', 'bottle', 449, ['Green', 'Sky Blue', 'Pink'], 'One-litre glass bottles with coloured caps.'),
        ],
      },
      {
        key: 'lunch-boxes',
        name: 'Lunch Boxes',
        kind: 'tiffin',
        notes: ['Microwave safe containers (remove the lid).', 'Fits in most office bags.'],
        items: [
          piece('Steel Tiffin 3 Tier', 'tiffin', 699, ['Steel'], 'A classic three-tier steel tiffin with a carry handle.'),
          piece('Insulated Lunch Box', 'tiffin', 899, ['Navy', 'Black', 'Maroon', 'Teal'], 'Three steel containers in an insulated jacket that keeps food warm.'),
          piece('Kids Lunch Box', 'box', 399, ['Pink', 'Sky Blue', 'Yellow', 'Green'], 'A two-compartment box with a mini container and spoon.'),
          piece('Office Lunch Bag with Containers', 'tiffin', 999, ['Grey', 'Navy', 'Black'], 'A padded bag with three leak-proof containers and a bottle.'),
        ],
      },
      {
        key: 'baskets-organisers',
        name: 'Baskets & Organisers',
        kind: 'basket',
        notes: ['Handmade; each piece is slightly different.', 'Folds flat when not in use.'],
        items: [
          piece('Bamboo Storage Basket', 'basket', 599, ['Natural', 'Brown'], 'Hand-woven bamboo baskets from the North East.', { sizes: SML }),
          piece('Cotton Rope Basket', 'basket', 549, ['Cream', 'Grey', 'Mustard'], 'Soft coiled-rope baskets for toys, towels and plants.', { sizes: SML }),
          piece('Fruit & Vegetable Basket', 'basket', 249, PLASTIC, 'An airy basket that keeps produce fresh longer.'),
          piece('Laundry Basket with Lid', 'basket', 899, ['Grey', 'Beige', 'Natural'], 'A 60 L laundry hamper with handles and a lid.'),
          piece('Drawer Organiser Set', 'box', 399, ['White', 'Grey', 'Pink'], 'Six interlocking trays for drawers and cupboards.'),
        ],
      },
    ],
  },
  {
    key: 'snacks',
    name: 'Snacks',
    code: 'SNK',
    kind: 'pouch',
    background: '#fff4d1',
    discount: { none: 0.4, max: 25 },
    brands: ['Chatpata', 'Namkeen Nagar', 'Crunchwala', 'Mithai Mahal', 'Biskut Bakery'],
    praise: [
      'Crunchy and fresh, just like from the halwai.',
      'Perfect with evening chai.',
      'Finished the packet in one sitting!',
    ],
    gripes: ['A little too salty.', 'Some pieces were broken.'],
    subcategories: [
      {
        key: 'namkeen',
        name: 'Namkeen',
        kind: 'pouch',
        notes: ['Best before four months from packing.', 'Store in an airtight jar once opened.'],
        items: [
          pack('Aloo Bhujia', 'pouch', 'g', [200, 400, 1000], 55, '#f2a516', 'Thin, crisp potato and besan sev with a hint of mint.'),
          pack('Khatta Meetha Mix', 'pouch', 'g', [200, 400, 1000], 55, '#e86a9a', 'A sweet, tangy and spicy mix with raisins and peanuts.'),
          pack('Moong Dal Namkeen', 'pouch', 'g', [200, 400], 50, '#8cc63f', 'Crunchy fried moong dal with a sprinkle of salt.'),
          pack('Navratan Mixture', 'pouch', 'g', [200, 400, 1000], 60, '#d64545', 'Nine crunchy ingredients in one spicy mix.'),
          pack('Ratlami Sev', 'pouch', 'g', [200, 400], 60, '#c0582b', 'Spicy sev with cloves and black pepper from Ratlam.'),
          pack('Butter Chakli', 'box', 'g', [200, 400], 70, '#d9a21b', 'Spiral rice-flour chaklis made with white butter.'),
        ],
      },
      {
        key: 'biscuits-cookies',
        name: 'Biscuits & Cookies',
        kind: 'box',
        notes: ['Baked fresh in small batches.', 'Contains wheat and dairy.'],
        items: [
          pack('Butter Cookies', 'box', 'g', [200, 400], 90, '#2f6fd6', 'Melt-in-the-mouth cookies with real butter.'),
          pack('Atta Jeera Biscuits', 'box', 'g', [200, 400], 60, '#d9a21b', 'Savoury whole-wheat biscuits with roasted cumin.'),
          pack('Nankhatai', 'box', 'g', [200, 400], 110, '#b8703a', 'Classic ghee nankhatai with cardamom.'),
          pack('Oats Digestive Biscuits', 'box', 'g', [250, 1000], 80, '#3f9b52', 'High-fibre digestives with whole oats.'),
          pack('Chocolate Cream Biscuits', 'box', 'g', [150, 300], 40, '#5a3420', 'Crunchy biscuits with a rich chocolate cream.'),
        ],
      },
      {
        key: 'chips-crisps',
        name: 'Chips & Crisps',
        kind: 'pouch',
        notes: ['Nitrogen-packed to stay crisp.', 'Contains no added MSG.'],
        items: [
          pack('Kerala Banana Chips', 'pouch', 'g', [200, 500], 70, '#f2c230', 'Nendran banana chips fried in pure coconut oil.'),
          pack('Salted Potato Chips', 'pouch', 'g', [50, 150], 20, '#2f80c9', 'Classic thin-cut chips with just the right salt.'),
          pack('Masala Tapioca Chips', 'pouch', 'g', [200, 500], 65, '#d64545', 'Crunchy kappa chips with red chilli.'),
          pack('Peri Peri Makhana', 'pouch', 'g', [60, 120], 99, '#e4572e', 'Roasted fox nuts with a fiery peri peri coating.'),
          pack('Baked Ragi Chips', 'pouch', 'g', [100, 200], 60, '#7b3fa0', 'Baked, not fried, finger millet chips.'),
        ],
      },
      {
        key: 'sweets-mithai',
        name: 'Sweets & Mithai',
        kind: 'box',
        brands: ['Mithai Mahal', 'Chatpata', 'Namkeen Nagar'],
        notes: ['Made in pure desi ghee.', 'Best consumed within ten days.'],
        items: [
          pack('Kaju Katli', 'box', 'g', [250, 500, 1000], 299, '#8a9099', 'Thin, silver-leafed cashew fudge.'),
          pack('Soan Papdi', 'box', 'g', [250, 500], 99, '#f2a516', 'Flaky, melt-in-the-mouth soan papdi with pistachios.'),
          pack('Motichoor Ladoo', 'box', 'g', [250, 500], 180, '#f28c1e', 'Fine boondi ladoos made in ghee.'),
          pack('Gulab Jamun Tin', 'can', 'g', [500, 1000], 170, '#8e2433', 'Soft gulab jamuns in cardamom syrup.'),
          pack('Rasgulla Tin', 'can', 'g', [500, 1000], 160, '#f4f4f0', 'Spongy Bengali rasgullas in light syrup.'),
        ],
      },
      {
        key: 'dry-fruits',
        name: 'Dry Fruits & Nuts',
        kind: 'pouch',
        brands: ['Meva Mart', 'Dhaanya', 'Khet Se'],
        notes: ['Vacuum-packed to lock in freshness.', 'Store in a cool, dry place.'],
        items: [
          pack('California Almonds', 'pouch', 'g', [250, 500, 1000], 280, '#b07a4a', 'Crunchy, whole almonds, graded for size.'),
          pack('Cashews W320', 'pouch', 'g', [250, 500], 290, '#d9c4a0', 'Whole Goan cashews, creamy and crunchy.'),
          pack('Green Raisins', 'pouch', 'g', [250, 500], 110, '#8cc63f', 'Nashik raisins, seedless and sweet.'),
          pack('Walnut Kernels', 'pouch', 'g', [250], 450, '#7b4a2d', 'Light halves from Kashmir walnuts.'),
          pack('Kimia Dates', 'box', 'g', [500], 220, '#5a3420', 'Soft, juicy dates that need no refrigeration.'),
        ],
      },
    ],
  },
];

/** Reviews that fit anything, by star rating. */
export const GENERIC_REVIEWS: Readonly<Record<1 | 2 | 3 | 4 | 5, readonly string[]>> = {
  5: [
    'Excellent quality, exactly as shown in the pictures.',
    'Value for money. Will order again.',
    'Very happy with this purchase.',
    'Delivered a day early and the packing was neat.',
    'Much better than what I get from the local market.',
    'Using it daily for a month now, no complaints at all.',
    'Superb! Highly recommended.',
  ],
  4: [
    'Good product for the price.',
    'Quality is good; delivery took a little longer than promised.',
    'Nice, but the packaging could be better.',
    'Does the job well. Would buy again on discount.',
    'Satisfied overall, would recommend to friends.',
  ],
  3: [
    'Average. Okay for the price.',
    'Decent, but not as good as the brand I usually buy.',
    'The product is fine, but the box arrived slightly damaged.',
    'Okay-okay. Expected a bit more.',
  ],
  2: [
    'Not up to the mark; quality feels cheaper than the photos.',
    'Delivery was delayed by four days.',
    'Not worth the MRP, only buy it on discount.',
  ],
  1: [
    'Very disappointed. I have asked for a return.',
    'The item was damaged when it arrived.',
    'Poor quality, would not recommend.',
  ],
};

export const FIRST_NAMES: readonly string[] = [
  'Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Sneha', 'Arjun', 'Kavya', 'Rahul', 'Meera',
  'Siddharth', 'Pooja', 'Aditya', 'Neha', 'Karthik', 'Lakshmi', 'Imran', 'Fatima', 'Harpreet',
  'Gurpreet', 'Joseph', 'Mary', 'Suresh', 'Divya', 'Amit', 'Sunita', 'Ravi', 'Anjali', 'Manoj',
  'Deepa', 'Farhan', 'Nandini', 'Tenzin', 'Ritu', 'Abhishek', 'Shreya', 'Vivek', 'Ishita',
  'Sanjay', 'Radha', 'Zoya', 'Arvind', 'Bhavna', 'Gaurav', 'Swati', 'Naveen', 'Aisha', 'Prakash',
];

export const LAST_NAMES: readonly string[] = [
  'Sharma', 'Iyer', 'Reddy', 'Nair', 'Patel', 'Gupta', 'Singh', 'Khan', 'Das', 'Mukherjee',
  'Menon', 'Kulkarni', 'Deshpande', 'Joshi', 'Banerjee', 'Chatterjee', 'Pillai', 'Rao', 'Verma',
  'Agarwal', 'D’Souza', 'Fernandes', 'Bhat', 'Hegde', 'Ahmed', 'Gill', 'Chauhan', 'Mehta', 'Shah',
  'Bose', 'Naidu', 'Saxena', 'Mishra', 'Kapoor', 'Lepcha', 'Sangma',
];
