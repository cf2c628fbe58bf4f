import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { raiseInvoiceSchema, type OfficeOrderSummary } from '../../../shared/api/office';
import type { Invoice } from '../../../shared/api/orders';
import { formatPounds } from '../../../shared/money';
import { INVOICEABLE_STATUSES } from '../../../shared/office';
import type { OrderStatus } from '../../../shared/order-status';
import { findOrderByReference, useRaiseInvoice } from './api/office-care';
import { checkForm, serverFieldErrors, withoutField, type FieldErrors } from '../kit/field-errors';
import { problem } from '../kit/problem';

/** The order an invoice is raised on: its id and reference, and its status when known. */
export interface InvoiceOrder {
  Id: number;
  Reference: string;
  Status?: OrderStatus;
}

/**
 * Raise an invoice for something extra on an order (reason and amount; a parcel at the depot may
 * be held until it is paid). Given an order (the order's page), it asks only for the invoice;
 * without one (the Invoices page), it first finds the order by its reference. The customer is
 * e-mailed a link to pay it.
 */
export function RaiseInvoiceDialog({
  order: given,
  onClose,
  onRaised,
}: {
  order?: InvoiceOrder;
  onClose: () => void;
  onRaised?: (invoice: Invoice) => void;
}) {
  const [found, setFound] = useState<OfficeOrderSummary | null>(null);
  const order: InvoiceOrder | null = given ?? found;
  const raise = useRaiseInvoice();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="raise-invoice-title">
      <DialogTitle id="raise-invoice-title">
        Raise an invoice{order ? ` on ${order.Reference}` : ''}
      </DialogTitle>
      {raise.isSuccess ? (
        <>
          <DialogContent>
            <Alert severity="success" role="status">
              Invoice {raise.data.Reference} for {formatPounds(raise.data.Amount)} was raised on{' '}
              {raise.data.OrderReference}: the customer was e-mailed a link to pay it.
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      ) : order ? (
        <InvoiceForm
          order={order}
          onBack={given ? undefined : () => setFound(null)}
          onClose={onClose}
          raise={raise}
          onRaised={onRaised}
        />
      ) : (
        <FindOrder onFound={setFound} onClose={onClose} />
      )}
    </Dialog>
  );
}

/** The order's reference (ORD-000042, or just 42), looked up when the form is sent. */
function FindOrder({
  onFound,
  onClose,
}: {
  onFound: (order: OfficeOrderSummary) => void;
  onClose: () => void;
}) {
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reference.trim() === '') {
      setError('Enter the order’s reference');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const order = await findOrderByReference(reference.trim());
      if (order) onFound(order);
      else setError(`No order has the reference ${reference.trim()}`);
    } catch (err) {
      setError(problem(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Find the order">
      <DialogContent>
        <TextField
          label="Order reference"
          placeholder="ORD-000042"
          value={reference}
          onChange={(e) => {
            setReference(e.target.value);
            setError(null);
          }}
          required
          autoFocus
          fullWidth
          autoComplete="off"
          error={error !== null}
          helperText={error ?? 'The order the invoice is for'}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" loading={busy}>
          Find order
        </Button>
      </DialogActions>
    </Box>
  );
}

function InvoiceForm({
  order,
  onBack,
  onClose,
  raise,
  onRaised,
}: {
  order: InvoiceOrder & Partial<Pick<OfficeOrderSummary, 'Customer' | 'Description'>>;
  onBack?: () => void;
  onClose: () => void;
  raise: ReturnType<typeof useRaiseInvoice>;
  onRaised?: (invoice: Invoice) => void;
}) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [hold, setHold] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const canHold = order.Status === undefined || order.Status === 'Received at Depot';
  const invoiceable = order.Status === undefined || INVOICEABLE_STATUSES.includes(order.Status);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      Amount: amount.trim() === '' ? Number.NaN : Number(amount),
      Reason: reason,
      Hold: canHold && hold,
    };
    const checked = checkForm(raiseInvoiceSchema, body);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    raise.mutate(
      { orderId: order.Id, body },
      {
        onSuccess: (invoice) => onRaised?.(invoice),
        onError: (error) => setErrors(serverFieldErrors(error)),
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Raise the invoice">
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {order.Customer && (
            <Typography>
              {order.Reference} · {order.Customer.Name} ({order.Customer.Reference})
              {order.Status && ` · ${order.Status}`}
            </Typography>
          )}
          {!invoiceable && (
            <Alert severity="warning">
              This order is {order.Status}: an invoice cannot be raised on it.
            </Alert>
          )}
          {raise.isError && Object.keys(errors).length === 0 && (
            <Alert severity="error">{problem(raise.error)}</Alert>
          )}
          <TextField
            label="What it is for"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setErrors(withoutField('Reason'));
            }}
            required
            autoFocus
            error={errors.Reason !== undefined}
            helperText={errors.Reason ?? 'The customer reads this on the invoice'}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label="Amount"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setErrors(withoutField('Amount'));
            }}
            required
            inputMode="decimal"
            error={errors.Amount !== undefined}
            helperText={errors.Amount ?? 'In pounds'}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
            }}
          />
          {canHold && (
            <FormControlLabel
              control={<Checkbox checked={hold} onChange={(e) => setHold(e.target.checked)} />}
              label="Hold the parcel at the depot until it is paid"
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {onBack && <Button onClick={onBack}>Another order</Button>}
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" loading={raise.isPending} disabled={!invoiceable}>
          Raise invoice
        </Button>
      </DialogActions>
    </Box>
  );
}
