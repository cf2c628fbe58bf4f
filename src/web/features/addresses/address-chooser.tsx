import { lazy, Suspense, useEffect, useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import type { Address } from '../../../shared/api/addresses';
import { ADDRESS_LIMITS } from '../../../shared/addresses';
import { AddressText } from './address-text';
import { useAddresses } from './api/list-addresses';
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
 * The address form (with the country list, some 10 KB gzipped) loads when "Add a new address" is
 * first used, so the checkout opened directly does not load it (issue 16).
 */
const AddressDialog = lazy(() =>
  import('./address-form').then((module) => ({ default: module.AddressDialog })),
);

// A customer keeps at most ADDRESS_LIMITS.perCustomer addresses: one page of 100 holds them all.
const ALL = { itemsPerPage: Math.max(100, ADDRESS_LIMITS.perCustomer) };

/**
 * The checkout's choice of a saved address: the addresses as radio cards (arrow keys move the
 * choice), and "Add a new address" in a dialog, chosen at once when saved. When nothing is chosen
 * and exactly one address may be, it is chosen. A chosen address that is deleted, or no longer
 * on the bookings' island, is let go (onChange(null)); one changed elsewhere is passed on anew.
 * The checkout keeps the choice with chosen-addresses.ts:
 *
 *   const chosen = useChosenAddresses();
 *   <AddressChooser type="Delivery" label="Delivery address" island={island}
 *     value={chosen.Delivery} onChange={(a) => chooseAddress('Delivery', a)} />
 */
export function AddressChooser({ type, value, onChange, island, label }: AddressChooserProps) {
  const list = useAddresses({
    options: ALL,
    filter: type === 'Delivery' ? { Type: 'Delivery' } : {},
  });
  const [adding, setAdding] = useState(false);
  // Mounted from the first "Add a new address" on, so the dialog's closing transition still plays.
  const [added, setAdded] = useState(false);
  const headingId = useId();
  const items = list.data?.items ?? [];

  /** Why an address cannot be chosen here, or null when it can. */
  const reasonOf = (address: Address): string | null => {
    if (!mayChoose(type, address)) return 'This is not a delivery address.';
    if (type === 'Delivery' && island && address.Island !== island) {
      return `This address is on ${address.Island}; these deliveries go to ${island}.`;
    }
    return null;
  };
  const eligible = items.filter((address) => reasonOf(address) === null);
  const settled = list.isSuccess && !list.isFetching && !list.isPlaceholderData;

  useEffect(() => {
    if (!settled) return;
    if (value) {
      const fresh = items.find((address) => address.Id === value.Id);
      if (!fresh || reasonOf(fresh)) onChange(null);
      else if (fresh.Updated !== value.Updated) onChange(fresh);
    } else if (eligible.length === 1) {
      onChange(eligible[0]);
    }
  });

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
        {label}
      </Typography>
      {list.isPending && (
        <Box sx={{ py: 3, textAlign: 'center' }}>
          <CircularProgress aria-label={`Loading your addresses`} size={32} />
        </Box>
      )}
      {list.isError && (
        <Alert severity="error">Your addresses could not be loaded, please try again.</Alert>
      )}
      {list.isSuccess && items.length === 0 && (
        <Typography color="text.secondary">
          {type === 'Delivery'
            ? 'You have no saved delivery addresses yet.'
            : 'You have no saved addresses yet.'}
        </Typography>
      )}
      {items.length > 0 && (
        <RadioGroup
          aria-labelledby={headingId}
          name={`${type.toLowerCase()}-address`}
          value={value ? String(value.Id) : ''}
          onChange={(_event, id) => onChange(items.find((a) => String(a.Id) === id) ?? null)}
          sx={{ gap: 1.5 }}
        >
          {items.map((address) => {
            const reason = reasonOf(address);
            const chosen = value?.Id === address.Id;
            return (
              <Paper
                key={address.Id}
                variant="outlined"
                sx={{
                  px: 1,
                  py: 1,
                  borderWidth: 2,
                  borderColor: chosen ? 'primary.main' : 'divider',
                  bgcolor: reason ? 'action.hover' : undefined,
                }}
              >
                <FormControlLabel
                  value={String(address.Id)}
                  disabled={reason !== null}
                  control={<Radio sx={{ alignSelf: 'flex-start' }} />}
                  sx={{ m: 0, width: '100%', alignItems: 'flex-start' }}
                  label={
                    <Box sx={{ py: 1 }}>
                      <AddressText address={address} />
                      {reason && (
                        <Typography variant="body2" sx={{ mt: 0.5, color: 'text.primary' }}>
                          {reason}
                        </Typography>
                      )}
                    </Box>
                  }
                />
              </Paper>
            );
          })}
        </RadioGroup>
      )}
      <Stack direction="row">
        <Button
          variant="outlined"
          onClick={() => {
            setAdded(true);
            setAdding(true);
          }}
          disabled={!list.isSuccess}
        >
          Add a new address
        </Button>
      </Stack>
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
              if (reasonOf(address) === null) onChange(address);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
