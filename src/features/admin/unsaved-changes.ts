import { useEffect } from 'react';

/**
 * A page's edits not saved yet: while there are some, the browser asks before the page is left
 * (closed, reloaded, another address typed), and the back office's own links ask first too.
 */

export const LEAVE_UNSAVED = 'Leave without saving?';

/** Whether the page on show holds edits not saved (one editing page at a time). */
let unsaved = false;

/** Warns before leaving while `dirty`; off again once it is not (after a save) or the page goes. */
export function useUnsavedWarning(dirty: boolean): void {
  useEffect(() => {
    unsaved = dirty;
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (unsaved) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      unsaved = false;
    };
  }, [dirty]);
}

/**
 * For a link within the back office: with edits not saved, asks whether to leave them, and keeps
 * the page if not. The browser's own warning is then not needed, so it is not asked twice.
 */
export function confirmLeave(event: { preventDefault(): void }): void {
  if (!unsaved) return;
  if (window.confirm(LEAVE_UNSAVED)) unsaved = false;
  else event.preventDefault();
}
