import { loadHtmlFragment } from '../../lib/api/http';

/** Adds a pre-built fragment's cards to a grid; returns the fragment's next page, if any. */
async function appendFragment(grid: HTMLElement, href: string, replace: boolean): Promise<void> {
  const html = await loadHtmlFragment(href);
  const fragment = new DOMParser().parseFromString(html, 'text/html').querySelector<HTMLElement>('[data-fragment]');
  if (!fragment) throw new Error(`No products in ${href}`);
  let list = grid.querySelector<HTMLUListElement>('[data-grid-list]');
  if (!list) {
    list = document.createElement('ul');
    list.className = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5';
    list.dataset.gridList = '';
    grid.querySelector('[data-grid-empty]')?.replaceWith(list);
  }
  if (replace) list.replaceChildren();
  list.append(...Array.from(fragment.children).map((li) => document.importNode(li, true)));
  if (fragment.dataset.total) grid.dataset.total = fragment.dataset.total;
  if (fragment.dataset.next) grid.dataset.next = fragment.dataset.next;
  else delete grid.dataset.next;
}

function update(grid: HTMLElement): void {
  const shown = grid.querySelectorAll('[data-grid-list] > li').length;
  const total = Number(grid.dataset.total ?? shown);
  const status = grid.querySelector('[data-grid-status]');
  if (status) status.textContent = `Showing ${shown} of ${total} products`;
  const more = grid.querySelector<HTMLButtonElement>('[data-grid-more]');
  if (more) more.hidden = shown >= total || !grid.dataset.next;
}

async function withOverlay(grid: HTMLElement, work: () => Promise<void>): Promise<void> {
  const overlay = grid.querySelector<HTMLElement>('[data-grid-overlay]');
  const more = grid.querySelector<HTMLButtonElement>('[data-grid-more]');
  if (grid.dataset.overlay !== undefined) overlay?.classList.replace('hidden', 'flex');
  grid.setAttribute('aria-busy', 'true');
  if (more) more.disabled = true;
  try {
    await work();
  } catch (error) {
    console.error(error);
    const status = grid.querySelector('[data-grid-status]');
    if (status) status.textContent = 'Could not load more products. Please try again.';
    return;
  } finally {
    overlay?.classList.replace('flex', 'hidden');
    grid.removeAttribute('aria-busy');
    if (more) more.disabled = false;
  }
  update(grid);
}

let started = false;

/** Wires every product grid's Load More button (50 more a click). */
export function startProductGrids(): void {
  if (started) return;
  started = true;
  for (const grid of document.querySelectorAll<HTMLElement>('[data-grid]')) {
    grid.querySelector('[data-grid-more]')?.addEventListener('click', () => {
      const next = grid.dataset.next;
      if (next) void withOverlay(grid, () => appendFragment(grid, next, false));
    });
  }
}

/** Replaces a grid's cards with page 1 of another grid's fragments (the `?sub_category=` view). */
export function showFragmentGrid(grid: HTMLElement, href: string): Promise<void> {
  grid.dataset.overlay = '';
  return withOverlay(grid, () => appendFragment(grid, href, true));
}
