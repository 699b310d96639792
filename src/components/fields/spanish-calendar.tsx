// Blueprint's month calendar in Spanish: month and weekday names from date-fns' `es`, and Spanish
// names for the controls react-day-picker would otherwise name in English. Days are 'YYYY-MM-DD'.
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { type HTMLSelectProps } from '@blueprintjs/core';
import { HTMLSelect } from '../html-select';
import { DatePicker } from '@blueprintjs/datetime';
import { es } from 'date-fns/locale';
import { useMemo, type ReactNode } from 'react';
import { formatIsoDate, parseDateValue } from '../../../forms/rules/date';

export interface SpanishCalendarProps {
  /** The chosen day, 'YYYY-MM-DD', or null for none. */
  value: string | null;
  /** The first and last days that can be picked, 'YYYY-MM-DD'. */
  minDate: string;
  maxDate: string;
  /** The day whose month shows when none is chosen, 'YYYY-MM-DD'; absent, this month. */
  openingDay?: string;
  /** Called with the day the person picks, 'YYYY-MM-DD'. */
  onPick: (day: string) => void;
}

const LABELS = {
  labelMonthDropdown: () => 'Mes',
  labelYearDropdown: () => 'Año',
  labelPrevious: () => 'Mes anterior',
  labelNext: () => 'Mes siguiente',
  labelWeekNumber: (week: number) => `Semana ${week}`,
};

/** The month and year selects, without the English name ('Open dropdown') Blueprint gives their arrow. */
function CalendarSelect({ caption: _caption, ...select }: Omit<HTMLSelectProps, 'iconProps'> & { caption?: ReactNode }) {
  return <HTMLSelect minimal {...select} />;
}

/** A local midnight Date of an ISO day (the calendar's own kind of value). */
const toLocalDate = (day: string) => new Date(`${day}T00:00:00`);

export function SpanishCalendar({ value, minDate, maxDate, openingDay, onPick }: SpanishCalendarProps) {
  // The same Date while the day is the same: a new one would bring the calendar back to its month.
  const selected = useMemo(() => (value ? toLocalDate(value) : null), [value]);
  const range = useMemo(() => ({ minDate: toLocalDate(minDate), maxDate: toLocalDate(maxDate) }), [minDate, maxDate]);
  const initialMonth = useMemo(() => (openingDay && !value ? toLocalDate(openingDay) : undefined), [openingDay, value]);
  return (
    <DatePicker
      // date-fns 4's locale object, which Blueprint's own date-fns 2 reads the same way.
      locale={es as never}
      value={selected}
      {...range}
      initialMonth={initialMonth}
      canClearSelection={false}
      highlightCurrentDay
      // The neighbouring months' days, greyed out, would read poorly (too faint) and add nothing.
      dayPickerProps={{ labels: LABELS, showOutsideDays: false, components: { Dropdown: CalendarSelect } }}
      onChange={(day, isUserChange) => {
        // A month or year chosen in the header moves the selection too: only a day clicked counts.
        const picked = isUserChange ? parseDateValue(day) : null;
        if (picked) onPick(formatIsoDate(picked));
      }}
    />
  );
}
