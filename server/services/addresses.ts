import type { Address } from '../../contract/types';
import type { AddressFields } from '../../contract/schemas/address';
import type { Db } from '../db';
import type { AddressRow } from '../db/schema';
import { Invalid, NotFound } from './errors';
import { countAddresses, deleteAddress, findAddress, insertAddress, listAddresses } from '../repositories/addresses';

/** Addresses one shopper may keep: plenty for a household, and a bound on what one account can store. */
export const MAX_ADDRESSES = 50;

/** Another shopper's address is indistinguishable from a missing one. */
export const addressNotFound = () => new NotFound('Address not found.');

/** An address as the API shows it: `user` is the owner's id. */
function addressOf(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    phone_number: row.phone_number,
    alternate_phone_number: row.alternate_phone_number,
    pincode: row.pincode,
    locality: row.locality,
    area: row.area,
    city: row.city,
    state: row.state,
    landmark: row.landmark,
    address_type: row.address_type,
    user: row.user_id,
  };
}

/** The shopper's addresses, newest first. */
export async function addressesOf(db: Db, userId: number): Promise<Address[]> {
  return (await listAddresses(db, userId)).map(addressOf);
}

/** Keeps a new address for the shopper, within MAX_ADDRESSES. */
export async function addAddress(db: Db, userId: number, fields: AddressFields, at: string): Promise<Address> {
  if ((await countAddresses(db, userId)) >= MAX_ADDRESSES) {
    throw new Invalid(`You can keep at most ${MAX_ADDRESSES} addresses; delete one first.`);
  }
  return addressOf(await insertAddress(db, { ...fields, user_id: userId, created_at: at }));
}

/** One of the shopper's addresses. */
export async function addressOfShopper(db: Db, userId: number, id: number): Promise<Address> {
  const row = await findAddress(db, userId, id);
  if (!row) throw addressNotFound();
  return addressOf(row);
}

/** Deletes one of the shopper's addresses. */
export async function removeAddress(db: Db, userId: number, id: number): Promise<void> {
  if (!(await deleteAddress(db, userId, id))) throw addressNotFound();
}
