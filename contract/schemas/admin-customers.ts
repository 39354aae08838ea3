/** Rules and messages of the back office's customer search, shared by the /admin pages and the server. */
import { z } from 'zod';
import { pageField, pageSizeField, searchField } from './admin-orders';

/** Customers on one page unless the caller asks for another size. */
export const CUSTOMER_PAGE_SIZE = 25;
/** Longest search text: an e-mail address is at most 254 characters. */
export const MAX_CUSTOMER_SEARCH = 254;

/** GET /api/admin/customers: search and page. */
export const CustomerQuery = z.object({
  q: searchField(MAX_CUSTOMER_SEARCH, 'Part of the name, e-mail or phone number.'),
  page: pageField,
  page_size: pageSizeField(CUSTOMER_PAGE_SIZE),
});
export type CustomerFilters = z.output<typeof CustomerQuery>;
