import { useState } from 'react';
import { Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { updateRouteSchema, type RouteView } from '../../../shared/api/sailings';
import { WEEKDAY_NAMES } from '../../../shared/dates';
import type { Island } from '../../../shared/islands';
import { num } from '../catalogue/catalogue-parts';
import { FormDialog } from '../kit/form-dialog';
import { useZodForm } from '../kit/use-zod-form';
import { useSaveRoute } from './api/sailings';

// A route's weekly pattern, capacity and delivery days (PUT /api/admin/sailings/routes/{Island}):
// the whole week at once, at most one departure a weekday (docs/decisions/0048).

const TIMES = ['Departs', 'CutOff', 'Arrives'] as const;
const COUNTS = ['CutOffDaysBefore', 'ArrivesDaysAfter'] as const;
const LABELS = {
  Departs: 'Leaves at',
  CutOff: 'Cut-off at',
  Arrives: 'Lands at',
  CutOffDaysBefore: 'Cut-off days before',
  ArrivesDaysAfter: 'Lands days after',
} as const;
type Column = keyof typeof LABELS;
type Row = { sails: boolean } & Record<Column, string>;

function rowsOf(route: RouteView): Row[] {
  return WEEKDAY_NAMES.map((_, i) => {
    const d = route.Departures.find((x) => x.Weekday === i + 1);
    const like = d ?? route.Departures[0];
    return {
      sails: Boolean(d),
      Departs: like?.Departs ?? '18:00',
      CutOff: like?.CutOff ?? '16:00',
      Arrives: like?.Arrives ?? '07:00',
      CutOffDaysBefore: String(like?.CutOffDaysBefore ?? 0),
      ArrivesDaysAfter: String(like?.ArrivesDaysAfter ?? 1),
    };
  });
}

export function RouteDialog({
  route,
  onClose,
  onDone,
}: {
  route: RouteView;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const save = useSaveRoute();
  const [rows, setRows] = useState(() => rowsOf(route));
  const sailing = rows.flatMap((r, i) => (r.sails ? [{ row: r, weekday: i + 1 }] : []));
  const form = useZodForm(
    updateRouteSchema,
    {
      Capacity: String(route.Capacity),
      DeliveryDaysMin: String(route.DeliveryDaysMin),
      DeliveryDaysMax: String(route.DeliveryDaysMax),
    },
    {
      refusal: save.error,
      body: (v) => ({
        Capacity: num(v.Capacity),
        DeliveryDaysMin: num(v.DeliveryDaysMin),
        DeliveryDaysMax: num(v.DeliveryDaysMax),
        Departures: sailing.map(({ row, weekday }) => ({
          Weekday: weekday,
          Departs: row.Departs,
          CutOffDaysBefore: num(row.CutOffDaysBefore),
          CutOff: row.CutOff,
          ArrivesDaysAfter: num(row.ArrivesDaysAfter),
          Arrives: row.Arrives,
        })),
      }),
    },
  );
  /** A departure's field, as the schema names it: by its place among the days that sail. */
  const pathOf = (weekday: number, column: Column) => {
    const at = sailing.findIndex((s) => s.weekday === weekday);
    return at < 0 ? undefined : `Departures.${at}.${column}`;
  };
  const setRow = (i: number, change: Partial<Row>) => {
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...change } : r)));
    for (const column of Object.keys(change) as Column[]) {
      const path = pathOf(i + 1, column);
      if (path) form.forget(path);
    }
  };
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { island: route.Island as Island, body },
      { onSuccess: () => onDone(`${route.Island}’s weekly pattern saved.`) },
    ),
  );
  const errorOf = (weekday: number, column: Column) => {
    const path = pathOf(weekday, column);
    return path && form.error(path);
  };

  return (
    <FormDialog
      title={`${route.Island}: weekly pattern and capacity`}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      error={form.formError}
      submitLabel="Save the pattern"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...form.text('Capacity', 'Parcels a sailing')} required />
        <TextField {...form.text('DeliveryDaysMin', 'Door: days at least')} required />
        <TextField {...form.text('DeliveryDaysMax', 'Door: days at most')} required />
      </Stack>
      {route.Via && (
        <Typography variant="body2" color="text.secondary">
          An onward boat from {route.Via}: its cut-off is at the {route.Via} hub.
        </Typography>
      )}
      {rows.map((row, i) => {
        const name = WEEKDAY_NAMES[i];
        return (
          <fieldset key={name} style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className="visually-hidden">{name}</legend>
            <FormControlLabel
              control={
                <Checkbox checked={row.sails} onChange={(_e, on) => setRow(i, { sails: on })} />
              }
              label={`Sails on ${name}`}
            />
            {row.sails && (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {[...TIMES, ...COUNTS].map((column) => {
                  const error = errorOf(i + 1, column);
                  const isTime = (TIMES as readonly string[]).includes(column);
                  return (
                    <TextField
                      key={column}
                      size="small"
                      sx={{ width: isTime ? 128 : 160 }}
                      label={LABELS[column]}
                      type={isTime ? 'time' : 'text'}
                      value={row[column]}
                      onChange={(e) => setRow(i, { [column]: e.target.value })}
                      error={!!error}
                      helperText={error}
                      slotProps={{ htmlInput: { 'aria-label': `${name}: ${LABELS[column]}` } }}
                    />
                  );
                })}
              </Stack>
            )}
          </fieldset>
        );
      })}
    </FormDialog>
  );
}
