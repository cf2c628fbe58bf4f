import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Container,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router';
import { ISLANDS } from '../../../shared/islands';
import {
  QUOTE_NOTES_MAX,
  QUOTE_RULES,
  sizeFromForm,
  type QuoteForm as QuoteValues,
} from '../../../shared/booking-steps';
import { isFormValid } from '../../../shared/validation/form';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api-client';
import { getSession, subscribeSession, useSession } from '../../lib/session';
import { useForm } from '../../lib/use-form';
import { openLogin } from '../account/dialog-store';
import { useCreateQuote } from './api/create-quote';
import { FormField, IslandField, SIZE_LABELS, SizeFields } from './booking-fields';
import { FormErrors, focusFirstError } from './form-errors';

const LABELS: Record<string, string> = {
  ...SIZE_LABELS,
  ItemDescription: 'What is it?',
  ItemValue: 'Value of the goods',
  Island: 'Destination island',
  Notes: 'Anything we should know',
};

export const QUOTE_LOGIN_MESSAGE =
  'Please log in to send your quote request. What you entered is kept.';

/** The API's dotted field names as the form's. */
const formField = (field: string) => field.replace(/^size\./, '').replace(/^Weight$/, 'weight');

const rules = () => QUOTE_RULES;

/**
 * The quote request (SPEC section 2, /quote/) for a parcel that fits no price band: its size,
 * weight, what it is, its value and island, and a note. Sending needs a login: the login dialog
 * opens with a message saying why, and the request goes as soon as the customer is logged in.
 */
export function QuoteFormPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);
  const { user } = useSession();
  const create = useCreateQuote();
  const form = useForm<QuoteValues>(
    {
      length: params.get('length') ?? '',
      width: params.get('width') ?? '',
      height: params.get('height') ?? '',
      weight: params.get('weight') ?? '',
      ItemDescription: '',
      ItemValue: '',
      Island: '',
      Notes: '',
    },
    rules,
  );
  const [attempted, setAttempted] = useState(false);
  const [waitingForLogin, setWaitingForLogin] = useState(false);

  const send = () => {
    const parcel = sizeFromForm(form.values);
    if (!parcel) return;
    create.mutate(
      {
        size: parcel.size,
        Weight: parcel.Weight,
        ItemDescription: form.values.ItemDescription.trim(),
        ItemValue: Number(form.values.ItemValue),
        Island: form.values.Island as (typeof ISLANDS)[number],
        Notes: form.values.Notes.trim(),
      },
      {
        onSuccess: (quote) =>
          navigate(`/quote-confirm/?ref=${encodeURIComponent(quote.Reference)}`),
      },
    );
  };

  // Sent as soon as the customer has logged in through the dialog.
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });
  useEffect(() => {
    if (!waitingForLogin) return;
    return subscribeSession(() => {
      if (!getSession().user) return;
      setWaitingForLogin(false);
      sendRef.current();
    });
  }, [waitingForLogin]);

  const onSubmit = (event: FormEvent) => {
    form.handleSubmit(() => undefined)(event);
    setAttempted(true);
    if (!isFormValid(form.errors)) {
      focusFirstError(formRef.current);
      return;
    }
    if (!user) {
      setWaitingForLogin(true);
      openLogin({ loginMessage: QUOTE_LOGIN_MESSAGE });
      return;
    }
    send();
  };

  const serverErrors =
    create.error instanceof ApiError && create.error.body?.errors
      ? Object.fromEntries(create.error.body.errors.map((e) => [formField(e.field), e.error]))
      : {};
  const fieldProps = (field: keyof QuoteValues) => {
    const props = form.text(field);
    const error = props.helperText ?? serverErrors[field];
    return { ...props, id: `quote-${field}`, error: !!error, helperText: error };
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 1, fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        Ask for a quote
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        For a parcel larger or heavier than our price bands. Tell us about it and we will send you a
        price, usually within one working day.
      </Typography>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Quote request">
        <FormErrors show={attempted} errors={form.errors} labels={LABELS} />
        {create.isError && (
          <FormAlert severity="error" sx={{ mb: 3 }}>
            {create.error instanceof ApiError && create.error.status !== 401
              ? create.error.message
              : 'Your quote request could not be sent. Please try again.'}
          </FormAlert>
        )}
        {waitingForLogin && !user && (
          <Alert
            severity="info"
            sx={{ mb: 3 }}
            action={
              <Button
                color="inherit"
                onClick={() => openLogin({ loginMessage: QUOTE_LOGIN_MESSAGE })}
              >
                Log in
              </Button>
            }
          >
            Log in to send your request; it goes as soon as you have.
          </Alert>
        )}
        <Card variant="outlined" sx={{ mb: 3 }}>
          <CardContent>
            <Typography variant="h2" id="quote-size" sx={{ fontSize: '1.25rem', mb: 2 }}>
              Size and weight
            </Typography>
            <SizeFields field={fieldProps} labelledBy="quote-size" required />
          </CardContent>
        </Card>
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12 }}>
            <FormField
              {...fieldProps('ItemDescription')}
              label={LABELS.ItemDescription}
              required
              hint="For example “three-seat sofa, boxed”"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormField {...fieldProps('ItemValue')} label={LABELS.ItemValue} required unit="£" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <IslandField {...fieldProps('Island')} label={LABELS.Island} />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <FormField
              {...fieldProps('Notes')}
              label={LABELS.Notes}
              multiline
              minRows={3}
              hint={`Optional, up to ${QUOTE_NOTES_MAX} characters: the retailer, access on the island, anything fragile`}
            />
          </Grid>
        </Grid>
        <Stack direction="row" sx={{ mt: 4, justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" size="large" loading={create.isPending}>
            Send quote request
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
