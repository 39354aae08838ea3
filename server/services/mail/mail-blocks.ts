/**
 * An e-mail as a list of blocks, so its plain-text part and its HTML part (MailHtml.tsx) say the
 * same thing: this module writes the text; the HTML is React components rendered to a string.
 */
import { formatPaise } from '../../../contract/format';

/** One line of an order as the e-mails list it. */
export interface OrderMailItem {
  /** The product's name as ordered. */
  name: string;
  /** Which variant, e.g. '500 ml · Steel'; null for a product without variants. */
  variant: string | null;
  quantity: number;
  /** The price of one, in paise, as the order charged it. */
  unitPricePaise: number;
}

/** A piece of a paragraph: text, or a link. */
export type Inline = string | { text: string; href: string };

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; parts: Inline[] }
  | { kind: 'facts'; rows: { label: string; value: string }[] }
  | { kind: 'items'; items: readonly OrderMailItem[]; totalPaise: number }
  | { kind: 'button'; label: string; href: string };

// C0 and C1 control characters, and the bidirectional controls that could make stored text read
// differently from what it says (a product name shown reversed, an address reordered).
// eslint-disable-next-line no-control-regex -- these are exactly the characters to remove
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;

/** Text with control characters turned into spaces and whitespace runs collapsed (a piece of a line). */
export function plain(value: string): string {
  return value.replace(UNSAFE_TEXT, ' ').replace(/\s+/g, ' ');
}

/** A whole line of clean text. */
export function clean(value: string): string {
  return plain(value).trim();
}

/** What a line of an order costs, in paise. */
export function lineAmount(item: OrderMailItem): number {
  return item.unitPricePaise * item.quantity;
}

function inlineText(part: Inline): string {
  if (typeof part === 'string') return plain(part);
  const text = clean(part.text);
  // A mail address or a bare link needs no repeating; other link text is followed by where it goes.
  return part.href === text || part.href === `mailto:${text}` ? text : `${text} (${clean(part.href)})`;
}

/** A block as plain text. */
export function blockText(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return clean(block.text);
    case 'paragraph':
      return block.parts.map(inlineText).join('').trim();
    case 'facts':
      return block.rows.map((row) => `${clean(row.label)}: ${clean(row.value)}`).join('\n');
    case 'items':
      return [
        ...block.items.map((item) => {
          const name = clean(item.name) + (item.variant ? ` (${clean(item.variant)})` : '');
          const sum = `Qty ${item.quantity} × ${formatPaise(item.unitPricePaise)} = ${formatPaise(lineAmount(item))}`;
          return `- ${name}\n  ${sum}`;
        }),
        `Total: ${formatPaise(block.totalPaise)}`,
      ].join('\n');
    case 'button':
      return `${clean(block.label)}: ${clean(block.href)}`;
  }
}
