import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { REFUND_STATUS_LABELS } from '../../contract/order-lifecycle';
import type { MailAttachment, MailMessage } from '../../server/services/mail/mailer';
import { CARE_EMAIL } from '../../server/services/mail/messages';
import {
  orderCancelledMail,
  orderConfirmedMail,
  orderDeliveredMail,
  orderShippedMail,
  paymentFailedMail,
  refundProcessedMail,
  type OrderMailData,
} from '../../server/services/mail/order-mails';

const ORDER: OrderMailData = {
  orderId: 42,
  shopperName: 'Asha Rao',
  email: 'asha@example.in',
  placedAt: new Date('2026-11-24T05:10:00Z'),
  items: [
    { name: 'Steel Water Bottle', variant: '1 l · Steel', quantity: 2, unitPricePaise: 64_900 },
    { name: 'Toor Dal', variant: null, quantity: 3, unitPricePaise: 16_550 },
  ],
  amountPaise: 179_450,
  address: '12 MG Road, Indiranagar, Bengaluru, Karnataka 560038',
  paymentMethod: 'online',
  expectedDelivery: new Date('2026-11-27T00:00:00Z'),
  siteUrl: 'https://gharbazaar.in',
};
const COD: OrderMailData = { ...ORDER, paymentMethod: 'cod' };

const INVOICE: MailAttachment = {
  filename: 'invoice-GB-26-27-000042.pdf',
  content: Buffer.from('%PDF-1.7\n'),
  contentType: 'application/pdf',
};

const TRACK = 'https://gharbazaar.in/trackorder/42';
const MY_ORDERS = 'https://gharbazaar.in/myorder';
/** What every order e-mail states: the order, each line (variant, quantity, amount) and the total. */
const ORDER_FACTS = [
  '#42',
  'Steel Water Bottle',
  '1 l · Steel',
  'Qty 2 × ₹649',
  '₹1,298',
  'Toor Dal',
  'Qty 3 × ₹165.50',
  '₹496.50',
  '₹1,794.50',
  CARE_EMAIL,
];

interface Case {
  event: string;
  mail: () => MailMessage;
  subject: string;
  facts: string[];
  /** Where the e-mail's button goes: written out in the text, the link's target in the HTML. */
  link: string;
}

const CASES: Case[] = [
  {
    event: 'confirmed, paid online, with the invoice',
    mail: () => orderConfirmedMail(ORDER, { invoice: INVOICE }),
    subject: 'Your GharBazaar order #42 is confirmed',
    facts: [ORDER.address, 'Paid online', '24 Nov 2026', 'By Fri, 27 Nov 2026', INVOICE.filename],
    link: TRACK,
  },
  {
    event: 'confirmed, cash on delivery',
    mail: () => orderConfirmedMail(COD),
    subject: 'Your GharBazaar order #42 is confirmed',
    facts: [ORDER.address, 'Cash on delivery: please keep ₹1,794.50 ready', 'By Fri, 27 Nov 2026'],
    link: TRACK,
  },
  {
    event: 'shipped',
    mail: () => orderShippedMail(ORDER, { trackingNote: 'Delhivery AWB 1234567890' }),
    subject: 'Your GharBazaar order #42 has shipped',
    facts: [ORDER.address, 'Delhivery AWB 1234567890', 'By Fri, 27 Nov 2026', 'Paid online'],
    link: TRACK,
  },
  {
    event: 'shipped, cash on delivery',
    mail: () => orderShippedMail(COD),
    subject: 'Your GharBazaar order #42 has shipped',
    facts: [ORDER.address, 'Cash on delivery: please keep ₹1,794.50 ready'],
    link: TRACK,
  },
  {
    event: 'delivered',
    mail: () => orderDeliveredMail(ORDER),
    subject: 'Your GharBazaar order #42 has been delivered',
    facts: [ORDER.address, 'Rate and review'],
    link: MY_ORDERS,
  },
  {
    event: 'cancelled by the shopper, nothing paid',
    mail: () => orderCancelledMail(COD, { by: 'shopper' }),
    subject: 'Your GharBazaar order #42 is cancelled',
    facts: ['As you asked', 'No money was taken'],
    link: MY_ORDERS,
  },
  {
    event: 'cancelled by staff, refund initiated',
    mail: () =>
      orderCancelledMail(ORDER, {
        by: 'staff',
        reason: 'Out of stock at our warehouse',
        refund: { amountPaise: 179_450, status: 'initiated' },
      }),
    subject: 'Your GharBazaar order #42 is cancelled',
    facts: [
      'we had to cancel',
      'Out of stock at our warehouse',
      'refund of ₹1,794.50',
      'original payment method in 5–7 working days',
      REFUND_STATUS_LABELS.initiated,
    ],
    link: MY_ORDERS,
  },
  {
    event: 'cancelled, refund processed',
    mail: () => orderCancelledMail(ORDER, { by: 'shopper', refund: { amountPaise: 50_000, status: 'processed' } }),
    subject: 'Your GharBazaar order #42 is cancelled',
    facts: ['We have refunded ₹500 to your original payment method', REFUND_STATUS_LABELS.processed],
    link: MY_ORDERS,
  },
  {
    event: 'cancelled, refund failed',
    mail: () => orderCancelledMail(ORDER, { by: 'staff', refund: { amountPaise: 179_450, status: 'failed' } }),
    subject: 'Your GharBazaar order #42 is cancelled',
    facts: ['We could not refund ₹1,794.50', REFUND_STATUS_LABELS.failed],
    link: MY_ORDERS,
  },
  {
    event: 'payment failed',
    mail: () => paymentFailedMail(ORDER, { payBy: new Date('2026-11-24T13:00:00Z') }),
    subject: 'Payment for your GharBazaar order #42 did not go through',
    facts: ['6:30 pm on 24 Nov 2026', 'Pay now'],
    link: MY_ORDERS,
  },
  {
    event: 'refund processed',
    mail: () => refundProcessedMail(ORDER, { amountPaise: 179_450 }),
    subject: 'Your refund for GharBazaar order #42 is complete',
    facts: ['We have refunded ₹1,794.50', REFUND_STATUS_LABELS.processed],
    link: MY_ORDERS,
  },
];

const VOID_ELEMENTS = new Set(['br', 'meta', 'img', 'hr', 'link', 'input', 'col', 'area', 'base', 'wbr', 'source']);
// A tag whose every attribute value is double-quoted and holds no quote or angle bracket; a void
// element may close itself (<br/>); attribute names are case-insensitive in HTML (cellPadding).
const TAG = /^<(\/?)([a-z][a-z0-9]*)((?:\s+[a-zA-Z-]+="[^"<>]*")*)\s*\/?>$/;

/** What is wrong with the HTML's structure: malformed tags, stray angle brackets, tags left open or closed twice. */
function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const body = html.replace(/^<!DOCTYPE html>/i, '');
  for (const piece of body.split(/(<[^<>]*>)/)) {
    if (!piece.startsWith('<')) {
      if (/[<>]/.test(piece)) problems.push(`stray angle bracket in ${JSON.stringify(piece)}`);
      continue;
    }
    const match = TAG.exec(piece);
    if (!match) {
      problems.push(`malformed tag ${piece}`);
      continue;
    }
    const [, closing, name = ''] = match;
    if (VOID_ELEMENTS.has(name)) continue;
    if (!closing) stack.push(name);
    else if (stack.pop() !== name) problems.push(`</${name}> closes something else`);
  }
  if (stack.length) problems.push(`left open: ${stack.join(', ')}`);
  return problems;
}

/** The text a reader sees in the HTML: tags dropped, entities decoded, whitespace collapsed. */
function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(
      /&(lt|gt|quot|#39|#x27|amp);/g,
      (_, name: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", amp: '&' })[name] ?? '',
    )
    .replace(/\s+/g, ' ');
}

function htmlOf(message: MailMessage): string {
  if (message.html === undefined) throw new Error(`${message.subject} has no HTML part`);
  return message.html;
}

describe('order e-mails', () => {
  test.each(CASES)('$event: recipient and subject', ({ mail, subject }) => {
    const message = mail();
    expect(message.to).toBe('asha@example.in');
    expect(message.subject).toBe(subject);
  });

  test.each(CASES)('$event: the facts are in the text and in the HTML', ({ mail, facts, link }) => {
    const message = mail();
    const html = visibleText(htmlOf(message));
    for (const fact of [...ORDER_FACTS, ...facts]) {
      expect(message.text, fact).toContain(fact);
      expect(html, fact).toContain(fact);
    }
    expect(message.text).toContain(link);
    expect(message.html).toContain(`href="${link}"`);
    expect(message.text).toMatch(/^Your .*\n\nHello Asha Rao,\n/);
  });

  test.each(CASES)('$event: no empty values leak into the message', ({ mail }) => {
    const message = mail();
    for (const part of [message.subject, message.text, htmlOf(message)]) {
      expect(part).not.toMatch(/undefined|NaN|null|\[object/);
    }
  });

  test.each(CASES)('$event: the HTML is well formed and self-contained', ({ mail }) => {
    const html = htmlOf(mail());
    expect(htmlProblems(html)).toEqual([]);
    expect(html).not.toMatch(/<(script|img|link|iframe|object|style)\b|\bsrc=|url\(|@import/i);
    const links = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/^(https:\/\/gharbazaar\.in\/|mailto:care@gharbazaar\.in$)/);
  });

  test('the GST invoice is attached only when given', () => {
    expect(orderConfirmedMail(ORDER, { invoice: INVOICE }).attachments).toEqual([INVOICE]);
    const without = orderConfirmedMail(ORDER);
    expect(without.attachments).toBeUndefined();
    expect(without.text).not.toContain('GST invoice');
  });

  test('optional facts left out leave no gap: no expected date, no courier note, no reason', () => {
    const bare: OrderMailData = { ...ORDER, expectedDelivery: undefined, shopperName: '' };
    for (const message of [
      orderConfirmedMail(bare),
      orderShippedMail(bare, { trackingNote: ' \n ' }),
      orderCancelledMail(bare, { by: 'staff', reason: '' }),
    ]) {
      expect(message.text).toMatch(/^Your .*\n\nHello,\n/);
      expect(message.text).not.toMatch(/Expected delivery|Courier|Reason|undefined/);
      expect(htmlProblems(htmlOf(message))).toEqual([]);
    }
  });

  test('a site address with a trailing slash still gives one slash in links', () => {
    const message = orderShippedMail({ ...ORDER, siteUrl: 'https://gharbazaar.in/' });
    expect(message.text).toContain(TRACK);
    expect(message.html).toContain(`href="${TRACK}"`);
  });
});

describe('what shoppers and the catalogue wrote', () => {
  const HOSTILE: OrderMailData = {
    ...ORDER,
    shopperName: 'Asha\r\nBcc: spy@example.com <b>',
    items: [{ name: '<img src=x onerror=alert(1)>', variant: '"Big" & <Bold>', quantity: 1, unitPricePaise: 10_000 }],
    amountPaise: 10_000,
    address: "Plot 5 & 6, Near <Temple>, Ravi's Lane\u0007\u202e",
  };
  const messages = [
    orderConfirmedMail(HOSTILE),
    orderShippedMail(HOSTILE, { trackingNote: '<script>alert(1)</script> AWB\u0000 99' }),
    orderDeliveredMail(HOSTILE),
    orderCancelledMail(HOSTILE, { by: 'staff', reason: 'Damaged in <transit> & returned\u001b[31m' }),
  ];

  test.each(messages.map((message) => [message.subject, message]))(
    '%s: escaped in the HTML, shown as text',
    (_, message) => {
      const html = htmlOf(message);
      expect(htmlProblems(html)).toEqual([]);
      expect(html).not.toMatch(/<(img|script|b|bold|temple|transit)\b/i);
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(html).toContain('&quot;Big&quot; &amp; &lt;Bold&gt;');
      const seen = visibleText(html);
      expect(seen).toContain('<img src=x onerror=alert(1)>');
      expect(message.text).toContain('<img src=x onerror=alert(1)>');
      if (message.subject.includes('cancelled')) {
        expect(seen).toContain('Damaged in <transit> & returned');
      } else {
        expect(seen).toContain("Plot 5 & 6, Near <Temple>, Ravi's Lane");
        expect(message.text).toContain("Plot 5 & 6, Near <Temple>, Ravi's Lane");
      }
    },
  );

  test.each(messages.map((message) => [message.subject, message]))(
    '%s: no control or direction-changing characters survive',
    (_, message) => {
      // eslint-disable-next-line no-control-regex -- the characters that must be gone
      const unsafe = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
      expect(message.text).not.toMatch(unsafe);
      expect(htmlOf(message)).not.toMatch(unsafe);
      expect(message.subject).not.toMatch(/[\r\n]/);
      expect(message.text).toContain('Hello Asha Bcc: spy@example.com <b>,');
    },
  );

  test('the HTML checker finds what it is there to find', () => {
    expect(htmlProblems('<table><tr><td>x</tr></table>')).not.toEqual([]);
    expect(htmlProblems('<p>a < b</p>')).not.toEqual([]);
    expect(htmlProblems('<a href=x>y</a>')).not.toEqual([]);
    expect(htmlProblems('<div><p>open</div>')).not.toEqual([]);
    expect(htmlProblems('<p>fine<br>still fine</p>')).toEqual([]);
  });
});

describe('as the running shop loads it', () => {
  test('the HTML part renders under tsx, the loader npm start runs the server with', () => {
    const script =
      "const { orderDeliveredMail } = await import('./server/services/mail/order-mails.ts');" +
      "const m = orderDeliveredMail({ orderId: 7, shopperName: 'Asha', email: 'a@example.in', placedAt: new Date(0)," +
      " items: [], amountPaise: 100, address: 'x', paymentMethod: 'online', siteUrl: 'https://gharbazaar.in' });" +
      'process.stdout.write(m.html ?? "");';
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: new URL('../..', import.meta.url),
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^<!DOCTYPE html><html lang="en-IN"/);
  }, 30_000);
});
