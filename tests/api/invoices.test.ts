import { describe, expect, test } from 'vitest';
import { financialYear } from '../../server/services/invoices/numbering';
import { pdfText } from '../pdf-text';
import { deliveryParts } from '../../server/services/orders/delivery-address';
import {
  appPerFile,
  download,
  makeTestApp,
  newUser,
  outbox,
  pay,
  placeOrder,
  someVariants,
  waitForMail,
} from './helpers';

const t = appPerFile(() => makeTestApp(30));

/** The invoice call as the browser makes it: a PDF's bytes, or the JSON error. */
function invoiceOf(token: string, orderId: number) {
  return download(t, token, `/api/common/orders/${orderId}/invoice`);
}

describe('GST tax invoices', () => {
  test('a paid order has an invoice numbered in the year’s series; unpaid and others’ orders have none', async () => {
    const user = await newUser(t);
    const stranger = await newUser(t);
    const [a, b] = await someVariants(t, 2, 1);
    const order = await placeOrder(t, user.token, [
      { variant_id: a.id, quantity: 2 },
      { variant_id: b.id, quantity: 1 },
    ]);
    const unpaid = await invoiceOf(user.token, order.id);
    expect(unpaid.status).toBe(404);
    expect(unpaid.body).toEqual({ message: 'This order has no invoice yet: it is issued when the order is paid.' });
    await pay(t, user.token, order);

    const res = await invoiceOf(user.token, order.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const year = financialYear(new Date()).replace(/^\d\d/, '');
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="GharBazaar-invoice-GB-${year}-\\d{6}\\.pdf"$`),
    );
    const row = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const text = await pdfText(res.bytes);
    expect(text).toContain(row.number);
    expect(text).toContain('29AAACG4821M1ZE');
    // Delivered in Karnataka, the shop's own state: CGST and SGST, no IGST.
    expect(text).toContain('CGST');
    expect(text).not.toMatch(/IGST\s+[₹\d]/);
    expect(text).toContain('Asha Verma');
    expect(text).toMatch(/Rupees .+ Only/);

    expect((await invoiceOf(stranger.token, order.id)).status).toBe(404);
    expect((await t.get(`/api/common/orders/${order.id}/invoice`)).status).toBe(401);
  });

  test('numbers run without a gap, one per paid order, whatever order the payments come in', async () => {
    const user = await newUser(t);
    const variants = await someVariants(t, 4, 5);
    const orders = [];
    for (const v of variants) orders.push(await placeOrder(t, user.token, [{ variant_id: v.id }]));
    await Promise.all(orders.map((o) => pay(t, user.token, o)));
    const rows = await t.db.selectFrom('invoices').select(['serial', 'number', 'order_id']).orderBy('serial').execute();
    expect(rows.map((r) => r.serial)).toEqual(rows.map((_, i) => i + 1));
    expect(new Set(rows.map((r) => r.order_id)).size).toBe(rows.length);
    // Paying an order again issues nothing new.
    await pay(t, user.token, orders[0] as { order_id: string });
    expect(await t.db.selectFrom('invoices').select('id').execute()).toHaveLength(rows.length);
  });

  test('the confirmation e-mail carries the invoice as a PDF attachment', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 9);
    const order = await placeOrder(t, user.token, [{ variant_id: v.id }]);
    await pay(t, user.token, order);
    const mail = await waitForMail(t.outboxDir, user.email);
    const { simpleParser } = await import('mailparser');
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe(`Your GharBazaar order #${order.id} is confirmed`);
    const [attachment] = parsed.attachments;
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.filename).toMatch(/^GharBazaar-invoice-GB-\d\d-\d\d-\d{6}\.pdf$/);
    expect(attachment?.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(outbox(t.outboxDir).filter((m) => m.headers.to === user.email)).toHaveLength(1);
  });
});

describe('deliveryParts', () => {
  test.each([
    [
      'Asha Verma, 9876543210, Indiranagar, 12 100 Feet Road, Bengaluru, Karnataka, 560001',
      {
        name: 'Asha Verma',
        lines: ['Indiranagar', '12 100 Feet Road', 'Bengaluru'],
        state: 'Karnataka',
        pincode: '560001',
      },
    ],
    [
      'Ravi K, 9876543210 / 9123456780, Park Street, Kolkata, west bengal, 700016',
      { name: 'Ravi K', lines: ['Park Street', 'Kolkata'], state: 'west bengal', pincode: '700016' },
    ],
    ['Only a name', { name: 'Only a name', lines: [], state: null, pincode: null }],
  ])('%s', (address, parts) => {
    expect(deliveryParts(address)).toEqual(parts);
  });
});
