/**
 * The desk's lists (orders board, customers, reviews) keep their filters, sort and page in the
 * page's address, so a reload or Back shows the same list. Each list's fields are read from the
 * address and checked with the API's own zod schema (contract/schemas/admin-*.ts): what the
 * server would refuse is left out of the address, and the forms show the schema's messages.
 */
import { z } from 'zod';
import { OrderBoardQuery } from '../../../contract/schemas/admin-orders';
import { CustomerQuery } from '../../../contract/schemas/admin-customers';
import { ReviewModerationQuery } from '../../../contract/schemas/admin-reviews';
import { DATES_REVERSED, validate } from '../../../contract/schemas/common';
import { AuditQuery } from '../../../contract/schemas/staff';
import type { ApiQuery } from './desk-api';

/** A list's filters as text (empty: not filtered), and its page from 1. */
export type ListFilters<K extends string> = { [key in K]: string } & { page: number };

/** A list the desk shows: its query schema and the filters it keeps in the address. */
export interface ListSpec<K extends string> {
  schema: z.ZodObject;
  keys: readonly K[];
}

export const ORDER_BOARD: ListSpec<'state' | 'payment_method' | 'pincode' | 'from' | 'to' | 'q' | 'sort'> = {
  schema: OrderBoardQuery,
  keys: ['state', 'payment_method', 'pincode', 'from', 'to', 'q', 'sort'],
};
export type BoardFilters = ListFilters<(typeof ORDER_BOARD.keys)[number]>;

export const CUSTOMER_LIST: ListSpec<'q'> = { schema: CustomerQuery, keys: ['q'] };
export type CustomerFilters = ListFilters<'q'>;

export const REVIEW_LIST: ListSpec<'product' | 'rating' | 'status' | 'q'> = {
  schema: ReviewModerationQuery,
  keys: ['product', 'rating', 'status', 'q'],
};
export type ReviewFilters = ListFilters<(typeof REVIEW_LIST.keys)[number]>;

/**
 * The audit log's filters, with the API's own rules; the address names the staff member `staff`
 * (`/admin/audit?staff=3&kind=stock`), the API `staff_id` (`auditApiQuery`).
 */
export const AUDIT_LIST: ListSpec<'staff' | 'kind' | 'from' | 'to'> = {
  schema: z
    .object({
      staff: AuditQuery.shape.staff_id,
      kind: AuditQuery.shape.kind,
      from: AuditQuery.shape.from,
      to: AuditQuery.shape.to,
    })
    .refine((q) => !q.from || !q.to || q.from <= q.to, { message: DATES_REVERSED, path: ['from'] }),
  keys: ['staff', 'kind', 'from', 'to'],
};
export type AuditFilters = ListFilters<(typeof AUDIT_LIST.keys)[number]>;

/** What the API is asked for the audit log's address query. */
export function auditApiQuery({ staff, ...rest }: ApiQuery): ApiQuery {
  return staff ? { ...rest, staff_id: staff } : rest;
}

/** The filters of `spec` with nothing chosen, page 1. */
export function emptyFilters<K extends string>(spec: ListSpec<K>): ListFilters<K> {
  return { ...(Object.fromEntries(spec.keys.map((k) => [k, ''])) as { [key in K]: string }), page: 1 };
}

/** What the API is asked: the filters given, and the page when past the first. */
export function apiQueryOf<K extends string>(spec: ListSpec<K>, filters: ListFilters<K>): ApiQuery {
  const query: ApiQuery = {};
  for (const key of spec.keys) {
    const value = filters[key].trim();
    if (value) query[key] = value;
  }
  if (filters.page > 1) query.page = String(filters.page);
  return query;
}

/**
 * The mistakes in `filters` by field, in the schema's words ('Pincode must be 6 digits.', 'The
 * "from" date must not be after the "to" date.'); empty when the server would take them.
 */
export function filterErrors<K extends string>(spec: ListSpec<K>, filters: ListFilters<K>): Record<string, string> {
  const checked = validate(spec.schema, apiQueryOf(spec, filters));
  return checked.ok ? {} : checked.errors;
}

/** The filters an address's query holds: each one the schema takes, the others left out. */
export function filtersFrom<K extends string>(spec: ListSpec<K>, search: string): ListFilters<K> {
  const params = new URLSearchParams(search);
  const filters = emptyFilters(spec);
  for (const key of spec.keys) {
    const value = (params.get(key) ?? '').trim();
    const field = spec.schema.shape[key] as z.ZodType | undefined;
    if (value && field?.safeParse(value).success) filters[key] = value as ListFilters<K>[K];
  }
  const page = params.get('page') ?? '';
  if (/^[1-9]\d{0,5}$/.test(page)) filters.page = Number(page);
  // Fields fine alone but not together (dates the wrong way round) are left out as well.
  for (const key of Object.keys(filterErrors(spec, filters))) {
    if (key in filters && key !== 'page') filters[key as K] = '' as ListFilters<K>[K];
  }
  return filters;
}

/** The address's query for `filters`: '?state=packed&page=2', or '' for the list unfiltered. */
export function searchOf<K extends string>(spec: ListSpec<K>, filters: ListFilters<K>): string {
  const search = new URLSearchParams(apiQueryOf(spec, filters) as Record<string, string>).toString();
  return search ? `?${search}` : '';
}
