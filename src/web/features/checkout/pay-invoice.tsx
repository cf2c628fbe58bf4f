import { Alert, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { CHECKOUT_MESSAGES } from '../../../shared/checkout-messages';
import type { InvoiceStatus } from '../../../shared/api/orders';
import { formatDisplayDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { Facts } from '../../components/facts';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api-client';
import { useInvoice } from './api/get-invoice';
import { usePayInvoice } from './api/pay-invoice';
import { useLeaveForPayment } from './use-leave-for-payment';

const STATUS_WORDS: Readonly<Record<InvoiceStatus, string>> = {
  unpaid: 'Awaiting payment',
  paid: 'Paid',
  void: 'Cancelled',
};

export const PAY_INVOICE_FAILED =
  'The payment could not be started, and nothing was taken. Please try again.';

/**
 * /dashboard/pay/{id}: one of the customer's invoices (something more owed on an order, e.g.
 * excess carriage): its reference, order, reason, amount and status; Pay while unpaid (on the
 * provider's payment page), and when it was paid once it is.
 */
export function PayInvoice({ id }: { id: number }) {
  const navigate = useNavigate();
  const invoice = useInvoice(id);
  const pay = usePayInvoice();
  const { leaving, leave } = useLeaveForPayment();

  if (invoice.isPending) return <Skeleton variant="rounded" height={240} />;
  if (invoice.isError) {
    const notFound = invoice.error instanceof ApiError && invoice.error.status === 404;
    return (
      <Alert severity="error">
        {notFound
          ? CHECKOUT_MESSAGES.invoiceNotFound
          : 'This invoice could not be loaded just now. Please reload the page.'}
      </Alert>
    );
  }
  const { data } = invoice;

  const start = () =>
    pay.mutate(id, {
      onSuccess: ({ Payment }) => {
        if (Payment.Status === 'paid' || !Payment.CheckoutUrl) {
          navigate(`/payment/success/?ref=${encodeURIComponent(Payment.Reference)}`);
          return;
        }
        leave(Payment.CheckoutUrl);
      },
    });

  const rows: [string, string, string?][] = [
    ['Invoice', data.Reference, 'invoice-reference'],
    ['Order', data.OrderReference, 'invoice-order'],
    ['What it is for', data.Reason],
    ['Amount', formatPounds(data.Amount), 'invoice-amount'],
    ['Status', STATUS_WORDS[data.Status], 'invoice-status'],
    ['Issued', formatDisplayDate(new Date(data.Created))],
  ];
  if (data.PaidAt) rows.push(['Paid on', formatDisplayDate(new Date(data.PaidAt)), 'invoice-paid']);

  return (
    <Stack spacing={3}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        {data.Status === 'unpaid' ? 'Pay invoice' : 'Invoice'} {data.Reference}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Facts rows={rows} />
        </CardContent>
      </Card>
      {data.Status === 'unpaid' && (
        <Stack spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          {pay.isError && (
            <FormAlert severity="error">
              {pay.error instanceof ApiError && pay.error.status < 500 && pay.error.status !== 401
                ? pay.error.message
                : PAY_INVOICE_FAILED}
            </FormAlert>
          )}
          <Button
            variant="contained"
            size="large"
            onClick={start}
            loading={pay.isPending || leaving}
            data-testid="pay-invoice"
          >
            Pay {formatPounds(data.Amount)}
          </Button>
          <Typography variant="body2" color="text.secondary">
            You pay on our payment provider’s secure page.
          </Typography>
        </Stack>
      )}
      {data.Status === 'paid' && (
        <Alert severity="success">
          This invoice was paid
          {data.PaidAt ? ` on ${formatDisplayDate(new Date(data.PaidAt))}` : ''}. Nothing more is
          due.
        </Alert>
      )}
      {data.Status === 'void' && (
        <Alert severity="info">This invoice was cancelled, so nothing is due.</Alert>
      )}
    </Stack>
  );
}
