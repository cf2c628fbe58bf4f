import { useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link, useNavigate } from 'react-router';
import type { Product } from '../../../shared/api/catalogue';
import { fitsBand, smallestFittingBand } from '../../../shared/band-fit';
import {
  SIZE_RULES,
  sizeForm,
  sizeFromForm,
  stepPath,
  type SizeForm,
} from '../../../shared/booking-steps';
import { formatDimensionsCm, orderDimensionsMm } from '../../../shared/labels';
import type { LocalOrder } from '../../../shared/local-order';
import { formatPounds } from '../../../shared/money';
import { useForm } from '../../lib/use-form';
import { BandChoice } from './band-choice';
import { BookingPage } from './booking-page';
import { SIZE_LABELS, SizeFields } from './booking-fields';
import { createOrder, updateOrder, useBookings, useLocalOrder } from './booking-store';
import { FormErrors, focusFirstError } from './form-errors';
import { StepActions } from './step-actions';
import { useCatalogue } from './use-catalogue';

const BAND_REQUIRED = 'Please choose a price band, or enter your parcel’s size.';
const TOO_LARGE = 'Your parcel fits none of our price bands: please request a quote.';

/** The address of the quote form with the size entered here filled in. */
export function quotePath(form: SizeForm): string {
  const query = new URLSearchParams(
    Object.entries(form).filter(([, value]) => value.trim() !== ''),
  ).toString();
  return `/quote/${query ? `?${query}` : ''}`;
}

/** The size step's two uses as pages: their titles, and for search engines what they offer. */
export const SIZE_STEP_PAGES = {
  order: {
    title: 'Add a delivery',
    description:
      'Book delivery of a parcel from a UK retailer to Jersey, Guernsey, Alderney, Sark or Herm: choose its price band or enter its size, add extras, and pay for the crossing.',
    path: '/order/',
  },
  calculator: {
    title: 'Delivery price calculator',
    description:
      'What does it cost to get a parcel from the UK to the Channel Islands? Enter its size and weight, or choose a price band, and see the price before you book.',
    path: '/calculator/',
  },
} as const;

interface Props {
  /** The calculator answers "what would this cost?" before any booking; same screen. */
  mode: keyof typeof SIZE_STEP_PAGES;
  /** The booking being changed, or null for a new one. */
  initial: LocalOrder | null;
}

/**
 * The size step (SPEC section 2: /order/, /order/{id}, /order/size/{id}, /calculator/): choose a
 * price band, or enter the parcel's size and weight and be offered the smallest band it fits in
 * any orientation, or a quote when it fits none.
 */
export function SizeStep({ mode, initial }: Props) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const { products, isPending, isError } = useCatalogue();
  const stored = useLocalOrder(initial?.Id ?? null);
  const { basket } = useBookings();
  const [selected, setSelected] = useState<number | null>(initial?.ProductId ?? null);
  const [attempted, setAttempted] = useState(false);
  const size = useForm<SizeForm>(sizeForm(initial), (values) =>
    Object.values(values).some((v) => v.trim() !== '') ? SIZE_RULES : {},
  );

  const parcel = sizeFromForm(size.values);
  const fits = (band: Product) => !parcel || fitsBand(parcel.size, parcel.Weight, band);
  const suggestion = parcel ? smallestFittingBand(parcel.size, parcel.Weight, products) : null;
  const selectedBand = products.find((band) => band.Id === selected) ?? null;
  // A band chosen earlier stays chosen while the parcel fits it; otherwise the smallest that fits.
  const chosen = selectedBand && fits(selectedBand) ? selectedBand : suggestion;
  const bandError =
    attempted && !chosen && !isPending
      ? parcel && !suggestion
        ? TOO_LARGE
        : !parcel && Object.keys(size.errors).length === 0
          ? BAND_REQUIRED
          : undefined
      : undefined;
  const inBasket = initial !== null && basket.includes(initial.Id);

  const save = (): number | null => {
    if (!chosen || (parcel === null && Object.keys(size.errors).length > 0)) return null;
    const patch = {
      ProductId: chosen.Id,
      size: parcel?.size ?? null,
      Weight: parcel?.Weight ?? null,
    };
    if (initial && updateOrder(initial.Id, patch)) return initial.Id;
    return createOrder(patch).Id;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    size.handleSubmit(() => undefined)(event);
    setAttempted(true);
    const id = save();
    if (id === null) {
      focusFirstError(formRef.current);
      return;
    }
    navigate(stepPath('retailer', id));
  };

  const calculator = mode === 'calculator';
  return (
    <BookingPage
      step="size"
      title={calculator ? 'Delivery price calculator' : 'What size is your parcel?'}
      intro={
        calculator
          ? 'See what a delivery costs: choose a price band, or enter your parcel’s size and we’ll find the smallest band it fits. Nothing is booked until you continue.'
          : 'Choose the price band your parcel fits, or enter its size and weight and we’ll find the smallest band for it.'
      }
      order={initial ? stored : null}
      existing={initial !== null}
      steps={!calculator || initial !== null}
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Parcel size">
        <FormErrors
          show={attempted}
          errors={{ ...size.errors, ...(bandError ? { ProductId: bandError } : {}) }}
          labels={{ ...SIZE_LABELS, ProductId: 'Price band' }}
        />
        <Card variant="outlined" sx={{ mb: 4 }}>
          <CardContent>
            <Typography variant="h2" id="size-heading" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
              Know its size? Enter it
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Measure the box the retailer will send, in any order. We check every way round.
            </Typography>
            <SizeFields
              field={(name) => ({ ...size.text(name), id: `size-${name}` })}
              labelledBy="size-heading"
            />
            <Box aria-live="polite" sx={{ mt: parcel ? 2 : 0 }} data-testid="size-result">
              {parcel && !isPending && suggestion && (
                <Alert severity="success">
                  Your parcel ({formatDimensionsCm(orderDimensionsMm({ size: parcel.size })!)},{' '}
                  {parcel.Weight / 1000} kg) fits <strong>Price Band {suggestion.Code}</strong> (
                  {suggestion.Name}) for <strong>{formatPounds(suggestion.Price)}</strong>.
                  {chosen && chosen.Id !== suggestion.Id
                    ? ` You have chosen the larger Price Band ${chosen.Code}.`
                    : ' We have chosen it for you.'}
                </Alert>
              )}
              {parcel && !isPending && !isError && !suggestion && (
                <Alert
                  severity="warning"
                  action={
                    <Button component={Link} to={quotePath(size.values)} color="inherit">
                      Request a quote
                    </Button>
                  }
                >
                  Your parcel is larger or heavier than our biggest price band. We can still carry
                  it: ask us for a quote.
                </Alert>
              )}
            </Box>
          </CardContent>
        </Card>

        {!(parcel && !isPending && !suggestion) && (
          <>
            <Typography variant="h2" id="bands-heading" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
              {parcel ? 'Price bands your parcel fits' : 'Or choose a price band'}
            </Typography>
            {isError ? (
              <Alert severity="warning">
                Prices could not be loaded just now. Please refresh the page.
              </Alert>
            ) : (
              <BandChoice
                bands={products}
                loading={isPending}
                value={chosen?.Id ?? null}
                onChange={setSelected}
                fits={fits}
                labelledBy="bands-heading"
                error={bandError}
              />
            )}
          </>
        )}
        {bandError && (
          <Typography id="band-error" color="error" variant="body2" sx={{ mt: 1 }}>
            {bandError}
          </Typography>
        )}

        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mt: 3, alignItems: { sm: 'center' }, justifyContent: 'flex-end' }}
          aria-live="polite"
        >
          {chosen && (
            <Typography data-testid="chosen-band">
              Price Band {chosen.Code}: <strong>{formatPounds(chosen.Price)}</strong> before extras
            </Typography>
          )}
        </Stack>
        <StepActions
          back={inBasket ? '/basket/' : undefined}
          continueLabel={calculator && !initial ? 'Book this delivery' : 'Continue'}
          onSaveToBasket={
            inBasket
              ? () => {
                  setAttempted(true);
                  if (save() !== null) navigate('/basket/');
                  else focusFirstError(formRef.current);
                }
              : undefined
          }
        />
      </form>
    </BookingPage>
  );
}
