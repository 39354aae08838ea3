import { expect, type APIRequestContext } from '@playwright/test';
import type { AdminProduct } from '../../contract/api/admin-catalogue';
import { CATEGORIES } from '../../server/demo/catalogue-data';
import { apiStaffToken } from './admin-fixtures';

/**
 * Products a test owns. A test that orders, pays, restocks or sells out works on products it
 * added itself through the back office's API (a name and product codes of their own, the stock it
 * asks for), so it changes nothing another test reads; the demo catalogue is only ever read.
 */

/**
 * The subcategory test products are listed under: the demo catalogue's last (Snacks › Dry Fruits &
 * Nuts), found by name. Not the newest: the back office's tests add subcategories and hide them.
 */
let shelf: Promise<number> | undefined;
/** One owner account a worker, opened on the command line as an operator would, signed in once. */
let staffToken: Promise<string> | undefined;
let serial = 0;

async function testShelf(request: APIRequestContext): Promise<number> {
  const category = CATEGORIES.at(-1);
  const name = category?.subcategories.at(-1)?.name;
  const answer = await request.get('/api/common/subcategories/');
  expect(answer.status()).toBe(200);
  const found = ((await answer.json()) as { id: number; name: string }[]).find((s) => s.name === name);
  expect(found, `the demo shop's subcategory ${name}`).toBeTruthy();
  return found?.id ?? 0;
}

async function staffHeaders(request: APIRequestContext): Promise<{ authorization: string }> {
  staffToken ??= apiStaffToken(request, 'owner');
  return { authorization: `Bearer ${await staffToken}` };
}

export interface OwnProductOptions {
  /** Part of the product's name (a unique suffix is added): what a search for it types. */
  name?: string;
  /** Each variant's colour and size (default: one variant with neither). */
  variants?: { color: string; size: string }[];
  /** Packs sold by weight or volume instead of sized pieces: each one's unit and amount ('kg', 1). */
  packs?: { unit: string; unit_value: number }[];
  /** Stock of each variant (default 50). */
  onHand?: number;
  /** List price and selling price of the first variant in rupees (defaults 599 and 449); each later one ₹100 more. */
  price?: number;
  finalPrice?: number;
}

export interface OwnProduct {
  id: number;
  name: string;
  variants: {
    id: number;
    sku: string;
    name: string;
    color: string | null;
    size: string | null;
    price: number;
    final_price: number;
  }[];
}

function packName(pack: { unit: string; unit_value: number } | undefined): string | undefined {
  return pack && `${pack.unit_value} ${pack.unit}`;
}

/** A product of the test's own, added through the back office's API; its page follows within a second or two. */
export async function ownProduct(request: APIRequestContext, options: OwnProductOptions = {}): Promise<OwnProduct> {
  serial += 1;
  const tag = `${process.pid.toString(36)}${serial}${Date.now().toString(36)}`.toUpperCase();
  const name = `${options.name ?? 'Steel Tumbler Set'} ${tag}`;
  const price = options.price ?? 599;
  const finalPrice = options.finalPrice ?? 449;
  shelf ??= testShelf(request);
  const kinds: ({ color: string; size: string } | null)[] = options.variants ??
    options.packs?.map(() => null) ?? [null];
  const answer = await request.post('/api/admin/catalogue/products', {
    headers: await staffHeaders(request),
    data: {
      name,
      description: `${name}: added by a test, for that test alone.`,
      subcategory_id: await shelf,
      weight: 500,
      unit: 'piece',
      hsn_code: '7323',
      gst_rate: 12,
      variants: kinds.map((kind, i) => ({
        name: kind ? `${kind.color} ${kind.size}` : (packName(options.packs?.[i]) ?? 'Standard'),
        sku: `T-${tag}-${i + 1}`,
        ...(kind ?? {}),
        unit: options.packs?.[i]?.unit ?? 'piece',
        unit_value: options.packs?.[i]?.unit_value ?? 1,
        price: price + 100 * i,
        final_price: finalPrice + 100 * i,
        on_hand: options.onHand ?? 50,
      })),
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const product = (await answer.json()) as AdminProduct;
  return {
    id: product.id,
    name: product.name,
    variants: product.variants.map(({ id, sku, name: variantName, color, size, price: p, final_price }) => ({
      id,
      sku,
      name: variantName,
      color,
      size,
      price: p,
      final_price,
    })),
  };
}

/** Sets what is on the shelf of one of the test's own variants, as a stock count by staff would. */
export async function setOwnStock(request: APIRequestContext, variantId: number, onHand: number): Promise<void> {
  const answer = await request.patch(`/api/admin/catalogue/variants/${variantId}/stock`, {
    headers: await staffHeaders(request),
    data: { on_hand: onHand },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/**
 * Waits until the product's own static page is served (the live refresher writes it a second or
 * two after the product is added; until then the fallback page reads it in the browser), so a
 * test of the built page sees the built page.
 */
export async function waitForBuiltPage(request: APIRequestContext, product: OwnProduct): Promise<void> {
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/product-details/${product.id}`);
        // The fallback page's title is 'Product'; the built page's names the product.
        return answer.ok() && (await answer.text()).includes(`<title>${product.name}`);
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
}
