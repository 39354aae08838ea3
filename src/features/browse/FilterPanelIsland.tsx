import { useEffect } from 'react';
import { attachFilterPanel } from './filter-panel';

/**
 * The filter panel's behaviour, as an island that draws nothing: FilterPanel.astro hydrates it on
 * the shopper's first touch, focus or key in the panel (`client:interaction` watching it), so the
 * list's page loads none of its code up front, and the panel stays a plain form until then (and
 * without scripts). A choice made meanwhile is in the form for the panel to apply.
 */
export function FilterPanelIsland() {
  useEffect(() => {
    const panel = document.querySelector<HTMLDetailsElement>('[data-filter-panel]');
    const form = panel?.querySelector<HTMLFormElement>('[data-filter-form]');
    if (!panel || !form) return;
    return attachFilterPanel(panel, form);
  }, []);
  return null;
}
