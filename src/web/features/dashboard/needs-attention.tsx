import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Link as MuiLink,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import type { CustomerOrder } from '../../../shared/api/orders';
import { formatPounds } from '../../../shared/money';
import type { OrderStatus } from '../../../shared/order-status';
import { AnswerQuoteButton, PayInvoiceButton } from './action-buttons';
import { useOrderSummary } from './api/order-summary';

/** What a parcel at the depot is waiting for, by its order's status. */
const AT_DEPOT_WORDS: Partial<Record<OrderStatus, string>> = {
  'Received at Depot': 'Received at the depot',
  'Awaiting Payment': 'Held until its invoice is paid',
  Paid: 'Paid, waiting for its sailing',
};

const historyWith = (status?: OrderStatus) =>
  status ? `/dashboard/orders/?status=${encodeURIComponent(status)}` : '/dashboard/orders/';

/**
 * The top of My Account: what needs the customer now (GET /public/orders/summary): quotes to
 * answer, invoices to pay and parcels at the depot, a few of each with a link to the rest.
 */
export function NeedsAttention() {
  const summary = useOrderSummary();
  const heading = (
    <Typography variant="h2" id="needs-attention">
      What needs you now
    </Typography>
  );
  if (summary.isPending) {
    return (
      <Stack component="section" aria-labelledby="needs-attention" spacing={1}>
        {heading}
        <Skeleton variant="rounded" height={96} />
      </Stack>
    );
  }
  if (summary.isError) {
    return (
      <Stack component="section" aria-labelledby="needs-attention" spacing={1}>
        {heading}
        <Alert severity="error">Your orders could not be loaded just now. Please reload.</Alert>
      </Stack>
    );
  }
  const { QuotesToAnswer: quotes, InvoicesToPay: invoices, AtDepot: depot } = summary.data;
  const nothing = quotes.total + invoices.total + depot.total === 0;
  return (
    <Stack component="section" aria-labelledby="needs-attention" spacing={1.5}>
      {heading}
      {nothing && (
        <Typography color="text.secondary" data-testid="nothing-needed">
          Nothing needs you just now: no quotes to answer, no invoices to pay and no parcels at the
          depot.
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          '&:empty': { display: 'none' },
        }}
      >
        {quotes.total > 0 && (
          <Part
            title="Quotes to answer"
            total={quotes.total}
            more={historyWith('Quote Ready')}
            items={quotes.items.map((order) => ({
              key: order.Id,
              text: (
                <OrderLine
                  order={order}
                  detail={order.QuotePrice === null ? '' : formatPounds(order.QuotePrice)}
                />
              ),
              action: <AnswerQuoteButton order={order}>Answer</AnswerQuoteButton>,
            }))}
          />
        )}
        {invoices.total > 0 && (
          <Part
            title="Invoices to pay"
            total={invoices.total}
            more={historyWith()}
            items={invoices.items.map((invoice) => ({
              key: invoice.Id,
              text: (
                <>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {invoice.Reference}
                  </Typography>{' '}
                  {formatPounds(invoice.Amount)} for {invoice.OrderReference}
                  <Typography variant="body2" color="text.secondary">
                    {invoice.Reason}
                  </Typography>
                </>
              ),
              action: <PayInvoiceButton invoice={invoice}>Pay</PayInvoiceButton>,
            }))}
          />
        )}
        {depot.total > 0 && (
          <Part
            title="Parcels at the depot"
            total={depot.total}
            more={historyWith()}
            items={depot.items.map((order) => ({
              key: order.Id,
              text: <OrderLine order={order} detail={AT_DEPOT_WORDS[order.StatusId_Name] ?? ''} />,
            }))}
          />
        )}
      </Box>
    </Stack>
  );
}

function OrderLine({ order, detail }: { order: CustomerOrder; detail: string }) {
  return (
    <>
      <MuiLink component={Link} to={`/dashboard/orders/${order.Id}`} sx={{ fontWeight: 600 }}>
        {order.Reference}
      </MuiLink>{' '}
      {detail}
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {order.ItemDescription}
      </Typography>
    </>
  );
}

function Part({
  title,
  total,
  more,
  items,
}: {
  title: string;
  total: number;
  more: string;
  items: { key: number; text: ReactNode; action?: ReactNode }[];
}) {
  const id = `needs-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography variant="h3" id={id} gutterBottom>
          {title} ({total})
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((item) => (
            <Box
              component="li"
              key={item.key}
              sx={{
                display: 'flex',
                gap: 2,
                alignItems: 'center',
                justifyContent: 'space-between',
                py: 1,
                '& + &': { borderTop: 1, borderColor: 'divider' },
              }}
            >
              <Box sx={{ minWidth: 0 }}>{item.text}</Box>
              {item.action}
            </Box>
          ))}
        </Box>
        {total > items.length && (
          <MuiLink component={Link} to={more} variant="body2">
            More in Order History
          </MuiLink>
        )}
      </CardContent>
    </Card>
  );
}
