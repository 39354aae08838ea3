import { gstState } from '../invoices/gst';

/**
 * The parts of an order's one-line delivery address ('Asha Verma, 98…, Indiranagar, 12 Road,
 * Bengaluru, Karnataka, 560001'): the name first, the state and pincode last, as the storefront
 * writes it.
 */
export function deliveryParts(address: string): {
  name: string;
  lines: string[];
  state: string | null;
  pincode: string | null;
} {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const pincode = /^[1-9]\d{5}$/.test(parts.at(-1) ?? '') ? (parts.pop() ?? null) : null;
  const state = parts.length > 1 && gstState(parts.at(-1) ?? '') ? (parts.pop() ?? null) : null;
  const name = parts.shift() ?? '';
  // The phone numbers are the delivery's, not the invoice's.
  const lines = parts.filter((p) => !/^[\d\s/+-]{10,}$/.test(p));
  return { name, lines, state, pincode };
}
