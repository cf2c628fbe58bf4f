import { useFetcher } from 'react-router';
import { CHECKOUT_MESSAGES } from '../../../shared/checkout-messages';
import type { CustomerInvoice, InvoiceStatus } from '../../../shared/api/orders';
import { formatDisplayDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { FactList, type Fact } from '../../components/fact-list';
import { Alert, BusyButton, Skeleton } from '../../components/plain-controls';
import { refusalMessage, useSessionData, type Loaded } from '../../lib/route-data';
import { useLeaveOnceStarted, type PaymentAnswer } from '../../lib/use-leave-for-payment';
import '../../styles/account-screens.css';

const STATUS_WORDS: Readonly<Record<InvoiceStatus, string>> = {
  unpaid: 'Awaiting payment',
  paid: 'Paid',
  void: 'Cancelled',
};

const PAY_INVOICE_FAILED =
  'The payment could not be started, and nothing was taken. Please try again.';

/**
 * /dashboard/pay/{id}: one of the customer's invoices (something more owed on an order, e.g.
 * excess carriage): its reference, order, reason, amount and status; Pay while unpaid (on the
 * provider's payment page) unless it is disputed (decision 0038: not payable until staff decide),
 * and when it was paid once it is. The route's loader reads it; Pay submits to its action.
 */
export function PayInvoice(props: { invoice: Loaded<CustomerInvoice> }) {
  const invoice = useSessionData(props.invoice);
  if (invoice.failure) {
    return (
      <Alert severity="error">
        {invoice.failure.status === 404
          ? CHECKOUT_MESSAGES.invoiceNotFound
          : 'This invoice could not be loaded just now. Please reload the page.'}
      </Alert>
    );
  }
  if (!invoice.data) return <Skeleton height={240} />;
  const data = invoice.data;

  const rows: Fact[] = [
    ['Invoice', data.Reference, 'invoice-reference'],
    ['Order', data.OrderReference, 'invoice-order'],
    ['What it is for', data.Reason],
    ['Amount', formatPounds(data.Amount), 'invoice-amount'],
    ['Status', STATUS_WORDS[data.Status], 'invoice-status'],
    ['Issued', formatDisplayDate(new Date(data.Created))],
  ];
  if (data.PaidAt) rows.push(['Paid on', formatDisplayDate(new Date(data.PaidAt)), 'invoice-paid']);

  return (
    <div className="screen screen--roomy">
      <h1 className="screen__title--long">
        {data.Status === 'unpaid' ? 'Pay invoice' : 'Invoice'} {data.Reference}
      </h1>
      <div className="card">
        <FactList rows={rows} />
      </div>
      {data.Status === 'unpaid' && data.DisputedIn && (
        <Alert severity="info" data-testid="invoice-disputed">
          {CHECKOUT_MESSAGES.invoiceDisputed(data.Reference, data.DisputedIn)}
        </Alert>
      )}
      {data.Status === 'unpaid' && !data.DisputedIn && <PayButton amount={data.Amount} />}
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
    </div>
  );
}

/** Pay: the route's action starts the payment, then the browser leaves for the provider's page. */
function PayButton({ amount }: { amount: number }) {
  const fetcher = useFetcher<PaymentAnswer>();
  const leaving = useLeaveOnceStarted(fetcher.data?.checkoutUrl);
  const failure = fetcher.state === 'idle' ? fetcher.data?.failure : undefined;
  return (
    <div className="screen__pay">
      {failure && <Alert severity="error">{refusalMessage(failure, PAY_INVOICE_FAILED)}</Alert>}
      <BusyButton
        className="button--contained button--large"
        busy={fetcher.state !== 'idle' || leaving}
        onClick={() => void fetcher.submit(null, { method: 'post' })}
        data-testid="pay-invoice"
      >
        Pay {formatPounds(amount)}
      </BusyButton>
      <p className="screen__note">You pay on our payment provider’s secure page.</p>
    </div>
  );
}
