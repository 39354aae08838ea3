/** The record id in an address's query (`?id=42`): plain decimal digits, as the API takes ids; null for anything else. */
export function recordIdFrom(search: string): number | null {
  const raw = new URLSearchParams(search).get('id') ?? '';
  return /^[1-9]\d{0,14}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;
}
