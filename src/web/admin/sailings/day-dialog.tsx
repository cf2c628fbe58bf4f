import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { closingDayInputSchema, type RouteView } from '../../../shared/api/sailings';
import { FormAlert } from '../kit/form-alert';
import { DialogForm } from '../kit/form-dialog';
import { problem } from '../kit/problem';
import { useZodForm } from '../kit/use-zod-form';
import { useDeleteClosingDay, useDeleteException, useSaveClosingDay } from './api/sailings';
import { clockOn, jurisdictionsOf, longDay, placeName, type CalendarDay } from './calendar-days';
import { ExceptionForm, type ExceptionKind } from './exception-form';

// One day of a route's calendar (docs/decisions/0050): its sailing and what staff may do to it,
// and its closing days. The office changes them; the depot reads them. Escape closes it, and the
// focus goes back to the day's cell.

type Mode = 'menu' | ExceptionKind | 'closing';

function ClosingDayForm({
  route,
  date,
  onBack,
  onDone,
}: {
  route: RouteView;
  date: string;
  onBack: () => void;
  onDone: (message: string) => void;
}) {
  const save = useSaveClosingDay();
  const places = jurisdictionsOf(route);
  const form = useZodForm(
    closingDayInputSchema,
    { Jurisdiction: places[0], Name: '' },
    { refusal: save.error, body: (v) => ({ ...v, Date: date }) },
  );
  const submit = form.handleSubmit((body) =>
    save.mutate({ body }, { onSuccess: () => onDone(`Closing day added: ${body.Name}.`) }),
  );
  return (
    <DialogForm
      label="Add a closing day"
      onSubmit={submit}
      pending={save.isPending}
      error={form.formError}
      submitLabel="Add the closing day"
      cancelLabel="Back"
      onCancel={onBack}
    >
      <TextField {...form.text('Name', 'Name')} required autoFocus />
      <TextField {...form.text('Jurisdiction', 'Closed in')} select>
        {places.map((p) => (
          <MenuItem key={p} value={p}>
            {placeName(p)}
          </MenuItem>
        ))}
      </TextField>
    </DialogForm>
  );
}

function Menu({
  day,
  route,
  canManage,
  setMode,
  onDone,
}: {
  day: CalendarDay;
  route: RouteView;
  canManage: boolean;
  setMode: (mode: Mode) => void;
  onDone: (message: string) => void;
}) {
  const removeException = useDeleteException();
  const removeClosing = useDeleteClosingDay();
  const failed = removeException.error ?? removeClosing.error;
  const { exception } = day;
  const regular =
    day.sailings.some((s) => s.Status === 'scheduled') || (exception && exception.Kind !== 'extra');
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          {failed ? <FormAlert severity="error">{problem(failed)}</FormAlert> : null}
          <section aria-labelledby="day-sailing">
            <Typography id="day-sailing" variant="subtitle1" component="h3">
              Sailing to {route.Island}
            </Typography>
            {day.sailings.length === 0 && <Typography>No sailing this day.</Typography>}
            {day.sailings.map((s) => (
              <Typography key={s.DepartsAt}>
                {s.Status === 'cancelled'
                  ? `Cancelled: ${s.Reason}`
                  : `${s.Status === 'scheduled' ? 'Sails' : s.Status === 'extra' ? 'Extra sailing' : 'Changed'}: cut-off ${clockOn(s.CutOffAt, day.key)}, leaves ${clockOn(s.DepartsAt, day.key)}, lands ${clockOn(s.ArrivesAt, day.key)}; ${s.Capacity} parcels.${s.Reason ? ` ${s.Reason}` : ''}`}
              </Typography>
            ))}
            {canManage && (
              <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
                {!exception && regular && (
                  <>
                    <Button variant="contained" color="error" onClick={() => setMode('cancelled')}>
                      Cancel this sailing
                    </Button>
                    <Button variant="outlined" onClick={() => setMode('changed')}>
                      Change or delay it
                    </Button>
                  </>
                )}
                {!exception && !regular && (
                  <Button variant="outlined" onClick={() => setMode('extra')}>
                    Add an extra sailing
                  </Button>
                )}
                {exception && (
                  <>
                    <Button variant="outlined" onClick={() => setMode(exception.Kind)}>
                      Edit the{' '}
                      {exception.Kind === 'extra'
                        ? 'extra sailing'
                        : exception.Kind === 'cancelled'
                          ? 'cancellation'
                          : 'change'}
                    </Button>
                    <Button
                      variant="outlined"
                      color="error"
                      loading={removeException.isPending}
                      onClick={() =>
                        removeException.mutate(exception.Id, {
                          onSuccess: () =>
                            onDone(
                              exception.Kind === 'extra'
                                ? 'Extra sailing removed.'
                                : 'Sailing restored to its timetable.',
                            ),
                        })
                      }
                    >
                      {exception.Kind === 'extra'
                        ? 'Remove the extra sailing'
                        : 'Restore the timetabled sailing'}
                    </Button>
                  </>
                )}
              </Stack>
            )}
          </section>
          <section aria-labelledby="day-closing">
            <Typography id="day-closing" variant="subtitle1" component="h3">
              Closing days
            </Typography>
            {day.closing.length === 0 && <Typography>Open: no closing day.</Typography>}
            <List dense disablePadding>
              {day.closing.map((c) => (
                <ListItem
                  key={c.Id}
                  disableGutters
                  secondaryAction={
                    canManage && (
                      <Button
                        size="small"
                        color="error"
                        loading={removeClosing.isPending && removeClosing.variables === c.Id}
                        onClick={() =>
                          removeClosing.mutate(c.Id, {
                            onSuccess: () => onDone(`Closing day removed: ${c.Name}.`),
                          })
                        }
                      >
                        Remove<span className="visually-hidden"> {c.Name}</span>
                      </Button>
                    )
                  }
                >
                  <ListItemText primary={c.Name} secondary={placeName(c.Jurisdiction)} />
                </ListItem>
              ))}
            </List>
            {canManage && (
              <Button variant="outlined" sx={{ mt: 1 }} onClick={() => setMode('closing')}>
                Add a closing day
              </Button>
            )}
          </section>
        </Stack>
      </DialogContent>
    </>
  );
}

export function DayDialog({
  day,
  route,
  canManage,
  onClose,
  onDone,
}: {
  day: CalendarDay;
  route: RouteView;
  canManage: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [mode, setMode] = useState<Mode>('menu');
  const back = () => setMode('menu');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="day-title">
      <DialogTitle id="day-title">
        {route.Island}: {longDay(day.key)}
      </DialogTitle>
      {mode === 'menu' && (
        <>
          <Menu day={day} route={route} canManage={canManage} setMode={setMode} onDone={onDone} />
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
      {mode === 'closing' && (
        <ClosingDayForm route={route} date={day.key} onBack={back} onDone={onDone} />
      )}
      {mode !== 'menu' && mode !== 'closing' && (
        <ExceptionForm
          kind={mode}
          route={route}
          date={day.key}
          exception={day.exception?.Kind === mode ? day.exception : null}
          onBack={back}
          onDone={onDone}
        />
      )}
    </Dialog>
  );
}
