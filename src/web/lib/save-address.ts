import type { Address, AddressRequest } from '../../shared/api/addresses';
import { failureOf, type Failure } from './route-data';
import { createAddress } from './api/create-address';
import { updateAddress } from './api/update-address';
import { refreshChosenAddress } from './chosen-addresses';

// The address dialog (address-form.tsx) is opened by three screens (the Address Book, the
// checkout's and the quote's choosers): it sends the address to the action of the screen it is on,
// which hands it to saveAddress; React Router then reads the screen's data again.

/** What the address dialog sends: a new address, or the changes to one. */
export type AddressSubmission = { intent: 'save-address'; Id?: number; address: AddressRequest };

/** What the screen's action answers for it: the address as saved, or why not. */
export type AddressAnswer =
  | { intent: 'save-address'; saved: Address; failure: null }
  | { intent: 'save-address'; saved?: undefined; failure: Failure };

/** The part of a screen's clientAction that saves the address dialog's address. */
export async function saveAddress({ Id, address }: AddressSubmission): Promise<AddressAnswer> {
  let saved;
  try {
    saved = Id === undefined ? await createAddress(address) : await updateAddress({ Id, address });
  } catch (error) {
    return { intent: 'save-address', failure: failureOf(error) };
  }
  // A changed address that is chosen for the checkout is chosen as it now reads.
  if (Id !== undefined) refreshChosenAddress(saved);
  return { intent: 'save-address', saved, failure: null };
}
