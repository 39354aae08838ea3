import { expect, type Page } from '@playwright/test';

/** Widths the storefront is checked at: desktop and a small phone. */
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 800 };

/** Closes the 'Download Our App' prompt that phones get once a visit. */
export async function dismissAppPrompt(page: Page): Promise<void> {
  const prompt = page.getByRole('dialog', { name: 'Download Our App' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Not now' }).click();
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
