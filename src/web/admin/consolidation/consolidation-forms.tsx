import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  dispatchConsignmentSchema,
  measureBoxSchema,
  reverseSchema,
  type ConsolidationEstimate,
  type StaffConsignment,
} from '../../../shared/api/consolidation';
import { CARRIERS } from '../../../shared/carriers';
import { differenceText } from '../../../shared/consolidation';
import { formatPounds, toPence } from '../../../shared/money';
import {
  useDispatchConsignment,
  useMeasureBox,
  useRepack,
  useReverseDifference,
} from './api/consolidation';
import { useConsignmentCustomsDownload } from '../depot/api/depot';
import { FormAlert } from '../kit/form-alert';
import { problem } from '../kit/problem';
import { useZodForm } from '../kit/use-zod-form';

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

export function MeasureBox({ consignment: c }: { consignment: StaffConsignment }) {
  const measure = useMeasureBox();
  const form = useZodForm(
    measureBoxSchema,
    {
      WeightKg: c.Box ? String(c.Box.Weight / 1000) : '',
      LengthCm: c.Box ? String(c.Box.Length / 10) : '',
      WidthCm: c.Box ? String(c.Box.Width / 10) : '',
      HeightCm: c.Box ? String(c.Box.Height / 10) : '',
    } satisfies Record<Field, string>,
    {
      refusal: measure.error,
      body: (v) => ({
        WeightKg: Number(v.WeightKg),
        LengthCm: Number(v.LengthCm),
        WidthCm: Number(v.WidthCm),
        HeightCm: Number(v.HeightCm),
      }),
    },
  );
  const submit = form.handleSubmit((box) => measure.mutate({ id: c.Id, box }));
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
        {FIELDS.map(({ field, label }, i) => (
          <TextField
            key={field}
            {...form.text(field, label, { fullWidth: false })}
            autoFocus={i === 0 && !c.Final}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            required
            sx={{ maxWidth: { sm: 140 } }}
          />
        ))}
        <Button
          type="submit"
          variant="outlined"
          loading={measure.isPending}
          sx={{ alignSelf: { sm: 'center' } }}
        >
          Price the box
        </Button>
      </Stack>
      <FormAlert severity="error" sx={{ mt: 2 }}>
        {form.formError}
      </FormAlert>
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
  const form = useZodForm(
    dispatchConsignmentSchema,
    { SailingDate: today(), Carrier: CARRIERS[0].id as string, TrackingNumber: '' },
    { refusal: send.error },
  );
  const submit = form.handleSubmit((body) =>
    send.mutate({ id: c.Id, body }, { onSuccess: () => onDispatched(c.Id) }),
  );
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
          {...form.text('SailingDate', 'Sailing date', { fullWidth: false })}
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
          required
        />
        <TextField
          {...form.text('Carrier', 'Carrier', { fullWidth: false })}
          select
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
          {...form.text('TrackingNumber', 'Tracking number', { fullWidth: false })}
          autoFocus
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
      <FormAlert severity="error" sx={{ mt: 2 }}>
        {form.formError}
      </FormAlert>
    </Box>
  );
}

export function Reverse({ id }: { id: number }) {
  const reverse = useReverseDifference();
  const form = useZodForm(reverseSchema, { Reason: '' }, { refusal: reverse.error });
  const submit = form.handleSubmit(({ Reason }) => reverse.mutate({ id, reason: Reason }));
  return (
    <Box component="form" noValidate aria-label="Reverse the difference" onSubmit={submit}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          {...form.text('Reason', 'Reason for the reversal', { fullWidth: false })}
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
      <FormAlert severity="error" sx={{ mt: 2 }}>
        {form.formError}
      </FormAlert>
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
