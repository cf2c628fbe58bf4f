import { useEffect, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Product } from '../../../shared/api/catalogue';
import { fitsBand, smallestFittingBand } from '../../../shared/band-fit';
import {
  SIZE_RULES,
  type SizeField,
  sizeForm,
  sizeFromForm,
  stepPath,
  type SizeForm,
} from '../../../shared/booking-steps';
import { formatDimensionsCm, orderDimensionsMm } from '../../../shared/labels';
import type { LocalOrder } from '../../../shared/local-order';
import { formatPounds } from '../../../shared/money';
import { usePrefetch } from '../../components/prefetch';
import { useResource } from '../../lib/remote-resource';
import { useForm } from '../../lib/use-form';
import { productsResource } from '../../lib/api/products';
import { PricesUnavailable } from '../../components/price-bands';
import { BandChoice } from './band-choice';
import { BookingPage } from './booking-page';
import { SIZE_LABELS, SizeFields } from '../../components/form-fields';
import { createOrder, updateOrder, useBookings, useLocalOrder } from '../../lib/booking-store';
import { FormErrors } from './form-errors';
import { StepActions } from './step-actions';
import '../../styles/booking.css';

const BAND_REQUIRED = 'Please choose a price band, or enter your parcel’s size.';
const TOO_LARGE = 'Your parcel fits none of our price bands: please request a quote.';

const SIZE_FIELDS = Object.keys(SIZE_RULES) as SizeField[];

/** The address of the quote form with the size entered here filled in. */
function quotePath(form: SizeForm): string {
  const query = new URLSearchParams(
    SIZE_FIELDS.flatMap((field) => (form[field].trim() === '' ? [] : [[field, form[field]]])),
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
 * The size step (docs/requirements.md §2: /order/, /order/{id}, /order/size/{id}, /calculator/):
 * choose a price band, or enter the parcel's size and weight and be offered the smallest band it
 * fits in any orientation, or a quote when it fits none.
 */
export function SizeStep({ mode, initial }: Props) {
  const navigate = useNavigate();
  // The price bands from the same cached fetch as the home page's and every booking screen's.
  const catalogue = useResource(productsResource);
  const products = catalogue.data?.items ?? [];
  const isPending = catalogue.status === 'pending';
  const isError = catalogue.status === 'error';
  const stored = useLocalOrder(initial?.Id ?? null);
  // A band chosen earlier stays chosen while the parcel fits it; otherwise the smallest that fits.
  const chosenBand = (selected: string, parcel: ReturnType<typeof sizeFromForm>) => {
    const band = products.find((b) => String(b.Id) === selected) ?? null;
    if (!parcel || (band && fitsBand(parcel.size, parcel.Weight, band))) return band;
    return smallestFittingBand(parcel.size, parcel.Weight, products);
  };
  const { basket } = useBookings();
  // The band as the customer chose it, with the size: one form. The size's rules apply once any
  // of it is entered; the band's, that one is chosen or follows from a size that fits one (a size
  // with errors shows those instead).
  const size = useForm<SizeForm & { ProductId: string }>(
    { ...sizeForm(initial), ProductId: String(initial?.ProductId ?? '') },
    (values) => {
      const entered = SIZE_FIELDS.some((field) => values[field].trim() !== '');
      const parcel = sizeFromForm(values);
      const band = (): true | string =>
        chosenBand(values.ProductId, parcel) !== null ||
        isPending ||
        (parcel ? TOO_LARGE : entered || BAND_REQUIRED);
      return { ...(entered ? SIZE_RULES : {}), ProductId: [band] };
    },
  );

  const parcel = sizeFromForm(size.values);
  const fits = (band: Product) => !parcel || fitsBand(parcel.size, parcel.Weight, band);
  const suggestion = parcel ? smallestFittingBand(parcel.size, parcel.Weight, products) : null;
  const chosen = chosenBand(size.values.ProductId, parcel);
  const bandError = size.submitted ? size.errors.ProductId : undefined;
  const inBasket = initial !== null && basket.includes(initial.Id);

  // Once a band is chosen the customer is about to continue: fetch the next step's code (which
  // this screen does without) so that Continue opens it at once.
  const prefetch = usePrefetch();
  const ready = chosen !== null;
  const nextPath = stepPath('retailer', initial?.Id ?? 0);
  useEffect(() => {
    if (ready) prefetch(nextPath);
  }, [ready, nextPath, prefetch]);

  /** Stores the band and size (a new booking, or the one being changed), then goes on. */
  const finish = (to?: string) =>
    size.handleSubmit(() => {
      if (!chosen) return;
      const patch = {
        ProductId: chosen.Id,
        size: parcel?.size ?? null,
        Weight: parcel?.Weight ?? null,
      };
      const id = initial && updateOrder(initial.Id, patch) ? initial.Id : createOrder(patch).Id;
      navigate(to ?? stepPath('retailer', id));
    });

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
      <form onSubmit={finish()} noValidate aria-label="Parcel size">
        <FormErrors
          show={size.submitted}
          errors={size.errors}
          labels={{ ...SIZE_LABELS, ProductId: 'Price band' }}
        />
        <section className="card booking__card" aria-labelledby="size-heading">
          <h2 id="size-heading">Know its size? Enter it</h2>
          <p className="booking__hint">
            Measure the box the retailer will send, in any order. We check every way round.
          </p>
          <SizeFields
            field={(name) => ({ ...size.text(name), id: `size-${name}` })}
            labelledBy="size-heading"
          />
          <div aria-live="polite" data-testid="size-result">
            {parcel && !isPending && suggestion && (
              <p className="alert alert--success size-result">
                Your parcel ({formatDimensionsCm(orderDimensionsMm({ size: parcel.size })!)},{' '}
                {parcel.Weight / 1000} kg) fits <strong>Price Band {suggestion.Code}</strong> (
                {suggestion.Name}) for <strong>{formatPounds(suggestion.Price)}</strong>.
                {chosen && chosen.Id !== suggestion.Id
                  ? ` You have chosen the larger Price Band ${chosen.Code}.`
                  : ' We have chosen it for you.'}
              </p>
            )}
            {parcel && !isPending && !isError && !suggestion && (
              <div className="alert alert--warning alert--action size-result">
                <span>
                  Your parcel is larger or heavier than our biggest price band. We can still carry
                  it: ask us for a quote.
                </span>
                <Link to={quotePath(size.values)} className="button button--outlined">
                  Request a quote
                </Link>
              </div>
            )}
          </div>
        </section>

        {!(parcel && !isPending && !suggestion) && (
          <>
            <h2 id="bands-heading">
              {parcel ? 'Price bands your parcel fits' : 'Or choose a price band'}
            </h2>
            {isError ? (
              <PricesUnavailable />
            ) : (
              <BandChoice
                bands={products}
                loading={isPending}
                value={chosen?.Id ?? null}
                onChange={(id) => size.setValue('ProductId', String(id))}
                fits={fits}
                labelledBy="bands-heading"
                error={bandError}
              />
            )}
          </>
        )}
        {bandError && (
          <p id="band-error" className="booking__error">
            {bandError}
          </p>
        )}

        <div aria-live="polite">
          {chosen && (
            <p className="booking__chosen" data-testid="chosen-band">
              Price Band {chosen.Code}: <strong>{formatPounds(chosen.Price)}</strong> before extras
            </p>
          )}
        </div>
        <StepActions
          back={inBasket ? '/basket/' : undefined}
          continueLabel={calculator && !initial ? 'Book this delivery' : 'Continue'}
          onSaveToBasket={
            inBasket ? (event: SyntheticEvent) => finish('/basket/')(event) : undefined
          }
        />
      </form>
    </BookingPage>
  );
}
