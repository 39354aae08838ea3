import { useStore } from '@nanostores/react';
import { $toasts } from '../lib/stores/ui';
import { useHydrated } from './hydrated';

const STYLES = {
  success: 'bg-brand-800 text-white',
  error: 'bg-red-700 text-white',
  info: 'bg-slate-800 text-white',
} as const;

/** Short notices, announced politely, that go away by themselves. */
export function Toasts() {
  // As the server rendered it (none) until hydrated: a toast raised earlier follows at once.
  const hydrated = useHydrated();
  const stored = useStore($toasts);
  const toasts = hydrated ? stored : [];
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed top-4 right-4 z-50 flex flex-col items-end gap-2"
    >
      {toasts.map((t) => (
        <p key={t.id} className={`rounded-lg px-4 py-2 font-semibold shadow-lg ${STYLES[t.kind]}`}>
          {t.text}
        </p>
      ))}
    </div>
  );
}
