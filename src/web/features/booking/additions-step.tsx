import { useState, type FormEvent } from 'react';
import { confirmPath } from '../../../shared/booking-steps';
import type { LocalOrder } from '../../../shared/local-order';
import { formatMoney, formatPounds, toPence } from '../../../shared/money';
import { orderTotalPence } from '../../../shared/pricing';
import { Alert, Choice } from '../../components/plain-controls';
import { PriceLines } from '../../components/price-lines';
import { addOrderToBasket, updateOrder } from '../../lib/booking-store';
import { BookingPage } from './booking-page';
import { GstEstimate } from '../../components/gst-estimate';
import { StepActions } from './step-actions';
import { useCatalogue } from '../../lib/use-catalogue';
import { useStep } from './use-step';
import { ArrivalPromise } from '../../components/arrival-promise';
import '../../styles/booking.css';
import './additions-step.css';

const draft = (selectedExtras: number[]) => ({ selectedExtras });

/**
 * The additions step: the enabled extras with their prices, each one's effect on the total shown
 * as it is ticked. Its route waits for the catalogue and the settings (routes/order-additions.tsx). Hidden (disabled) extras already on the booking are kept and shown, not offered.
 */
export function AdditionsStep({ initial }: { initial: LocalOrder }) {
  const { extras, isError, resolve } = useCatalogue();
  const [selected, setSelected] = useState<number[]>(initial.selectedExtras);
  const { order, inBasket, back, complete } = useStep('additions', initial, selected, draft);

  const current = order ?? initial;
  const booked = resolve({ ...current, selectedExtras: selected });
  const totalPence = orderTotalPence(booked);
  const offered = extras.filter((extra) => extra.Enabled);
  const hidden = booked.Extras.filter((extra) => !extra.Enabled);

  const toggle = (id: number, on: boolean) =>
    setSelected((list) => (on ? [...list, id] : list.filter((other) => other !== id)));

  const finish = (to?: string) => (event?: FormEvent) => {
    event?.preventDefault();
    updateOrder(initial.Id, { selectedExtras: selected, ExtrasConfirmed: true });
    addOrderToBasket(initial.Id);
    complete({}, to ?? confirmPath(initial.Id));
  };

  return (
    <BookingPage
      step="additions"
      title="Any extras?"
      intro="Add what your parcel needs. The total updates as you tick."
      order={order}
      existing
    >
      <form onSubmit={finish()} noValidate aria-label="Extras">
        {isError && (
          <Alert severity="warning" className="booking__alert">
            Extras could not be loaded just now. Please refresh the page.
          </Alert>
        )}
        <div className="extras" role="group" aria-label="Extras">
          {offered.map((extra) => {
            const checked = selected.includes(extra.Id);
            const withIt = checked ? totalPence : totalPence + toPence(extra.Price);
            return (
              <div
                key={extra.Id}
                className={`card extra${checked ? ' extra--checked' : ''}`}
                data-testid="extra-option"
              >
                <Choice
                  checked={checked}
                  onChange={(event) => toggle(extra.Id, event.target.checked)}
                  aria-describedby={`extra-${extra.Id}-effect`}
                  label={
                    <span className="extra__row">
                      <span className="extra__text">
                        <span className="extra__name">{extra.Name}</span>
                        <span className="extra__description">{extra.Description}</span>
                        <span className="extra__effect" id={`extra-${extra.Id}-effect`}>
                          {checked
                            ? `Added: your total is ${formatMoney(totalPence)}`
                            : `Adding it makes your total ${formatMoney(withIt)}`}
                        </span>
                      </span>
                      <span className="extra__price">+{formatPounds(extra.Price)}</span>
                    </span>
                  }
                />
              </div>
            );
          })}
        </div>
        {hidden.length > 0 && (
          <Alert severity="info" className="booking__alert booking__alert--after">
            Also on this booking, added by our depot:{' '}
            {hidden.map((extra) => `${extra.Name} (${formatPounds(extra.Price)})`).join(', ')}.
          </Alert>
        )}
        <div className="card booking__total">
          <PriceLines order={booked} />
          <hr />
          <p aria-live="polite" aria-atomic="true">
            <span>Total</span>
            <span data-testid="additions-total">{formatMoney(totalPence)}</span>
          </p>
          <ArrivalPromise island={current.Island} />
        </div>
        <div className="booking__gst booking__gst--near">
          <GstEstimate
            island={current.Island}
            itemValue={current.ItemValue}
            retailerDelivery={current.RetailerDeliveryCharge}
            carriagePence={totalPence}
          />
        </div>
        <StepActions
          back={back}
          continueLabel={inBasket ? 'Update basket' : 'Add to basket'}
          onSaveToBasket={inBasket ? () => finish('/basket/')() : undefined}
        />
      </form>
    </BookingPage>
  );
}
