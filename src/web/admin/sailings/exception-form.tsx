import { Stack, TextField } from '@mui/material';
import {
  exceptionInputSchema,
  type ExceptionView,
  type RouteView,
} from '../../../shared/api/sailings';
import type { Island } from '../../../shared/islands';
import { dayOf, weekdayOf } from '../../../shared/sailings/london-time';
import { num } from '../catalogue/catalogue-parts';
import { DialogForm } from '../kit/form-dialog';
import { useZodForm } from '../kit/use-zod-form';
import { useSaveException } from './api/sailings';

// A sailing's exception (docs/decisions/0048): cancel it with the reason customers read, change
// its times (a delay: it may leave on a later day), or add an extra sailing on a free day.

export type ExceptionKind = ExceptionView['Kind'];

const TITLES: Record<ExceptionKind, string> = {
  cancelled: 'Cancel this sailing',
  changed: 'Change this sailing',
  extra: 'Add an extra sailing',
};

/** The times a form starts with: the exception's, else the route's pattern for the weekday. */
function startTimes(route: RouteView, date: string, exception: ExceptionView | null) {
  const weekday = weekdayOf(dayOf(date));
  const regular =
    route.Departures.find((d) => d.Weekday === weekday) ?? route.Departures[0] ?? null;
  const pick = <K extends 'Departs' | 'CutOff' | 'Arrives'>(k: K) =>
    exception?.[k] ?? regular?.[k] ?? '';
  const count = (k: 'CutOffDaysBefore' | 'ArrivesDaysAfter') =>
    String(exception?.[k] ?? regular?.[k] ?? '');
  return {
    Departs: pick('Departs'),
    CutOffDaysBefore: count('CutOffDaysBefore'),
    CutOff: pick('CutOff'),
    ArrivesDaysAfter: count('ArrivesDaysAfter'),
    Arrives: pick('Arrives'),
  };
}

export function ExceptionForm({
  kind,
  route,
  date,
  exception,
  onBack,
  onDone,
}: {
  kind: ExceptionKind;
  route: RouteView;
  date: string;
  exception: ExceptionView | null;
  onBack: () => void;
  onDone: (message: string) => void;
}) {
  const save = useSaveException();
  const timed = kind !== 'cancelled';
  const form = useZodForm(
    exceptionInputSchema,
    {
      Reason: exception?.Reason ?? '',
      DepartsOn: exception?.DepartsOn ?? date,
      ...startTimes(route, date, exception),
    },
    {
      refusal: save.error,
      body: (v) => ({
        Island: route.Island as Island,
        Date: date,
        Kind: kind,
        Reason: v.Reason,
        ...(timed
          ? {
              ...(kind === 'changed' ? { DepartsOn: v.DepartsOn } : {}),
              Departs: v.Departs,
              CutOffDaysBefore: num(v.CutOffDaysBefore),
              CutOff: v.CutOff,
              ArrivesDaysAfter: num(v.ArrivesDaysAfter),
              Arrives: v.Arrives,
            }
          : {}),
      }),
    },
  );
  // The day is the dialog's, not a field: the server's word on it (the timetable changed since the
  // day was opened) shows over the form.
  const onDay = form.error('Date');
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: exception?.Id, body },
      { onSuccess: () => onDone(`${TITLES[kind]}: saved.`) },
    ),
  );
  return (
    <DialogForm
      label={TITLES[kind]}
      onSubmit={submit}
      pending={save.isPending}
      error={form.formError ?? (onDay && `This day ${onDay}.`)}
      submitLabel={kind === 'cancelled' ? 'Cancel the sailing' : 'Save'}
      cancelLabel="Back"
      onCancel={onBack}
    >
      <TextField
        {...form.text('Reason', kind === 'extra' ? 'Reason (optional)' : 'Reason', {
          helperText: 'Customers read it: “gale warning”, “ship in dry dock”.',
        })}
        required={kind !== 'extra'}
        autoFocus
      />
      {timed && (
        <>
          {kind === 'changed' && (
            <TextField {...form.text('DepartsOn', 'Leaves on')} type="date" required />
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField {...form.text('Departs', 'Leaves at')} type="time" required />
            <TextField {...form.text('Arrives', 'Lands at')} type="time" required />
            <TextField
              {...form.text('ArrivesDaysAfter', 'Lands days after')}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField {...form.text('CutOff', 'Cut-off at')} type="time" required />
            <TextField
              {...form.text('CutOffDaysBefore', 'Cut-off days before')}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Stack>
        </>
      )}
    </DialogForm>
  );
}
