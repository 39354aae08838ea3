import { atom } from 'nanostores';

/** A popup with a title, a text and one action (SPEC.md's 'Title / text' messages). */
export interface DialogMessage {
  title: string;
  text: string;
  icon: 'info' | 'success' | 'error' | 'warning';
  /** The button: a link when `href` is set, else it closes the dialog. */
  action?: { label: string; href?: string };
}

/** The popup on screen, if any. */
export const $dialog = atom<DialogMessage | null>(null);

/** Opens a popup (replacing one already open). */
export function showDialog(message: DialogMessage): void {
  $dialog.set(message);
}

/** Closes the popup. */
export function closeDialog(): void {
  $dialog.set(null);
}
