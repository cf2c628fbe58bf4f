import { Link as RouterLink } from 'react-router';
import { BarChart } from '@mui/x-charts/BarChart';
import {
  Alert,
  Box,
  Card,
  CardActionArea,
  CardContent,
  Paper,
  Skeleton,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import type { OfficeToday } from '../../../shared/api/office';
import { formatDisplayDate, parseStoredDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { useToday } from '../orders/api/orders';
import { problem } from '../kit/problem';

const shown = (stored: string) => {
  const day = parseStoredDate(stored);
  return day ? formatDisplayDate(day) : stored;
};
/** `23 Nov`, for the chart's axis. */
const short = (stored: string) =>
  parseStoredDate(stored)?.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' }) ??
  stored;

interface Tile {
  label: string;
  value: string;
  detail?: string;
  to?: string;
}

function tiles(t: OfficeToday): Tile[] {
  return [
    { label: 'Received today', value: String(t.ReceivedToday), detail: 'parcels at the depot' },
    {
      label: 'Waiting at the depot',
      value: String(t.AtDepot),
      detail: `${t.ReadyToLeave} ready to leave`,
    },
    {
      label: 'Held for payment',
      value: String(t.HeldForPayment),
      detail: 'parcels waiting for an invoice or quote',
    },
    {
      label: 'Quotes waiting',
      value: String(t.QuotesWaiting),
      detail: 'to be priced',
      to: '/admin/quotes/',
    },
    {
      label: 'Disputes overdue',
      value: String(t.DisputesOverdue),
      detail: 'not decided in the days allowed',
      to: '/admin/cases/',
    },
    {
      label: 'Unpaid invoices',
      value: String(t.UnpaidInvoices),
      detail: `${formatPounds(t.UnpaidAmount)} owed`,
    },
    {
      label: 'Bookings this week',
      value: String(t.BookingsThisWeek),
      detail: `since Monday ${shown(t.WeekStart)}`,
      to: '/admin/orders/',
    },
    {
      label: 'Revenue this week',
      value: formatPounds(t.RevenueThisWeek),
      detail: 'bookings and invoices, less refunds',
    },
  ];
}

/** One number: a card whose accessible name is its label, a link when there is a list behind it. */
function NumberTile({ tile }: { tile: Tile }) {
  const id = `today-${tile.label.toLowerCase().replace(/\W+/g, '-')}`;
  const body = (
    <CardContent>
      <Typography variant="body2" color="text.secondary" id={id}>
        {tile.label}
      </Typography>
      <Typography
        variant="h4"
        component="p"
        data-testid="today-value"
        sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
      >
        {tile.value}
      </Typography>
      {tile.detail && (
        <Typography variant="body2" color="text.secondary">
          {tile.detail}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      {tile.to ? (
        <CardActionArea component={RouterLink} to={tile.to} sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

/**
 * /admin/today/ (office and admin): the numbers that start a working day, and the bookings of
 * the last 30 days. Days are London's, as the server counts them.
 */
export function TodayPage() {
  const today = useToday();
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          Today
        </Typography>
        {today.data && <Typography color="text.secondary">{shown(today.data.Date)}</Typography>}
      </Box>
      {today.isError && <Alert severity="error">{problem(today.error)}</Alert>}
      {today.isPending && <Skeleton variant="rounded" height={240} />}
      {today.data && (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: {
                xs: 'repeat(2, minmax(0, 1fr))',
                md: 'repeat(4, minmax(0, 1fr))',
              },
            }}
          >
            {tiles(today.data).map((tile) => (
              <NumberTile key={tile.label} tile={tile} />
            ))}
          </Box>
          <BookingsChart days={today.data.BookingsPerDay} />
        </>
      )}
    </Stack>
  );
}

/** What the chart says, drawn on its empty axes, when the period has no booking. */
const NO_BOOKINGS = 'No bookings in this period';

/**
 * The bookings of each day of the period as bars. A period with no booking keeps its axes (the
 * days along, a scale of a few up) and says so in words on the chart, rather than drawing nothing.
 */
function BookingsChart({ days }: { days: OfficeToday['BookingsPerDay'] }) {
  const total = days.reduce((sum, d) => sum + d.Bookings, 0);
  const none = total === 0;
  // A day named every 5 days back from today; on a phone every 10, for the names to fit.
  const labelEvery = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm')) ? 5 : 10;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="chart-title" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" id="chart-title">
        Bookings per day, last {days.length} days
      </Typography>
      {days.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {total} in all, from {shown(days[0].Date)} to {shown(days[days.length - 1].Date)}
        </Typography>
      )}
      <Box
        role="img"
        aria-label={`Bar chart of bookings per day: ${none ? NO_BOOKINGS : `${total} in ${days.length} days`}`}
      >
        <BarChart
          height={280}
          xAxis={[
            {
              scaleType: 'band',
              data: days.map((d) => d.Date),
              valueFormatter: (v: string, context) =>
                context.location === 'tick' ? short(v) : shown(v),
              tickLabelInterval: (_v, index) => (days.length - 1 - index) % labelEvery === 0,
            },
          ]}
          // With no booking the scale has nothing to fit: 0 to 5, as a quiet week would show.
          yAxis={[{ tickMinStep: 1, width: 32, ...(none && { min: 0, max: 5 }) }]}
          // No series drawn is what makes the chart show its no-data message.
          series={[
            {
              data: none ? [] : days.map((d) => d.Bookings),
              label: 'Bookings',
              color: '#1565c0',
            },
          ]}
          localeText={{ noData: NO_BOOKINGS }}
          hideLegend
          skipAnimation
          margin={{ left: 8, right: 24 }}
        />
      </Box>
      {/* The same numbers for a screen reader, and for the browser tests; hidden by a box around
          it, as a table grows to its rows whatever height it is given (the page scrolled on past
          its end). */}
      <div className="visually-hidden">
        <table aria-label="Bookings per day">
          <thead>
            <tr>
              <th>Day</th>
              <th>Bookings</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.Date}>
                <td>{shown(d.Date)}</td>
                <td>{d.Bookings}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Paper>
  );
}
