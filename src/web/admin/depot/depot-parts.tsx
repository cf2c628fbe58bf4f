import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  AlertTitle,
  Button,
  Stack,
  TablePagination,
  Typography,
  type AlertColor,
} from '@mui/material';
import type {
  DepotParcel,
  ListedState,
  ParcelSort,
  OpenBooking,
  ReceiveResult,
} from '../../../shared/api/depot';
import { formatDisplayDate } from '../../../shared/dates';
import { formatDimensionsCm } from '../../../shared/labels';
import { formatPounds } from '../../../shared/money';
import { useLabelUrl, useParcels } from './api/depot';

/** The parts the depot's screens share: what a parcel and a booking say, and a receive's answer. */

const kg = (grams: number) => `${grams / 1000} kg`;

/** A depot page's title, with a link to the page the clerk goes to next. */
export function PageHeading({
  title,
  link,
}: {
  title: string;
  link: { to: string; label: string };
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
    >
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Button component={RouterLink} to={link.to}>
        {link.label}
      </Button>
    </Stack>
  );
}

/** A received parcel's measurements: `4.25 kg · 40 × 30 × 20 cm`. */
export function measuredText(parcel: DepotParcel): string {
  const { Weight, Length, Width, Height } = parcel;
  return [
    Weight !== null ? kg(Weight) : null,
    Length && Width && Height ? formatDimensionsCm({ Length, Width, Height }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** When a parcel arrived: `03-12-2026 14:05`. */
export function receivedText(parcel: DepotParcel): string {
  const at = new Date(parcel.Received);
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return `${formatDisplayDate(at)} ${time}`;
}

/** A parcel's name on the floor: its order's reference, or its own number before a match. */
export const parcelName = (parcel: DepotParcel) => parcel.OrderReference ?? `Parcel ${parcel.Id}`;

/** What a booking waiting for its parcel says: band, limits, retailer and what is in it. */
export function BookingText({ booking }: { booking: OpenBooking }) {
  const band = booking.Band ? `Band ${booking.Band.Code} (${booking.Band.Name})` : 'Priced size';
  const limits = [
    booking.Size ? `up to ${formatDimensionsCm(booking.Size)}` : null,
    booking.MaxWeight !== null ? kg(booking.MaxWeight) : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <Typography component="span" sx={{ fontWeight: 700 }}>
        {booking.Reference}
      </Typography>
      {` · ${band}${limits ? `, ${limits}` : ''} · ${booking.Island}`}
      <Typography component="span" variant="body2" sx={{ display: 'block' }}>
        {[
          booking.RetailerName,
          booking.RetailerOrderNumber,
          booking.Description,
          booking.TrackingNumber && `tracking ${booking.TrackingNumber}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
    </>
  );
}

const OUTCOMES: Record<
  ReceiveResult['Outcome'],
  {
    severity: AlertColor;
    title: (r: ReceiveResult) => string;
    detail: (r: ReceiveResult) => string;
  }
> = {
  received: {
    severity: 'success',
    title: (r) => `Received ${parcelName(r.Parcel)}`,
    detail: (r) => `Within what was booked: ready to dispatch to ${r.Parcel.Island}.`,
  },
  'held-invoice': {
    severity: 'warning',
    title: (r) => `Held: ${parcelName(r.Parcel)} is larger than booked`,
    detail: (r) =>
      `It fits band ${r.Excess?.Band.Code} (${r.Excess?.Band.Name}). Invoice ${r.Invoice?.Reference} for ${formatPounds(r.Excess?.Amount ?? 0)} was raised and the customer e-mailed to pay it; the parcel stays until it is paid.`,
  },
  'held-quote': {
    severity: 'warning',
    title: (r) => `Held for a quote: ${parcelName(r.Parcel)}`,
    detail: (r) => `${r.HoldReason ?? ''} The customer was told.`,
  },
  unbooked: {
    severity: 'info',
    title: (r) => `Unbooked: ${parcelName(r.Parcel)} for ${r.Parcel.Customer?.Name}`,
    detail: () =>
      'The customer was e-mailed to book it; match it to the booking on the Unmatched parcels list.',
  },
  unknown: {
    severity: 'info',
    title: (r) => `Unknown: ${parcelName(r.Parcel)}`,
    detail: () => 'Nobody matched: it is on the list of unknown parcels.',
  },
};

/** A receive's (or a match's) answer, said plainly, with the parcel's shelf and its label. */
export function ReceiveOutcome({ result }: { result: ReceiveResult }) {
  const outcome = OUTCOMES[result.Outcome];
  return (
    <Alert
      severity={outcome.severity}
      role="status"
      data-testid="receive-outcome"
      action={<PrintLabel parcelId={result.Parcel.Id} />}
      sx={{ alignItems: 'center', '& .MuiAlert-action': { pt: 0 } }}
    >
      <AlertTitle>{outcome.title(result)}</AlertTitle>
      <Stack spacing={0.5}>
        <span>{outcome.detail(result)}</span>
        <span>
          {[
            result.Parcel.AddressedTo && `addressed to ${result.Parcel.AddressedTo} (household)`,
            measuredText(result.Parcel),
            result.Parcel.Shelf && `shelf ${result.Parcel.Shelf}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </Stack>
    </Alert>
  );
}

/** The parcel's label PDF, opened in a new tab to print (fetched with the staff token). */
function PrintLabel({ parcelId }: { parcelId: number }) {
  const { url, failed } = useLabelUrl(parcelId);
  if (failed) return <Typography variant="body2">The label could not be made.</Typography>;
  return (
    <Button
      component="a"
      href={url ?? undefined}
      target="_blank"
      variant="outlined"
      color="inherit"
      disabled={!url}
      sx={{ whiteSpace: 'nowrap' }}
    >
      Print label
    </Button>
  );
}

/** A list of parcels a page at a time, and its pager (for under its table); `state` may change. */
export function usePagedParcels(state: ListedState, sort: ParcelSort = 'oldest') {
  const [paging, setPaging] = useState({ state, sort, page: 0, perPage: 25 });
  // another list, or another order, starts on its first page
  const page = paging.state === state && paging.sort === sort ? paging.page : 0;
  const list = useParcels(state, page + 1, paging.perPage, sort);
  const pager = list.data && (
    <TablePagination
      component="div"
      count={list.data.total}
      page={page}
      rowsPerPage={paging.perPage}
      rowsPerPageOptions={[10, 25, 50, 100]}
      onPageChange={(_, next) => setPaging((p) => ({ ...p, state, sort, page: next }))}
      onRowsPerPageChange={(e) =>
        setPaging({ state, sort, page: 0, perPage: Number(e.target.value) })
      }
    />
  );
  return { list, pager };
}
