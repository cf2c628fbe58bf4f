import { useRef, useState, type FormEvent } from 'react';
import { Box, Grid, InputAdornment, TextField } from '@mui/material';
import { ISLANDS } from '../../../shared/islands';
import {
  DETAILS_RULES,
  detailsForm,
  detailsPatch,
  type DetailsForm,
} from '../../../shared/booking-steps';
import type { LocalOrder } from '../../../shared/local-order';
import { orderTotalPence } from '../../../shared/pricing';
import { isFormValid } from '../../../shared/validation/form';
import { useForm } from '../../lib/use-form';
import { BookingPage } from './booking-page';
import { FormErrors, focusFirstError, NO_EVENT } from './form-errors';
import { GstEstimate } from './gst-estimate';
import { StepActions } from './step-actions';
import { useCatalogue } from './use-catalogue';
import { useStep } from './use-step';

const LABELS: Record<keyof DetailsForm, string> = {
  ItemDescription: 'What is in the parcel?',
  ItemValue: 'Value of the goods',
  ItemCount: 'Number of items',
  Island: 'Destination island',
};

const rules = () => DETAILS_RULES;

/** The details step: what is in the parcel, its value, how many items, and where it goes. */
export function DetailsStep({ initial }: { initial: LocalOrder }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<DetailsForm>(detailsForm(initial), rules);
  const { order, inBasket, back, complete } = useStep(
    'details',
    initial,
    form.values,
    detailsPatch,
  );
  const { resolve, isPending } = useCatalogue();
  const [attempted, setAttempted] = useState(false);

  const finish = (to?: string) => (event?: FormEvent) => {
    form.handleSubmit(() => undefined)(event ?? NO_EVENT);
    setAttempted(true);
    if (!isFormValid(form.errors)) {
      focusFirstError(formRef.current);
      return;
    }
    complete(detailsPatch(form.values), to);
  };

  const value = form.errors.ItemValue ? null : Number(form.values.ItemValue);
  return (
    <BookingPage
      step="details"
      title="What are you sending?"
      intro="These details go on the customs declaration for your island."
      order={order}
      existing
    >
      <form ref={formRef} onSubmit={finish()} noValidate aria-label="Parcel details">
        <FormErrors show={attempted} errors={form.errors} labels={LABELS} />
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12 }}>
            <TextField
              {...form.text('ItemDescription')}
              id="ItemDescription"
              label={LABELS.ItemDescription}
              required
              fullWidth
              multiline
              minRows={2}
              helperText={
                form.errorOf('ItemDescription') ??
                'Specific enough for customs: “men’s leather boots”, not “clothes”'
              }
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...form.text('ItemValue')}
              id="ItemValue"
              label={LABELS.ItemValue}
              required
              fullWidth
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
              }}
              helperText={form.errorOf('ItemValue') ?? 'What you paid, in pounds'}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...form.text('ItemCount')}
              id="ItemCount"
              label={LABELS.ItemCount}
              required
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              helperText={form.errorOf('ItemCount') ?? 'How many things are in the parcel'}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...form.text('Island')}
              id="Island"
              label={LABELS.Island}
              required
              fullWidth
              select
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">Choose an island</option>
              {ISLANDS.map((island) => (
                <option key={island} value={island}>
                  {island}
                </option>
              ))}
            </TextField>
          </Grid>
        </Grid>
        {form.values.Island === 'Jersey' && order && !isPending && (
          <Box sx={{ mt: 3 }} aria-live="polite">
            <GstEstimate itemValue={value} carriagePence={orderTotalPence(resolve(order))} />
          </Box>
        )}
        <StepActions
          back={back}
          onSaveToBasket={inBasket ? () => finish('/basket/')() : undefined}
        />
      </form>
    </BookingPage>
  );
}
