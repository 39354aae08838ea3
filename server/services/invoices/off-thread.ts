import { Worker } from 'node:worker_threads';
import { renderInvoicePdf } from './invoice-pdf';
import type { PdfAnswer, PdfRequest } from './pdf-thread-main';
import type { TaxInvoice } from './tax-invoice';

/**
 * Draws invoices on a worker thread: pdfkit works synchronously, about 48 ms for a one-line
 * invoice and more for long ones, and in the shop's own thread every order e-mail with its
 * invoice held up every other request for that long (checkouts under load fell from about
 * 1,600 to about 450 in 20 s in the fault test). One thread is enough: invoices are drawn one
 * at a time, each when it is mailed or downloaded.
 *
 * The thread starts on the first invoice and does not keep the process alive. When it cannot
 * start or stops, that invoice and the later ones are drawn here instead, as before.
 */
let worker: Worker | null = null;
let broken = false;
let next = 0;
const waiting = new Map<
  number,
  { resolve: (pdf: Buffer) => void; reject: (error: Error) => void; invoice: TaxInvoice }
>();

/** What the thread was drawing when it stopped is drawn here instead. */
function drawWaitingHere(): void {
  for (const [id, pending] of waiting) {
    waiting.delete(id);
    renderInvoicePdf(pending.invoice).then(pending.resolve, pending.reject);
  }
}

function thread(): Worker | null {
  if (broken) return null;
  if (worker) return worker;
  try {
    worker = new Worker(new URL('./pdf-thread.mjs', import.meta.url));
  } catch {
    broken = true;
    return null;
  }
  worker.unref();
  worker.on('message', (answer: PdfAnswer) => {
    const pending = waiting.get(answer.id);
    if (!pending) return;
    waiting.delete(answer.id);
    if ('pdf' in answer) pending.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
    else pending.reject(new Error(answer.error));
    if (waiting.size === 0) worker?.unref();
  });
  worker.on('error', () => {
    broken = true;
    worker = null;
    drawWaitingHere();
  });
  worker.on('exit', () => {
    worker = null;
    drawWaitingHere();
  });
  return worker;
}

/** The invoice as a PDF, drawn off the shop's thread (the same bytes as `renderInvoicePdf`). */
export function renderInvoicePdfOffThread(invoice: TaxInvoice): Promise<Buffer> {
  const target = thread();
  if (!target) return renderInvoicePdf(invoice);
  const id = (next += 1);
  return new Promise<Buffer>((resolve, reject) => {
    waiting.set(id, { resolve, reject, invoice });
    // Kept alive while it draws, so a process waiting for its e-mail does not end first.
    target.ref();
    target.postMessage({ id, invoice } satisfies PdfRequest);
  });
}
