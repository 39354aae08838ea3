/** The signed-in shopper's profile and saved delivery addresses. */
import { asList } from './read';
import { normaliseAddress, normaliseProfile } from './normalise';
import { call, mediaOrigin } from './http';
import type { Address, Profile } from '../../../contract/types';

/** The signed-in shopper's profile. */
export async function getProfile(): Promise<Profile> {
  return normaliseProfile(await call('common/profile/'), mediaOrigin());
}

/** Updates the profile (multipart: the fields and, optionally, a new picture). */
export async function updateProfile(form: FormData): Promise<Profile> {
  return normaliseProfile(
    await call('common/profile/', { method: 'PATCH', form, fallback: 'Failed to update profile.' }),
    mediaOrigin(),
  );
}

/** The shopper's saved delivery addresses. */
export async function getAddresses(): Promise<Address[]> {
  return asList(await call('common/addresses/', { fallback: 'Failed to fetch addresses.' })).map(normaliseAddress);
}

/** Saves a new delivery address. */
export async function createAddress(fields: Omit<Address, 'id' | 'user'>): Promise<Address> {
  return normaliseAddress(
    await call('common/addresses/', { method: 'POST', json: fields, fallback: 'Failed to save address.' }),
  );
}

/** Deletes one of the shopper's addresses. */
export async function deleteAddress(id: number): Promise<void> {
  await call(`common/addresses/${id}/`, { method: 'DELETE', fallback: 'Failed to delete address.' });
}
