import { useEffect, useRef } from 'react';
import { BROWSE_SORTS, sortLabel, type BrowseSort } from '../../../contract/browse';

/** The menu's words: the price orders keep the search screen's own ('Low to High', 'High to Low'). */
function optionLabel(sort: BrowseSort): string {
  if (sort === 'price_asc') return 'Low to High';
  if (sort === 'price_desc') return 'High to Low';
  return sortLabel(sort, true);
}

function choose(select: HTMLSelectElement): void {
  if (select.form) {
    select.form.requestSubmit();
    return;
  }
  const url = new URL(window.location.href);
  if (select.value === 'relevance') url.searchParams.delete('sort');
  else url.searchParams.set('sort', select.value);
  url.searchParams.delete('page');
  window.location.assign(url.href);
}

/**
 * The search screen's 'Sort by: Price' menu. It belongs to the filter panel's form (`form`), so
 * without JavaScript it is sent with the panel's Apply; with it, a choice opens the results in
 * that order at once (the shop's server sorts them). A choice made before the island hydrated is
 * applied when it does.
 */
export function SearchSort({ sort }: { sort: BrowseSort }) {
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (select.current && select.current.value !== sort) choose(select.current);
  }, [sort]);
  return (
    <label className="flex items-center gap-2 text-sm font-semibold">
      Sort by: Price
      <select
        ref={select}
        name="sort"
        form="filter-form"
        className="rounded-lg border border-slate-300 px-3 py-2 font-normal"
        defaultValue={sort}
        onChange={(e) => choose(e.currentTarget)}
      >
        {BROWSE_SORTS.map((s) => (
          <option key={s} value={s}>
            {optionLabel(s)}
          </option>
        ))}
      </select>
    </label>
  );
}
