import { parentPort } from 'node:worker_threads';
import { renderInvoicePdf } from './invoice-pdf';
import type { TaxInvoice } from './tax-invoice';

/** A request of the shop's thread: draw this invoice. */
export interface PdfRequest {
  id: number;
  invoice: TaxInvoice;
}

/** The answer: the file, or why it could not be drawn. */
export type PdfAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on('message', (request: PdfRequest) => {
  renderInvoicePdf(request.invoice).then(
    (pdf) => parentPort?.postMessage({ id: request.id, pdf } satisfies PdfAnswer),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies PdfAnswer),
  );
});
