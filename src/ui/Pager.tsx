import { useEffect, useRef } from 'react';
import { pageLabel } from './pagination';
import { Button } from './Button';

/**
 * Previous / Next with 'Page x of y', below the list it pages. A press shows the new page from its top: the list
 * (the element just before the pager) is scrolled to the top of the screen and takes the focus, so a shopper on a
 * phone reads the next orders rather than the footer, and a screen reader continues from the list's start.
 */
export function Pager({
  page,
  pages,
  onPage,
  label,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const nav = useRef<HTMLElement>(null);
  /** Set by a press, so a page changed otherwise (a line removed, a filter) leaves the scroll where it is. */
  const pressed = useRef(false);
  useEffect(() => {
    if (!pressed.current) return;
    pressed.current = false;
    const list = nav.current?.previousElementSibling;
    if (!(list instanceof HTMLElement)) return;
    if (!list.hasAttribute('tabindex')) list.tabIndex = -1;
    list.scrollIntoView({ block: 'start' });
    list.focus({ preventScroll: true });
  }, [page]);
  const go = (next: number) => {
    pressed.current = true;
    onPage(next);
  };
  return (
    <nav ref={nav} aria-label={label} className="mt-4 flex items-center justify-center gap-4">
      <Button variant="secondary" disabled={page <= 1} onClick={() => go(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">{pageLabel(page, pages)}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => go(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
