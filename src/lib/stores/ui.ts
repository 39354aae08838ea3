import { atom } from 'nanostores';

/** A popup with a title, a text and one action (the shop's 'Title / text' messages). */
export interface DialogMessage {
  title: string;
  text: string;
  icon: 'info' | 'success' | 'error' | 'warning';
  /** The button: a link when `href` is set, else it closes the dialog. */
  action?: { label: string; href?: string };
  /** Runs once when the dialog closes, however it closes. */
  onClose?: () => void;
  /** A yes/no question: the action button answers yes, anything else no. */
  confirm?: (yes: boolean) => void;
  /** The no button's label ('Cancel' unless said): 'Keep order' where 'Cancel' would mean the opposite. */
  noLabel?: string;
  /** Stays until the shopper answers it: later messages do not replace it (the session ending). */
  priority?: boolean;
}

/** The popup on screen, if any. */
export const $dialog = atom<DialogMessage | null>(null);

/** Opens a popup, replacing one already open unless that one has priority (one dialog at a time). */
export function showDialog(message: DialogMessage): void {
  const open = $dialog.get();
  if (open?.priority && !message.priority) {
    // Not shown, so answered: a confirmation nobody saw is a no.
    message.confirm?.(false);
    return;
  }
  $dialog.set(message);
}

/** Closes the popup, answering a confirmation with `answer`. */
export function closeDialog(answer = false): void {
  const current = $dialog.get();
  $dialog.set(null);
  current?.confirm?.(answer);
  current?.onClose?.();
}

/** Asks a yes/no question in the page's dialog; resolves true only for the confirming button. */
export function askConfirm(title: string, text: string, yesLabel: string, noLabel?: string): Promise<boolean> {
  return new Promise((resolve) => {
    showDialog({
      title,
      text,
      icon: 'warning',
      action: { label: yesLabel },
      confirm: resolve,
      ...(noLabel ? { noLabel } : {}),
    });
  });
}

export interface Toast {
  id: number;
  text: string;
  kind: 'success' | 'error' | 'info';
}

/** Short notices that go away by themselves. */
export const $toasts = atom<Toast[]>([]);
let nextToast = 1;

/** Shows a notice for `durationMs` (durations from constants.ts). */
export function showToast(text: string, kind: Toast['kind'], durationMs: number): void {
  const toast = { id: nextToast++, text, kind };
  $toasts.set([...$toasts.get(), toast]);
  setTimeout(() => $toasts.set($toasts.get().filter((t) => t.id !== toast.id)), durationMs);
}
