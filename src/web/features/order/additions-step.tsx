import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Checkbox,
  Divider,
  FormControlLabel,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { confirmPath } from '../../../shared/booking-steps';
import type { LocalOrder } from '../../../shared/local-order';
import { formatMoney, formatPounds, toPence } from '../../../shared/money';
import { orderTotalPence } from '../../../shared/pricing';
import { PriceLines } from '../basket/price-lines';
import { addOrderToBasket, updateOrder } from './booking-store';
import { BookingPage } from './booking-page';
import { GstEstimate } from './gst-estimate';
import { StepActions } from './step-actions';
import { useCatalogue } from './use-catalogue';
import { useStep } from './use-step';

const draft = (selectedExtras: number[]) => ({ selectedExtras });

/**
 * The additions step: the enabled extras with their prices, each one's effect on the total shown
 * as it is ticked. Hidden (disabled) extras already on the booking are kept and shown, not offered.
 */
export function AdditionsStep({ initial }: { initial: LocalOrder }) {
  const { extras, isPending, isError, resolve } = useCatalogue();
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
          <Alert severity="warning" sx={{ mb: 2 }}>
            Extras could not be loaded just now. Please refresh the page.
          </Alert>
        )}
        <Stack spacing={1.5} role="group" aria-label="Extras">
          {isPending
            ? Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} variant="rounded" height={72} />
              ))
            : offered.map((extra) => {
                const checked = selected.includes(extra.Id);
                const withIt = checked ? totalPence : totalPence + toPence(extra.Price);
                return (
                  <Card
                    key={extra.Id}
                    variant="outlined"
                    data-testid="extra-option"
                    sx={{ borderWidth: 2, borderColor: checked ? 'primary.main' : 'divider' }}
                  >
                    <FormControlLabel
                      sx={{ m: 0, p: 1, pr: 2, width: '100%', alignItems: 'flex-start' }}
                      slotProps={{ typography: { component: 'div', sx: { flex: 1, pt: 1 } } }}
                      control={
                        <Checkbox
                          checked={checked}
                          onChange={(_event, on) => toggle(extra.Id, on)}
                          slotProps={{
                            input: { 'aria-describedby': `extra-${extra.Id}-effect` } as object,
                          }}
                        />
                      }
                      label={
                        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
                          <Box>
                            <Typography sx={{ fontWeight: 600 }}>{extra.Name}</Typography>
                            <Typography variant="body2" color="text.secondary">
                              {extra.Description}
                            </Typography>
                            <Typography
                              variant="body2"
                              id={`extra-${extra.Id}-effect`}
                              sx={{ mt: 0.5, color: checked ? 'primary.dark' : 'text.secondary' }}
                            >
                              {checked
                                ? `Added: your total is ${formatMoney(totalPence)}`
                                : `Adding it makes your total ${formatMoney(withIt)}`}
                            </Typography>
                          </Box>
                          <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                            +{formatPounds(extra.Price)}
                          </Typography>
                        </Stack>
                      }
                    />
                  </Card>
                );
              })}
        </Stack>
        {hidden.length > 0 && (
          <Alert severity="info" sx={{ mt: 2 }}>
            Also on this booking, added by our depot:{' '}
            {hidden.map((extra) => `${extra.Name} (${formatPounds(extra.Price)})`).join(', ')}.
          </Alert>
        )}
        <Card variant="outlined" sx={{ mt: 3 }}>
          <CardContent>
            <PriceLines order={booked} />
            <Divider sx={{ my: 1.5 }} />
            <Stack
              direction="row"
              sx={{ justifyContent: 'space-between' }}
              aria-live="polite"
              aria-atomic="true"
            >
              <Typography sx={{ fontWeight: 700 }}>Total</Typography>
              <Typography sx={{ fontWeight: 700 }} data-testid="additions-total">
                {formatMoney(totalPence)}
              </Typography>
            </Stack>
          </CardContent>
        </Card>
        {current.Island === 'Jersey' && !isPending && (
          <Box sx={{ mt: 2 }}>
            <GstEstimate itemValue={current.ItemValue} carriagePence={totalPence} />
          </Box>
        )}
        <StepActions
          back={back}
          continueLabel={inBasket ? 'Update basket' : 'Add to basket'}
          onSaveToBasket={inBasket ? () => finish('/basket/')() : undefined}
        />
      </form>
    </BookingPage>
  );
}
