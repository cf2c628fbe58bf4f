import { ThemeProvider } from '@mui/material/styles';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { MobileDatePicker } from '@mui/x-date-pickers/MobileDatePicker';
import { addYears, subYears } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { useState } from 'react';
import { DISPLAY_DATE_FORMAT, parseStoredDate } from '../../shared/dates';
import { theme } from '../theme';

/** SPEC section 9: the date dialog is 290 px wide. */
const DATE_DIALOG_WIDTH = 290;
/** SPEC section 2: the year list spans 100 years either side (of today). */
const DATE_YEAR_SPAN = 100;

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
  openTo: 'day' | 'month' | 'year';
}

/** No field inside the picker: the date field (date-field.tsx) is drawn without this module. */
const NoField = () => null;

/**
 * The date field's dialog (SPEC section 2): MUI X's picker and date-fns, loaded only when the
 * dialog is first opened (React.lazy in date-field.tsx), so the screens with a date field do not
 * load them before. 290 px wide, with Cancel and OK (and Clear when the field may be empty). It
 * brings MUI's theme itself: the light screens (the retailer step) have no MUI around them.
 */
export default function DatePickerDialog({
  open,
  value,
  onAccept,
  onClose,
  clearable,
  min,
  max,
  openTo,
}: DatePickerDialogProps) {
  const committed = parseStoredDate(value);
  // The picker shows the day being chosen; the field and the form only learn it on OK.
  const [draft, setDraft] = useState<Date | null>(committed);
  const [lastValue, setLastValue] = useState(value);
  const [wasOpen, setWasOpen] = useState(open);
  if (value !== lastValue || open !== wasOpen) {
    setLastValue(value);
    setWasOpen(open);
    setDraft(committed);
  }

  const today = new Date();
  const minDate = (min && parseStoredDate(min)) || subYears(today, DATE_YEAR_SPAN);
  const maxDate = (max && parseStoredDate(max)) || addYears(today, DATE_YEAR_SPAN);

  return (
    <ThemeProvider theme={theme}>
      <LocalizationProvider
        dateAdapter={AdapterDateFns}
        adapterLocale={enGB}
        localeText={{ okButtonLabel: 'OK', cancelButtonLabel: 'Cancel', clearButtonLabel: 'Clear' }}
      >
        <MobileDatePicker
          open={open}
          onClose={onClose}
          value={draft}
          onChange={(date) => setDraft(date)}
          onAccept={(date) => onAccept(date && !Number.isNaN(date.getTime()) ? date : null)}
          format={DISPLAY_DATE_FORMAT}
          minDate={minDate}
          maxDate={maxDate}
          openTo={openTo}
          views={['year', 'month', 'day']}
          slots={{ field: NoField }}
          slotProps={{
            actionBar: {
              actions: clearable ? ['clear', 'cancel', 'accept'] : ['cancel', 'accept'],
            },
            dialog: {
              sx: {
                '& .MuiDialog-paper': { minWidth: DATE_DIALOG_WIDTH, width: DATE_DIALOG_WIDTH },
              },
            },
            layout: {
              sx: {
                width: DATE_DIALOG_WIDTH,
                minWidth: 0,
                '& .MuiDateCalendar-root, & .MuiYearCalendar-root, & .MuiMonthCalendar-root': {
                  width: DATE_DIALOG_WIDTH,
                  maxWidth: DATE_DIALOG_WIDTH,
                },
                '& .MuiPickersCalendarHeader-root': { pl: 2, pr: 1 },
                '& .MuiPickersToolbar-root': { px: 2 },
              },
            },
          }}
        />
      </LocalizationProvider>
    </ThemeProvider>
  );
}
