// The invoice pool's thread (off-thread.ts): draws the invoices it is sent.
import { serveInThread } from '../../shared/worker-pool';
import { renderInvoicePdf } from './invoice-pdf';

serveInThread(renderInvoicePdf);
