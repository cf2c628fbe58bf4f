import { useEffect } from 'react';
import type { AddressList, AddressListRequest } from '../../../../shared/api/addresses';
import { ADDRESS_LIMITS } from '../../../../shared/saved-addresses';
import { apiRequest } from '../../../lib/api-client';
import { createResource, useResource } from '../../../lib/remote-resource';
import { getSession, subscribeSession, useSession } from '../../../lib/session';

/** POST /public/addresses: a page of the customer's addresses (SPEC section 7: items read). */
export const listAddresses = (request: AddressListRequest = {}) =>
  apiRequest<AddressList>('POST', '/public/addresses', request);

// A customer keeps at most ADDRESS_LIMITS.perCustomer addresses: one page of 100 holds them all.
const ALL: AddressListRequest = {
  options: { itemsPerPage: Math.max(100, ADDRESS_LIMITS.perCustomer) },
};

/**
 * Every saved address of the logged-in customer, for the checkout's choosers (the Address Book
 * reads a page at a time in its route's loader, routes/dashboard-addresses.tsx).
 */
export const savedAddressesResource = createResource(() => listAddresses(ALL));

// Another customer's addresses are never shown: when the session changes, the list is forgotten.
let token = getSession().token;
subscribeSession(() => {
  const next = getSession().token;
  if (next !== token) savedAddressesResource.reset();
  token = next;
});

/**
 * The customer's saved addresses, fetched again each time a screen showing them opens (they may
 * have been changed in the Address Book meanwhile) and when the session changes; nothing is
 * asked without a session.
 */
export function useSavedAddresses() {
  const { token: current } = useSession();
  useEffect(() => {
    if (current) savedAddressesResource.refresh();
  }, [current]);
  return useResource(savedAddressesResource, { fetch: false });
}
