import { useStore } from '@nanostores/react';
import { Button } from './Button';
import { buttonClass } from './button-class';
import { useEffect, useRef } from 'react';
import { keepFocusInside } from '../lib/focus-trap';
import { $dialog, closeDialog } from '../lib/stores/ui';
import { useHydrated } from './hydrated';

const ICON_STYLES = {
  info: 'bg-sky-100 text-sky-800',
  success: 'bg-brand-100 text-brand-800',
  error: 'bg-red-100 text-red-800',
  warning: 'bg-amber-100 text-amber-900',
} as const;
const ICON_MARKS = { info: 'i', success: '✓', error: '!', warning: '!' } as const;
const PRIMARY = buttonClass();

/** The one popup of the page (the shop's 'Title / text' messages and confirmations), a native modal dialog. */
export function MessageDialog() {
  // The server rendered no message; a message said before this island hydrated (the session
  // ending, at start) is drawn after hydration, so the first render matches the server's HTML.
  const hydrated = useHydrated();
  const stored = useStore($dialog);
  const message = hydrated ? stored : null;
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (message && !dialog.open) {
      // One dialog at a time: the promotion and the app prompt step aside (they may come back).
      for (const other of document.querySelectorAll<HTMLDialogElement>('dialog[open][data-yields]')) {
        other.close('yield');
      }
      dialog.showModal();
    }
    if (!message && dialog.open) dialog.close();
  }, [message]);

  const action = message?.action;
  return (
    <dialog
      ref={ref}
      aria-labelledby="message-dialog-title"
      aria-describedby="message-dialog-text"
      className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-2xl p-6 text-center shadow-2xl"
      onClose={() => closeDialog()}
      onKeyDown={(event) => ref.current && keepFocusInside(event.nativeEvent, ref.current)}
      onClick={(event) => {
        if (event.target === ref.current) closeDialog();
      }}
    >
      {message && (
        <>
          <div
            className={`mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full text-2xl font-bold ${ICON_STYLES[message.icon]}`}
            aria-hidden="true"
          >
            {ICON_MARKS[message.icon]}
          </div>
          <h2 id="message-dialog-title" className="text-xl font-semibold">
            {message.title}
          </h2>
          <p id="message-dialog-text" className="mt-2 text-muted">
            {message.text}
          </p>
          <div className="mt-5 flex justify-center gap-3">
            {action?.href ? (
              <>
                <a className={PRIMARY} href={action.href}>
                  {action.label}
                </a>
                <Button variant="secondary" onClick={() => closeDialog()}>
                  Cancel
                </Button>
              </>
            ) : message.confirm ? (
              <>
                <Button onClick={() => closeDialog(true)}>{action?.label ?? 'Yes'}</Button>
                <Button variant="secondary" onClick={() => closeDialog()}>
                  {message.noLabel ?? 'Cancel'}
                </Button>
              </>
            ) : (
              <Button onClick={() => closeDialog()}>{action?.label ?? 'OK'}</Button>
            )}
          </div>
        </>
      )}
    </dialog>
  );
}
