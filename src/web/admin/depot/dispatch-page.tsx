import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import { type DepotParcel } from '../../../shared/api/depot';
import { dispatchSchema, type DispatchRequest } from '../../../shared/api/depot-dispatch';
import { CARRIERS, carrierOf } from '../../../shared/carriers';
import { formatStoredDate } from '../../../shared/dates';
import { useDispatch, useDispatchList } from './api/depot';
import {
  byLeaveBy,
  CustomsCell,
  LeaveBy,
  SailingGstPanel,
  SailingPaperwork,
  Sailings,
  shownDate,
} from './dispatch-customs';
import { measuredText, parcelName, receivedText } from './depot-parts';
import { FormAlert } from '../kit/form-alert';
import { useZodForm } from '../kit/use-zod-form';
import { problem } from '../kit/problem';
import { forChosen, GroupCheckbox, plural, useSelection, WIDE } from './dispatch-selection';
import { Shipped } from './dispatch-shipped';

/**
 * /admin/dispatch/: the parcels ready to leave (received, nothing owed), by island; some are
 * chosen, each given its tracking number, and they leave on a sailing with a carrier. Below,
 * the parcels shipped and not yet delivered, marked delivered one by one or together.
 */
export function DispatchPage() {
  return (
    <Stack spacing={4}>
      <Typography variant="h4" component="h1">
        Dispatch
      </Typography>
      <ReadyToLeave />
      <Shipped />
      <Sailings />
    </Stack>
  );
}

function ReadyToLeave() {
  const list = useDispatchList();
  const send = useDispatch();
  const { selected, toggle, clear } = useSelection();
  const [tracking, setTracking] = useState<Record<number, string>>({});
  const [sent, setSent] = useState<string | null>(null);
  const [sailed, setSailed] = useState<{
    SailingDate: string;
    Carrier: DispatchRequest['Carrier'];
    Parcels: DepotParcel[];
  } | null>(null);
  /** The received order (oldest first), or the date by which each must leave (soonest first). */
  const [sortBy, setSortBy] = useState<'received' | 'leave-by'>('received');

  const islands = (list.data?.Islands ?? []).map((group) => ({
    ...group,
    Parcels: sortBy === 'leave-by' ? [...group.Parcels].sort(byLeaveBy) : group.Parcels,
  }));
  const chosen = islands.flatMap((g) => g.Parcels).filter((p) => selected.has(p.OrderId!));
  const form = useZodForm(
    dispatchSchema,
    { SailingDate: formatStoredDate(new Date()), Carrier: '' },
    {
      refusal: send.error,
      body: (v) => ({
        SailingDate: v.SailingDate,
        Carrier: v.Carrier as DispatchRequest['Carrier'],
        Parcels: chosen.map((p) => ({
          OrderId: p.OrderId!,
          TrackingNumber: tracking[p.OrderId!] ?? '',
        })),
      }),
    },
  );
  const { SailingDate: sailing, Carrier: carrier } = form.values;
  /** A chosen parcel's tracking number, as the schema names it: by its place among the chosen. */
  const trackingField = (orderId: number) =>
    `Parcels.${chosen.findIndex((p) => p.OrderId === orderId)}.TrackingNumber`;

  const submit = (event: FormEvent) => {
    setSent(null);
    setSailed(null);
    form.handleSubmit((body) =>
      send.mutate(body, {
        onSuccess: ({ Parcels }) => {
          clear();
          setTracking({});
          setSent(
            `${plural(Parcels.length, 'parcel')} dispatched for the sailing of ${shownDate(body.SailingDate)} with ${carrierOf(body.Carrier)?.name}: each customer was e-mailed the tracking link.`,
          );
          setSailed({ SailingDate: body.SailingDate, Carrier: body.Carrier, Parcels });
        },
      }),
    )(event);
  };

  return (
    <Stack component="section" aria-labelledby="ready-title" spacing={2}>
      <Typography variant="h5" component="h2" id="ready-title">
        Ready to leave
      </Typography>
      {sent && (
        <Alert severity="success" role="status">
          {sent}
        </Alert>
      )}
      {sailed && <SailingPaperwork {...sailed} />}
      {list.isError && <Alert severity="error">{problem(list.error)}</Alert>}
      {list.isPending && <Skeleton variant="rounded" height={160} />}
      {list.data && islands.length === 0 && (
        <Typography color="text.secondary">Nothing is waiting to leave.</Typography>
      )}
      {islands.length > 0 && (
        <Box component="form" aria-label="Dispatch parcels" noValidate onSubmit={submit}>
          <Stack spacing={2}>
            {islands.map(({ Island, Parcels }) => (
              <TableContainer key={Island} component={Paper} variant="outlined">
                <Table aria-label={`Ready for ${Island}`} size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell padding="checkbox">
                        <GroupCheckbox
                          ids={Parcels.map((p) => p.OrderId!)}
                          selected={selected}
                          onToggle={toggle}
                          label={`Select all ${Island} parcels`}
                        />
                      </TableCell>
                      <TableCell colSpan={2}>
                        <Typography component="span" sx={{ fontWeight: 700 }}>
                          {Island}
                        </Typography>{' '}
                        · {plural(Parcels.length, 'parcel')}
                      </TableCell>
                      <TableCell>Shelf</TableCell>
                      <TableCell sx={WIDE}>Measured</TableCell>
                      <TableCell sx={WIDE}>
                        <TableSortLabel
                          active={sortBy === 'received'}
                          direction="asc"
                          onClick={() => setSortBy('received')}
                        >
                          Received
                        </TableSortLabel>
                      </TableCell>
                      <TableCell>
                        <TableSortLabel
                          active={sortBy === 'leave-by'}
                          direction="asc"
                          onClick={() => setSortBy('leave-by')}
                        >
                          Leave by
                        </TableSortLabel>
                      </TableCell>
                      <TableCell>Customs</TableCell>
                      <TableCell sx={{ width: { sm: 240 } }}>Tracking number</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {Parcels.map((parcel) => (
                      <ReadyRow
                        key={parcel.Id}
                        parcel={parcel}
                        selected={selected.has(parcel.OrderId!)}
                        onToggle={() => toggle([parcel.OrderId!])}
                        tracking={tracking[parcel.OrderId!] ?? ''}
                        onTracking={(value) => {
                          setTracking((t) => ({ ...t, [parcel.OrderId!]: value }));
                          form.forget(trackingField(parcel.OrderId!));
                        }}
                        error={form.error(trackingField(parcel.OrderId!))}
                      />
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            ))}
            <Paper variant="outlined" sx={{ p: 2 }}>
              <SailingGstPanel
                sailingDate={sailing}
                carrier={carrier}
                orderIds={chosen.map((p) => p.OrderId!)}
              />
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ alignItems: { sm: 'flex-start' } }}
              >
                <TextField
                  {...form.text('SailingDate', 'Sailing date', { fullWidth: false })}
                  type="date"
                  required
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                  {...form.text('Carrier', 'Carrier', { fullWidth: false })}
                  select
                  required
                  helperText={form.error('Carrier') && 'Choose the carrier'}
                  sx={{ minWidth: 240 }}
                >
                  {CARRIERS.map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {c.name}
                    </MenuItem>
                  ))}
                </TextField>
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  disabled={chosen.length === 0}
                  loading={send.isPending}
                  sx={{ alignSelf: { sm: 'center' } }}
                >
                  {forChosen(chosen.length, 'Dispatch')}
                </Button>
              </Stack>
              <FormAlert severity="error" sx={{ mt: 2 }}>
                {form.formError}
              </FormAlert>
            </Paper>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

function ReadyRow({
  parcel,
  selected,
  onToggle,
  tracking,
  onTracking,
  error,
}: {
  parcel: DepotParcel;
  selected: boolean;
  onToggle: () => void;
  tracking: string;
  onTracking: (value: string) => void;
  error: string | undefined;
}) {
  const name = parcelName(parcel);
  return (
    <TableRow selected={selected}>
      <TableCell padding="checkbox">
        <Checkbox
          checked={selected}
          onChange={onToggle}
          slotProps={{ input: { 'aria-label': `Select ${name}` } }}
        />
      </TableCell>
      <TableCell>{name}</TableCell>
      <TableCell>{parcel.Customer?.Name}</TableCell>
      <TableCell>{parcel.Shelf}</TableCell>
      <TableCell sx={WIDE}>{measuredText(parcel)}</TableCell>
      <TableCell sx={WIDE}>{receivedText(parcel)}</TableCell>
      <TableCell>
        <LeaveBy parcel={parcel} />
      </TableCell>
      <TableCell>
        <CustomsCell parcel={parcel} />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          fullWidth
          value={tracking}
          onChange={(e) => onTracking(e.target.value)}
          disabled={!selected}
          placeholder={selected ? 'Tracking number' : 'Select to dispatch'}
          autoComplete="off"
          error={error !== undefined}
          helperText={error}
          slotProps={{ htmlInput: { 'aria-label': `Tracking number for ${name}` } }}
        />
      </TableCell>
    </TableRow>
  );
}
