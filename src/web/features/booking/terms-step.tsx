import { Link } from 'react-router';
import { TERMS_RULES } from '../../../shared/booking-steps';
import type { LocalOrder } from '../../../shared/local-order';
import { formatReceivingHours, isReceivingHours } from '../../../shared/receiving-hours';
import { Choice, FieldError } from '../../components/plain-controls';
import { useSettings } from '../../lib/use-settings';
import { BookingPage } from './booking-page';
import { BookingSummary } from './booking-summary';
import { StepActions } from './step-actions';
import { useStepForm } from './step-form';
import './terms-step.css';

/**
 * The terms step: what the customer accepts for this booking (decision 0009), accepted explicitly
 * with a checkbox. The time it was ticked is stored with the booking (and forgotten when unticked).
 */
export function TermsStep({ initial }: { initial: LocalOrder }) {
  const { form, order, back, finish, saveToBasket } = useStepForm(
    'terms',
    initial,
    { accepted: initial.TermsAcceptedAt !== null },
    () => TERMS_RULES,
    ({ accepted }) => ({
      TermsAcceptedAt: accepted ? (initial.TermsAcceptedAt ?? new Date().toISOString()) : null,
    }),
    { accepted: 'Booking terms' },
  );
  const settings = useSettings();
  const hours = settings.get<unknown>('Depot', 'ReceivingHours');
  const showError = form.errorOf('accepted');

  return (
    <BookingPage
      step="terms"
      title="Booking terms"
      intro="Please read what applies to this booking. Our full terms and conditions apply too."
      order={order}
      existing
      summary={<BookingSummary order={order} />}
    >
      <form onSubmit={finish()} noValidate aria-label="Booking terms">
        <ul className="booking__terms" data-testid="booking-terms">
          <li>
            <strong>Prohibited and restricted items.</strong> The parcel holds nothing on our{' '}
            <Link to="/prohibited-items/" target="_blank">
              prohibited items list
            </Link>
            , and restricted items meet their conditions. A prohibited item is not shipped and the
            booking is not refunded.
          </li>
          <li>
            <strong>Lithium batteries.</strong> Equipment with a lithium battery fitted or packed
            with it needs the dangerous-goods note extra. Loose, spare or damaged batteries and
            power banks cannot be carried.
          </li>
          <li>
            <strong>Alcohol and tobacco.</strong> They must be declared with their value and volume,
            and the duty due in your island is yours to pay.
          </li>
          <li>
            <strong>Jersey GST.</strong> GST and any duty charged on import to Jersey are yours to
            pay to Jersey Customs; the parcel is released once they are paid.
          </li>
          <li>
            <strong>Our liability.</strong> Without insurance cover our liability for loss or damage
            is limited to £50 per parcel. Cover up to the value you declare can be added as an
            extra.
          </li>
          <li>
            <strong>Depot receiving hours.</strong> Our UK depot receives parcels{' '}
            {isReceivingHours(hours) ? formatReceivingHours(hours) : 'on weekdays'}
            {isReceivingHours(hours) && hours.note ? ` (${hours.note.toLowerCase()})` : ''}.
            Deliveries outside these hours may be refused by the depot and returned to the retailer.
          </li>
          <li>
            <strong>Accurate details.</strong> The description and value you give go on the customs
            declaration, so they must be true and complete.
          </li>
        </ul>
        <Choice
          name="accepted"
          checked={form.values.accepted}
          onChange={(event) => form.setValue('accepted', event.target.checked)}
          required
          invalid={showError !== undefined}
          aria-describedby={showError ? 'terms-error' : undefined}
          label={
            <>
              I have read and accept these booking terms and the{' '}
              <Link to="/terms-and-conditions" target="_blank">
                terms and conditions
              </Link>
              .
            </>
          }
        />
        <FieldError id="terms-error" message={showError} />
        <StepActions back={back} onSaveToBasket={saveToBasket} />
      </form>
    </BookingPage>
  );
}
