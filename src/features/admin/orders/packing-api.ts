/**
 * The packing queue's calls (docs/api.md, "Back office: packing and couriers"): what to pack, its
 * slips and invoices as one PDF, marking a batch packed, and the couriers orders ship with.
 */
import type { Courier, OrderAlerts, PackingQueue, PackResults } from '../../../../contract/api/admin-orders';
import type { CourierInput } from '../../../../contract/schemas/admin-orders';
import { call, callFile, type ApiFile } from '../../../lib/api/http';
import { asStaff } from '../admin-api';

/** The orders waiting to be packed, oldest first. */
export async function getPackingQueue(signal?: AbortSignal): Promise<PackingQueue> {
  return (await call('admin/packing', { ...asStaff(), signal })) as PackingQueue;
}

/** The packing slips and invoices of these orders, as one PDF file. */
export function getPackingDocuments(ids: readonly number[], today: string): Promise<ApiFile> {
  return callFile('admin/packing/documents', `GharBazaar-packing-${today}.pdf`, {
    query: { ids: ids.join(',') },
    ...asStaff(),
    fallback: 'The slips and invoices could not be downloaded.',
  });
}

/** Marks these orders packed, each on its own; answers what happened to each. */
export async function packOrders(ids: readonly number[]): Promise<PackResults> {
  return (await call('admin/packing/pack', { method: 'POST', json: { ids }, ...asStaff() })) as PackResults;
}

/** Every courier, by name. */
export async function getCouriers(signal?: AbortSignal): Promise<Courier[]> {
  return (await call('admin/couriers', { ...asStaff(), signal })) as Courier[];
}

/** Adds a courier (owners). */
export async function addCourier(input: CourierInput): Promise<Courier> {
  return (await call('admin/couriers', { method: 'POST', json: input, ...asStaff() })) as Courier;
}

/** Changes a courier (owners). */
export async function changeCourier(id: number, input: CourierInput): Promise<Courier> {
  return (await call(`admin/couriers/${id}`, { method: 'PUT', json: input, ...asStaff() })) as Courier;
}

/** The e-mails of orders the signed-in staff member gets. */
export async function getOrderAlerts(signal?: AbortSignal): Promise<OrderAlerts> {
  return (await call('admin/me/alerts', { ...asStaff(), signal })) as OrderAlerts;
}

/** Chooses the e-mails of orders the signed-in staff member gets. */
export async function setOrderAlerts(choices: OrderAlerts): Promise<OrderAlerts> {
  return (await call('admin/me/alerts', { method: 'PUT', json: choices, ...asStaff() })) as OrderAlerts;
}
