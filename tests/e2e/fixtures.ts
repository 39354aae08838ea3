import { expect, type Page } from '@playwright/test';

/** Widths the storefront is checked at: desktop and a small phone. */
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 800 };

/**
 * Scrolls until phones get the 'Download Our App' prompt, then chooses 'Continue in browser' (it
 * stays away for a week after).
 */
export async function dismissAppPrompt(page: Page): Promise<void> {
  const prompt = page.getByRole('dialog', { name: 'Download Our App' });
  // It waits for the shopper's first scroll.
  await expect(prompt).toBeHidden();
  await page.mouse.wheel(0, 300);
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Continue in browser' }).click();
  await expect(prompt).toBeHidden();
}

/** Closes the home page's Special Offer popup. */
export async function closePromo(page: Page): Promise<void> {
  const promo = page.getByRole('dialog', { name: 'Special Offer' });
  await expect(promo).toBeVisible();
  await promo.getByRole('button', { name: 'Close' }).click();
  await expect(promo).toBeHidden();
}

/** Rupee amounts in a text, as numbers: '₹1,299 ₹1,599' → [1299, 1599]. */
export function rupees(text: string): number[] {
  return [...text.matchAll(/₹\s?([\d,]+(?:\.\d+)?)/g)].map((m) => Number(m[1].replace(/,/g, '')));
}

/** Waits until every island on the page has hydrated, so clicks reach React. */
export async function waitForIslands(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

let shoppers = 0;

/** Creates a shopper through the API and logs this page in as them (token in local storage). */
export async function loggedInShopper(page: Page): Promise<{ email: string; password: string; firstName: string }> {
  shoppers += 1;
  const id = `${Date.now().toString(36)}${process.pid}${shoppers}`;
  const shopper = { email: `buyer-${id}@example.in`, password: 'jeera-rice-99', firstName: 'Meera' };
  const phone = `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const created = await page.request.post('/api/common/signup', {
    data: {
      first_name: shopper.firstName,
      last_name: 'Nair',
      phone_number: phone,
      email: shopper.email,
      password: shopper.password,
    },
  });
  expect(created.status()).toBe(201);
  const login = await page.request.post('/api/common/userlogin', {
    data: { email: shopper.email, password: shopper.password },
  });
  const { data } = (await login.json()) as { data: { tokens: { access: string }; user_id: number } };
  await page.goto('/aboutus');
  await page.evaluate((d) => {
    localStorage.setItem('authToken', d.tokens.access);
    localStorage.setItem('user', JSON.stringify(d));
    localStorage.setItem('user_id', String(d.user_id));
  }, data);
  return shopper;
}

/** The bearer token this page's shopper holds. */
export async function tokenOf(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('authToken'))) ?? '';
}

/** An address no page answers: the not-found page. */
export const NOT_FOUND = '/no-such-page-here';

/** Every route of src/pages (dynamic ones with an id that exists; `orderId` is the shopper's order), and one that does not exist. */
export function everyRoute(orderId: number): string[] {
  return [
    '/',
    '/login',
    '/register',
    '/forgotpassword',
    '/resetpassword',
    '/aboutus',
    '/contactus',
    '/privacypolicy',
    '/return',
    '/products',
    '/productslisting',
    '/product-details/1',
    '/profile',
    '/updateprofile',
    '/cart',
    '/wishlist',
    '/ordertracking',
    '/subcategories/1',
    '/subcategoriesproducts/1',
    '/products/category/1',
    '/buynowaddress',
    '/buynowcartaddress',
    '/searchproductlist?search=milk',
    '/ordersuccess',
    '/myorder',
    `/trackorder/${orderId}`,
    '/razorpay',
    '/order',
    '/resizewebsite',
    NOT_FOUND,
  ];
}
