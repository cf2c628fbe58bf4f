import { startTransition, Suspense, useEffect, useState } from 'react';
import { useFetcher, useRevalidator } from 'react-router';
import { ADDRESS_TYPES, type AddressType } from '../../../shared/addresses';
import type { Address, AddressList } from '../../../shared/api/addresses';
import { Icon, icons } from '../../components/icons';
import { Pager } from '../../components/pager';
import { Alert, BusyButton, Spinner } from '../../components/plain-controls';
import { browserOpensDialogs, PlainDialog } from '../../components/plain-dialog';
import { lazyChunk } from '../../lib/lazy';
import { answerMessage, type Failure, type Loaded, useSessionData } from '../../lib/route-data';
import { AddressText } from '../../components/address-text';
import '../../styles/account-screens.css';
import '../../styles/addresses.css';

/**
 * The address form (components/address-form.tsx), loaded as the checkout's chooser loads
 * it: its code is fetched once the book is shown, so "Add" answers at once.
 */
const loadAddressDialog = () => import('../../components/address-form');
const AddressDialog = lazyChunk('address-form', loadAddressDialog);

type Editing = { address: Address | null; type: AddressType };

/**
 * The ids of the two dialogs that add an address, one of each type: drawn closed once their code
 * has arrived, so that Add opens its own with no script (`commandfor`).
 */
const NEW_ADDRESS_IDS = {
  Delivery: 'new-delivery-address',
  Billing: 'new-billing-address',
} as const satisfies Record<AddressType, string>;

/** What the Address Book's action answers (routes/dashboard-addresses.tsx): deleted, or why not. */
export type DeleteAnswer = { intent: 'delete'; failure: Failure | null };

/** The address of a page of the book. */
export const bookPage = (page: number) => `/dashboard/addresses/${page > 1 ? `?page=${page}` : ''}`;

/**
 * The Address Book (/dashboard/addresses/): the customer's saved addresses as cards, 10 a page in
 * the order of docs/requirements.md §9 (Updated ascending), the page in the address (`?page=2`),
 * each with Edit and Delete (after a confirmation); new delivery and billing addresses are added in
 * a dialog. The route's loader reads the page; Delete submits to its action; a saved address has
 * the loader read the page again.
 */
export function AddressBookPage(props: { list: Loaded<AddressList>; page: number }) {
  const list = useSessionData(props.list);
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<Editing | null>(null);
  // The forms are drawn closed once their code has arrived (or at the first Add or Edit before
  // that), after the page and out of a press's way, so a press only opens one; then kept.
  const [formsDrawn, setFormsDrawn] = useState(false);
  // The address last edited: its dialog stays drawn, so that it closes where it was.
  const [edited, setEdited] = useState<Address | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.itemsPerPage)) : 1;

  useEffect(() => {
    let mounted = true;
    void loadAddressDialog().then(() => mounted && startTransition(() => setFormsDrawn(true)));
    return () => {
      mounted = false;
    };
  }, []);

  const edit = (next: Editing) => {
    setNotice(null);
    setFormsDrawn(true);
    if (next.address) setEdited(next.address);
    setEditing(next);
  };
  /**
   * An Add button. Once its dialog is drawn the browser opens it itself and the page hears of it
   * (`onOpen`); before that, the press draws it open.
   */
  const addButton = (type: AddressType) => ({
    commandfor: NEW_ADDRESS_IDS[type],
    command: 'show-modal',
    onClick: () =>
      (browserOpensDialogs() && document.getElementById(NEW_ADDRESS_IDS[type])) ||
      edit({ address: null, type }),
  });
  const onSaved = () => {
    setNotice(editing?.address ? 'Your address has been updated.' : 'Your address has been saved.');
    setEditing(null);
    void revalidator.revalidate();
  };

  return (
    <div className="screen">
      <h1>Address Book</h1>
      <p className="screen__muted">
        Save the island addresses we deliver to, and the billing address of your card, to choose
        them at checkout.
      </p>
      <div className="screen__actions">
        <button type="button" className="button button--contained" {...addButton('Delivery')}>
          Add a delivery address
        </button>
        <button type="button" className="button button--outlined" {...addButton('Billing')}>
          Add a billing address
        </button>
      </div>
      <Alert
        severity="success"
        action={
          <button
            type="button"
            className="icon-button"
            aria-label="Close"
            onClick={() => setNotice(null)}
          >
            <Icon path={icons.close} />
          </button>
        }
      >
        {notice}
      </Alert>

      {list.failure && (
        <Alert severity="error">Your addresses could not be loaded, please try again.</Alert>
      )}
      {!data && !list.failure && (
        <div className="screen__loading">
          <Spinner label="Loading your addresses" />
        </div>
      )}
      {data && data.total === 0 && <p>You have no saved addresses yet.</p>}
      {data && data.items.length > 0 && (
        <ul className="address-book" aria-label="Saved addresses">
          {data.items.map((address) => (
            <li key={address.Id}>
              <AddressCard
                address={address}
                onEdit={() => edit({ address, type: address.Type })}
                onDelete={() => {
                  setNotice(null);
                  setDeleting(address);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <Pager page={props.page} count={pages} to={bookPage} label="Address pages" />

      {formsDrawn && (
        <Suspense fallback={null}>
          {ADDRESS_TYPES.map((type) => (
            <AddressDialog
              key={type}
              id={NEW_ADDRESS_IDS[type]}
              open={editing?.address === null && editing.type === type}
              onOpen={() => {
                setNotice(null);
                setEditing({ address: null, type });
              }}
              onClose={() => setEditing(null)}
              type={type}
              onSaved={onSaved}
            />
          ))}
          {edited && (
            <AddressDialog
              open={editing?.address === edited}
              onClose={() => setEditing(null)}
              address={edited}
              type={edited.Type}
              onSaved={onSaved}
            />
          )}
        </Suspense>
      )}
      <DeleteAddressDialog
        address={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setNotice('The address has been deleted.');
          setDeleting(null);
        }}
      />
    </div>
  );
}

function AddressCard({
  address,
  onEdit,
  onDelete,
}: {
  address: Address;
  onEdit(): void;
  onDelete(): void;
}) {
  const delivery = address.Type === 'Delivery';
  return (
    <div className="card address-card">
      <div className="address-card__body">
        <span className={`chip${delivery ? ' chip--primary' : ''}`}>{address.Type}</span>
        <AddressText address={address} />
      </div>
      <div className="address-card__actions">
        <button
          type="button"
          className="button"
          onClick={onEdit}
          aria-label={`Edit ${address.Line1}`}
        >
          <Icon path={icons.edit} size={20} />
          Edit
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={onDelete}
          aria-label={`Delete ${address.Line1}`}
        >
          <Icon path={icons.remove} size={20} />
          Delete
        </button>
      </div>
    </div>
  );
}

/**
 * Asks before deleting; a failure is shown in the dialog (docs/requirements.md §8: passed to the
 * caller).
 */
function DeleteAddressDialog({
  address,
  onClose,
  onDeleted,
}: {
  address: Address | null;
  onClose(): void;
  onDeleted(): void;
}) {
  return (
    <PlainDialog open={address !== null} onClose={onClose} title="Delete this address?" width={500}>
      {/* Mounted while open: a failure shown once is gone when the dialog is opened again. */}
      {address && (
        <DeleteConfirmation
          key={address.Id}
          address={address}
          onClose={onClose}
          onDeleted={onDeleted}
        />
      )}
    </PlainDialog>
  );
}

function DeleteConfirmation({
  address,
  onClose,
  onDeleted,
}: {
  address: Address;
  onClose(): void;
  onDeleted(): void;
}) {
  const remove = useFetcher<DeleteAnswer>();
  const answer = remove.state === 'idle' ? remove.data : undefined;
  useEffect(() => {
    if (answer?.failure === null) onDeleted();
    // Once per answer: the caller's function is new at each of its renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
  const failure = answer?.failure;
  return (
    <div className="screen">
      {failure && (
        <Alert severity="error">
          {answerMessage(failure, 'The address could not be deleted, please try again.')}
        </Alert>
      )}
      <AddressText address={address} />
      <p>
        It goes from your address book; orders already placed keep the address they were sent to.
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <BusyButton
          className="button--contained button--danger"
          busy={remove.state !== 'idle'}
          onClick={() =>
            void remove.submit(
              { intent: 'delete', Id: address.Id },
              { method: 'post', encType: 'application/json' },
            )
          }
        >
          Delete
        </BusyButton>
      </div>
    </div>
  );
}
