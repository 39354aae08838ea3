import { useEffect, useState } from 'react';

const STYLES = {
  error: 'bg-red-50 text-red-800 border-red-300',
  success: 'bg-brand-50 text-brand-800 border-brand-500',
  info: 'bg-sky-50 text-sky-900 border-sky-300',
} as const;

/**
 * What a back-office action answers ('Order #53 is now packed.'), said politely to assistive
 * technology. On a wider screen it sits where it is placed, beside the buttons; on a phone
 * (below 640 px) the buttons are often a long scroll down, so it is fixed at the top of the
 * screen, where the eye goes, until dismissed or the next action clears it.
 */
export function DeskNotice({ message, kind }: { message: string; kind: keyof typeof STYLES }) {
  const [dismissed, setDismissed] = useState('');
  // A cleared message (the next action starting) lets the same words show again.
  useEffect(() => {
    if (!message) setDismissed('');
  }, [message]);
  const shown = message && message !== dismissed ? message : '';
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="desk-notice"
      className={
        shown
          ? `fixed inset-x-2 top-2 z-50 flex items-start gap-2 rounded-lg border px-3 py-2 text-sm shadow-lg sm:static sm:border-0 sm:shadow-none ${STYLES[kind]}`
          : 'sr-only'
      }
    >
      <p className="min-w-0 flex-1 break-words">{shown}</p>
      {shown && (
        <button
          type="button"
          onClick={() => setDismissed(shown)}
          className="-my-1 shrink-0 rounded px-2 py-1 font-semibold underline sm:hidden"
        >
          Dismiss
        </button>
      )}
    </div>
  );
}
