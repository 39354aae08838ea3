import { describe, expect, test } from 'vitest';
import { validate } from './common';
import { homePopupSchema, isSafeLink, LINK_INVALID, POPUP_LINK_REQUIRED } from './home-content';

describe('isSafeLink', () => {
  test.each([
    ['/productslisting', true],
    ['/subcategories/3', true],
    ['/searchproductlist?search=kadai&page=2', true],
    ['/category/kitchen#top', true],
    ['https://offers.example.in/diwali', true],
    ['HTTPS://offers.example.in/', true],
    ['javascript:alert(1)', false],
    ['JAVASCRIPT:alert(1)', false],
    ['java\nscript:alert(1)', false],
    [' /productslisting', false],
    ['data:text/html;base64,PHNjcmlwdD4=', false],
    ['vbscript:x', false],
    ['file:///etc/passwd', false],
    ['http://offers.example.in/', false],
    ['mailto:care@example.in', false],
    ['tel:+911234567890', false],
    ['//evil.example/path', false],
    ['/\\evil.example', false],
    ['https://user:pass@example.in/', false],
    ['https://', false],
    ['productslisting', false],
    ['', false],
    [`/${'a'.repeat(500)}`, false],
  ])('%j is safe: %s', (link, safe) => {
    expect(isSafeLink(link)).toBe(safe);
  });
});

describe('the pop-up as staff save it', () => {
  const popup = {
    enabled: true,
    title: 'Special Offer',
    text: 'Buy One Get One FREE',
    button_label: 'Shop Now',
    link: '/searchproductlist?search=fresh',
  };

  test('an empty code is none; the link is trimmed', () => {
    expect(validate(homePopupSchema, { ...popup, code: '  ', link: ' /productslisting ' })).toEqual({
      ok: true,
      data: { ...popup, code: null, link: '/productslisting' },
    });
  });

  test.each([
    ['', POPUP_LINK_REQUIRED],
    ['javascript:alert(1)', LINK_INVALID],
  ])('a link %j is refused with one message', (link, message) => {
    expect(validate(homePopupSchema, { ...popup, link })).toEqual({ ok: false, errors: { link: message } });
  });
});
