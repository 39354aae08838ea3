import { asBuffer, workerPool } from '../../shared/worker-pool';
import { renderInvoicePdf } from './invoice-pdf';
import type { TaxInvoice } from './tax-invoice';

/**
 * Draws invoices on a worker thread: pdfkit works synchronously, about 48 ms for a one-line
 * invoice and more for long ones, and in the shop's own thread every order e-mail with its
 * invoice held up every other request for that long (checkouts under load fell from about
 * 1,600 to about 450 in 20 s in the fault test). One thread is enough: invoices are drawn one
 * at a time, each when it is mailed or downloaded. When the thread cannot start or stops, that
 * invoice and the later ones are drawn here instead, as before.
 */
const drawOffThread = workerPool<TaxInvoice, Uint8Array>({
  module: new URL('./pdf-thread.ts', import.meta.url),
  size: 1,
  runHere: renderInvoicePdf,
});

/** The invoice as a PDF, drawn off the shop's thread (the same bytes as `renderInvoicePdf`). */
export async function renderInvoicePdfOffThread(invoice: TaxInvoice): Promise<Buffer> {
  return asBuffer(await drawOffThread(invoice));
}
