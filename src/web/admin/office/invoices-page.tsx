import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Button,
  Link,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { voidInvoiceSchema } from '../../../shared/api/office-invoices';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../../shared/api/orders';
import { formatDisplayDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import {
  useInvoices,
  useRemindInvoice,
  useVoidInvoice,
  type OfficeInvoice,
} from './api/office-care';
import { ListPager, oneOf, useListView } from '../kit/list-view';
import { FormDialog } from '../kit/form-dialog';
import { problem } from '../kit/problem';
import { useZodForm } from '../kit/use-zod-form';
import { RaiseInvoiceDialog } from './raise-invoice-dialog';

const TAB_LABELS: Record<InvoiceStatus, string> = { unpaid: 'Unpaid', paid: 'Paid', void: 'Void' };
const WIDE = { display: { xs: 'none', md: 'table-cell' } } as const;
const day = (iso: string) => formatDisplayDate(new Date(iso));

/**
 * /admin/invoices/: invoices for something extra on an order, unpaid (oldest first, to chase),
 * paid or void; raise one on an order, remind the customer of an unpaid one, or void it.
 */
export function InvoicesPage() {
  const view = useListView({ status: oneOf(INVOICE_STATUSES, 'unpaid') });
  const { status } = view.values;
  const list = useInvoices(status, view.page, view.perPage);
  const remind = useRemindInvoice();
  const [raising, setRaising] = useState(false);
  const [voiding, setVoiding] = useState<OfficeInvoice | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const items = list.data?.items ?? [];

  const sendReminder = (invoice: OfficeInvoice) => {
    setDone(null);
    remind.mutate(invoice.Id, {
      onSuccess: () =>
        setDone(
          `A reminder of ${invoice.Reference} was e-mailed to ${invoice.Customer.Email ?? invoice.Customer.Name}.`,
        ),
    });
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h4" component="h1">
          Invoices
        </Typography>
        <Button variant="contained" onClick={() => setRaising(true)}>
          Raise an invoice
        </Button>
      </Stack>
      <Tabs
        value={status}
        onChange={(_, next: InvoiceStatus) => {
          setDone(null);
          view.set({ status: next });
        }}
        aria-label="Invoices by status"
      >
        {INVOICE_STATUSES.map((s) => (
          <Tab key={s} value={s} label={TAB_LABELS[s]} />
        ))}
      </Tabs>
      {done && (
        <Alert severity="success" role="status" onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {remind.isError && <Alert severity="error">{problem(remind.error)}</Alert>}
      {list.isError && <Alert severity="error">{problem(list.error)}</Alert>}
      {list.isPending && <Skeleton variant="rounded" height={160} />}
      {list.data && (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={`${TAB_LABELS[status]} invoices`} size="small">
            <TableHead>
              <TableRow>
                <TableCell>Invoice</TableCell>
                <TableCell>Order</TableCell>
                <TableCell>Customer</TableCell>
                <TableCell sx={WIDE}>For</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell sx={WIDE}>{status === 'paid' ? 'Paid' : 'Raised'}</TableCell>
                {status === 'unpaid' && <TableCell align="right">Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>No {TAB_LABELS[status].toLowerCase()} invoices.</TableCell>
                </TableRow>
              )}
              {items.map((invoice) => (
                <TableRow key={invoice.Id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{invoice.Reference}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Link component={RouterLink} to={`/admin/orders/${invoice.OrderId}`}>
                      {invoice.OrderReference}
                    </Link>
                    <Typography variant="body2" color="text.secondary">
                      {invoice.OrderStatus}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {invoice.Customer.Name || invoice.Customer.Email}
                    <Typography variant="body2" color="text.secondary">
                      {invoice.Customer.Reference}
                    </Typography>
                  </TableCell>
                  <TableCell sx={WIDE}>{invoice.Reason}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatPounds(invoice.Amount)}
                  </TableCell>
                  <TableCell sx={WIDE}>
                    {day(status === 'paid' && invoice.PaidAt ? invoice.PaidAt : invoice.Created)}
                  </TableCell>
                  {status === 'unpaid' && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        onClick={() => sendReminder(invoice)}
                        disabled={remind.isPending}
                        aria-label={`Send a reminder of ${invoice.Reference}`}
                      >
                        Remind
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => {
                          setDone(null);
                          setVoiding(invoice);
                        }}
                        aria-label={`Void ${invoice.Reference}`}
                      >
                        Void
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <ListPager
            total={list.data.total}
            page={view.page}
            perPage={view.perPage}
            onChange={view.set}
          />
        </TableContainer>
      )}
      {raising && (
        <RaiseInvoiceDialog
          onClose={() => setRaising(false)}
          onRaised={(invoice) =>
            setDone(`Invoice ${invoice.Reference} was raised on ${invoice.OrderReference}.`)
          }
        />
      )}
      {voiding && (
        <VoidDialog
          invoice={voiding}
          onClose={() => setVoiding(null)}
          onVoided={(message) => {
            setVoiding(null);
            setDone(message);
          }}
        />
      )}
    </Stack>
  );
}

/** Void an unpaid invoice, saying why; a parcel held for it is released. */
function VoidDialog({
  invoice,
  onClose,
  onVoided,
}: {
  invoice: OfficeInvoice;
  onClose: () => void;
  onVoided: (message: string) => void;
}) {
  const voidIt = useVoidInvoice();
  const form = useZodForm(voidInvoiceSchema, { Reason: '' }, { refusal: voidIt.error });
  const held = invoice.OrderStatus === 'Awaiting Payment';
  const submit = form.handleSubmit(({ Reason }) =>
    voidIt.mutate(
      { id: invoice.Id, reason: Reason },
      {
        onSuccess: (after) =>
          onVoided(
            `Invoice ${invoice.Reference} was voided and the customer told.` +
              (held && after.OrderStatus === 'Received at Depot'
                ? ` The parcel of ${invoice.OrderReference} held for it is released for dispatch.`
                : ''),
          ),
      },
    ),
  );
  return (
    <FormDialog
      title={`Void ${invoice.Reference}`}
      label="Void the invoice"
      onClose={onClose}
      onSubmit={submit}
      pending={voidIt.isPending}
      error={form.formError}
      submitLabel="Void invoice"
      danger
    >
      <Typography>
        {formatPounds(invoice.Amount)} for “{invoice.Reason}” on {invoice.OrderReference}: the
        customer will no longer be asked to pay it.
        {held &&
          ' Its parcel is held at the depot for payment: voiding releases it for dispatch (unless another invoice is unpaid).'}
      </Typography>
      <TextField
        {...form.text('Reason', 'Why it is voided', { helperText: ' ' })}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </FormDialog>
  );
}
