import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { migrate, type Db } from '../../server/db';
import { repairedDelivery, stateOfPincode } from '../../server/db/migrations/0014-invoice-repair';
import { createInvoices, DEMO_SELLER } from '../../server/services/invoices/issuing';
import { databaseMigratedTo } from './migration-helpers';
import type { TestDatabase } from '../database';

describe('reading an old order’s delivery state and pincode again', () => {
  test.each<[string, string | null, string | null, { pincode: string | null; state: string | null }]>([
    [
      'Asha, 9876543210, 12 Hill Road, Bandra West, Mumbai 400050',
      null,
      null,
      { pincode: '400050', state: 'Maharashtra' },
    ],
    [
      'Asha, 9876543210, Aberdeen Bazar, Port Blair 744101 Andaman',
      null,
      null,
      { pincode: '744101', state: 'Andaman and Nicobar Islands' },
    ],
    ['Asha, 9876543210, MG Road, Chennai, TN, 600002.', null, null, { pincode: '600002', state: 'Tamil Nadu' }],
    [
      'Asha, 9876543210, MG Road, Bengaluru, Karnataka, 560001',
      '560001',
      'karnataka',
      { pincode: '560001', state: 'Karnataka' },
    ],
    ['Asha, 9876543210, Salt Lake, Kolkata', null, 'WB', { pincode: null, state: 'West Bengal' }],
    ['Asha, somewhere', null, null, { pincode: null, state: null }],
  ])('%j (stored %j, %j)', (address, pincode, state, repaired) => {
    expect(repairedDelivery(address, pincode, state)).toEqual(repaired);
  });

  test.each([
    ['110001', 'Delhi'],
    ['160017', 'Chandigarh'],
    ['403001', 'Goa'],
    ['560034', 'Karnataka'],
    ['682555', 'Lakshadweep'],
    ['737101', 'Sikkim'],
    ['834001', 'Jharkhand'],
    ['000000', null],
  ])('the postal circle of %s is %s', (pincode, state) => {
    expect(stateOfPincode(pincode)).toBe(state);
  });
});

/**
 * A shop that numbered invoices it could not produce (orders whose address had no readable state
 * or pincode, lines without HSN code) gets those orders repaired from their own data, and each
 * invoice renders.
 */
describe('repairing numbered invoices that could not be produced (0014)', () => {
  let database: TestDatabase;
  let db: Db;
  const addresses = [
    'Asha Verma, 9876543210, 12 Hill Road, Bandra West, Mumbai 400050',
    'Ravi Rao, 9876543211, Aberdeen Bazar, Port Blair 744101 Andaman',
    'Meera Iyer, 9876543212, 4 Anna Salai, Chennai, Tamil Nadu, 600002',
  ];

  beforeAll(async () => {
    database = await databaseMigratedTo('0013-import-checks');
    db = database.db;
    await db.insertInto('categories').values({ id: 1, name: 'Kitchen', position: 0 }).execute();
    await db.insertInto('subcategories').values({ id: 1, category_id: 1, name: 'Cookware', position: 0 }).execute();
    await db
      .insertInto('products')
      .values([
        {
          id: 1,
          subcategory_id: 1,
          name: 'Kadai',
          description: '',
          weight_grams: 900,
          unit: 'piece',
          length_cm: 30,
          width_cm: 30,
          height_cm: 10,
          big_deal: 0,
          popular: 0,
          hsn_code: '7323',
          gst_rate: 12,
        },
      ])
      .execute();
    await db
      .insertInto('variants')
      .values({
        id: 1,
        product_id: 1,
        position: 0,
        name: 'Small',
        sku: 'K-1',
        unit: 'piece',
        unit_value: 1,
        price_paise: 99900,
        final_price_paise: 89900,
      })
      .execute();
    await db
      .insertInto('users')
      .values({ id: 1, first_name: 'Asha', last_name: 'Verma', email: 'asha@example.in' })
      .execute();
    for (const [index, address] of addresses.entries()) {
      const id = index + 1;
      await db
        .insertInto('orders')
        .values({
          id,
          user_id: 1,
          provider: 'local',
          provider_order_id: `order_Old0000000000${id}`,
          receipt: `rcpt_${id}`,
          amount_paise: 89900,
          address,
          cart_fingerprint: `fp${id}`,
          created_at: '2026-10-01T10:00:00.000Z',
          payment_id: `pay_Old00000000000${id}`,
          paid_at: '2026-10-01T10:05:00.000Z',
          state: 'paid',
          // As the old delivery check stored them: nothing it could not read from the end.
          delivery_pincode: id === 3 ? '600002' : null,
          delivery_state: id === 3 ? 'Tamil Nadu' : null,
        })
        .execute();
      await db
        .insertInto('order_items')
        .values({
          order_id: id,
          variant_id: 1,
          product_id: 1,
          product_name: 'Kadai',
          quantity: 1,
          unit_price_paise: 89900,
          // Bought before the product had its HSN code.
          hsn_code: id === 2 ? null : '7323',
          gst_rate: 12,
        })
        .execute();
      await db
        .insertInto('invoices')
        .values({
          order_id: id,
          number: `GB/26-27/00000${id}`,
          financial_year: '2026-27',
          serial: id,
          issued_at: '2026-10-01T10:05:00.000Z',
          seller: JSON.stringify(DEMO_SELLER),
        })
        .execute();
    }
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await migrate(db);
    } finally {
      warn.mockRestore();
    }
  });

  afterAll(() => database?.drop());

  test('each order has its state and pincode, each line its HSN code, from the order’s own data', async () => {
    const orders = await db
      .selectFrom('orders')
      .select(['id', 'delivery_pincode', 'delivery_state'])
      .orderBy('id')
      .execute();
    expect(orders).toEqual([
      { id: 1, delivery_pincode: '400050', delivery_state: 'Maharashtra' },
      { id: 2, delivery_pincode: '744101', delivery_state: 'Andaman and Nicobar Islands' },
      { id: 3, delivery_pincode: '600002', delivery_state: 'Tamil Nadu' },
    ]);
    const lines = await db.selectFrom('order_items').select(['order_id', 'hsn_code']).orderBy('order_id').execute();
    expect(lines.every((l) => l.hsn_code === '7323')).toBe(true);
  });

  test('every numbered invoice can now be produced, with its number kept', async () => {
    const invoices = createInvoices(db);
    for (const id of [1, 2, 3]) {
      const order = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const invoice = await invoices.pdfOf(order);
      expect(invoice?.number).toBe(`GB/26-27/00000${id}`);
      expect(invoice?.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});
