import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CustomerOrder, Invoice } from '../../shared/api/orders';
import { formatPounds } from '../../shared/money';

// What the customer can do about an order now, as buttons named in full for screen readers.

/** To /dashboard/quote/{id}: accept or decline a priced quote. */
export function AnswerQuoteButton({
  order,
  children,
}: {
  order: CustomerOrder;
  children: ReactNode;
}) {
  return (
    <Link
      to={`/dashboard/quote/${order.Id}`}
      className="button button--contained button--small"
      aria-label={`Answer the quote for ${order.Reference}`}
    >
      {children}
    </Link>
  );
}

/** To /dashboard/pay/{id}: pay an invoice. */
export function PayInvoiceButton({ invoice, children }: { invoice: Invoice; children: ReactNode }) {
  return (
    <Link
      to={`/dashboard/pay/${invoice.Id}`}
      className="button button--contained button--small"
      aria-label={`Pay invoice ${invoice.Reference} of ${formatPounds(invoice.Amount)}`}
    >
      {children}
    </Link>
  );
}
