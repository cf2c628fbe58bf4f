import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  InputAdornment,
  TextField,
  Typography,
} from '@mui/material';
import { raiseInvoiceSchema, type OfficeOrderSummary } from '../../../shared/api/office';
import type { Invoice } from '../../../shared/api/orders';
import { formatPounds } from '../../../shared/money';
import { INVOICEABLE_STATUSES } from '../../../shared/office';
import type { OrderStatus } from '../../../shared/order-status';
import { findOrderByReference, useRaiseInvoice } from './api/office-care';
import { DialogForm } from '../kit/form-dialog';
import { problem } from '../kit/problem';
import { useZodForm } from '../kit/use-zod-form';

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
    <DialogForm
      label="Find the order"
      onSubmit={submit}
      pending={busy}
      error={undefined}
      submitLabel="Find order"
      onCancel={onClose}
    >
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
      />
    </DialogForm>
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
  const canHold = order.Status === undefined || order.Status === 'Received at Depot';
  const invoiceable = order.Status === undefined || INVOICEABLE_STATUSES.includes(order.Status);
  const form = useZodForm(
    raiseInvoiceSchema,
    { Amount: '', Reason: '', Hold: false },
    {
      refusal: raise.error,
      body: (v) => ({
        Amount: v.Amount.trim() === '' ? Number.NaN : Number(v.Amount),
        Reason: v.Reason,
        Hold: canHold && v.Hold,
      }),
    },
  );
  const submit = form.handleSubmit((body) =>
    raise.mutate({ orderId: order.Id, body }, { onSuccess: (invoice) => onRaised?.(invoice) }),
  );

  return (
    <DialogForm
      label="Raise the invoice"
      onSubmit={submit}
      pending={raise.isPending}
      error={form.formError}
      submitLabel="Raise invoice"
      disabled={!invoiceable}
      other={onBack && { label: 'Another order', onClick: onBack }}
      onCancel={onClose}
    >
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
      <TextField
        {...form.text('Reason', 'What it is for', {
          helperText: 'The customer reads this on the invoice',
        })}
        required
        autoFocus
        fullWidth={false}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        {...form.text('Amount', 'Amount', { helperText: 'In pounds' })}
        required
        fullWidth={false}
        inputMode="decimal"
        slotProps={{
          input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
        }}
      />
      {canHold && (
        <FormControlLabel
          control={<Checkbox {...form.check('Hold')} />}
          label="Hold the parcel at the depot until it is paid"
        />
      )}
    </DialogForm>
  );
}
