import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useFetcher } from 'react-router';
import type { CheckoutRequest } from '../../../shared/api/checkout';
import { stepPath } from '../../../shared/booking-steps';
import { formatMoney, toPence } from '../../../shared/money';
import { orderTotalPence } from '../../../shared/pricing';
import { Alert, BusyButton } from '../../components/plain-controls';
import type { ChooserLists } from '../../lib/chooser-lists';
import { BasketItemCard } from '../../components/basket-item-card';
import { useBasket } from '../../lib/use-basket';
import { PRICES_UNAVAILABLE } from '../../components/price-bands';
import { GstEstimate } from '../../components/gst-estimate';
import { useDiscountCheck } from './api/check-discount';
import { useGstEstimate } from './api/gst-estimate';
import {
  bookingsFromBasket,
  bookingsIsland,
  checkoutBody,
  placeCheckoutErrors,
  type PlacedErrors,
} from '../../lib/checkout-request';
import { clearDiscountCode, readDiscountCode, saveDiscountCode } from './checkout-storage';
import { DiscountField } from './discount-field';
import { AddressChoices, TermsField, usePaymentChoices } from '../../components/payment-form-parts';
import { LoginGate } from './login-gate';
import { useLeaveOnceStarted, type PaymentAnswer } from '../../lib/use-leave-for-payment';
import { refusalMessage, type Failure } from '../../lib/route-data';
import '../../styles/checkout.css';

const CHECKOUT_LOGIN_MESSAGE = 'Please log in or register to check out. Your basket is kept.';
const CHECKOUT_FAILED =
  'Your payment could not be started, and nothing was taken. Please try again.';

/** What Pay sends to the checkout route's action. */
export type CheckoutSubmission = { intent: 'pay'; checkout: CheckoutRequest };

const NO_ERRORS: PlacedErrors = placeCheckoutErrors([], []);
/**
 * The checkout (docs/requirements.md §2, /checkout/), for logged-in customers: a visitor is asked
 * to log in or register (the basket is kept, and the page goes on once they have).
 */
export function CheckoutPage({ choosers }: { choosers: ChooserLists }) {
  return (
    // The width of the site's .container, so the page lines up with the header.
    <div className="container checkout-page">
      <h1 className="checkout-page__title">Checkout</h1>
      <LoginGate message={CHECKOUT_LOGIN_MESSAGE}>
        <CheckoutForm choosers={choosers} />
      </LoginGate>
    </div>
  );
}

function createErrors(
  failure: Failure | undefined,
  localIds: number[],
): PlacedErrors & { message?: string } {
  if (!failure) return NO_ERRORS;
  if (failure.errors.length) return placeCheckoutErrors(failure.errors, localIds);
  return { ...NO_ERRORS, message: refusalMessage(failure, CHECKOUT_FAILED) };
}

function CheckoutForm({ choosers }: { choosers: ChooserLists }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { items, totalPence, isError } = useBasket();
  const orders = items.map((item) => item.booked.order);
  const bookings = bookingsFromBasket(orders);
  const unfinished = items.some((item) => item.needs !== null) || bookings === null;
  const island = bookingsIsland(orders);

  // The discount code: the stored one is checked again on arrival, and whenever the basket changes.
  const [code, setCode] = useState<string | null>(readDiscountCode);
  const discount = useDiscountCheck(code, bookings);
  // Island GST on everything that may arrive together, warned about before paying.
  const combinedGst = useGstEstimate(bookings);
  const applied = code ? (discount.answer?.applied ?? null) : null;
  const rejected = discount.answer?.refused ?? false;
  useEffect(() => {
    if (applied) saveDiscountCode(applied.Code);
    else if (rejected) clearDiscountCode(); // no longer usable: not kept
  }, [applied, rejected]);

  const { accepted, setAccepted, attempted, shown, send } = usePaymentChoices();
  // Pay sends the checkout to the route's action (one request); it answers the payment page.
  const create = useFetcher<PaymentAnswer>();
  const leaving = useLeaveOnceStarted(create.data?.checkoutUrl);
  const errors = createErrors(
    create.data?.failure,
    orders.map((o) => o.Id),
  );

  const payPence = applied ? toPence(applied.Total) : totalPence;

  if (items.length === 0) {
    return (
      <Alert
        severity="info"
        action={
          <Link to="/basket/" className="button">
            Go to the basket
          </Link>
        }
      >
        Your basket is empty, so there is nothing to check out.
      </Alert>
    );
  }

  const pay = (event: FormEvent) => {
    event.preventDefault();
    const chosen = send(formRef.current, !unfinished);
    if (!chosen || !bookings) return;
    const body = checkoutBody(bookings, {
      deliveryAddressId: chosen.delivery.Id,
      billingAddressId: chosen.billing.Id,
      discountCode: applied?.Code ?? null,
    });
    const submission: CheckoutSubmission = { intent: 'pay', checkout: body };
    void create.submit(submission, { method: 'post', encType: 'application/json' });
  };

  // Pay stays busy while the payment page loads.
  const sending = create.state !== 'idle' || leaving;
  return (
    <form ref={formRef} onSubmit={pay} noValidate aria-label="Checkout" className="checkout">
      <div className="checkout__main">
        <Section
          title="Your deliveries"
          action={
            <Link to="/basket/" className="button checkout__edit-basket">
              Edit basket
            </Link>
          }
        >
          {isError && <Alert severity="warning">{PRICES_UNAVAILABLE}</Alert>}
          <ul className="checkout__items">
            {items.map(({ booked, needs }) => (
              <li key={booked.Id} data-testid="checkout-item">
                <BasketItemCard booked={booked} needs={needs} headingLevel="h3" />
                {errors.bookings.get(booked.Id)?.map((e) => (
                  <Alert
                    key={e.message}
                    severity="error"
                    action={
                      <Link to={stepPath(e.step, booked.Id)} className="button">
                        Change
                      </Link>
                    }
                  >
                    {e.message}
                  </Alert>
                ))}
                <GstEstimate
                  island={booked.order.Island}
                  itemValue={booked.order.ItemValue}
                  retailerDelivery={booked.order.RetailerDeliveryCharge}
                  carriagePence={orderTotalPence(booked)}
                />
              </li>
            ))}
          </ul>
          {combinedGst?.Islands.map(
            (estimate) =>
              estimate.Warning && (
                <Alert
                  key={estimate.Island}
                  severity="warning"
                  title={`Valued together: ${estimate.Island} GST`}
                  data-testid="gst-combined-warning"
                >
                  {estimate.Warning}
                  {estimate.Waiting.length > 0 &&
                    ` This counts your parcels not yet shipped: ${estimate.Waiting.join(', ')}.`}
                </Alert>
              ),
          )}
        </Section>
        <AddressChoices
          choosers={choosers}
          island={island}
          errors={{
            delivery: [shown('delivery'), ...errors.delivery],
            billing: [shown('billing'), ...errors.billing],
          }}
        />
      </div>

      <div className="card checkout__summary">
        <h2>Order summary</h2>
        <SummaryLine
          label={`${items.length} ${items.length === 1 ? 'delivery' : 'deliveries'}`}
          value={formatMoney(applied ? toPence(applied.Subtotal) : totalPence)}
          testId="checkout-subtotal"
        />
        <DiscountField
          code={code}
          applied={applied}
          checking={discount.asking}
          error={discount.answer?.reason ?? errors.discount[0] ?? null}
          onApply={(next) => {
            if (next === code) discount.askAgain();
            else setCode(next);
          }}
          onRemove={() => {
            setCode(null);
            clearDiscountCode();
          }}
        />
        {applied && (
          <SummaryLine
            label={`Discount (${applied.Description})`}
            value={`−${formatMoney(toPence(applied.Discount))}`}
            testId="checkout-discount"
          />
        )}
        <hr />
        <SummaryLine
          label="Total to pay"
          value={formatMoney(payPence)}
          testId="checkout-total"
          strong
        />
        <TermsField
          checked={accepted}
          onChange={setAccepted}
          error={shown('terms') ?? errors.terms[0]}
        />
        {attempted && unfinished && (
          <Alert severity="error">
            Please finish or remove the bookings marked above before paying.
          </Alert>
        )}
        {errors.message && <Alert severity="error">{errors.message}</Alert>}
        {errors.general.length > 0 && (
          <Alert severity="error">
            {errors.general.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        )}
        <BusyButton
          type="submit"
          className="button--contained button--large button--block"
          busy={sending}
          disabled={isError}
          data-testid="pay-button"
        >
          Pay {formatMoney(payPence)}
        </BusyButton>
        <p className="checkout__note">
          You pay on our payment provider’s secure page. Your bookings stay in your basket until the
          payment is made.
        </p>
      </div>
    </form>
  );
}

function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="checkout__section" aria-labelledby={headingId}>
      <div className="checkout__section-head">
        <h2 id={headingId}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function SummaryLine({
  label,
  value,
  testId,
  strong = false,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <p className={`checkout__line${strong ? ' checkout__line--strong' : ''}`}>
      <span>{label}</span>
      <span data-testid={testId}>{value}</span>
    </p>
  );
}
