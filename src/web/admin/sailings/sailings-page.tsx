import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { WEEKDAY_NAMES } from '../../../shared/dates';
import { ISLANDS } from '../../../shared/islands';
import { dayKey, dayOf, londonTimeOf, weekdayOf } from '../../../shared/sailings/london-time';
import { FormAlert } from '../kit/form-alert';
import { oneOf, useListView } from '../kit/list-view';
import { problem } from '../kit/problem';
import { staffCan, useStaffSession } from '../staff/staff-session';
import { useCalendar, useRoutes } from './api/sailings';
import { calendarWeeks, longDay, type CalendarDay } from './calendar-days';
import { CalendarGrid } from './calendar-grid';
import { DayDialog } from './day-dialog';
import { RouteDialog } from './route-dialog';

const WEEKS = Array.from({ length: 12 }, (_, i) => String(i + 1));

/**
 * /admin/sailings/ (docs/decisions/0050): the next weeks of one route's sailings as a calendar,
 * with their cut-off, departure and landing, the cancelled and changed ones with their reason,
 * and the closing days. The depot reads it; the office cancels, delays and adds sailings, adds
 * and removes closing days, and edits the route's weekly pattern and capacity (each change in
 * the audit log). The route, the weeks and the first week are in the address.
 */
export function SailingsPage() {
  const { user } = useStaffSession();
  const canManage = staffCan(user, 'manage', 'Sailing');
  const { values, set } = useListView({
    route: oneOf(ISLANDS, 'Jersey'),
    weeks: oneOf(WEEKS, '4'),
    from: '',
  });
  const routes = useRoutes();
  const calendar = useCalendar(values.from, Number(values.weeks));
  const [open, setOpen] = useState<CalendarDay | null>(null);
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState('');
  const route = routes.data?.find((r) => r.Island === values.route) ?? null;
  const [today] = useState(() => dayKey(londonTimeOf(Date.now()).day));
  const view = calendar.data;
  const weeks = view && route ? calendarWeeks(view, route) : null;
  // The calendar's first Monday, or this week's while it loads.
  const from = view?.From ?? dayKey(dayOf(today) - (weekdayOf(dayOf(today)) - 1));
  const moveBy = (days: number) => set({ from: dayKey(dayOf(from) + days) });
  const done = (text: string) => {
    setOpen(null);
    setEditing(false);
    setMessage(text);
  };
  const failed = routes.error ?? calendar.error;

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Sailings
      </Typography>
      <Typography color="text.secondary">
        The timetable every arrival date is promised from. Choose a day (arrow keys, then Enter) to
        cancel or delay its sailing, add an extra one, or mark a closing day. Customers see the
        reason of a cancelled or changed sailing.
      </Typography>
      <Tabs
        value={values.route}
        onChange={(_e, island: string) => set({ route: island })}
        aria-label="Routes"
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {ISLANDS.map((island) => (
          <Tab key={island} value={island} label={island} id={`route-${island}`} />
        ))}
      </Tabs>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap', gap: 1 }}
      >
        <Button variant="outlined" onClick={() => moveBy(-7)}>
          Week before
        </Button>
        <Button variant="outlined" onClick={() => set({ from: '' })}>
          This week
        </Button>
        <Button variant="outlined" onClick={() => moveBy(7)}>
          Week after
        </Button>
        <TextField
          select
          size="small"
          label="Weeks shown"
          value={values.weeks}
          onChange={(e) => set({ weeks: e.target.value })}
          sx={{ minWidth: 140 }}
        >
          {WEEKS.map((n) => (
            <MenuItem key={n} value={n}>
              {n === '1' ? '1 week' : `${n} weeks`}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        {canManage && route && (
          <Button variant="contained" onClick={() => setEditing(true)}>
            Weekly pattern and capacity
          </Button>
        )}
      </Stack>
      {route && (
        <Typography data-testid="route-summary">
          {route.Via ? `Onward boat from ${route.Via}. ` : 'From Portsmouth. '}
          Sails{' '}
          {route.Departures.length === 0
            ? 'on no day of the week'
            : route.Departures.map((d) => WEEKDAY_NAMES[d.Weekday - 1]).join(', ')}
          ; {route.Capacity} parcels a sailing; at the door {route.DeliveryDaysMin}
          {route.DeliveryDaysMax !== route.DeliveryDaysMin && ` to ${route.DeliveryDaysMax}`}{' '}
          working days after landing.
        </Typography>
      )}
      <FormAlert severity="success" onClose={() => setMessage('')}>
        {message}
      </FormAlert>
      {failed && <Alert severity="error">{problem(failed)}</Alert>}
      {weeks && route ? (
        <>
          <Typography variant="h6" component="h2" id="calendar-title">
            {route.Island}: {longDay(view!.From)} to {longDay(view!.To)}
          </Typography>
          <CalendarGrid
            key={`${route.Island} ${view!.From}`}
            label={`${route.Island} sailings`}
            weeks={weeks}
            today={today}
            onOpen={setOpen}
          />
        </>
      ) : (
        !failed && (
          <Skeleton
            variant="rounded"
            height={480}
            role="progressbar"
            aria-label="Loading the calendar"
          />
        )
      )}
      {open && route && (
        <DayDialog
          day={open}
          route={route}
          canManage={canManage}
          onClose={() => setOpen(null)}
          onDone={done}
        />
      )}
      {editing && route && (
        <RouteDialog route={route} onClose={() => setEditing(false)} onDone={done} />
      )}
    </Stack>
  );
}
