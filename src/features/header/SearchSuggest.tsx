import { useEffect } from 'react';
import { attachSearchCombobox } from './search-combobox';

/**
 * The header search box's suggestions, as an island that draws nothing: SiteHeader.astro hydrates
 * it on the shopper's first focus, touch or key in the box (`client:interaction` watching the box),
 * so no page loads its code up front, and the box stays a plain search form until then (and
 * without scripts). What was typed meanwhile is in the box for the combobox to read.
 */
export function SearchSuggest() {
  useEffect(() => {
    const input = document.getElementById('site-search');
    const listbox = document.getElementById('site-search-suggestions');
    const status = document.getElementById('site-search-status');
    if (!(input instanceof HTMLInputElement) || !input.form || !listbox || !status) return;
    return attachSearchCombobox({ form: input.form, input, listbox, status });
  }, []);
  return null;
}
