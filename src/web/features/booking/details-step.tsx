import {
  DETAILS_RULES,
  detailsForm,
  detailsPatch,
  type DetailsForm,
} from '../../../shared/booking-steps';
import { useState, type SyntheticEvent } from 'react';
import { itemLineForm, itemLineFromForm, type ItemLineForm } from '../../../shared/item-lines';
import type { LocalOrder } from '../../../shared/local-order';
import { toPence } from '../../../shared/money';
import { orderTotalPence } from '../../../shared/pricing';
import { DateField } from '../../components/date-field';
import { focusFirstError } from '../../lib/focus';
import { formOf } from '../../lib/use-form';
import { BookingPage } from './booking-page';
import { BookingSummary } from './booking-summary';
import { ArrivalPromise } from '../../components/arrival-promise';
import { FormField, IslandField } from '../../components/form-fields';
import { updateOrder } from '../../lib/booking-store';
import { GstEstimate } from '../../components/gst-estimate';
import { ItemLinesField, itemLinesProblem } from './item-lines-field';
import { StepForm, useStepForm } from './step-form';
import { useCatalogue } from '../../lib/use-catalogue';
import '../../styles/booking.css';

const LABELS: Record<keyof DetailsForm, string> = {
  ItemDescription: 'What is in the parcel?',
  ItemValue: 'Value of the goods',
  ItemCount: 'Number of items',
  RetailerDeliveryCharge: 'Retailer’s delivery charge',
  RetailerOrderDate: 'Date of your order with the retailer',
  Island: 'Destination island',
};

const rules = () => DETAILS_RULES;

/** The details step: what is in the parcel, its value, how many items, and where it goes. */
export function DetailsStep({ initial }: { initial: LocalOrder }) {
  const step = useStepForm<DetailsForm>(
    'details',
    initial,
    detailsForm(initial),
    rules,
    detailsPatch,
    LABELS,
  );
  const { form, field, order } = step;
  const { resolve, isPending } = useCatalogue();

  // The item lines: kept as typed; stored on the booking whenever every line passes its rules.
  const [lines, setLines] = useState<ItemLineForm[]>(() => initial.ItemLines.map(itemLineForm));
  const [linesSent, setLinesSent] = useState(false);
  const changeLines = (next: ItemLineForm[]) => {
    setLines(next);
    const valid = next.flatMap((line) => itemLineFromForm(line) ?? []);
    if (valid.length === next.length) updateOrder(initial.Id, { ItemLines: valid });
  };
  const declaredPence =
    form.errors.ItemValue || form.values.ItemValue.trim() === ''
      ? null
      : toPence(Number(form.values.ItemValue));
  /** Continue (or save to the basket) only with lines that pass and add up. */
  const finish = (to?: string) => (event?: SyntheticEvent) => {
    setLinesSent(true);
    if (itemLinesProblem(lines, declaredPence)) {
      // The fields' rules as for any send; the focus then goes to a line if no field needs it.
      form.handleSubmit(() => undefined)(event);
      focusFirstError(formOf(event), '[name="ItemLines.0.ValueEach"]');
      return;
    }
    step.finish(to)(event);
  };

  const value = form.errors.ItemValue ? null : Number(form.values.ItemValue);
  const charge = form.errors.RetailerDeliveryCharge
    ? null
    : Number(form.values.RetailerDeliveryCharge || 0);
  return (
    <BookingPage
      step="details"
      title="What are you sending?"
      intro="These details go on the customs declaration for your island."
      order={order}
      existing
      summary={<BookingSummary order={order} />}
    >
      <StepForm
        {...step}
        finish={finish}
        saveToBasket={step.saveToBasket ? (event) => finish('/basket/')(event) : undefined}
        label="Parcel details"
      >
        <div className="form-grid">
          <div className="form-grid__wide">
            <FormField
              {...field('ItemDescription')}
              required
              multiline
              minRows={2}
              hint="Specific enough for customs: “men’s leather boots”, not “clothes”"
            />
          </div>
          <FormField {...field('ItemValue')} required unit="£" hint="What you paid, in pounds" />
          <FormField
            {...field('ItemCount')}
            required
            keyboard="numeric"
            hint="How many things are in the parcel"
          />
          <FormField
            {...field('RetailerDeliveryCharge')}
            unit="£"
            hint="What the retailer charged to deliver to our depot, if anything: island GST counts it"
          />
          <DateField
            id="RetailerOrderDate"
            name="RetailerOrderDate"
            label={LABELS.RetailerOrderDate}
            value={form.values.RetailerOrderDate}
            onChange={(value) => form.setValue('RetailerOrderDate', value)}
            errorMessages={form.errorOf('RetailerOrderDate')}
            clearable
            helperText="On the retailer’s confirmation: the goods must leave the UK within 3 months of it for the retailer to take the VAT off"
          />
          <IslandField {...field('Island')} />
        </div>
        <div aria-live="polite">
          <ArrivalPromise island={form.values.Island || null} />
        </div>
        <ItemLinesField
          lines={lines}
          onChange={changeLines}
          declaredPence={declaredPence}
          showErrors={linesSent}
        />
        {order && !isPending && (
          <div className="booking__gst" aria-live="polite">
            <GstEstimate
              island={form.values.Island || null}
              itemValue={value}
              retailerDelivery={charge}
              carriagePence={orderTotalPence(resolve(order))}
            />
          </div>
        )}
      </StepForm>
    </BookingPage>
  );
}
