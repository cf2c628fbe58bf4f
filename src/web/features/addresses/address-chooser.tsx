import { Suspense, useEffect, useId, useRef, useState } from 'react';
import type { Address } from '../../../shared/api/addresses';
import { Alert, Choice, Spinner } from '../../components/plain-controls';
import { lazyChunk } from '../../lib/lazy';
import { AddressText } from './address-text';
import { announceAddressSaved, useAddressPages } from './api/list-addresses';
import { mayChoose } from './chosen-addresses';

export interface AddressChooserProps {
  /** 'Delivery' lists delivery addresses; 'Billing' lists every saved address (any can be billed to). */
  type: 'Delivery' | 'Billing';
  /** The chosen address, or null. */
  value: Address | null;
  onChange(address: Address | null): void;
  /** For Delivery: the island the bookings go to; addresses on another island are shown but disabled with a reason. */
  island?: string | null;
  /** Shown as the heading, e.g. "Delivery address". */
  label: string;
}

/**
 * The address form (shared with the Address Book) brings the country list: it loads when "Add a
 * new address" is first reached for, so the checkout opened directly loads none of it (issue 16).
 */
const loadAddressDialog = () => import('./address-form');
const AddressDialog = lazyChunk('address-form', loadAddressDialog);

/**
 * The checkout's (and the quote's) choice of a saved address: the addresses as radio cards
 * (arrow keys move the choice), 10 at a time with "Show more addresses" (docs/requirements.md §9's
 * list call), and "Add a new address" in a dialog, chosen at once when saved. The chosen address is
 * shown first even when its page was not read. When nothing is chosen and the customer has
 * exactly one address that may be, it is chosen. A chosen address that is deleted (once every
 * page is read), or no longer on the bookings' island, is let go (onChange(null)); one changed
 * elsewhere is passed on anew. Plain elements (addresses.css).
 * The checkout keeps the choice with chosen-addresses.ts:
 *
 *   const chosen = useChosenAddresses();
 *   <AddressChooser type="Delivery" label="Delivery address" island={island}
 *     value={chosen.Delivery} onChange={(a) => chooseAddress('Delivery', a)} />
 */
export function AddressChooser({ type, value, onChange, island, label }: AddressChooserProps) {
  const list = useAddressPages(type);
  const [adding, setAdding] = useState(false);
  // Mounted from the first "Add a new address" on, so the dialog's closing transition still plays.
  const [added, setAdded] = useState(false);
  const headingId = useId();
  // An address just added is not let go before a list holding it has been read (the choice can
  // render before the list's reading starts).
  const justAdded = useRef<number | null>(null);
  const read = list.items;
  // The chosen address first when its page has not been read (chosen on an earlier visit, or
  // just added).
  const items = value && !read.some((a) => a.Id === value.Id) ? [value, ...read] : read;

  /** Why an address cannot be chosen here, or null when it can. */
  const reasonOf = (address: Address): string | null => {
    if (!mayChoose(type, address)) return 'This is not a delivery address.';
    if (type === 'Delivery' && island && address.Island !== island) {
      return `This address is on ${address.Island}; these deliveries go to ${island}.`;
    }
    return null;
  };
  // Only what the server holds now decides: not a list being read again.
  const settled = list.status === 'success' && !list.loading;

  useEffect(() => {
    if (!settled) return;
    if (value) {
      const fresh = read.find((address) => address.Id === value.Id);
      if (fresh && justAdded.current === fresh.Id) justAdded.current = null;
      if (!fresh && justAdded.current === value.Id) return;
      if (fresh ? reasonOf(fresh) : list.complete || reasonOf(value)) onChange(null);
      else if (fresh && fresh.Updated !== value.Updated) onChange(fresh);
    } else if (list.total === 1 && read.length === 1 && reasonOf(read[0]) === null) {
      onChange(read[0]);
    }
  });

  return (
    <section className="address-chooser" aria-labelledby={headingId}>
      <h2 id={headingId}>{label}</h2>
      {list.status === 'pending' && (
        <div className="address-chooser__loading">
          <Spinner label="Loading your addresses" />
        </div>
      )}
      {list.status === 'error' && (
        <Alert severity="error">Your addresses could not be loaded, please try again.</Alert>
      )}
      {list.status === 'success' && items.length === 0 && (
        <p className="address-chooser__empty">
          {type === 'Delivery'
            ? 'You have no saved delivery addresses yet.'
            : 'You have no saved addresses yet.'}
        </p>
      )}
      {items.length > 0 && (
        <div className="address-chooser__list" role="radiogroup" aria-labelledby={headingId}>
          {items.map((address) => {
            const reason = reasonOf(address);
            return (
              <div
                key={address.Id}
                className={`address-choice${reason ? ' address-choice--disabled' : ''}`}
              >
                <Choice
                  type="radio"
                  name={`${type.toLowerCase()}-address`}
                  value={String(address.Id)}
                  checked={value?.Id === address.Id}
                  disabled={reason !== null}
                  onChange={() => onChange(address)}
                  label={<AddressText address={address} />}
                  description={reason && <span className="address-choice__reason">{reason}</span>}
                />
              </div>
            );
          })}
        </div>
      )}
      {list.status === 'success' && list.total > read.length && (
        <div className="address-chooser__more">
          <p className="address-chooser__count">
            Showing {read.length} of {list.total} addresses
          </p>
          <button
            type="button"
            className="button button--text"
            onClick={list.more}
            disabled={list.loading}
            aria-busy={list.loading || undefined}
          >
            {list.loading && <Spinner />}
            Show more addresses
          </button>
        </div>
      )}
      {list.moreFailed && (
        <Alert severity="error">More addresses could not be loaded, please try again.</Alert>
      )}
      <button
        type="button"
        className="button button--outlined address-chooser__add"
        onClick={() => {
          setAdded(true);
          setAdding(true);
        }}
        // Reaching for it starts loading the form, so it opens without a wait.
        onPointerEnter={() => void loadAddressDialog()}
        onFocus={() => void loadAddressDialog()}
        disabled={list.status !== 'success'}
      >
        Add a new address
      </button>
      {added && (
        <Suspense fallback={null}>
          <AddressDialog
            open={adding}
            onClose={() => setAdding(false)}
            type={type}
            lockType
            defaults={type === 'Delivery' && island ? { Island: island } : undefined}
            onSaved={(address) => {
              setAdding(false);
              // Read again first, so the list being read is not taken as the truth meanwhile.
              announceAddressSaved();
              justAdded.current = address.Id;
              if (reasonOf(address) === null) onChange(address);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
