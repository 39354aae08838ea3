/**
 * The header search box as a WAI-ARIA 1.2 combobox (list autocomplete): suggestions after two
 * characters, 200 ms after the last key, the previous request cancelled; ArrowDown/ArrowUp move
 * through the list, Enter opens the active row (or submits the search), Escape closes the list and
 * then clears the text; a polite live region says how many suggestions came. Loaded by
 * SiteHeader.astro on the first focus or key in the box, so no page pays for it up front; the box
 * is a plain form until then, and text typed meanwhile is read from the box when this starts.
 */
import { imageAtWidth, parseImageUrl } from '../../../contract/images';
import { MIN_SUGGEST_LENGTH } from '../../../contract/search-suggestions';
import { getSearchSuggestions } from '../../lib/api/search-suggestions';
import { countMessage, nextActive, suggestionOptions, type SuggestionOption } from './suggestion-options';

/** Quiet time after a key before asking: a shopper typing 'turmeric' sends one request, not eight. */
export const DEBOUNCE_MS = 200;
/** The thumbnails are 40 px; the smallest width the picture pipeline writes is 160. */
const THUMB_WIDTH = 80;

interface Parts {
  form: HTMLFormElement;
  input: HTMLInputElement;
  listbox: HTMLElement;
  status: HTMLElement;
}

function thumbnail(url: string | null): string {
  const info = parseImageUrl(url);
  if (info) return imageAtWidth(info, THUMB_WIDTH);
  return url ?? '/images/placeholder-product.svg';
}

function row(option: SuggestionOption, id: string): HTMLLIElement {
  const li = document.createElement('li');
  li.id = id;
  li.setAttribute('role', 'option');
  li.setAttribute('aria-selected', 'false');
  li.dataset.link = option.link;
  li.className =
    'flex cursor-pointer items-center gap-3 px-3 py-2 aria-selected:bg-brand-50 aria-selected:outline aria-selected:outline-2 aria-selected:outline-brand-600 hover:bg-slate-50';
  if (option.kind === 'product') {
    const img = document.createElement('img');
    img.src = thumbnail(option.image);
    img.alt = '';
    img.width = 40;
    img.height = 40;
    img.className = 'h-10 w-10 shrink-0 rounded bg-slate-50 object-contain';
    li.append(img);
  }
  const text = document.createElement('span');
  text.className = 'min-w-0 flex-1 truncate';
  text.textContent = option.label;
  const detail = document.createElement('span');
  detail.className =
    option.kind === 'product' ? 'shrink-0 font-semibold text-brand-800' : 'shrink-0 text-sm text-slate-600';
  detail.textContent = option.detail;
  li.append(text, detail);
  return li;
}

/** Makes the header's search form a combobox; returns a function that undoes it (for tests). */
export function attachSearchCombobox({ form, input, listbox, status }: Parts): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | null = null;
  let options: SuggestionOption[] = [];
  let active = -1;
  let shownFor = '';

  const rows = () => Array.from(listbox.querySelectorAll<HTMLElement>('[role="option"]'));
  const setActive = (index: number) => {
    active = index;
    rows().forEach((r, i) => r.setAttribute('aria-selected', String(i === index)));
    const current = rows()[index];
    if (current) {
      input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };
  const open = () => {
    if (options.length === 0) return;
    listbox.hidden = false;
    input.setAttribute('aria-expanded', 'true');
  };
  const close = () => {
    setActive(-1);
    listbox.hidden = true;
    input.setAttribute('aria-expanded', 'false');
  };
  const cancel = () => {
    clearTimeout(timer);
    controller?.abort();
    controller = null;
  };

  const show = (text: string, found: SuggestionOption[]) => {
    options = found;
    shownFor = text;
    listbox.replaceChildren(...found.map((o, i) => row(o, `${listbox.id}-${i}`)));
    active = -1;
    input.removeAttribute('aria-activedescendant');
    status.textContent = countMessage(found.length);
    if (found.length > 0 && document.activeElement === input) open();
    else close();
  };

  const ask = async (text: string) => {
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    try {
      const answer = await getSearchSuggestions(text, mine.signal);
      if (controller === mine) show(text, suggestionOptions(answer));
    } catch {
      // A cancelled or failed request leaves the plain search working: Enter still submits.
      if (controller === mine && !mine.signal.aborted) close();
    } finally {
      if (controller === mine) controller = null;
    }
  };

  const onInput = () => {
    const text = input.value.trim();
    cancel();
    if (text.length < MIN_SUGGEST_LENGTH) {
      options = [];
      shownFor = '';
      listbox.replaceChildren();
      status.textContent = '';
      close();
      return;
    }
    if (text === shownFor) {
      open();
      return;
    }
    timer = setTimeout(() => void ask(text), DEBOUNCE_MS);
  };

  const go = (index: number) => {
    const link = rows()[index]?.dataset.link;
    if (link) window.location.assign(link);
  };

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      if (listbox.hidden) {
        open();
        setActive(event.key === 'ArrowDown' ? 0 : options.length - 1);
      } else setActive(nextActive(active, options.length, event.key));
    } else if (event.key === 'Enter') {
      if (!listbox.hidden && active >= 0) {
        event.preventDefault();
        go(active);
      }
    } else if (event.key === 'Escape') {
      if (!listbox.hidden) {
        event.preventDefault();
        close();
      } else if (input.value) {
        event.preventDefault();
        input.value = '';
        onInput();
      }
    }
  };

  // A press on a row keeps the focus in the box (mousedown), and the click opens the row.
  const onPointerDown = (event: MouseEvent) => event.preventDefault();
  const onClick = (event: MouseEvent) => {
    const target = (event.target as Element).closest<HTMLElement>('[role="option"]');
    if (target) go(rows().indexOf(target));
  };
  const onFocusOut = (event: FocusEvent) => {
    if (!form.contains(event.relatedTarget as Node | null)) close();
  };
  const onFocus = () => {
    if (input.value.trim() === shownFor) open();
  };

  input.addEventListener('input', onInput);
  input.addEventListener('keydown', onKey);
  input.addEventListener('focus', onFocus);
  form.addEventListener('focusout', onFocusOut);
  listbox.addEventListener('mousedown', onPointerDown);
  listbox.addEventListener('click', onClick);
  // Text typed before this module arrived is asked for now.
  if (input.value.trim().length >= MIN_SUGGEST_LENGTH) onInput();

  return () => {
    cancel();
    input.removeEventListener('input', onInput);
    input.removeEventListener('keydown', onKey);
    input.removeEventListener('focus', onFocus);
    form.removeEventListener('focusout', onFocusOut);
    listbox.removeEventListener('mousedown', onPointerDown);
    listbox.removeEventListener('click', onClick);
  };
}
