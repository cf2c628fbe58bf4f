import {
  Box,
  Collapse,
  FormControl,
  FormControlLabel,
  FormLabel,
  Grid,
  Radio,
  RadioGroup,
} from '@mui/material';
import {
  retailerForm,
  retailerPatch,
  retailerRules,
  type RetailerForm,
} from '../../../shared/booking-steps';
import type { LocalOrder } from '../../../shared/local-order';
import { DateField } from '../../components/date-field';
import { BookingPage } from './booking-page';
import { BookingSummary } from './booking-summary';
import { FormField } from './booking-fields';
import { StepForm, useStepForm } from './step-form';

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
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12 }}>
            <FormField
              {...field('RetailerName')}
              required
              autoComplete="organization"
              hint="For example Argos, John Lewis or Next"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormField {...field('RetailerWebsite')} keyboard="url" hint="Optional" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormField {...field('RetailerOrderNumber')} hint="Optional" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
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
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormField
              {...field('TrackingNumber')}
              hint="The courier’s tracking number, when you have it"
            />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <FormControl>
              <FormLabel id="multiple-label">
                Will the retailer send this order in more than one delivery?
              </FormLabel>
              <RadioGroup
                row
                aria-labelledby="multiple-label"
                name="MultipleDeliveries"
                value={form.values.MultipleDeliveries ? 'yes' : 'no'}
                onChange={(_event, value) => form.setValue('MultipleDeliveries', value === 'yes')}
              >
                <FormControlLabel value="no" control={<Radio />} label="No, one delivery" />
                <FormControlLabel value="yes" control={<Radio />} label="Yes, more than one" />
              </RadioGroup>
            </FormControl>
            <Collapse in={form.values.MultipleDeliveries} unmountOnExit>
              <Box sx={{ mt: 1.5, maxWidth: 240 }}>
                <FormField
                  {...field('DeliveryCount')}
                  required
                  keyboard="numeric"
                  hint="We wait for every delivery and send them on together"
                />
              </Box>
            </Collapse>
          </Grid>
        </Grid>
      </StepForm>
    </BookingPage>
  );
}
