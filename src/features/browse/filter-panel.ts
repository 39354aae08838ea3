/**
 * The filter panel in the browser (FilterPanel.astro's form, started by FilterPanelIsland). A
 * change asks the shop for the narrowed address's page (the same HTML a shared link or the form
 * without JavaScript gets) and takes its list, counts and heading into this page, with the address
 * in the history, so Back and Forward walk through the choices. On a desktop each change applies
 * at once; in the phone's sheet a change only updates the counts and the Apply button ('Show 37
 * products'), and Apply shows the list.
 */
import { browseQuery } from '../../../contract/browse';
import { loadHtmlFragment } from '../../lib/api/http';
import { applyLabel, readBrowseAddress } from './browse-state';

const DESKTOP = '(min-width: 1024px)';
const FAILED = 'Could not load products. Please try again.';

/** What the list itself is, kept in every address (the search page's `search`). */
function kept(form: HTMLFormElement): Record<string, string> {
  const keep: Record<string, string> = {};
  for (const input of form.querySelectorAll<HTMLInputElement>('input[data-keep]')) keep[input.name] = input.value;
  return keep;
}

/** The address's query for what the form holds now (back to the first page). */
export function formQuery(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') params.append(key, value);
  const { state } = readBrowseAddress(params.toString());
  return browseQuery({ ...state, page: 1 }, kept(form));
}

function inputKey(input: HTMLInputElement): string {
  return `${input.name}=${input.value}`;
}

/** Takes the other page's choices, counts and disabled options into this page's form. */
function takePanel(form: HTMLFormElement, next: HTMLFormElement): void {
  const ours = form.querySelectorAll<HTMLInputElement>('[data-facet-input], [data-facet-any]');
  const theirs = next.querySelectorAll<HTMLInputElement>('[data-facet-input], [data-facet-any]');
  const byKey = new Map(Array.from(theirs, (input) => [inputKey(input), input]));
  const same = ours.length === theirs.length && Array.from(ours).every((input) => byKey.has(inputKey(input)));
  if (!same) {
    // Other options altogether (the catalogue changed): the other page's panel as it is.
    form.replaceChildren(...Array.from(next.children, (child) => document.importNode(child, true)));
  } else {
    for (const input of ours) {
      const other = byKey.get(inputKey(input));
      if (!other) continue;
      input.checked = other.checked;
      input.disabled = other.disabled;
      const label = input.closest('label');
      const otherLabel = other.closest('label');
      if (label && otherLabel) label.className = otherLabel.className;
      const count = label?.querySelector('[data-facet-count]');
      const otherCount = otherLabel?.querySelector('[data-facet-count]');
      if (count && otherCount) count.textContent = otherCount.textContent;
    }
    for (const name of ['sort', 'price_min', 'price_max']) {
      const field = form.elements.namedItem(name);
      const other = next.elements.namedItem(name);
      if (field instanceof HTMLSelectElement || field instanceof HTMLInputElement) {
        if (other instanceof HTMLSelectElement || other instanceof HTMLInputElement) field.value = other.value;
      }
    }
    const clear = form.querySelector('[data-filter-clear]');
    const otherClear = next.querySelector('[data-filter-clear]');
    const actions = form.querySelector('.filter-actions');
    if (clear && !otherClear) clear.remove();
    else if (!clear && otherClear && actions) actions.append(document.importNode(otherClear, true));
  }
  form.dataset.query = next.dataset.query ?? '';
  form.dataset.count = next.dataset.count ?? '0';
}

/** Takes the other page's list (cards, count, Load More) into this page's grid, which stays in place. */
function takeResults(page: Document): void {
  for (const selector of ['[data-browse-head]', '[data-grid]']) {
    const here = document.querySelector<HTMLElement>(selector);
    const there = page.querySelector<HTMLElement>(selector);
    if (!here || !there) throw new Error(`The page has no ${selector}.`);
    here.replaceChildren(...Array.from(there.childNodes, (node) => document.importNode(node, true)));
    for (const attribute of ['data-next', 'data-total']) {
      const value = there.getAttribute(attribute);
      if (value === null) here.removeAttribute(attribute);
      else here.setAttribute(attribute, value);
    }
  }
}

/** Wires the panel; returns what undoes it. */
export function attachFilterPanel(panel: HTMLDetailsElement, form: HTMLFormElement): () => void {
  const desktop = window.matchMedia(DESKTOP);
  const path = window.location.pathname;
  const status = document.querySelector<HTMLElement>('[data-filter-status]');
  const grid = document.querySelector<HTMLElement>('[data-grid]');
  const apply = () => form.querySelector<HTMLButtonElement>('[data-filter-apply]');
  let loading: AbortController | null = null;
  /** The sheet's last preview, kept for its Apply. */
  let preview: { query: string; page: Document } | null = null;

  const load = async (query: string): Promise<Document | null> => {
    loading?.abort();
    const controller = new AbortController();
    loading = controller;
    try {
      const html = await loadHtmlFragment(`${path}${query}`, controller.signal);
      return new DOMParser().parseFromString(html, 'text/html');
    } catch (error) {
      if (controller.signal.aborted) return null;
      console.error(error);
      if (status) status.textContent = FAILED;
      const head = document.querySelector('[data-browse-head]');
      if (head && !head.querySelector('[data-browse-failed]')) {
        const note = document.createElement('p');
        note.className = 'mt-2 text-sm text-red-700';
        note.dataset.browseFailed = '';
        note.textContent = FAILED;
        head.append(note);
      }
      return null;
    } finally {
      if (loading === controller) loading = null;
    }
  };

  const labelApply = () => {
    const button = apply();
    if (button) button.textContent = applyLabel(Number(form.dataset.count ?? 0));
  };

  /** Shows the list for `query`: in the grid, in the panel, and (unless walking the history) in the address. */
  const show = async (query: string, how: { push: boolean; page?: Document }): Promise<void> => {
    // A page whose list is an island of its own (search results) is opened at the address.
    if (!grid) {
      window.location.assign(`${path}${query}`);
      return;
    }
    grid.setAttribute('aria-busy', 'true');
    const page = how.page ?? (await load(query));
    grid.removeAttribute('aria-busy');
    if (!page) return;
    const next = page.querySelector<HTMLFormElement>('[data-filter-form]');
    takeResults(page);
    if (next) takePanel(form, next);
    labelApply();
    preview = null;
    if (how.push && `${path}${query}` !== `${window.location.pathname}${window.location.search}`) {
      window.history.pushState({ filterQuery: query }, '', `${path}${query}`);
    }
    const count = Number(form.dataset.count ?? 0);
    if (status) status.textContent = count === 1 ? 'Showing 1 product' : `Showing ${count} products`;
  };

  /** In the phone's sheet: the counts and the Apply button for what is chosen, the list left as it is. */
  const showPreview = async (query: string): Promise<void> => {
    const page = await load(query);
    const next = page?.querySelector<HTMLFormElement>('[data-filter-form]');
    if (!page || !next) return;
    preview = { query, page };
    takePanel(form, next);
    labelApply();
  };

  const changed = (event: Event) => {
    const target = event.target;
    // A typed range replaces a chosen bucket; a chosen bucket empties the boxes.
    if (target instanceof HTMLInputElement && target.matches('[data-price-box]')) {
      const any = form.querySelector<HTMLInputElement>('input[name="price"][data-facet-any]');
      if (any) any.checked = true;
    } else if (target instanceof HTMLInputElement && target.name === 'price') {
      for (const box of form.querySelectorAll<HTMLInputElement>('[data-price-box]')) box.value = '';
    }
    const query = formQuery(form);
    if (desktop.matches || !panel.open) void show(query, { push: true });
    else void showPreview(query);
  };

  const submitted = (event: SubmitEvent) => {
    event.preventDefault();
    const query = formQuery(form);
    panel.open = false;
    void show(query, { push: true, ...(preview?.query === query ? { page: preview.page } : {}) });
  };

  const clicked = (event: MouseEvent) => {
    const target = event.target as Element | null;
    if (target?.closest('[data-filter-clear]')) {
      event.preventDefault();
      panel.open = false;
      const keep = new URLSearchParams(kept(form)).toString();
      void show(keep ? `?${keep}` : '', { push: true });
    } else if (target?.closest('[data-filter-close]')) {
      panel.open = false;
    }
  };

  const walked = () => {
    if (window.location.pathname !== path) return;
    const query = browseQuery(readBrowseAddress(window.location.search).state, kept(form));
    if (query !== form.dataset.query) void show(query, { push: false });
  };

  form.addEventListener('change', changed);
  form.addEventListener('submit', submitted);
  form.addEventListener('click', clicked);
  window.addEventListener('popstate', walked);
  const close = form.querySelector<HTMLElement>('[data-filter-close]');
  if (close) close.hidden = false;
  labelApply();
  // A choice made before the panel was started is applied now.
  const early = formQuery(form);
  if (early !== form.dataset.query) {
    if (desktop.matches || !panel.open) void show(early, { push: true });
    else void showPreview(early);
  }
  return () => {
    loading?.abort();
    form.removeEventListener('change', changed);
    form.removeEventListener('submit', submitted);
    form.removeEventListener('click', clicked);
    window.removeEventListener('popstate', walked);
  };
}
