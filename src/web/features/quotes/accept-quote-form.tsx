import { useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Divider,
  FormControlLabel,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useNavigate } from 'react-router';
import type { FieldError } from '../../../shared/api/errors';
import type { CustomerQuote } from '../../../shared/api/quotes';
import { CHECKOUT_MESSAGES } from '../../../shared/checkout-messages';
import { formatMoney, formatPounds } from '../../../shared/money';
import { orderTotalPence } from '../../../shared/pricing';
import { MESSAGES } from '../../../shared/validation/messages';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api-client';
import { useChosenAddresses } from '../addresses/chosen-addresses';
import { PriceLines } from '../basket/price-lines';
import { plainWords } from '../checkout/checkout-request';
import { AddressChoices, FieldErrors, focusFirstError, TermsField } from '../checkout/form-parts';
import { useLeaveForPayment } from '../checkout/use-leave-for-payment';
import { useCatalogue } from '../order/use-catalogue';
import { useAcceptQuote } from './api/answer-quote';
import { DeclineQuoteDialog } from './decline-quote-dialog';
import { QuoteCard, QuotedBooking, QuotedPrice } from './quote-details';

export const ACCEPT_FAILED =
  'Your payment could not be started, and nothing was taken. Please try again.';

type Place = 'extras' | 'delivery' | 'billing' | 'terms' | 'general';

const PLACES: Readonly<Record<string, [Place, string]>> = {
  selectedExtras: ['extras', 'This extra'],
  DeliveryAddressId: ['delivery', 'The delivery address'],
  BillingAddressId: ['billing', 'The billing address'],
  TermsAccepted: ['terms', 'The terms'],
};

/** The server's refusal, put under the part of the page where it can be put right. */
function placeErrors(error: unknown): Record<Place, string[]> {
  const placed: Record<Place, string[]> = {
    extras: [],
    delivery: [],
    billing: [],
    terms: [],
    general: [],
  };
  if (!error) return placed;
  const fields: FieldError[] = error instanceof ApiError ? (error.body?.errors ?? []) : [];
  if (fields.length === 0) {
    const known = error instanceof ApiError && error.status < 500 && error.status !== 401;
    placed.general.push(known ? error.message : ACCEPT_FAILED);
  }
  for (const { field, error: message } of fields) {
    const [place, label] = PLACES[field.split('.')[0]] ?? ['general', 'The quote'];
    placed[place].push(plainWords(label, message));
  }
  return placed;
}

/**
 * A Quote Ready quote: the price and the booking it answers, the enabled extras with the running
 * total (the shared pricing rules; the server prices it again), the delivery address (on the
 * quote's island) and the billing address, the terms, Accept and pay, and Decline.
 */
export function AcceptQuoteForm({ quote }: { quote: CustomerQuote }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const extras = useCatalogue();
  const offered = extras.extras.filter((extra) => extra.Enabled);
  const [selected, setSelected] = useState<number[]>([]);
  const { Delivery: delivery, Billing: billing } = useChosenAddresses();
  const [accepted, setAccepted] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [declining, setDeclining] = useState(false);
  const accept = useAcceptQuote(quote.Id);
  const { leaving, leave } = useLeaveForPayment();
  const errors = placeErrors(accept.error);

  const order = {
    QuotePrice: quote.QuotePrice,
    Extras: offered.filter((extra) => selected.includes(extra.Id)),
  };
  const totalPence = orderTotalPence(order);
  const missing = {
    delivery: delivery ? null : CHECKOUT_MESSAGES.notADeliveryAddress,
    billing: billing ? null : CHECKOUT_MESSAGES.notABillingAddress,
    terms: accepted ? null : MESSAGES.required,
  };
  const shown = (key: keyof typeof missing) => (attempted ? missing[key] : null);

  const toggle = (id: number, on: boolean) =>
    setSelected((list) => (on ? [...list, id] : list.filter((other) => other !== id)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!delivery || !billing || !accepted) {
      focusFirstError(formRef.current);
      return;
    }
    accept.mutate(
      {
        selectedExtras: selected,
        DeliveryAddressId: delivery.Id,
        BillingAddressId: billing.Id,
        TermsAccepted: true,
      },
      {
        onSuccess: ({ Payment }) => {
          if (Payment.Status === 'paid' || !Payment.CheckoutUrl) {
            navigate(`/payment/success/?ref=${encodeURIComponent(Payment.Reference)}`);
          } else leave(Payment.CheckoutUrl); // the button stays busy while the page loads
        },
      },
    );
  };

  return (
    <Box
      component="form"
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label="Accept the quote"
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 320px' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <QuotedPrice quote={quote} />
        <QuotedBooking quote={quote} />
        <QuoteCard title="Extras">
          <Typography color="text.secondary" sx={{ mb: 1.5 }}>
            Add what your delivery needs; the total updates as you tick.
          </Typography>
          {extras.isError && (
            <Alert severity="warning">
              Extras could not be loaded just now. Please reload the page to add any.
            </Alert>
          )}
          <Stack spacing={1} role="group" aria-label="Extras">
            {extras.isPending
              ? Array.from({ length: 3 }, (_, i) => (
                  <Skeleton key={i} variant="rounded" height={56} />
                ))
              : offered.map((extra) => (
                  <FormControlLabel
                    key={extra.Id}
                    sx={{ m: 0, alignItems: 'flex-start' }}
                    slotProps={{ typography: { component: 'div', sx: { flex: 1, pt: 1 } } }}
                    control={
                      <Checkbox
                        checked={selected.includes(extra.Id)}
                        onChange={(_event, on) => toggle(extra.Id, on)}
                      />
                    }
                    label={
                      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
                        <Box>
                          <Typography sx={{ fontWeight: 600 }}>{extra.Name}</Typography>
                          <Typography variant="body2" color="text.secondary">
                            {extra.Description}
                          </Typography>
                        </Box>
                        <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                          +{formatPounds(extra.Price)}
                        </Typography>
                      </Stack>
                    }
                  />
                ))}
          </Stack>
          <FieldErrors messages={errors.extras} />
        </QuoteCard>
        <AddressChoices
          island={quote.Island}
          errors={{
            delivery: [shown('delivery'), ...errors.delivery],
            billing: [shown('billing'), ...errors.billing],
          }}
        />
      </Stack>

      <Card variant="outlined" sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
              Your answer
            </Typography>
            <PriceLines order={order} />
            <Divider />
            <Stack
              direction="row"
              sx={{ justifyContent: 'space-between' }}
              aria-live="polite"
              aria-atomic="true"
            >
              <Typography sx={{ fontWeight: 700, fontSize: '1.125rem' }}>Total to pay</Typography>
              <Typography
                sx={{ fontWeight: 700, fontSize: '1.125rem', fontVariantNumeric: 'tabular-nums' }}
                data-testid="quote-total"
              >
                {formatMoney(totalPence)}
              </Typography>
            </Stack>
            <TermsField
              checked={accepted}
              onChange={setAccepted}
              error={shown('terms') ?? errors.terms[0]}
            />
            {errors.general.length > 0 && (
              <FormAlert severity="error">
                {errors.general.map((message) => (
                  <div key={message}>{message}</div>
                ))}
              </FormAlert>
            )}
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              loading={accept.isPending || leaving}
              disabled={extras.isPending}
              data-testid="accept-quote"
            >
              Accept and pay {formatMoney(totalPence)}
            </Button>
            <Typography variant="body2" color="text.secondary">
              You pay on our payment provider’s secure page.
            </Typography>
            <Divider />
            <Button
              variant="outlined"
              color="error"
              fullWidth
              onClick={() => setDeclining(true)}
              data-testid="decline-quote"
            >
              Decline the quote
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <DeclineQuoteDialog quote={quote} open={declining} onClose={() => setDeclining(false)} />
    </Box>
  );
}
