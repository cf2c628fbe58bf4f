import { useEffect, useState } from 'react';
import type { Address, AddressList, AddressListRequest } from '../../../../shared/api/addresses';
import { ADDRESS_PAGE_SIZE } from '../../../../shared/saved-addresses';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/**
 * POST /public/addresses: a page of the customer's addresses (docs/requirements.md §7: items read).
 */
export const listAddresses = (request: AddressListRequest = {}) =>
  apiRequest<AddressList>('POST', '/public/addresses', request);

/**
 * The list call of docs/requirements.md §9 for a chooser: 10 a page, Updated ascending; the
 * delivery chooser asks for delivery addresses only, the billing one for all (any can be billed
 * to).
 */
const chooserPage = (type: 'Delivery' | 'Billing', page: number): AddressListRequest => ({
  options: { sortBy: 'Updated', sortDesc: false, itemsPerPage: ADDRESS_PAGE_SIZE, page },
  filter: type === 'Delivery' ? { Type: 'Delivery' } : {},
});

export interface AddressPages {
  status: 'pending' | 'success' | 'error';
  /** The pages read so far, in order. */
  items: Address[];
  /** How many addresses there are in all. */
  total: number;
  /** How many pages were read. */
  pages: number;
  /** A page is being read (the first again, or the next). */
  loading: boolean;
  /** The next page could not be read. */
  moreFailed: boolean;
}

const START: AddressPages = {
  status: 'pending',
  items: [],
  total: 0,
  pages: 0,
  loading: true,
  moreFailed: false,
};

/** A reading asked for: the page, for the session's token (each asking is a new object). */
interface Reading {
  token: string | null;
  page: number;
}

const addressChanges = new EventTarget();

/** After an address was saved: every chooser on the page reads its list again. */
export function announceAddressSaved() {
  addressChanges.dispatchEvent(new Event('change'));
}

/**
 * A chooser's addresses, a page at a time: the first page is read when the screen opens (they
 * may have been changed in the Address Book meanwhile), when the session changes (another
 * customer's are never shown) and on `refresh()`; `more()` adds the next. Only the latest
 * reading counts: an answer for an earlier one is dropped.
 */
export function useAddressPages(type: 'Delivery' | 'Billing') {
  const { token } = useSession();
  const [reading, setReading] = useState<Reading>({ token, page: 1 });
  const [state, setState] = useState<AddressPages & { for?: Reading }>(START);
  if (reading.token !== token) {
    setReading({ token, page: 1 });
    setState(START);
  }

  // A save in any chooser (or the Address Book) reads every chooser's list again: the billing
  // chooser lists the delivery address just added too.
  useEffect(() => {
    const readAgain = () => setReading((current) => ({ ...current, page: 1 }));
    addressChanges.addEventListener('change', readAgain);
    return () => addressChanges.removeEventListener('change', readAgain);
  }, []);

  useEffect(() => {
    if (!reading.token) return;
    let latest = true;
    const { page } = reading;
    listAddresses(chooserPage(type, page)).then(
      (list) => {
        if (!latest) return;
        setState((current) => {
          const before = page === 1 ? [] : current.items;
          const known = new Set(before.map((address) => address.Id));
          return {
            status: 'success',
            items: [...before, ...list.items.filter((address) => !known.has(address.Id))],
            total: list.total,
            pages: page,
            loading: false,
            moreFailed: false,
            for: reading,
          };
        });
      },
      () => {
        if (!latest) return;
        setState((current) =>
          page === 1
            ? { ...START, status: 'error', loading: false, for: reading }
            : { ...current, loading: false, moreFailed: true, for: reading },
        );
      },
    );
    return () => {
      latest = false;
    };
  }, [reading, type]);

  const loading = state.for !== reading;
  return {
    ...state,
    loading,
    moreFailed: state.moreFailed && !loading,
    /** Every address is in `items`. */
    complete: state.status === 'success' && state.items.length >= state.total,
    more: () => setReading((current) => ({ ...current, page: state.pages + 1 })),
  };
}
