import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { getSubcategoryProducts, searchProducts } from '../../lib/api/catalogue';
import type { SearchProduct } from '../../../contract/types';
import { withErrorBoundary } from '../../ui/ErrorBoundary';
import { useStock, variantStock } from './stock';
import { useTypedBeforeHydration } from '../../ui/form-state';
import { parseSearchQuery, sameSearchQuery, sortByPrice, type PriceOrder, type SearchQuery } from './search';
import { SearchResultCard } from './SearchResultCard';

/** Results the server already found for the page's address. */
export interface InitialResults {
  query: SearchQuery;
  /** The searched text, or the subcategory's name. */
  name: string;
  products: SearchProduct[];
}

interface Props {
  /** Category links of the side list. */
  sideCategories: { name: string; href: string }[];
  /** Present when the page was rendered with its results; otherwise they are fetched here. */
  initial?: InitialResults | null;
  /**
   * What the page drew for a search that found nothing (components/NoResultsHelp.astro): shown
   * under 'No products found.' while the results are the page's own.
   */
  children?: ReactNode;
}

/**
 * Results whose pictures load with the page: a phone's first screen (412 × 823) shows two rows of
 * two under the folded category list, a laptop's one row of four; later ones wait until scrolled
 * near. The first is the page's preloaded picture.
 */
const EAGER_RESULTS = 4;

function CategoryList({ categories }: { categories: Props['sideCategories'] }) {
  return (
    <ul className="space-y-1">
      {categories.map((c) => (
        <li key={c.name}>
          <a href={c.href} className="block rounded-lg px-3 py-2 text-sm hover:bg-brand-50">
            {c.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

function SearchResultsView({ sideCategories, initial = null, children }: Props) {
  const [results, setResults] = useState<SearchProduct[] | null>(initial?.products ?? null);
  const [failed, setFailed] = useState(false);
  const [order, setOrder] = useState<PriceOrder>('relevance');
  // An order chosen before the island hydrated is kept (and applied).
  const orderSelect = useRef<HTMLSelectElement>(null);
  useTypedBeforeHydration(orderSelect, order, (v) => setOrder(v as PriceOrder));
  const [term, setTerm] = useState(initial?.name ?? '');

  useEffect(() => {
    const q = parseSearchQuery(new URLSearchParams(window.location.search));
    if (initial && sameSearchQuery(initial.query, q)) return;
    if (q.kind === 'none') return setResults([]);
    if (q.kind === 'search') setTerm(q.text);
    const controller = new AbortController();
    const load =
      q.kind === 'search'
        ? searchProducts(q.text, controller.signal).then((products) => ({ name: q.text, products }))
        : getSubcategoryProducts(q.id, controller.signal);
    load
      .then(({ name, products }) => {
        setTerm(name);
        setResults(products);
      })
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') setFailed(true);
      });
    return () => controller.abort();
  }, [initial]);

  const sorted = useMemo(() => sortByPrice(results ?? [], order), [results, order]);
  const stock = useStock(useMemo(() => (results ?? []).map((p) => p.id), [results]));

  return (
    <div className="grid gap-3 lg:grid-cols-[14rem_1fr] lg:gap-8">
      {/* Phones get the list folded (a plain <details>) so the results come first, as on a category page. */}
      <details className="rounded-lg border border-slate-200 lg:hidden" data-category-toggle>
        <summary className="cursor-pointer px-3 py-2 font-semibold">Category</summary>
        <nav aria-label="Category" className="border-t border-slate-200 p-2">
          <CategoryList categories={sideCategories} />
        </nav>
      </details>
      <aside aria-labelledby="search-categories" className="hidden lg:block">
        <h2 id="search-categories" className="mb-3 text-lg font-semibold">
          Category
        </h2>
        <CategoryList categories={sideCategories} />
      </aside>
      <div>
        <div className="mb-3 flex flex-col items-start gap-2 sm:mb-6 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
          <h1 className="text-xl font-bold sm:text-2xl">Search Results for &quot;{term}&quot;</h1>
          <label className="flex items-center gap-2 text-sm font-semibold">
            Sort by: Price
            <select
              ref={orderSelect}
              className="rounded-lg border border-slate-300 px-3 py-2 font-normal"
              value={order}
              onChange={(e) => setOrder(e.target.value as PriceOrder)}
            >
              <option value="relevance">Relevance</option>
              <option value="asc">Low to High</option>
              <option value="desc">High to Low</option>
            </select>
          </label>
        </div>
        <div role="status" aria-live="polite">
          {failed ? (
            <p>Search is not available right now. Please try again.</p>
          ) : results === null ? (
            <p>Searching...</p>
          ) : sorted.length === 0 ? (
            <p className="py-12 text-center text-lg">No products found.</p>
          ) : (
            <p className="sr-only">{sorted.length} products found</p>
          )}
        </div>
        {!failed && results !== null && results === initial?.products && sorted.length === 0 && children}
        {sorted.length > 0 && (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4" aria-label="Search results">
            {sorted.map((p, i) => (
              <SearchResultCard
                key={p.id}
                product={p}
                stock={variantStock(stock, p.variants[0]?.id)}
                eager={i < EAGER_RESULTS}
                first={i === 0}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** Search results for ?search= (or a subcategory for ?id=&sub_category=), sortable by price. */
export const SearchResults = withErrorBoundary(SearchResultsView);
