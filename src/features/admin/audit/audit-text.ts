/** A record's state before or after a change as plain text: one `key: value` a line; '—' for none. */
export function auditValueText(value: Record<string, unknown> | null): string {
  if (value === null) return '—';
  const lines = Object.entries(value).map(
    ([key, v]) => `${key}: ${typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v)}`,
  );
  return lines.length > 0 ? lines.join('\n') : '—';
}
