import { Link, useSearchParams } from 'react-router';
import { ConfirmHeading } from './confirm-heading';
import '../../styles/booking.css';
import './confirmations.css';

/** /quote-confirm/: the quote request was received, and what happens next. */
export function QuoteConfirm() {
  const [params] = useSearchParams();
  const reference = params.get('ref');
  return (
    <div className="container booking booking--page">
      <ConfirmHeading>Quote request sent</ConfirmHeading>
      {reference && (
        <p>
          Your reference is <strong data-testid="quote-reference">{reference}</strong>.
        </p>
      )}
      <h2 className="booking__next">What happens next</h2>
      <ol className="booking__steps-list">
        <li>
          We look at the size, weight and destination, and work out a price, usually within one
          working day.
        </li>
        <li>
          We e-mail you when your quote is ready. You will also find it under Order History in My
          Account.
        </li>
        <li>Accept the quote there and pay for it; decline it if it is not for you.</li>
        <li>
          Once paid, send your parcel to our Portsmouth depot with your customer reference, and we
          do the rest.
        </li>
      </ol>
      <div className="booking__links">
        <Link to="/dashboard/orders/" className="button button--contained">
          Order History
        </Link>
        <Link to="/order/" className="button button--outlined">
          Book a delivery
        </Link>
      </div>
    </div>
  );
}
