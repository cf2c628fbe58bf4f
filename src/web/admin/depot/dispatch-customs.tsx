import {
  Alert,
  Button,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type CustomsForm } from '../../../shared/customs';
import { type DepotParcel } from '../../../shared/api/depot';
import { type DispatchRequest } from '../../../shared/api/depot-dispatch';
import { CARRIERS, carrierOf } from '../../../shared/carriers';
import { formatDisplayDate, parseStoredDate } from '../../../shared/dates';
import { GST_ESTIMATE_ONLY } from '../../../shared/gst';
import { formatMoney, toPence } from '../../../shared/money';
import {
  useCustomsDataDownload,
  useCustomsFormDownload,
  useLabelWithCustomsDownload,
  useSailingGst,
  useSailings,
} from './api/depot';
import { problem } from '../kit/problem';

// The dispatch screen's customs parts (docs/decisions/0035 and 0040): the leave-by
// date, each parcel's CN22/CN23, the paperwork of a sailing just recorded, the island GST of the
// chosen parcels per customer, and the sailings with their electronic data.

export const shownDate = (stored: string) => {
  const day = parseStoredDate(stored);
  return day ? formatDisplayDate(day) : stored;
};

/** Parcels whose goods must leave soonest first; those without a retailer's order date last. */
export const byLeaveBy = (a: DepotParcel, b: DepotParcel) =>
  (a.LeaveBy ?? '9999').localeCompare(b.LeaveBy ?? '9999');

/**
 * The date by which the goods must leave for the retailer to zero-rate the sale (decision 0040), in
 * red once it is within the Customs settings' warning days (the server says: `LeaveBySoon`).
 */
export function LeaveBy({ parcel }: { parcel: DepotParcel }) {
  if (!parcel.LeaveBy)
    return (
      <Typography variant="body2" color="text.secondary">
        Not given
      </Typography>
    );
  return (
    <Typography
      variant="body2"
      color={parcel.LeaveBySoon ? 'error' : undefined}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {shownDate(parcel.LeaveBy)}
    </Typography>
  );
}

/**
 * The parcel's customs declaration (CN22 or CN23, by its declared value): a button that
 * downloads it, or why it cannot be made (and the parcel may not leave).
 */
export function CustomsCell({ parcel }: { parcel: DepotParcel }) {
  const download = useCustomsFormDownload();
  if (parcel.CustomsProblem) {
    return (
      <Typography variant="body2" color="error" sx={{ minWidth: 160 }}>
        {parcel.CustomsProblem}
      </Typography>
    );
  }
  if (!parcel.CustomsForm || !parcel.OrderReference) return null;
  const form: CustomsForm = parcel.CustomsForm;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        size="small"
        variant="outlined"
        loading={download.isPending}
        onClick={() =>
          download.mutate({ Id: parcel.Id, OrderReference: parcel.OrderReference!, Form: form })
        }
        aria-label={`${form} for ${parcel.OrderReference}`}
      >
        {form}
      </Button>
      {download.isError && (
        <Typography variant="caption" color="error">
          {problem(download.error)}
        </Typography>
      )}
    </Stack>
  );
}

/** After a sailing is recorded: its customs data file and each parcel's form, to print. */
export function SailingPaperwork({
  SailingDate,
  Carrier,
  Parcels,
}: {
  SailingDate: string;
  Carrier: DispatchRequest['Carrier'];
  Parcels: DepotParcel[];
}) {
  const data = useCustomsDataDownload();
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      aria-label="Customs paperwork of this sailing"
      component="section"
    >
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          Customs paperwork: print each form with its label
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {Parcels.map((parcel) => (
            <Stack key={parcel.Id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2">{parcel.OrderReference}</Typography>
              <LabelWithCustoms parcel={parcel} />
              <CustomsCell parcel={parcel} />
            </Stack>
          ))}
        </Stack>
        <div>
          <Button
            variant="contained"
            loading={data.isPending}
            onClick={() => data.mutate({ SailingDate, Carrier })}
          >
            Download customs data file
          </Button>
        </div>
        {data.isError && <Alert severity="error">{problem(data.error)}</Alert>}
      </Stack>
    </Paper>
  );
}

/** The sailings parcels left on, each with its electronic customs data for the carrier. */
export function Sailings() {
  const list = useSailings();
  const data = useCustomsDataDownload();
  const sailings = list.data?.Sailings ?? [];
  return (
    <Stack component="section" aria-labelledby="sailings-title" spacing={2}>
      <Typography variant="h5" component="h2" id="sailings-title">
        Sailings and customs data
      </Typography>
      <Typography color="text.secondary">
        The carrier’s electronic customs data: one row per item, by consignment number.
      </Typography>
      {list.isError && <Alert severity="error">{problem(list.error)}</Alert>}
      {data.isError && <Alert severity="error">{problem(data.error)}</Alert>}
      {list.isPending && <Skeleton variant="rounded" height={80} />}
      {list.data && (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Sailings" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Sailing</TableCell>
                <TableCell>Carrier</TableCell>
                <TableCell>Parcels</TableCell>
                <TableCell align="right">Customs data</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sailings.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4}>No parcels have sailed yet.</TableCell>
                </TableRow>
              )}
              {sailings.map((s) => {
                const name = `${shownDate(s.SailingDate)} ${carrierOf(s.Carrier)?.name ?? s.Carrier}`;
                return (
                  <TableRow key={`${s.SailingDate}-${s.Carrier}`}>
                    <TableCell>{shownDate(s.SailingDate)}</TableCell>
                    <TableCell>{carrierOf(s.Carrier)?.name}</TableCell>
                    <TableCell>{s.Parcels}</TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        onClick={() => data.mutate(s)}
                        aria-label={`Download customs data of ${name}`}
                      >
                        CSV
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

/** The parcel's label and its customs form in one PDF, to print together. */
function LabelWithCustoms({ parcel }: { parcel: DepotParcel }) {
  const download = useLabelWithCustomsDownload();
  if (!parcel.CustomsForm || !parcel.OrderReference || parcel.CustomsProblem) return null;
  const form: CustomsForm = parcel.CustomsForm;
  return (
    <Button
      size="small"
      variant="contained"
      loading={download.isPending}
      onClick={() =>
        download.mutate({ Id: parcel.Id, OrderReference: parcel.OrderReference!, Form: form })
      }
      aria-label={`Label and ${form} for ${parcel.OrderReference}`}
    >
      Label and {form}
    </Button>
  );
}

/**
 * The island GST of the chosen parcels on the sailing, one row per customer and island: parcels to
 * one customer on one sailing (with those of theirs that already left on it) are valued together,
 * and a warning says when that crosses the threshold (the customer's dispatch e-mail says it too).
 */
export function SailingGstPanel({
  sailingDate,
  carrier,
  orderIds,
}: {
  sailingDate: string;
  carrier: string;
  orderIds: number[];
}) {
  const known = CARRIERS.find((c) => c.id === carrier)?.id;
  const gst = useSailingGst({
    SailingDate: sailingDate,
    ...(known ? { Carrier: known } : {}),
    OrderIds: orderIds,
  });
  const customers = orderIds.length > 0 ? (gst.data?.Customers ?? []) : [];
  if (customers.length === 0) return null;
  const money = (pounds: number) => formatMoney(toPence(pounds));
  return (
    <Stack component="section" aria-labelledby="sailing-gst-title" spacing={1} sx={{ mb: 2 }}>
      <Typography
        variant="subtitle1"
        component="h3"
        id="sailing-gst-title"
        sx={{ fontWeight: 700 }}
      >
        Island GST on this sailing
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Each customer’s parcels on one sailing reach the island together and are valued together:
        goods, retailers’ delivery and our carriage.
        {known ? '' : ' Choose the carrier to count what already left on its sailing.'}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label="Island GST per customer">
          <TableHead>
            <TableRow>
              <TableCell>Customer</TableCell>
              <TableCell>Parcels</TableCell>
              <TableCell align="right">Value together</TableCell>
              <TableCell align="right">GST estimate</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {customers.map((c) => (
              <TableRow key={`${c.CustomerId}-${c.Island}`}>
                <TableCell>
                  {c.Customer}
                  <Typography variant="body2" color="text.secondary">
                    {c.Island}
                  </Typography>
                </TableCell>
                <TableCell>
                  {c.Orders.join(', ')}
                  {c.OnSailing.length > 0 && (
                    <Typography variant="body2" color="text.secondary">
                      with {c.OnSailing.join(', ')} already on it
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">{money(c.Value)}</TableCell>
                <TableCell align="right">
                  {c.Liable
                    ? `${money(c.Gst)} (${c.Percent}%)`
                    : `None under ${money(c.Threshold)}`}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {customers.flatMap((c) =>
        c.Warning
          ? [
              <Alert key={`${c.CustomerId}-${c.Island}`} severity="warning">
                {c.Customer}: {c.Warning} Their dispatch e-mail says so.
              </Alert>,
            ]
          : [],
      )}
      <Typography variant="caption" color="text.secondary">
        {GST_ESTIMATE_ONLY}
      </Typography>
    </Stack>
  );
}
