import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import type { CustomerQuote } from '../../../shared/api/quotes';
import { formatDisplayDate } from '../../../shared/dates';
import { formatDimensionsCm } from '../../../shared/labels';
import { formatPounds } from '../../../shared/money';
import { FactList } from '../../components/fact-list';

/** A card with a heading (h2) and its content. */
export function QuoteCard({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card variant="outlined" component="section" aria-label={title} data-testid={testId}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The office's answer: the price, its note, and when it was given. */
export function QuotedPrice({ quote }: { quote: CustomerQuote }) {
  if (quote.QuotePrice === null) return null;
  return (
    <QuoteCard title="Our price">
      <Typography
        sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 }}
        data-testid="quote-price"
      >
        {formatPounds(quote.QuotePrice)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: quote.QuoteNote ? 1.5 : 0 }}>
        for the delivery to {quote.Island}
        {quote.QuotedAt ? `, quoted on ${formatDisplayDate(new Date(quote.QuotedAt))}` : ''}
      </Typography>
      {quote.QuoteNote && (
        <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="quote-note">
          {quote.QuoteNote}
        </Typography>
      )}
    </QuoteCard>
  );
}

/** What the customer asked us to price. */
export function QuotedBooking({ quote }: { quote: CustomerQuote }) {
  const rows: [string, ReactNode, string?][] = [];
  if (quote.size) {
    const { length, width, height } = quote.size;
    rows.push(['Size', formatDimensionsCm({ Length: length, Width: width, Height: height })]);
  }
  if (quote.Weight !== null) {
    rows.push(['Weight', `${(quote.Weight / 1000).toLocaleString('en-GB')} kg`]);
  }
  rows.push(
    ['Goods', quote.ItemDescription, 'quote-description'],
    ['Value', formatPounds(quote.ItemValue)],
    ['Delivery to', quote.Island, 'quote-island'],
  );
  if (quote.Notes) rows.push(['Your notes', quote.Notes]);
  rows.push(['Asked on', formatDisplayDate(new Date(quote.Created))]);
  return (
    <QuoteCard title="What you asked us to price">
      <FactList rows={rows} />
    </QuoteCard>
  );
}
