import { useRef, useState, type FormEvent } from 'react';
import {
  Collapse,
  FormControl,
  FormControlLabel,
  FormLabel,
  Grid,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import {
  retailerForm,
  retailerPatch,
  retailerRules,
  type RetailerForm,
} from '../../../shared/booking-steps';
import { isFormValid } from '../../../shared/validation/form';
import type { LocalOrder } from '../../../shared/local-order';
import { DateField } from '../../components/date-field';
import { useForm } from '../../lib/use-form';
import { BookingPage } from './booking-page';
import { FormErrors, focusFirstError, NO_EVENT } from './form-errors';
import { StepActions } from './step-actions';
import { useStep } from './use-step';

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
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<RetailerForm>(retailerForm(initial), retailerRules);
  const { order, inBasket, back, complete } = useStep(
    'retailer',
    initial,
    form.values,
    retailerPatch,
  );
  const [attempted, setAttempted] = useState(false);

  const finish = (to?: string) => (event?: FormEvent) => {
    form.handleSubmit(() => undefined)(event ?? NO_EVENT);
    setAttempted(true);
    if (!isFormValid(form.errors)) {
      focusFirstError(formRef.current);
      return;
    }
    complete(retailerPatch(form.values), to);
  };

  return (
    <BookingPage
      step="retailer"
      title="Which retailer is sending it?"
      intro="Tell us about the UK retailer delivering your parcel to our Portsmouth depot, so we can match it to your booking when it arrives."
      order={order}
      existing
    >
      <form ref={formRef} onSubmit={finish()} noValidate aria-label="Retailer details">
        <FormErrors show={attempted} errors={form.errors} labels={LABELS} />
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12 }}>
            <TextField
              {...form.text('RetailerName')}
              id="RetailerName"
              label={LABELS.RetailerName}
              required
              fullWidth
              autoComplete="organization"
              helperText={form.errorOf('RetailerName') ?? 'For example Argos, John Lewis or Next'}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...form.text('RetailerWebsite')}
              id="RetailerWebsite"
              label={LABELS.RetailerWebsite}
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'url' } }}
              helperText={form.errorOf('RetailerWebsite') ?? 'Optional'}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...form.text('RetailerOrderNumber')}
              id="RetailerOrderNumber"
              label={LABELS.RetailerOrderNumber}
              fullWidth
              helperText={form.errorOf('RetailerOrderNumber') ?? 'Optional'}
            />
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
            <TextField
              {...form.text('TrackingNumber')}
              id="TrackingNumber"
              label={LABELS.TrackingNumber}
              fullWidth
              helperText={
                form.errorOf('TrackingNumber') ?? 'The courier’s tracking number, when you have it'
              }
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
              <TextField
                {...form.text('DeliveryCount')}
                id="DeliveryCount"
                label={LABELS.DeliveryCount}
                required
                sx={{ mt: 1.5, maxWidth: 240 }}
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                helperText={
                  form.errorOf('DeliveryCount') ??
                  'We wait for every delivery and send them on together'
                }
              />
            </Collapse>
          </Grid>
        </Grid>
        <StepActions
          back={back}
          onSaveToBasket={inBasket ? () => finish('/basket/')() : undefined}
        />
      </form>
    </BookingPage>
  );
}
