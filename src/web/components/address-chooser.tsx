import { Suspense, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Await, useNavigation, useSearchParams } from 'react-router';
import type { Address } from '../../shared/api/addresses';
import { Alert, Choice, Spinner } from './plain-controls';
import { lazyChunk } from '../lib/lazy';
import { useSessionData, type Loaded } from '../lib/route-data';
import { AddressText } from './address-text';
import { PAGES_PARAM, pagesShown, type ChooserList, type ChooserType } from '../lib/chooser-lists';
import { mayChoose } from '../lib/chosen-addresses';

export interface AddressChooserProps {
  /** 'Delivery' lists delivery addresses; 'Billing' lists every saved address (any can be billed to). */
  type: ChooserType;
  /** The chooser's list as the screen's loader read it (chooser-lists.ts). */
  list: Promise<Loaded<ChooserList>>;
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
 * new address" is first reached for, so the checkout opened directly loads none of it (decision
 * 0029).
 */
const loadAddressDialog = () => import('./address-form');
const AddressDialog = lazyChunk('address-form', loadAddressDialog);

/** Why an address cannot be chosen here, or null when it can. */
function reasonOf(type: ChooserType, island: string | null | undefined, address: Address) {
  if (!mayChoose(type, address)) return 'This is not a delivery address.';
  if (type === 'Delivery' && island && address.Island !== island) {
    return `This address is on ${address.Island}; these deliveries go to ${island}.`;
  }
  return null;
}

/**
 * The checkout's (and the quote's) choice of a saved address: the addresses as radio cards
 * (arrow keys move the choice), 10 at a time with "Show more addresses" (docs/requirements.md §9's
 * list call, read by the screen's loader: chooser-lists.ts), and "Add a new address" in a dialog,
 * chosen at once when saved. The chosen address is shown first even when its page was not read.
 * When nothing is chosen and the customer has exactly one address that may be, it is chosen. A
 * chosen address that is deleted (once every page is read), or no longer on the bookings' island,
 * is let go (onChange(null)); one changed elsewhere is passed on anew. Plain elements
 * (addresses.css). The checkout keeps the choice with chosen-addresses.ts:
 *
 *   const chosen = useChosenAddresses();
 *   <AddressChooser type="Delivery" label="Delivery address" island={island}
 *     list={choosers.Delivery} value={chosen.Delivery}
 *     onChange={(a) => chooseAddress('Delivery', a)} />
 */
export function AddressChooser({ list, ...props }: AddressChooserProps) {
  const { type, island, label, onChange } = props;
  const [adding, setAdding] = useState(false);
  // Mounted from the first "Add a new address" on, so the dialog's closing transition still plays.
  const [added, setAdded] = useState(false);
  const headingId = useId();
  // An address just added is not let go before a list holding it has been read.
  const justAdded = useRef<number | null>(null);
  const add = () => {
    setAdded(true);
    setAdding(true);
  };

  return (
    <section className="address-chooser" aria-labelledby={headingId}>
      <h2 id={headingId}>{label}</h2>
      <Suspense
        fallback={
          <>
            <Reading />
            <AddButton disabled onAdd={add} />
          </>
        }
      >
        <Await resolve={list}>
          {(loaded) => (
            <Choices
              {...props}
              loaded={loaded}
              headingId={headingId}
              justAddedRef={justAdded}
              onAdd={add}
            />
          )}
        </Await>
      </Suspense>
      {added && (
        <Suspense fallback={null}>
          <AddressDialog
            open={adding}
            onClose={() => setAdding(false)}
            type={type}
            lockType
            defaults={type === 'Delivery' && island ? { Island: island } : undefined}
            onSaved={(address) => {
              // The screen's action saved it, and React Router has its loader read the lists again.
              setAdding(false);
              justAdded.current = address.Id;
              if (reasonOf(type, island, address) === null) onChange(address);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

const Reading = () => (
  <div className="address-chooser__loading">
    <Spinner label="Loading your addresses" />
  </div>
);

function AddButton({ disabled, onAdd }: { disabled: boolean; onAdd(): void }) {
  return (
    <button
      type="button"
      className="button button--outlined address-chooser__add"
      onClick={onAdd}
      // Reaching for it starts loading the form, so it opens without a wait.
      onPointerEnter={() => void loadAddressDialog()}
      onFocus={() => void loadAddressDialog()}
      disabled={disabled}
    >
      Add a new address
    </button>
  );
}

/** The state of the move that asks for a chooser's next page. */
type MoreAsked = { more: ChooserType };

/** The addresses read, the choice among them, "Show more addresses" and "Add a new address". */
function Choices({
  type,
  value,
  onChange,
  island,
  loaded,
  headingId,
  justAddedRef,
  onAdd,
}: Omit<AddressChooserProps, 'list' | 'label'> & {
  loaded: Loaded<ChooserList>;
  headingId: string;
  justAddedRef: RefObject<number | null>;
  onAdd(): void;
}) {
  // Read for another session (a log-in on the page): nothing until the loader has read again.
  const { data, failure } = useSessionData(loaded);
  const [, setSearchParams] = useSearchParams();
  // "Show more addresses" is a move to this screen with one more page, marked as this chooser's.
  const showingMore = (useNavigation().location?.state as MoreAsked | null)?.more === type;
  const read = data?.items ?? [];
  // The chosen address first when its page has not been read (chosen on an earlier visit, or
  // just added).
  const items = value && !read.some((a) => a.Id === value.Id) ? [value, ...read] : read;
  const reason = (address: Address) => reasonOf(type, island, address);

  // Only what the server holds now decides.
  useEffect(() => {
    if (!data) return;
    if (value) {
      const fresh = read.find((address) => address.Id === value.Id);
      if (fresh && justAddedRef.current === fresh.Id) justAddedRef.current = null;
      if (!fresh && justAddedRef.current === value.Id) return;
      const complete = read.length >= data.total;
      if (fresh ? reason(fresh) : complete || reason(value)) onChange(null);
      else if (fresh && fresh.Updated !== value.Updated) onChange(fresh);
    } else if (data.total === 1 && read.length === 1 && reason(read[0]) === null) {
      onChange(read[0]);
    }
  });

  const more = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        // After a page that could not be read, that page again.
        const pages = pagesShown(current, type) + (data?.moreFailed ? 0 : 1);
        next.set(PAGES_PARAM[type], String(pages));
        return next;
      },
      { replace: true, preventScrollReset: true, state: { more: type } satisfies MoreAsked },
    );

  return (
    <>
      {!data && !failure && <Reading />}
      {failure && (
        <Alert severity="error">Your addresses could not be loaded, please try again.</Alert>
      )}
      {data && items.length === 0 && (
        <p className="address-chooser__empty">
          {type === 'Delivery'
            ? 'You have no saved delivery addresses yet.'
            : 'You have no saved addresses yet.'}
        </p>
      )}
      {items.length > 0 && (
        <div className="address-chooser__list" role="radiogroup" aria-labelledby={headingId}>
          {items.map((address) => {
            const why = reason(address);
            return (
              <div
                key={address.Id}
                className={`address-choice${why ? ' address-choice--disabled' : ''}`}
              >
                <Choice
                  type="radio"
                  name={`${type.toLowerCase()}-address`}
                  value={String(address.Id)}
                  checked={value?.Id === address.Id}
                  disabled={why !== null}
                  onChange={() => onChange(address)}
                  label={<AddressText address={address} />}
                  description={why && <span className="address-choice__reason">{why}</span>}
                />
              </div>
            );
          })}
        </div>
      )}
      {data && data.total > read.length && (
        <div className="address-chooser__more">
          <p className="address-chooser__count">
            Showing {read.length} of {data.total} addresses
          </p>
          <button
            type="button"
            className="button button--text"
            onClick={more}
            disabled={showingMore}
            aria-busy={showingMore || undefined}
          >
            {showingMore && <Spinner />}
            Show more addresses
          </button>
        </div>
      )}
      {data?.moreFailed && !showingMore && (
        <Alert severity="error">More addresses could not be loaded, please try again.</Alert>
      )}
      <AddButton disabled={!data} onAdd={onAdd} />
    </>
  );
}
