import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  Pagination,
  Stack,
  Typography,
} from '@mui/material';
import type { AddressType } from '../../../shared/addresses';
import type { Address } from '../../../shared/api/addresses';
import { DialogFrame } from '../../components/dialog-frame';
import { FormAlert } from '../../components/form-alert';
import { DeleteIcon, EditIcon } from '../../components/mui-icons';
import { ApiError } from '../../lib/api-client';
import { AddressDialog } from './address-form';
import { AddressText } from './address-text';
import { useDeleteAddress } from './api/delete-address';
import { addressesQueryKey } from './api/addresses-cache';
import { useAddresses } from './api/use-addresses';

type Editing = { address: Address | null; type: AddressType };

/**
 * The Address Book (/dashboard/addresses/): the customer's saved addresses as cards, 10 a page in
 * the order of SPEC section 9 (Updated ascending), each with Edit and Delete (after a
 * confirmation); new delivery and billing addresses are added in a dialog.
 */
export function AddressBookPage() {
  const [page, setPage] = useState(1);
  const list = useAddresses({ options: { page } });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The plain address form saves without TanStack Query: the list is asked for again here.
  const queryClient = useQueryClient();
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.itemsPerPage)) : 1;

  // The last address of the last page was deleted: show the page before it.
  if (data && !list.isPlaceholderData && page > pages) setPage(pages);

  const add = (type: AddressType) => {
    setNotice(null);
    setEditing({ address: null, type });
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h1">Address Book</Typography>
      <Typography color="text.secondary">
        Save the island addresses we deliver to, and the billing address of your card, to choose
        them at checkout.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" onClick={() => add('Delivery')}>
          Add a delivery address
        </Button>
        <Button variant="outlined" onClick={() => add('Billing')}>
          Add a billing address
        </Button>
      </Stack>
      <FormAlert severity="success" onClose={() => setNotice(null)}>
        {notice}
      </FormAlert>

      {list.isPending && (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <CircularProgress aria-label="Loading your addresses" />
        </Box>
      )}
      {list.isError && (
        <Alert severity="error">Your addresses could not be loaded, please try again.</Alert>
      )}
      {data && data.total === 0 && (
        <Typography sx={{ py: 2 }}>You have no saved addresses yet.</Typography>
      )}
      {data && data.items.length > 0 && (
        <Box
          component="ul"
          aria-label="Saved addresses"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {data.items.map((address) => (
            <Box component="li" key={address.Id} sx={{ display: 'flex' }}>
              <AddressCard
                address={address}
                onEdit={() => {
                  setNotice(null);
                  setEditing({ address, type: address.Type });
                }}
                onDelete={() => {
                  setNotice(null);
                  setDeleting(address);
                }}
              />
            </Box>
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_event, next) => setPage(next)}
          color="primary"
          sx={{ alignSelf: 'center' }}
          getItemAriaLabel={(type, item, selected) =>
            type === 'page'
              ? `${selected ? 'Page' : 'Go to page'} ${item}`
              : `Go to the ${type} page`
          }
        />
      )}

      <AddressDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        address={editing?.address}
        type={editing?.type ?? 'Delivery'}
        onSaved={() => {
          void queryClient.invalidateQueries({ queryKey: addressesQueryKey });
          setNotice(
            editing?.address ? 'Your address has been updated.' : 'Your address has been saved.',
          );
          setEditing(null);
        }}
      />
      <DeleteAddressDialog
        address={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setNotice('The address has been deleted.');
          setDeleting(null);
        }}
      />
    </Stack>
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
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column', width: '100%' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Chip
          label={address.Type}
          size="small"
          color={address.Type === 'Delivery' ? 'primary' : 'default'}
          variant={address.Type === 'Delivery' ? 'filled' : 'outlined'}
          sx={{ mb: 1 }}
        />
        <AddressText address={address} />
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end' }}>
        <Button startIcon={<EditIcon />} onClick={onEdit} aria-label={`Edit ${address.Line1}`}>
          Edit
        </Button>
        <Button
          startIcon={<DeleteIcon />}
          color="error"
          onClick={onDelete}
          aria-label={`Delete ${address.Line1}`}
        >
          Delete
        </Button>
      </CardActions>
    </Card>
  );
}

/** Asks before deleting; a failure is shown in the dialog (SPEC section 8: passed to the caller). */
function DeleteAddressDialog({
  address,
  onClose,
  onDeleted,
}: {
  address: Address | null;
  onClose(): void;
  onDeleted(): void;
}) {
  const remove = useDeleteAddress();
  const [shown, setShown] = useState<Address | null>(address);
  // Keep the address on screen while the dialog fades out.
  if (address && address !== shown) setShown(address);
  const failure = remove.error instanceof ApiError ? remove.error : null;
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <DialogFrame open={address !== null} onClose={close} title="Delete this address?" width={500}>
      <Stack spacing={2}>
        <FormAlert severity="error">
          {remove.isError &&
            (failure && failure.status !== 401
              ? failure.message
              : 'The address could not be deleted, please try again.')}
        </FormAlert>
        {shown && <AddressText address={shown} />}
        <Typography>
          It goes from your address book; orders already placed keep the address they were sent to.
        </Typography>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={close}>Cancel</Button>
          <Button
            variant="contained"
            color="error"
            loading={remove.isPending}
            onClick={() =>
              address &&
              remove.mutate(address.Id, {
                onSuccess: () => {
                  remove.reset();
                  onDeleted();
                },
              })
            }
          >
            Delete
          </Button>
        </Stack>
      </Stack>
    </DialogFrame>
  );
}
