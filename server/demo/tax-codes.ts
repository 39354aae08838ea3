/**
 * The HSN code and GST rate of each demo subcategory's goods, for the tax invoice: the 4-digit
 * heading and the rate at which such household goods are usually sold in India. A real shop sets
 * its own per product (they depend on the exact goods and change with the GST Council's notices).
 */
const BY_SUBCATEGORY: Record<string, readonly [hsn: string, rate: 0 | 5 | 12 | 18 | 28]> = {
  milk: ['0401', 0],
  'paneer-cheese': ['0406', 12],
  'curd-buttermilk': ['0403', 5],
  'ghee-butter': ['0405', 12],
  'mens-tshirts': ['6109', 5],
  kurtas: ['6211', 5],
  sarees: ['5407', 5],
  socks: ['6115', 5],
  footwear: ['6404', 12],
  'dog-food': ['2309', 18],
  'cat-food': ['2309', 18],
  'pet-treats': ['2309', 18],
  'pet-accessories': ['4201', 18],
  flours: ['1101', 5],
  'sugar-sweeteners': ['1701', 5],
  'baking-essentials': ['2102', 12],
  bakeware: ['7323', 12],
  'seasonal-fruit': ['0810', 0],
  'apples-pears': ['0808', 0],
  bananas: ['0803', 0],
  citrus: ['0805', 0],
  'grapes-berries': ['0806', 0],
  cookware: ['7323', 12],
  'pressure-cookers': ['7615', 12],
  'kitchen-tools': ['8215', 12],
  dinnerware: ['6911', 12],
  'floor-cleaners': ['3808', 18],
  detergents: ['3402', 18],
  'brooms-mops': ['9603', 18],
  dishwash: ['3402', 18],
  'bathroom-cleaners': ['3402', 18],
  'buckets-mugs': ['3924', 18],
  'lamps-lighting': ['9405', 18],
  'vases-planters': ['6913', 12],
  'wall-art': ['4911', 12],
  'wall-clocks': ['9105', 18],
  'carpets-rugs': ['5703', 12],
  bedsheets: ['6302', 12],
  'pillows-cushions': ['9404', 18],
  towels: ['6302', 12],
  'blankets-quilts': ['6301', 12],
  'atta-flours': ['1101', 5],
  rice: ['1006', 5],
  'dal-pulses': ['0713', 5],
  'edible-oils': ['1508', 5],
  'spices-masala': ['0910', 5],
  tea: ['0902', 5],
  coffee: ['0901', 5],
  'juices-drinks': ['2009', 12],
  'health-drinks': ['1901', 18],
  'soaps-bodywash': ['3401', 18],
  'hair-care': ['3305', 18],
  'oral-care': ['3306', 18],
  'skin-care': ['3304', 18],
  'kitchen-containers': ['3924', 18],
  'water-bottles': ['7323', 12],
  'lunch-boxes': ['7323', 12],
  'baskets-organisers': ['4602', 12],
  namkeen: ['2106', 12],
  'biscuits-cookies': ['1905', 18],
  'chips-crisps': ['2005', 12],
  'sweets-mithai': ['1704', 5],
  'dry-fruits': ['0802', 5],
};

/** Goods the table does not name: the standard rate and no HSN code (a guessed one would be wrong on a tax invoice). */
const DEFAULT: readonly [string | null, 18] = [null, 18];

/** The HSN code (null when unknown) and GST rate of a demo subcategory's goods. */
export function taxCodeOf(subcategoryKey: string): { hsn: string | null; rate: 0 | 5 | 12 | 18 | 28 } {
  const [hsn, rate] = BY_SUBCATEGORY[subcategoryKey] ?? DEFAULT;
  return { hsn, rate };
}
