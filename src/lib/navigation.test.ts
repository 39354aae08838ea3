import { describe, expect, test } from 'vitest';
import * as routes from './routes';
import { loginPath, safeNext, trackedOrderId } from './navigation';

describe('safeNext: where a login may return to', () => {
  test.each<[string, unknown, string]>([
    ['a product page', '/product-details/12', '/product-details/12'],
    ['a path with a query', '/searchproductlist?search=milk&x=1', '/searchproductlist?search=milk&x=1'],
    ['a path with a fragment', '/cart#lines', '/cart#lines'],
    ['home', '/', '/'],
    ['nothing given', null, '/'],
    ['not a string', 42, '/'],
    ['empty', '', '/'],
    ['protocol-relative host', '//evil.com', '/'],
    ['protocol-relative with path', '//evil.com/login', '/'],
    ['backslash host', '/\\evil.com', '/'],
    ['backslash later on', '/cart\\..\\evil', '/'],
    ['two backslashes', '\\\\evil.com', '/'],
    ['absolute https', 'https://evil.com', '/'],
    ['absolute http to ourselves', 'http://127.0.0.1/cart', '/'],
    ['javascript scheme', 'javascript:alert(1)', '/'],
    ['data scheme', 'data:text/html,hi', '/'],
    ['relative path', 'cart', '/'],
    ['tab that browsers strip', '/\t/evil.com', '/'],
    ['new line that browsers strip', '/\n/evil.com', '/'],
    ['three slashes', '///evil.com', '/'],
    ['too long', `/${'a'.repeat(2001)}`, '/'],
  ])('%s', (_label, next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });
});

describe('loginPath: the login address that comes back here', () => {
  test.each<[string, string]>([
    ['/product-details/7', '/login?next=%2Fproduct-details%2F7'],
    ['/searchproductlist?search=milk', '/login?next=%2Fsearchproductlist%3Fsearch%3Dmilk'],
    ['/wishlist', '/login?next=%2Fwishlist'],
    ['/', '/login'],
    ['/login', '/login'],
    ['/login/?next=%2Fcart', '/login'],
    ['/register', '/login'],
    ['//evil.com', '/login'],
  ])('%s → %s', (here, expected) => {
    expect(loginPath(here)).toBe(expected);
  });
});

describe('route builders', () => {
  test.each([
    [routes.product(7), '/product-details/7'],
    [routes.category(3), '/subcategories/3'],
    [routes.categorySubcategory(3, 12), '/subcategories/3?sub_category=12'],
    [routes.subcategory(12), '/subcategoriesproducts/12'],
    [routes.trackOrder(41), '/trackorder/41'],
    [routes.orderSuccess(41), '/ordersuccess?order=41'],
    [routes.searchFor('milk & eggs'), '/searchproductlist?search=milk%20%26%20eggs'],
    [routes.gridFragment('category', 3, 2), '/fragments/category/3/2/'],
  ])('%s', (built, expected) => {
    expect(built).toBe(expected);
  });

  test.each([
    ['/trackorder/41', '41'],
    ['/trackorder/41/', '41'],
    ['/trackorder/ord%2041', 'ord 41'],
    ['/myorder', ''],
  ])('trackedOrderId(%s) is %j', (pathname, expected) => {
    expect(trackedOrderId(pathname)).toBe(expected);
  });
});
