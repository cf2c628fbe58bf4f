import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { ConsolidationEstimate, StaffConsignment } from '../../../shared/api/consolidation';
import { CARRIERS } from '../../../shared/carriers';
import { differenceText } from '../../../shared/consolidation';
import { formatPounds, toPence } from '../../../shared/money';
import { ApiError } from '../../lib/api-client';
import {
  useDispatchConsignment,
  useMeasureBox,
  useRepack,
  useReverseDifference,
} from './api/consolidation';
import { useConsignmentCustomsDownload } from '../depot/api/depot';
import { problem } from '../kit/problem';

// The consolidation screen's forms (decision 0041): start repacking, weigh and measure
// the box, dispatch it as one, and the office's reversal of the difference; and the price lines.

const today = () => new Date().toISOString().slice(0, 10);

export function PriceTable({ price, title }: { price: ConsolidationEstimate; title: string }) {
  return (
    <Box>
      <Typography variant="subtitle2">{title}</Typography>
      <Typography>
        One crossing in band {price.Band.Code} ({price.Band.Name}) {formatPounds(price.Crossing)} +
        repacking {formatPounds(price.Repacking)} − paid {formatPounds(price.Paid)}:{' '}
        <strong>{differenceText(toPence(price.Difference))}</strong>
      </Typography>
    </Box>
  );
}

export function StartRepacking({ id }: { id: number }) {
  const repack = useRepack();
  return (
    <Stack spacing={1} direction="row" sx={{ alignItems: 'center' }}>
      <Button
        variant="contained"
        autoFocus
        loading={repack.isPending}
        onClick={() => repack.mutate(id)}
      >
        Start repacking
      </Button>
      <Typography variant="body2">From now on the customer can no longer cancel.</Typography>
      {repack.isError && <Alert severity="error">{problem(repack.error)}</Alert>}
    </Stack>
  );
}

const FIELDS = [
  { field: 'WeightKg', label: 'Weight (kg)' },
  { field: 'LengthCm', label: 'Length (cm)' },
  { field: 'WidthCm', label: 'Width (cm)' },
  { field: 'HeightCm', label: 'Height (cm)' },
] as const;
type Field = (typeof FIELDS)[number]['field'];

const fieldErrors = (error: unknown) =>
  error instanceof ApiError ? (error.body?.errors ?? []) : [];

export function MeasureBox({ consignment: c }: { consignment: StaffConsignment }) {
  const measure = useMeasureBox();
  const [values, setValues] = useState<Record<Field, string>>({
    WeightKg: c.Box ? String(c.Box.Weight / 1000) : '',
    LengthCm: c.Box ? String(c.Box.Length / 10) : '',
    WidthCm: c.Box ? String(c.Box.Width / 10) : '',
    HeightCm: c.Box ? String(c.Box.Height / 10) : '',
  });
  const errors = fieldErrors(measure.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    measure.mutate({
      id: c.Id,
      box: {
        WeightKg: Number(values.WeightKg),
        LengthCm: Number(values.LengthCm),
        WidthCm: Number(values.WidthCm),
        HeightCm: Number(values.HeightCm),
      },
    });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="The repacked box">
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        Weigh and measure the repacked box
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        {FIELDS.map(({ field, label }, i) => {
          const error = errors.find((e) => e.field === field)?.error;
          return (
            <TextField
              key={field}
              label={label}
              autoFocus={i === 0 && !c.Final}
              value={values[field]}
              onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              error={error !== undefined}
              helperText={error}
              required
              sx={{ maxWidth: { sm: 140 } }}
            />
          );
        })}
        <Button
          type="submit"
          variant="outlined"
          loading={measure.isPending}
          sx={{ alignSelf: { sm: 'center' } }}
        >
          Price the box
        </Button>
      </Stack>
      {measure.isError && errors.length === 0 && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem(measure.error)}
        </Alert>
      )}
      {c.Final && (
        <Box sx={{ mt: 2 }}>
          <PriceTable price={c.Final} title="The repacked box" />
        </Box>
      )}
    </Box>
  );
}

export function DispatchBox({
  consignment: c,
  onDispatched,
}: {
  consignment: StaffConsignment;
  onDispatched: (id: number) => void;
}) {
  const send = useDispatchConsignment();
  const [sailing, setSailing] = useState(today());
  const [carrier, setCarrier] = useState<string>(CARRIERS[0].id);
  const [tracking, setTracking] = useState('');
  const errors = fieldErrors(send.error);
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.error;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      {
        id: c.Id,
        body: { SailingDate: sailing, Carrier: carrier as never, TrackingNumber: tracking },
      },
      { onSuccess: () => onDispatched(c.Id) },
    );
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Dispatch as one">
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        Dispatch as one consignment
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          type="date"
          label="Sailing date"
          value={sailing}
          onChange={(e) => setSailing(e.target.value)}
          error={errorOf('SailingDate') !== undefined}
          helperText={errorOf('SailingDate')}
          slotProps={{ inputLabel: { shrink: true } }}
          required
        />
        <TextField
          select
          label="Carrier"
          value={carrier}
          onChange={(e) => setCarrier(e.target.value)}
          sx={{ minWidth: 200 }}
          required
        >
          {CARRIERS.map((x) => (
            <MenuItem key={x.id} value={x.id}>
              {x.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Tracking number"
          autoFocus
          value={tracking}
          onChange={(e) => setTracking(e.target.value)}
          error={errorOf('TrackingNumber') !== undefined}
          helperText={errorOf('TrackingNumber')}
          required
        />
        <Button
          type="submit"
          variant="contained"
          loading={send.isPending}
          sx={{ alignSelf: { sm: 'center' } }}
        >
          Dispatch {c.Reference}
        </Button>
      </Stack>
      {send.isError && errors.length === 0 && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem(send.error)}
        </Alert>
      )}
    </Box>
  );
}

export function Reverse({ id }: { id: number }) {
  const reverse = useReverseDifference();
  const [reason, setReason] = useState('');
  const error = fieldErrors(reverse.error).find((e) => e.field === 'Reason')?.error;
  return (
    <Box
      component="form"
      noValidate
      aria-label="Reverse the difference"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        reverse.mutate({ id, reason });
      }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label="Reason for the reversal"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={error !== undefined}
          helperText={error}
          sx={{ minWidth: 320 }}
        />
        <Button
          type="submit"
          variant="outlined"
          color="error"
          loading={reverse.isPending}
          sx={{ alignSelf: { sm: 'center' } }}
        >
          Reverse the difference
        </Button>
      </Stack>
      {reverse.isError && !error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem(reverse.error)}
        </Alert>
      )}
    </Box>
  );
}

/**
 * The box's customs declaration as a whole (decision 0040): one CN22 or CN23 by the total value of
 * every order in it, listing all their items, printed to travel with the box.
 */
export function BoxCustoms({ consignment: c }: { consignment: StaffConsignment }) {
  const download = useConsignmentCustomsDownload();
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        loading={download.isPending}
        onClick={() => download.mutate({ Id: c.Id, Reference: c.Reference })}
      >
        Customs declaration of {c.Reference}
      </Button>
      {download.isError && (
        <Typography variant="body2" color="error">
          {problem(download.error)}
        </Typography>
      )}
    </Stack>
  );
}
