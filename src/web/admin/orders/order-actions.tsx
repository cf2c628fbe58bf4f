import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import {
  cancelOrderSchema,
  orderNoteSchema,
  refundOrderSchema,
  type OfficeOrderDetail,
} from '../../../shared/api/office';
import { formatPounds } from '../../../shared/money';
import { ApiError } from '../../lib/api-client';
import { checkForm, serverFieldErrors, type FieldErrors } from '../kit/field-errors';
import { refundProblem } from '../kit/problem';
import { useCancelOrder, useOrderNote, useRefundOrder } from './api/orders';

// What the office does on an order's page (order-page.tsx), each in a dialog the lifecycle
// allows: cancel with a refund, a partial refund, a note. Each is recorded on the timeline.

type Detail = OfficeOrderDetail;

export type Close = (result?: { severity: 'success' | 'warning'; text: string }) => void;

function ActionDialog({
  title,
  label,
  onClose,
  onSubmit,
  error,
  pending,
  submitLabel,
  danger,
  children,
}: {
  title: string;
  label: string;
  onClose: () => void;
  onSubmit: (e: FormEvent) => void;
  error: unknown;
  pending: boolean;
  submitLabel: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const fieldErrors = error instanceof ApiError && (error.body?.errors?.length ?? 0) > 0;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={label}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error != null && !fieldErrors && (
              <Alert severity="error">{refundProblem(error)}</Alert>
            )}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Back</Button>
          <Button
            type="submit"
            variant="contained"
            color={danger ? 'error' : 'primary'}
            loading={pending}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export function CancelDialog({ detail, onClose }: { detail: Detail; onClose: Close }) {
  const cancel = useCancelOrder();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [reason, setReason] = useState('');
  const { Order, Refundable } = detail;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(cancelOrderSchema, { Reason: reason });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    cancel.mutate(
      { id: Order.Id, ...checked.data },
      {
        onSuccess: (after) =>
          onClose({
            severity: 'success',
            text:
              Refundable > 0
                ? `${Order.Reference} is cancelled and ${formatPounds(Refundable - after.Refundable)} was refunded.`
                : `${Order.Reference} is cancelled.`,
          }),
        onError: (error) => {
          // 502: cancelled all the same, the refund to be made again (the API says so).
          if (error instanceof ApiError && error.status === 502) {
            onClose({ severity: 'warning', text: refundProblem(error) });
          } else setErrors(serverFieldErrors(error));
        },
      },
    );
  };
  return (
    <ActionDialog
      title={`Cancel ${Order.Reference}?`}
      label="Cancel the order"
      onClose={() => onClose()}
      onSubmit={submit}
      error={cancel.error}
      pending={cancel.isPending}
      submitLabel={
        Refundable > 0 ? `Cancel and refund ${formatPounds(Refundable)}` : 'Cancel the order'
      }
      danger
    >
      <DialogContentText>
        The order becomes Cancelled and cannot be undone.{' '}
        {Refundable > 0
          ? `${formatPounds(Refundable)} paid for it is refunded through the payment provider`
          : 'Nothing was paid for it'}
        ; its unpaid invoices are voided. The customer sees it on their order page.
      </DialogContentText>
      <TextField
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        autoFocus
        multiline
        minRows={2}
        error={errors.Reason !== undefined}
        helperText={errors.Reason}
      />
    </ActionDialog>
  );
}

export function RefundDialog({ detail, onClose }: { detail: Detail; onClose: Close }) {
  const refund = useRefundOrder();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const { Order, Refundable } = detail;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { Amount: amount.trim() === '' ? NaN : Number(amount), Reason: reason };
    const checked = checkForm(refundOrderSchema, body);
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    refund.mutate(
      { id: Order.Id, ...checked.data },
      {
        onSuccess: () =>
          onClose({
            severity: 'success',
            text: `${formatPounds(checked.data.Amount)} was refunded on ${Order.Reference}.`,
          }),
        onError: (error) => setErrors(serverFieldErrors(error)),
      },
    );
  };
  return (
    <ActionDialog
      title={`Refund on ${Order.Reference}`}
      label="Refund"
      onClose={() => onClose()}
      onSubmit={submit}
      error={refund.error}
      pending={refund.isPending}
      submitLabel="Refund"
    >
      <DialogContentText>
        Up to {formatPounds(Refundable)} may be given back, through the payment provider.
      </DialogContentText>
      <TextField
        label="Amount (£)"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        required
        autoFocus
        error={errors.Amount !== undefined}
        helperText={errors.Amount}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        multiline
        minRows={2}
        error={errors.Reason !== undefined}
        helperText={errors.Reason}
      />
    </ActionDialog>
  );
}

export function NoteDialog({ id, onClose }: { id: number; onClose: Close }) {
  const note = useOrderNote();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(orderNoteSchema, { Note: text });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    note.mutate(
      { id, ...checked.data },
      {
        onSuccess: () => onClose({ severity: 'success', text: 'The note is on the timeline.' }),
        onError: (error) => setErrors(serverFieldErrors(error)),
      },
    );
  };
  return (
    <ActionDialog
      title="Add a note"
      label="Add a note"
      onClose={() => onClose()}
      onSubmit={submit}
      error={note.error}
      pending={note.isPending}
      submitLabel="Add the note"
    >
      <DialogContentText>Staff only: the customer never sees it.</DialogContentText>
      <TextField
        label="Note"
        value={text}
        onChange={(e) => setText(e.target.value)}
        required
        autoFocus
        multiline
        minRows={3}
        error={errors.Note !== undefined}
        helperText={errors.Note}
      />
    </ActionDialog>
  );
}
