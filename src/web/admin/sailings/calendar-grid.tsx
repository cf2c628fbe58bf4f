import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { WEEKDAY_NAMES } from '../../../shared/dates';
import type { SailingView } from '../../../shared/api/sailings';
import { closingLines, clockOn, longDay, shortDay, type CalendarDay } from './calendar-days';

// The sailings calendar as a grid (docs/decisions/0050): one row a week, one cell a day, one
// cell in the Tab order at a time (roving focus). The arrow keys move a day or a week, Home and
// End to the week's first and last day, Page Up and Page Down a week; Enter or Space opens the
// day (its sailing, its exception, its closing days).

const STATUS: Record<
  SailingView['Status'],
  { label: string; color: 'default' | 'error' | 'warning' | 'info' }
> = {
  scheduled: { label: 'Sails', color: 'default' },
  cancelled: { label: 'Cancelled', color: 'error' },
  changed: { label: 'Changed', color: 'warning' },
  extra: { label: 'Extra', color: 'info' },
};

const MOVES: Record<string, (at: number) => number> = {
  ArrowRight: (at) => at + 1,
  ArrowLeft: (at) => at - 1,
  ArrowDown: (at) => at + 7,
  ArrowUp: (at) => at - 7,
  PageDown: (at) => at + 7,
  PageUp: (at) => at - 7,
  Home: (at) => at - (at % 7),
  End: (at) => at - (at % 7) + 6,
};

function SailingLine({ sailing, day }: { sailing: SailingView; day: string }) {
  const status = STATUS[sailing.Status];
  return (
    <Stack spacing={0.25} sx={{ mt: 0.5 }}>
      <Chip
        size="small"
        label={status.label}
        color={status.color}
        sx={{ alignSelf: 'flex-start' }}
      />
      {sailing.Status === 'cancelled' ? (
        <Typography variant="body2">{sailing.Reason}</Typography>
      ) : (
        <Typography variant="body2" component="div">
          Cut-off {clockOn(sailing.CutOffAt, day)}
          <br />
          Leaves {clockOn(sailing.DepartsAt, day)}
          <br />
          Lands {clockOn(sailing.ArrivesAt, day)}
          {sailing.Reason && (
            <Typography variant="body2" color="text.secondary">
              {sailing.Reason}
            </Typography>
          )}
        </Typography>
      )}
    </Stack>
  );
}

function DayCell({ day, today }: { day: CalendarDay; today: string }) {
  return (
    <>
      <Typography
        variant="subtitle2"
        component="div"
        sx={{ fontWeight: day.key === today ? 800 : 600 }}
      >
        {shortDay(day.key)}
        {day.key === today && ' (today)'}
        <span className="visually-hidden">, {longDay(day.key)}</span>
      </Typography>
      {closingLines(day.closing).map((line) => (
        <Typography
          key={line}
          variant="body2"
          sx={{ color: 'text.secondary', fontStyle: 'italic' }}
        >
          Closed: {line}
        </Typography>
      ))}
      {day.sailings.map((s) => (
        <SailingLine key={s.DepartsAt} sailing={s} day={day.key} />
      ))}
      {day.sailings.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No sailing
        </Typography>
      )}
    </>
  );
}

export function CalendarGrid({
  label,
  weeks,
  today,
  onOpen,
}: {
  label: string;
  weeks: CalendarDay[][];
  today: string;
  onOpen: (day: CalendarDay) => void;
}) {
  const days = weeks.flat();
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      days.findIndex((d) => d.key === today),
    ),
  );
  const moved = useRef(false);
  const cells = useRef<(HTMLTableCellElement | null)[]>([]);
  const at = Math.min(active, days.length - 1);
  useEffect(() => {
    if (moved.current) cells.current[at]?.focus();
    moved.current = false;
  }, [at]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(days[index]);
      return;
    }
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = Math.min(days.length - 1, Math.max(0, move(index)));
    moved.current = true;
    setActive(next);
  };

  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        component="table"
        role="grid"
        aria-label={label}
        sx={{
          width: '100%',
          minWidth: 840,
          borderCollapse: 'collapse',
          tableLayout: 'fixed',
          '& th, & td': { border: 1, borderColor: 'divider', p: 1, verticalAlign: 'top' },
          // relative: the cells' visually hidden words stay inside the scrolled grid
          '& td': {
            bgcolor: 'background.paper',
            cursor: 'pointer',
            height: 120,
            position: 'relative',
          },
          '& td:focus-visible': {
            outline: '3px solid',
            outlineColor: 'primary.dark',
            outlineOffset: -3,
          },
          '& td:hover': { bgcolor: 'action.hover' },
        }}
      >
        <thead>
          <tr>
            {WEEKDAY_NAMES.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={week[0].key}>
              {week.map((day, d) => {
                const index = w * 7 + d;
                return (
                  <td
                    key={day.key}
                    role="gridcell"
                    ref={(el) => {
                      cells.current[index] = el;
                    }}
                    tabIndex={index === at ? 0 : -1}
                    aria-selected={index === at}
                    data-day={day.key}
                    onFocus={() => setActive(index)}
                    onClick={() => {
                      setActive(index);
                      onOpen(day);
                    }}
                    onKeyDown={(e) => onKeyDown(e, index)}
                  >
                    <DayCell day={day} today={today} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
