import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Button,
  Link,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import {
  OFFICE_QUOTE_STATES,
  priceQuoteSchema,
  type OfficeQuoteState,
} from '../../../shared/api/office';
import { formatDisplayDate } from '../../../shared/dates';
import { formatDimensionsCm } from '../../../shared/labels';
import { formatPounds } from '../../../shared/money';
import { QUOTE_LEFT_DAYS } from '../../../shared/office';
import { useQuotes, usePriceQuote, type OfficeQuote } from './api/orders';
import { ListPager, oneOf, useListView } from '../kit/list-view';
import { CustomerCell } from '../office/office-parts';
import { FormDialog } from '../kit/form-dialog';
import { useZodForm } from '../kit/use-zod-form';
import { problem } from '../kit/problem';

const STATE_WORDS: Record<OfficeQuoteState, { tab: string; empty: string }> = {
  waiting: { tab: 'Waiting', empty: 'No quote is waiting to be priced.' },
  priced: { tab: 'Priced', empty: 'No priced quote is waiting for its customer.' },
  accepted: { tab: 'Accepted', empty: 'No quote has been accepted yet.' },
  declined: { tab: 'Declined', empty: 'No quote was declined.' },
  expired: { tab: 'Expired', empty: 'No quote has expired.' },
};

const day = (iso: string | null) => (iso ? formatDisplayDate(new Date(iso)) : '–');
const sizeText = (q: OfficeQuote) =>
  [
    q.size
      ? formatDimensionsCm({ Length: q.size.length, Width: q.size.width, Height: q.size.height })
      : null,
    q.Weight !== null ? `${q.Weight / 1000} kg` : null,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * /admin/quotes/ (office and admin): quote requests waiting for a price (oldest first), priced
 * ones waiting for their customer, and those accepted, declined or left to expire. Pricing one
 * e-mails the customer a link to accept it.
 */
export function QuotesPage() {
  const { values, page, perPage, set } = useListView({
    state: oneOf(OFFICE_QUOTE_STATES, 'waiting'),
  });
  const { state } = values;
  const quotes = useQuotes(state, page, perPage);
  const [pricing, setPricing] = useState<OfficeQuote | null>(null);
  const [priced, setPriced] = useState<string | null>(null);

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Quotes
      </Typography>
      <Tabs
        value={state}
        onChange={(_e, value: OfficeQuoteState) => {
          setPriced(null);
          set({ state: value });
        }}
        aria-label="Quote lists"
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {OFFICE_QUOTE_STATES.map((s) => (
          <Tab key={s} value={s} label={STATE_WORDS[s].tab} />
        ))}
      </Tabs>
      {state === 'expired' && (
        <Typography variant="body2" color="text.secondary">
          Priced quotes left unanswered for {QUOTE_LEFT_DAYS} days, and cancelled ones. The customer
          may still accept one that was priced.
        </Typography>
      )}
      {priced && (
        <Alert severity="success" role="status" onClose={() => setPriced(null)}>
          {priced}
        </Alert>
      )}
      {quotes.isError && <Alert severity="error">{problem(quotes.error)}</Alert>}
      {quotes.isPending && <Skeleton variant="rounded" height={200} />}
      {quotes.data && (
        <Paper variant="outlined">
          <TableContainer>
            <Table aria-label={`${STATE_WORDS[state].tab} quotes`} size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Quote</TableCell>
                  <TableCell>Customer</TableCell>
                  <TableCell>What and where</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Asked on</TableCell>
                  <TableCell align="right">Price</TableCell>
                  <TableCell align="right">
                    <span className="visually-hidden">Action</span>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {quotes.data.items.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6}>
                      <Typography color="text.secondary">{STATE_WORDS[state].empty}</Typography>
                    </TableCell>
                  </TableRow>
                )}
                {quotes.data.items.map((q) => (
                  <TableRow key={q.Id} data-testid="quote-row">
                    <TableCell>
                      <Link component={RouterLink} to={`/admin/orders/${q.Id}`}>
                        {q.Reference}
                      </Link>
                      <Typography variant="body2" color="text.secondary">
                        {q.Status}
                      </Typography>
                    </TableCell>
                    <CustomerCell customer={q.Customer} />
                    <TableCell sx={{ maxWidth: 360 }}>
                      {q.ItemDescription} to {q.Island}
                      <Typography variant="body2" color="text.secondary">
                        {[sizeText(q), `value ${formatPounds(q.ItemValue)}`].join(' · ')}
                      </Typography>
                      {q.Notes && (
                        <Typography variant="body2" color="text.secondary">
                          “{q.Notes}”
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {day(q.Created)}
                    </TableCell>
                    <TableCell align="right">
                      {q.QuotePrice !== null ? formatPounds(q.QuotePrice) : '–'}
                      {q.QuotedAt && (
                        <Typography variant="body2" color="text.secondary">
                          priced {day(q.QuotedAt)}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right">
                      {q.Status === 'Quote Requested' && (
                        <Button size="small" variant="outlined" onClick={() => setPricing(q)}>
                          Price
                          <span className="visually-hidden"> {q.Reference}</span>
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <ListPager total={quotes.data.total} page={page} perPage={perPage} onChange={set} />
        </Paper>
      )}
      {pricing && (
        <PriceDialog
          quote={pricing}
          onClose={() => setPricing(null)}
          onPriced={(q) => {
            setPricing(null);
            setPriced(
              `${q.Reference} is priced at ${formatPounds(q.QuotePrice ?? 0)}: ${q.Customer.Name || q.Customer.Email} was e-mailed a link to accept it.`,
            );
          }}
        />
      )}
    </Stack>
  );
}

function PriceDialog({
  quote,
  onClose,
  onPriced,
}: {
  quote: OfficeQuote;
  onClose: () => void;
  onPriced: (q: OfficeQuote) => void;
}) {
  const price = usePriceQuote();
  const form = useZodForm(
    priceQuoteSchema,
    { Amount: '', Note: '' },
    {
      refusal: price.error,
      body: (v) => ({ Amount: v.Amount.trim() === '' ? NaN : Number(v.Amount), Note: v.Note }),
    },
  );
  const submit = form.handleSubmit((body) =>
    price.mutate({ id: quote.Id, ...body }, { onSuccess: onPriced }),
  );

  return (
    <FormDialog
      title={`Price ${quote.Reference}`}
      onClose={onClose}
      onSubmit={submit}
      pending={price.isPending}
      error={form.formError}
      submitLabel="Send the price"
    >
      <Typography variant="body2">
        {quote.ItemDescription} to {quote.Island}, {sizeText(quote)}. The customer is e-mailed a
        link to accept or decline it.
      </Typography>
      <TextField
        {...form.text('Amount', 'Price (£)')}
        required
        autoFocus
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        {...form.text('Note', 'Note to the customer', {
          helperText: 'Shown with the price: what it includes, how it goes.',
        })}
        multiline
        minRows={3}
      />
    </FormDialog>
  );
}
