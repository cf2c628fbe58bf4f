import {
  retailerForm,
  retailerPatch,
  retailerRules,
  type RetailerForm,
} from '../../../shared/booking-steps';
import type { LocalOrder } from '../../../shared/local-order';
import { DateField } from '../../components/date-field';
import { Choice, ChoiceGroup } from '../../components/plain-controls';
import { BookingPage } from './booking-page';
import { BookingSummary } from './booking-summary';
import { FormField } from '../../components/form-fields';
import { StepForm, useStepForm } from './step-form';
import '../../styles/booking.css';
import './retailer-step.css';

const LABELS: Record<string, string> = {
  RetailerName: 'Retailer',
  RetailerWebsite: 'Retailer’s website',
  RetailerOrderNumber: 'Retailer’s order number',
  ExpectedDeliveryDate: 'Expected at our depot',
  TrackingNumber: 'Tracking number',
  DeliveryCount: 'Number of deliveries',
};

/** The retailer step: who is sending the parcel to our depot, when, and in how many deliveries. */
export function RetailerStep({ initial }: { initial: LocalOrder }) {
  const step = useStepForm<RetailerForm>(
    'retailer',
    initial,
    retailerForm(initial),
    retailerRules,
    retailerPatch,
    LABELS,
  );
  const { form, field } = step;

  return (
    <BookingPage
      step="retailer"
      title="Which retailer is sending it?"
      intro="Tell us about the UK retailer delivering your parcel to our Portsmouth depot, so we can match it to your booking when it arrives."
      order={step.order}
      existing
      summary={<BookingSummary order={step.order} />}
    >
      <StepForm {...step} label="Retailer details">
        <div className="form-grid">
          <div className="form-grid__wide">
            <FormField
              {...field('RetailerName')}
              required
              autoComplete="organization"
              hint="For example Argos, John Lewis or Next"
            />
          </div>
          <FormField {...field('RetailerWebsite')} keyboard="url" hint="Optional" />
          <FormField {...field('RetailerOrderNumber')} hint="Optional" />
          <DateField
            id="ExpectedDeliveryDate"
            name="ExpectedDeliveryDate"
            label={LABELS.ExpectedDeliveryDate}
            value={form.values.ExpectedDeliveryDate}
            onChange={(value) => form.setValue('ExpectedDeliveryDate', value)}
            errorMessages={form.errorOf('ExpectedDeliveryDate')}
            clearable
            helperText="When the retailer expects to deliver, if you know"
          />
          <FormField
            {...field('TrackingNumber')}
            hint="The courier’s tracking number, when you have it"
          />
          <div className="form-grid__wide">
            <ChoiceGroup
              id="multiple"
              legend="Will the retailer send this order in more than one delivery?"
              className="choice-group--row"
            >
              <Choice
                type="radio"
                name="MultipleDeliveries"
                value="no"
                checked={!form.values.MultipleDeliveries}
                onChange={() => form.setValue('MultipleDeliveries', false)}
                label="No, one delivery"
              />
              <Choice
                type="radio"
                name="MultipleDeliveries"
                value="yes"
                checked={form.values.MultipleDeliveries}
                onChange={() => form.setValue('MultipleDeliveries', true)}
                label="Yes, more than one"
              />
            </ChoiceGroup>
            {form.values.MultipleDeliveries && (
              <div className="booking__count">
                <FormField
                  {...field('DeliveryCount')}
                  required
                  keyboard="numeric"
                  hint="We wait for every delivery and send them on together"
                />
              </div>
            )}
          </div>
        </div>
      </StepForm>
    </BookingPage>
  );
}
