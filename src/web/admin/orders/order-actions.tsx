import { DialogContentText, TextField } from '@mui/material';
import {
  cancelOrderSchema,
  orderNoteSchema,
  refundOrderSchema,
  type OfficeOrderDetail,
} from '../../../shared/api/office';
import { formatPounds } from '../../../shared/money';
import { ApiError } from '../../lib/api-client';
import { FormDialog } from '../kit/form-dialog';
import { refundProblem } from '../kit/problem';
import { useZodForm } from '../kit/use-zod-form';
import { useCancelOrder, useOrderNote, useRefundOrder } from './api/orders';

// What the office does on an order's page (order-page.tsx), each in a dialog the lifecycle
// allows: cancel with a refund, a partial refund, a note. Each is recorded on the timeline.

type Detail = OfficeOrderDetail;

export type Close = (result?: { severity: 'success' | 'warning'; text: string }) => void;

export function CancelDialog({ detail, onClose }: { detail: Detail; onClose: Close }) {
  const cancel = useCancelOrder();
  const form = useZodForm(
    cancelOrderSchema,
    { Reason: '' },
    { refusal: cancel.error, describe: refundProblem },
  );
  const { Order, Refundable } = detail;
  const submit = form.handleSubmit((body) =>
    cancel.mutate(
      { id: Order.Id, ...body },
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
          }
        },
      },
    ),
  );
  return (
    <FormDialog
      title={`Cancel ${Order.Reference}?`}
      label="Cancel the order"
      onClose={() => onClose()}
      onSubmit={submit}
      error={form.formError}
      pending={cancel.isPending}
      submitLabel={
        Refundable > 0 ? `Cancel and refund ${formatPounds(Refundable)}` : 'Cancel the order'
      }
      cancelLabel="Back"
      danger
    >
      <DialogContentText>
        The order becomes Cancelled and cannot be undone.{' '}
        {Refundable > 0
          ? `${formatPounds(Refundable)} paid for it is refunded through the payment provider`
          : 'Nothing was paid for it'}
        ; its unpaid invoices are voided. The customer sees it on their order page.
      </DialogContentText>
      <TextField {...form.text('Reason', 'Reason')} required autoFocus multiline minRows={2} />
    </FormDialog>
  );
}

export function RefundDialog({ detail, onClose }: { detail: Detail; onClose: Close }) {
  const refund = useRefundOrder();
  const form = useZodForm(
    refundOrderSchema,
    { Amount: '', Reason: '' },
    {
      refusal: refund.error,
      describe: refundProblem,
      body: (v) => ({ Amount: v.Amount.trim() === '' ? NaN : Number(v.Amount), Reason: v.Reason }),
    },
  );
  const { Order, Refundable } = detail;
  const submit = form.handleSubmit((body) =>
    refund.mutate(
      { id: Order.Id, ...body },
      {
        onSuccess: () =>
          onClose({
            severity: 'success',
            text: `${formatPounds(body.Amount)} was refunded on ${Order.Reference}.`,
          }),
      },
    ),
  );
  return (
    <FormDialog
      title={`Refund on ${Order.Reference}`}
      label="Refund"
      onClose={() => onClose()}
      onSubmit={submit}
      error={form.formError}
      pending={refund.isPending}
      submitLabel="Refund"
      cancelLabel="Back"
    >
      <DialogContentText>
        Up to {formatPounds(Refundable)} may be given back, through the payment provider.
      </DialogContentText>
      <TextField
        {...form.text('Amount', 'Amount (£)')}
        required
        autoFocus
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField {...form.text('Reason', 'Reason')} required multiline minRows={2} />
    </FormDialog>
  );
}

export function NoteDialog({ id, onClose }: { id: number; onClose: Close }) {
  const note = useOrderNote();
  const form = useZodForm(
    orderNoteSchema,
    { Note: '' },
    { refusal: note.error, describe: refundProblem },
  );
  const submit = form.handleSubmit((body) =>
    note.mutate(
      { id, ...body },
      { onSuccess: () => onClose({ severity: 'success', text: 'The note is on the timeline.' }) },
    ),
  );
  return (
    <FormDialog
      title="Add a note"
      label="Add a note"
      onClose={() => onClose()}
      onSubmit={submit}
      error={form.formError}
      pending={note.isPending}
      submitLabel="Add the note"
      cancelLabel="Back"
    >
      <DialogContentText>Staff only: the customer never sees it.</DialogContentText>
      <TextField {...form.text('Note', 'Note')} required autoFocus multiline minRows={3} />
    </FormDialog>
  );
}
