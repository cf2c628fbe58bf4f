import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MONTH_NAMES, parseStoredDate, WEEKDAY_NAMES } from '../../shared/dates';
import { Icon, icons } from './icons';
import './date-picker-dialog.css';

/** docs/requirements.md §2: the year list spans 100 years either side (of today). */
const DATE_YEAR_SPAN = 100;

export type DateView = 'day' | 'month' | 'year';

export interface DatePickerDialogProps {
  open: boolean;
  /** The date as stored, `yyyy-MM-dd`, or '' for none: the day shown when the dialog opens. */
  value: string;
  /** Called with the date chosen on OK, or null after Clear. */
  onAccept: (date: Date | null) => void;
  onClose: () => void;
  clearable: boolean;
  min?: string;
  max?: string;
  openTo: DateView;
}

const dayOf = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
const sameDay = (a: Date | null, b: Date) =>
  !!a &&
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate();
/** The same day `months` later, on the month's last day when it has no such day (31 → 30). */
function addMonths(date: Date, months: number): Date {
  const first = new Date(date.getFullYear(), date.getMonth() + months, 1);
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  return new Date(first.getFullYear(), first.getMonth(), Math.min(date.getDate(), last));
}
const addDays = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
const clamp = (date: Date, min: Date, max: Date) => (date < min ? min : date > max ? max : date);
/** Monday is 0. */
const weekdayOf = (date: Date) => (date.getDay() + 6) % 7;

/** The weeks (Monday first) of the month holding `date`, null where a week has no day of it. */
function weeksOf(date: Date): (Date | null)[][] {
  const first = new Date(date.getFullYear(), date.getMonth(), 1);
  const days = new Date(date.getFullYear(), date.getMonth() + 1, 0).getDate();
  const cells: (Date | null)[] = Array<null>(weekdayOf(first)).fill(null);
  for (let d = 1; d <= days; d++) cells.push(new Date(date.getFullYear(), date.getMonth(), d));
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

const headline = (date: Date | null) =>
  date
    ? date.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' })
    : '–';

/**
 * The date field's dialog (docs/requirements.md §2): a native modal <dialog> 290 px wide
 * (docs/requirements.md §9) with a calendar and Cancel and OK (and Clear when the field may be
 * empty). The grid follows the WAI-ARIA date picker pattern: the arrow keys move the day, Home and
 * End to the week's ends, PageUp and PageDown the month (with Shift the year), Enter or Space
 * chooses; the month's name opens the year list, then the months. The browser traps the focus
 * inside, Escape cancels, and the focus goes back to the field when it closes. The date is only
 * emitted on OK.
 */
export function DatePickerDialog({
  open,
  value,
  onAccept,
  onClose,
  clearable,
  min,
  max,
  openTo,
}: DatePickerDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const monthId = useId();

  const today = dayOf(new Date());
  const minDate =
    (min && parseStoredDate(min)) ||
    new Date(today.getFullYear() - DATE_YEAR_SPAN, today.getMonth(), today.getDate());
  const maxDate =
    (max && parseStoredDate(max)) ||
    new Date(today.getFullYear() + DATE_YEAR_SPAN, today.getMonth(), today.getDate());

  // The day being chosen (the field learns it on OK), the day with the focus, and the view.
  const [draft, setDraft] = useState<Date | null>(null);
  const [active, setActive] = useState(today);
  const [view, setView] = useState<DateView>(openTo);
  // Whether a key moved the day, so the focus follows it (not on the first render of a view).
  const moved = useRef(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      const committed = parseStoredDate(value);
      setDraft(committed);
      setActive(clamp(committed ?? today, minDate, maxDate));
      setView(openTo);
      moved.current = true;
      element.showModal();
    }
    if (!open && element.open) element.close();
    // Only opening and closing start afresh; the other values are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // The focus goes to the day (or the year or month) being chosen when a view shows.
  useEffect(() => {
    if (!open || !moved.current) return;
    moved.current = false;
    dialog.current?.querySelector<HTMLElement>('[data-active="true"]')?.focus();
  });

  const choose = (date: Date) => {
    setDraft(date);
    setActive(date);
  };
  const move = (date: Date) => {
    moved.current = true;
    setActive(clamp(date, minDate, maxDate));
  };

  const onGridKey = (event: KeyboardEvent) => {
    const shift = event.shiftKey ? 12 : 1;
    const next: Record<string, () => Date> = {
      ArrowLeft: () => addDays(active, -1),
      ArrowRight: () => addDays(active, 1),
      ArrowUp: () => addDays(active, -7),
      ArrowDown: () => addDays(active, 7),
      Home: () => addDays(active, -weekdayOf(active)),
      End: () => addDays(active, 6 - weekdayOf(active)),
      PageUp: () => addMonths(active, -shift),
      PageDown: () => addMonths(active, shift),
    };
    if (next[event.key]) {
      event.preventDefault();
      move(next[event.key]());
    }
  };

  const outOfRange = (date: Date) => date < minDate || date > maxDate;
  const firstOfMonth = new Date(active.getFullYear(), active.getMonth(), 1);
  const lastOfMonth = new Date(active.getFullYear(), active.getMonth() + 1, 0);
  const years: number[] = [];
  for (let y = minDate.getFullYear(); y <= maxDate.getFullYear(); y++) years.push(y);

  return (
    <dialog
      ref={dialog}
      className="plain-dialog date-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
    >
      <div className="date-dialog__toolbar">
        <h2 id={titleId} className="date-dialog__title">
          Select date
        </h2>
        <p className="date-dialog__headline" aria-live="polite">
          {headline(draft)}
        </p>
      </div>
      <div className="date-dialog__header">
        <button
          type="button"
          className="date-dialog__month-button"
          aria-label={
            view === 'day'
              ? `${MONTH_NAMES[active.getMonth()]} ${active.getFullYear()}, choose the year`
              : `${MONTH_NAMES[active.getMonth()]} ${active.getFullYear()}, back to the calendar`
          }
          onClick={() => {
            moved.current = true;
            setView(view === 'day' ? 'year' : 'day');
          }}
        >
          <span id={monthId}>
            {MONTH_NAMES[active.getMonth()]} {active.getFullYear()}
          </span>
          <Icon path={icons.dropDown} className={view === 'day' ? undefined : 'date-dialog__up'} />
        </button>
        {view === 'day' && (
          <span className="date-dialog__arrows">
            <button
              type="button"
              className="icon-button date-dialog__arrow"
              aria-label="Previous month"
              disabled={firstOfMonth <= minDate}
              onClick={() => setActive(clamp(addMonths(active, -1), minDate, maxDate))}
            >
              <Icon path={icons.before} />
            </button>
            <button
              type="button"
              className="icon-button date-dialog__arrow"
              aria-label="Next month"
              disabled={lastOfMonth >= maxDate}
              onClick={() => setActive(clamp(addMonths(active, 1), minDate, maxDate))}
            >
              <Icon path={icons.next} />
            </button>
          </span>
        )}
      </div>

      {view === 'year' && (
        <div
          className="date-dialog__choices date-dialog__years"
          role="radiogroup"
          aria-label="Year"
        >
          {years.map((year) => (
            <button
              key={year}
              type="button"
              role="radio"
              aria-checked={year === active.getFullYear()}
              data-active={year === active.getFullYear()}
              tabIndex={year === active.getFullYear() ? 0 : -1}
              className="date-dialog__choice"
              onKeyDown={(event) => {
                const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -3, ArrowDown: 3 }[event.key];
                if (step) {
                  event.preventDefault();
                  move(new Date(year + step, active.getMonth(), 1));
                }
              }}
              onClick={() => {
                moved.current = true;
                setActive(
                  clamp(addMonths(active, (year - active.getFullYear()) * 12), minDate, maxDate),
                );
                setView('month');
              }}
            >
              {year}
            </button>
          ))}
        </div>
      )}

      {view === 'month' && (
        <div className="date-dialog__choices" role="radiogroup" aria-label="Month">
          {MONTH_NAMES.map((name, month) => {
            const start = new Date(active.getFullYear(), month, 1);
            const end = new Date(active.getFullYear(), month + 1, 0);
            return (
              <button
                key={name}
                type="button"
                role="radio"
                aria-checked={month === active.getMonth()}
                data-active={month === active.getMonth()}
                tabIndex={month === active.getMonth() ? 0 : -1}
                disabled={end < minDate || start > maxDate}
                className="date-dialog__choice"
                onKeyDown={(event) => {
                  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -3, ArrowDown: 3 }[
                    event.key
                  ];
                  if (step) {
                    event.preventDefault();
                    move(addMonths(active, step));
                  }
                }}
                onClick={() => {
                  moved.current = true;
                  setActive(clamp(addMonths(active, month - active.getMonth()), minDate, maxDate));
                  setView('day');
                }}
              >
                {name}
              </button>
            );
          })}
        </div>
      )}

      {view === 'day' && (
        <div
          className="date-dialog__grid"
          role="grid"
          aria-labelledby={monthId}
          onKeyDown={onGridKey}
        >
          <div role="row" className="date-dialog__row">
            {WEEKDAY_NAMES.map((name) => (
              <span
                key={name}
                role="columnheader"
                aria-label={name}
                className="date-dialog__weekday"
              >
                {name[0]}
              </span>
            ))}
          </div>
          {weeksOf(active).map((week, w) => (
            <div key={w} role="row" className="date-dialog__row">
              {week.map((date, d) =>
                date ? (
                  <button
                    key={d}
                    type="button"
                    role="gridcell"
                    className={`date-dialog__day${sameDay(today, date) ? ' date-dialog__day--today' : ''}`}
                    aria-selected={sameDay(draft, date)}
                    aria-current={sameDay(today, date) ? 'date' : undefined}
                    aria-disabled={outOfRange(date) || undefined}
                    data-active={sameDay(active, date)}
                    tabIndex={sameDay(active, date) ? 0 : -1}
                    onClick={() => {
                      if (!outOfRange(date)) choose(date);
                    }}
                  >
                    {date.getDate()}
                  </button>
                ) : (
                  <span
                    key={d}
                    role="gridcell"
                    className="date-dialog__day date-dialog__day--none"
                  />
                ),
              )}
            </div>
          ))}
        </div>
      )}

      <div className="date-dialog__actions">
        {clearable && (
          <button
            type="button"
            className="button date-dialog__action"
            onClick={() => {
              onAccept(null);
              onClose();
            }}
          >
            Clear
          </button>
        )}
        <button type="button" className="button date-dialog__action" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button date-dialog__action"
          onClick={() => {
            onAccept(draft);
            onClose();
          }}
        >
          OK
        </button>
      </div>
    </dialog>
  );
}
