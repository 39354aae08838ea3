/** The form-level message: a polite live region, styled by outcome. */
export function FormMessage({ message, kind }: { message: string; kind: 'error' | 'success' | 'info' }) {
  const styles = {
    error: 'bg-red-50 text-red-800',
    success: 'bg-brand-50 text-brand-800',
    info: 'bg-sky-50 text-sky-900',
  };
  return (
    <p
      role="status"
      aria-live="polite"
      className={message ? `rounded-lg px-3 py-2 text-sm ${styles[kind]}` : 'sr-only'}
    >
      {message}
    </p>
  );
}
