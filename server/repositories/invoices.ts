import type { Insertable } from 'kysely';
import type { Db } from '../db';
import type { InvoicesTable } from '../db/schema';

/** Tax invoices and their yearly series. */

/**
 * The next serial of a financial year's series, in the caller's transaction: one upsert, which
 * holds the series row until that transaction ends, so two payments never take the same number
 * and a rolled-back one leaves no gap.
 */
export async function nextInvoiceSerial(trx: Db, financialYear: string): Promise<number> {
  const row = await trx
    .insertInto('invoice_series')
    .values({ financial_year: financialYear, last_serial: 1 })
    .onConflict((oc) =>
      oc.column('financial_year').doUpdateSet((eb) => ({ last_serial: eb('invoice_series.last_serial', '+', 1) })),
    )
    .returning('last_serial')
    .executeTakeFirstOrThrow();
  return row.last_serial;
}

export function insertInvoice(trx: Db, invoice: Insertable<InvoicesTable>) {
  return trx.insertInto('invoices').values(invoice).returningAll().executeTakeFirstOrThrow();
}

export function findInvoiceOfOrder(db: Db, orderId: number) {
  return db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}
