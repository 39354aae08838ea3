import { expect, test } from 'vitest';
import { browseRenderPath } from '../../server/site/browse-address';

test.each<[string, string | null]>([
  ['/subcategories/3', null],
  ['/subcategories/3?sub_category=9', null],
  ['/subcategories/3?sort=relevance&price_min=&price_max=', null],
  ['/subcategories/3?price=abc&sort=drop%20table', null],
  ['/subcategories/3?brand=Amul&price=100-250', '/browse/category/3?brand=Amul&price=100-250'],
  ['/subcategories/3/?sort=price_asc', '/browse/category/3?sort=price_asc'],
  ['/subcategories/3?sub_category=9&instock=1', '/browse/category/3?sub_category=9&instock=1'],
  ['/subcategoriesproducts/12?rating=4&page=2', '/browse/subcategory/12?rating=4&page=2'],
  ['/subcategories/0?brand=Amul', null],
  ['/subcategories/abc?brand=Amul', null],
  ['/subcategories/3/extra?brand=Amul', null],
  ['/searchproductlist?search=atta&sort=price_asc', null],
  ['/product/3?brand=Amul', null],
])('%s → %s', (address, path) => {
  expect(browseRenderPath(new URL(address, 'http://shop.test'))).toBe(path);
});
