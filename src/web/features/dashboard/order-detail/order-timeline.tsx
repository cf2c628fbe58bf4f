import { Box, Link, Stack, Typography } from '@mui/material';
import { TIMELINE_TITLES, type TimelineEntry } from '../../../../shared/api/order-detail';
import { formatDisplayDate, parseStoredDate } from '../../../../shared/dates';
import { formatDimensionsCm } from '../../../../shared/labels';
import { formatPounds } from '../../../../shared/money';
import { ParcelPhotos } from './parcel-photos';

const pad = (n: number) => String(n).padStart(2, '0');

/** When something happened, as the customer reads it: `01-12-2026, 09:30`. */
export function formatWhen(iso: string): string {
  const at = new Date(iso);
  return `${formatDisplayDate(at)}, ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/**
 * What happened to the order, oldest first: an ordered list (a screen reader says how many
 * steps and which one), each step a heading, its date, and what the depot recorded.
 */
export function OrderTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <Box component="ol" aria-label="Timeline" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((entry, i) => {
        const last = i === entries.length - 1;
        return (
          <Box
            component="li"
            key={`${entry.Kind}-${entry.At}-${i}`}
            data-testid="timeline-entry"
            sx={{
              position: 'relative',
              pl: 4,
              pb: last ? 0 : 3,
              // The dot, filled for the latest step, and the line down to the next one.
              '&::before': {
                content: '""',
                position: 'absolute',
                left: 4,
                top: 5,
                width: 14,
                height: 14,
                borderRadius: '50%',
                border: 2,
                borderColor: 'primary.main',
                bgcolor: last ? 'primary.main' : 'background.paper',
                boxSizing: 'border-box',
              },
              '&::after': last
                ? undefined
                : {
                    content: '""',
                    position: 'absolute',
                    left: 10,
                    top: 22,
                    bottom: 2,
                    width: 2,
                    bgcolor: 'divider',
                  },
            }}
          >
            <Typography
              variant="subtitle1"
              component="h3"
              sx={{ fontWeight: 700, lineHeight: 1.5 }}
            >
              {TIMELINE_TITLES[entry.Kind]}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <time dateTime={entry.At}>{formatWhen(entry.At)}</time>
            </Typography>
            {entry.Parcel && <ParcelFacts parcel={entry.Parcel} />}
            {entry.Dispatch && <DispatchFacts dispatch={entry.Dispatch} />}
            {entry.Amount !== undefined && (
              <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="refund-amount">
                {formatPounds(entry.Amount)} given back to the card you paid with
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

function ParcelFacts({ parcel }: { parcel: NonNullable<TimelineEntry['Parcel']> }) {
  const size = parcel.size;
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      <Typography variant="body2" data-testid="parcel-facts">
        {parcel.Weight !== null && <>Weight {parcel.Weight / 1000} kg</>}
        {parcel.Weight !== null && size && ' · '}
        {size &&
          formatDimensionsCm({ Length: size.length, Width: size.width, Height: size.height })}
      </Typography>
      {parcel.Photos.length > 0 && <ParcelPhotos photos={parcel.Photos} />}
    </Stack>
  );
}

function DispatchFacts({ dispatch }: { dispatch: NonNullable<TimelineEntry['Dispatch']> }) {
  const sailing = parseStoredDate(dispatch.SailingDate);
  return (
    <Stack spacing={0.5} sx={{ mt: 1 }} data-testid="dispatch-facts">
      <Typography variant="body2">
        Sailed {sailing ? formatDisplayDate(sailing) : dispatch.SailingDate} with {dispatch.Carrier}
      </Typography>
      {dispatch.TrackingNumber && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          Tracking number {dispatch.TrackingNumber}
        </Typography>
      )}
      {dispatch.TrackingUrl && (
        <Typography variant="body2">
          <Link href={dispatch.TrackingUrl} target="_blank" rel="noopener noreferrer">
            Track with {dispatch.Carrier}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </Link>
        </Typography>
      )}
    </Stack>
  );
}
