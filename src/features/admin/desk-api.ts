/**
 * The back office's desk calls (docs/api.md, "Back office: orders / customers / reviews"): the
 * orders board and moves, invoices and packing slips, customers, and review moderation. Named
 * functions over the one client's request, each with the staff token and its 401 handling from
 * admin-api.ts; only the /admin pages import this module.
 */
import { call, callFile, type ApiFile } from '../../lib/api/http';
import type { OrderBoardPage, RefundLimits, RefundRequest, StaffOrder } from '../../../contract/api/admin-orders';
import type { CustomerPage, CustomerProfile } from '../../../contract/api/admin-customers';
import type { ModeratedReview, ModeratedReviewPage } from '../../../contract/api/admin-reviews';
import type { RefundLimitsInput, StaffMove } from '../../../contract/schemas/admin-orders';
import { asStaff } from './admin-api';

/** A query as the API reads it: every value text, an absent one left out. */
export type ApiQuery = Record<string, string | undefined>;

/** One page of the orders board under `query` (docs/api.md: state, payment_method, pincode, from, to, q, sort, page). */
export async function getOrderBoard(query: ApiQuery, signal?: AbortSignal): Promise<OrderBoardPage> {
  return (await call('admin/orders', { query, ...asStaff(), signal })) as OrderBoardPage;
}

/** One order in full, with the moves staff may make now. */
export async function getStaffOrder(id: number, signal?: AbortSignal): Promise<StaffOrder> {
  return (await call(`admin/orders/${id}`, { ...asStaff(), signal })) as StaffOrder;
}

/**
 * Moves an order along (the note: the tracking number when shipping without a courier from the
 * list, the reason when cancelling; `courier`: the courier from the list and the AWB number).
 */
export async function moveOrder(
  id: number,
  to: StaffMove,
  note: string | undefined,
  courier?: { courier_id: number; awb: string },
): Promise<StaffOrder> {
  return (await call(`admin/orders/${id}/move`, {
    method: 'POST',
    json: { to, ...(note ? { note } : {}), ...courier },
    ...asStaff(),
  })) as StaffOrder;
}

/** Adds a note staff keep on the order (never shown to the shopper); answers the order with its notes. */
export async function addOrderNote(id: number, body: string): Promise<StaffOrder> {
  return (await call(`admin/orders/${id}/notes`, { method: 'POST', json: { body }, ...asStaff() })) as StaffOrder;
}

/** Refunds waiting for approval, the longest waiting first. */
export async function getRefundRequests(signal?: AbortSignal): Promise<RefundRequest[]> {
  return (await call('admin/refund-requests', { ...asStaff(), signal })) as RefundRequest[];
}

/** Approves a refund: the order is cancelled and refunded. */
export async function approveRefund(requestId: number): Promise<StaffOrder> {
  return (await call(`admin/refund-requests/${requestId}/approve`, { method: 'POST', ...asStaff() })) as StaffOrder;
}

/** Refuses a refund with its reason: the order stays as it is. */
export async function rejectRefund(requestId: number, note: string): Promise<StaffOrder> {
  return (await call(`admin/refund-requests/${requestId}/reject`, {
    method: 'POST',
    json: { note },
    ...asStaff(),
  })) as StaffOrder;
}

/** The most each role may refund without approval. */
export async function getRefundLimits(signal?: AbortSignal): Promise<RefundLimits> {
  return (await call('admin/refund-limits', { ...asStaff(), signal })) as RefundLimits;
}

/** Sets the refund limits (owners). */
export async function setRefundLimits(limits: RefundLimitsInput): Promise<RefundLimits> {
  return (await call('admin/refund-limits', { method: 'PUT', json: limits, ...asStaff() })) as RefundLimits;
}

/** The orders placed from `from` to `to` (YYYY-MM-DD, India time, both included) as a CSV file. */
export function getOrdersCsv(from: string, to: string): Promise<ApiFile> {
  return callFile('admin/orders/export', `orders-${from}-to-${to}.csv`, {
    query: { from, to },
    ...asStaff(),
    accept: 'text/csv',
    fallback: 'The orders could not be exported.',
  });
}

/** The order's GST tax invoice (a paid order's), as a PDF file. */
export function getOrderInvoice(id: number): Promise<ApiFile> {
  return callFile(`admin/orders/${id}/invoice`, `invoice-${id}.pdf`, {
    ...asStaff(),
    fallback: 'The invoice could not be downloaded.',
  });
}

/** The order's packing slip, as a PDF file. */
export function getPackingSlip(id: number): Promise<ApiFile> {
  return callFile(`admin/orders/${id}/packing-slip`, `packing-slip-${id}.pdf`, {
    ...asStaff(),
    fallback: 'The packing slip could not be downloaded.',
  });
}

/** One page of customers found by `query` (q, page). */
export async function getCustomers(query: ApiQuery, signal?: AbortSignal): Promise<CustomerPage> {
  return (await call('admin/customers', { query, ...asStaff(), signal })) as CustomerPage;
}

/** One customer: the profile, their newest orders and saved addresses. */
export async function getCustomer(id: number, signal?: AbortSignal): Promise<CustomerProfile> {
  return (await call(`admin/customers/${id}`, { ...asStaff(), signal })) as CustomerProfile;
}

/** One page of reviews for moderation under `query` (product, rating, status, q, page). */
export async function getModeratedReviews(query: ApiQuery, signal?: AbortSignal): Promise<ModeratedReviewPage> {
  return (await call('admin/reviews', { query, ...asStaff(), signal })) as ModeratedReviewPage;
}

/** Hides a review from the shop, with the reason kept with it. */
export async function hideReview(id: number, reason: string): Promise<ModeratedReview> {
  return (await call(`admin/reviews/${id}/hide`, {
    method: 'POST',
    json: { reason },
    ...asStaff(),
  })) as ModeratedReview;
}

/** Shows a hidden review again. */
export async function unhideReview(id: number): Promise<ModeratedReview> {
  return (await call(`admin/reviews/${id}/unhide`, { method: 'POST', json: {}, ...asStaff() })) as ModeratedReview;
}

/** Writes the shop's reply to a review, or replaces the one it has. */
export async function replyToReview(id: number, reply: string): Promise<ModeratedReview> {
  return (await call(`admin/reviews/${id}/reply`, {
    method: 'PUT',
    json: { reply },
    ...asStaff(),
  })) as ModeratedReview;
}

/** Removes the shop's reply to a review. */
export async function removeReviewReply(id: number): Promise<ModeratedReview> {
  return (await call(`admin/reviews/${id}/reply`, { method: 'DELETE', ...asStaff() })) as ModeratedReview;
}
