import { useId, type ReactNode } from 'react';
import type { CustomerQuote } from '../../../shared/api/quotes';
import { formatDisplayDate } from '../../../shared/dates';
import { formatDimensionsCm } from '../../../shared/labels';
import { formatPounds } from '../../../shared/money';
import { FactList, type Fact } from '../../components/fact-list';
import './quotes.css';

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
  const headingId = useId();
  return (
    <section className="card quote-card" aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

/** The office's answer: the price, its note, and when it was given. */
export function QuotedPrice({ quote }: { quote: CustomerQuote }) {
  if (quote.QuotePrice === null) return null;
  return (
    <QuoteCard title="Our price">
      <p className="quote-card__price" data-testid="quote-price">
        {formatPounds(quote.QuotePrice)}
      </p>
      <p className="screen__note">
        for the delivery to {quote.Island}
        {quote.QuotedAt ? `, quoted on ${formatDisplayDate(new Date(quote.QuotedAt))}` : ''}
      </p>
      {quote.QuoteNote && (
        <p className="quote-card__note" data-testid="quote-note">
          {quote.QuoteNote}
        </p>
      )}
    </QuoteCard>
  );
}

/** What the customer asked us to price. */
export function QuotedBooking({ quote }: { quote: CustomerQuote }) {
  const rows: Fact[] = [];
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
