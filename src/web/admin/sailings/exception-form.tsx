import type { FormEvent } from 'react';
import { Button, DialogActions, DialogContent, Stack, TextField } from '@mui/material';
import {
  exceptionInputSchema,
  type ExceptionView,
  type RouteView,
} from '../../../shared/api/sailings';
import type { Island } from '../../../shared/islands';
import { dayOf, weekdayOf } from '../../../shared/sailings/london-time';
import { num, useFields } from '../catalogue/catalogue-parts';
import { FormAlert } from '../kit/form-alert';
import { checkForm, serverFieldErrors } from '../kit/field-errors';
import { problem } from '../kit/problem';
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
  const form = useFields({
    Reason: exception?.Reason ?? '',
    DepartsOn: exception?.DepartsOn ?? date,
    ...startTimes(route, date, exception),
  });
  const { values: v } = form;
  const timed = kind !== 'cancelled';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(exceptionInputSchema, {
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
    });
    form.setErrors(checked.errors ?? {});
    if (!checked.data) return;
    save.mutate(
      { id: exception?.Id, body: checked.data },
      {
        onSuccess: () => onDone(`${TITLES[kind]}: saved.`),
        onError: (e) => form.setErrors(serverFieldErrors(e)),
      },
    );
  };
  const fieldless = save.error && !Object.keys(serverFieldErrors(save.error)).length;
  return (
    <form noValidate aria-label={TITLES[kind]} onSubmit={submit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2}>
          {fieldless ? <FormAlert severity="error">{problem(save.error)}</FormAlert> : null}
          <TextField
            {...form.text('Reason', kind === 'extra' ? 'Reason (optional)' : 'Reason')}
            required={kind !== 'extra'}
            autoFocus
            helperText={
              form.errors.Reason ?? 'Customers read it: “gale warning”, “ship in dry dock”.'
            }
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
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack}>Back</Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {kind === 'cancelled' ? 'Cancel the sailing' : 'Save'}
        </Button>
      </DialogActions>
    </form>
  );
}
