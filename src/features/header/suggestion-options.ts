import { formatRupees } from '../../../contract/format';
import type { Suggestions } from '../../../contract/api/search-suggestions';

/** One row of the search box's list: a product (picture and price) or a category. */
export interface SuggestionOption {
  label: string;
  link: string;
  /** The price of a product; where a category sits for a subcategory; 'Category' for a category. */
  detail: string;
  image: string | null;
  kind: 'product' | 'category';
}

/** The list's rows: products first, then categories and subcategories. */
export function suggestionOptions(s: Suggestions): SuggestionOption[] {
  return [
    ...s.products.map((p) => ({
      label: p.name,
      link: p.link,
      detail: formatRupees(p.selling_price),
      image: p.image,
      kind: 'product' as const,
    })),
    ...s.categories.map((c) => ({
      label: c.name,
      link: c.link,
      detail: c.parent ? `in ${c.parent}` : 'Category',
      image: null,
      kind: 'category' as const,
    })),
  ];
}

/** What the live region says once suggestions arrive. */
export function countMessage(count: number): string {
  if (count === 0) return 'No suggestions';
  return count === 1 ? '1 suggestion' : `${count} suggestions`;
}

/** The active row after an arrow key: -1 is none (the text box itself); both ends wrap through it. */
export function nextActive(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current >= count - 1 ? -1 : current + 1;
  return current === -1 ? count - 1 : current - 1;
}
