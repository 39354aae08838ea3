import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { putMenuInPages } from '../../server/services/site/menu-splice';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const page = (menu: string, body = 'Tiffin ₹649') =>
  `<!DOCTYPE html><html><head><title>${body}</title></head><body><header>GharBazaar</header>${menu}<main>${body}</main><nav aria-label="Breadcrumb">x</nav></body></html>`;
const menuOf = (name: string) =>
  `<nav aria-label="Categories" data-category-bar><a href="/subcategories/1"> ${name} </a></nav>`;

function site(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'menu-splice-'));
  dirs.push(root);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

test('every page with the menu gets the new one, byte for byte around it; others and a second run change nothing', async () => {
  const root = site({
    'index.html': page(menuOf('Milks & Dairies')),
    'product-details/7/index.html': page(menuOf('Milks & Dairies'), 'चाय ☕ Masala Chai'),
    'fragments/all/0/1/index.html': '<ul data-total="3"><li>card</li></ul>',
    'sitemap.xml': '<urlset></urlset>',
  });
  const fresh = menuOf('Milk, Curd &amp; Paneer');
  expect(await putMenuInPages({ root, menu: fresh })).toBe(2);
  expect(fs.readFileSync(path.join(root, 'index.html'), 'utf8')).toBe(page(fresh));
  expect(fs.readFileSync(path.join(root, 'product-details/7/index.html'), 'utf8')).toBe(
    page(fresh, 'चाय ☕ Masala Chai'),
  );
  expect(fs.readFileSync(path.join(root, 'fragments/all/0/1/index.html'), 'utf8')).toBe(
    '<ul data-total="3"><li>card</li></ul>',
  );
  expect(await putMenuInPages({ root, menu: fresh })).toBe(0);
});

test('what an interrupted run left beside the pages is removed', async () => {
  const root = site({ 'aboutus/index.html': page(menuOf('Old')), 'aboutus/.index.html.new-menu': 'half a page' });
  expect(await putMenuInPages({ root, menu: menuOf('New') })).toBe(1);
  expect(fs.readdirSync(path.join(root, 'aboutus'))).toEqual(['index.html']);
});
