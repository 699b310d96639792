// A date typed as dd/mm/aaaa, or picked from a Spanish calendar that opens only when asked (its
// button, or Alt+↓ in the input). Kept as 'YYYY-MM-DD'; while the text typed is no date, the text
// itself is kept, so it stays in the input and the tab's schema says '¡Fecha inválida!' under it.
import { Button, InputGroup, Intent, PopoverNext, Utils } from '@blueprintjs/core';
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { typeDate, type TypedDate } from '../../../forms/masks';
import { EARLIEST_DATE, formatIsoDate, parseDateValue, parseTypedDate, todayIsoDate, toShownDate } from '../../../forms/rules/date';
import { FieldFrame } from './field-frame';
import { SpanishCalendar } from './spanish-calendar';
import { useFieldWiring } from './use-field-wiring';

export interface DateFieldProps {
  name: string;
  label: string;
  optional?: boolean;
  disabled?: boolean;
  /** Earliest day the calendar offers, 'YYYY-MM-DD'. Default EARLIEST_DATE, the schema's own limit. */
  minDate?: string;
  /** Latest day the calendar offers, 'YYYY-MM-DD'. Default today, the schema's own limit. */
  maxDate?: string;
  /** The day whose month the calendar shows while the field is empty, 'YYYY-MM-DD'. Default this month. */
  openingDay?: string;
}

/** The model value of a typed text: its day as 'YYYY-MM-DD', or the text itself while it is no date. */
function valueOfText(text: string): string {
  const day = parseTypedDate(text);
  return day ? formatIsoDate(day) : text;
}

/** The text a model value shows: a date as dd/mm/aaaa, a text kept from typing as it was typed. */
const textOfValue = (value: unknown) => toShownDate(value) || (typeof value === 'string' ? value : '');

/** Tab and Shift+Tab go round the calendar's controls instead of leaving it (WAI-ARIA's date picker dialog). */
function keepTabInside(event: KeyboardEvent<HTMLElement>) {
  const controls = Utils.getFocusableElements(event.currentTarget);
  const [first, last] = [controls[0], controls[controls.length - 1]];
  const edge = event.shiftKey ? first : last;
  if (edge && document.activeElement === edge) {
    event.preventDefault();
    (event.shiftKey ? last : first)?.focus();
  }
}

export function DateField({ name, label, optional, disabled, minDate = EARLIEST_DATE, maxDate = todayIsoDate(), openingDay }: DateFieldProps) {
  const { input, error, id, control } = useFieldWiring<string | null>(name, { disabled });
  const { disabled: locked, onFocus, ...inputProps } = control;
  // The text as typed, shown while it still stands for the model value (a value set from elsewhere,
  // as the CURP's birth date, replaces it); on leaving the field a date shows as dd/mm/aaaa.
  const [typed, setTyped] = useState<TypedDate | null>(null);
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const value = input.value ?? '';
  // A text the field shows from its value is no mask's: its slashes count as typed.
  const shown: TypedDate = typed !== null && valueOfText(typed.text) === value ? typed : { text: textOfValue(value), separatorTyped: true };
  const text = shown.text;
  const day = parseDateValue(value);
  const iso = day && formatIsoDate(day);
  const calendarId = `${id}-calendario`;

  const close = (focusInput: boolean) => {
    setOpen(false);
    if (focusInput) inputRef.current?.focus();
  };
  const onCalendarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') keepTabInside(event);
  };
  // Opened, the calendar takes the focus on its chosen day (or today, or the month's first day);
  // a callback of its own, so that it runs once per opening and not on every render.
  const focusDay = useCallback(
    (calendar: HTMLDivElement | null) => calendar?.querySelector<HTMLElement>('button[name="day"][tabindex="0"]')?.focus({ preventScroll: true }),
    [],
  );

  const calendar = (
    <div ref={focusDay} id={calendarId} role="dialog" aria-label="Calendario" onKeyDown={onCalendarKeyDown}>
      <SpanishCalendar
        value={iso && iso >= minDate && iso <= maxDate ? iso : null}
        minDate={minDate}
        maxDate={maxDate}
        openingDay={openingDay}
        onPick={(picked) => {
          setTyped(null);
          input.onChange(picked);
          close(true);
        }}
      />
    </div>
  );
  const calendarButton = (
    <Button
      variant="minimal"
      icon="calendar"
      aria-label="Abrir calendario"
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? calendarId : undefined}
      disabled={locked}
      onClick={() => setOpen((wasOpen) => !wasOpen)}
    />
  );
  return (
    <FieldFrame id={id} label={label} error={error} optional={optional} hint="dd/mm/aaaa">
      <PopoverNext
        isOpen={open && !locked}
        onInteraction={(next) => !next && close(false)}
        content={calendar}
        placement="bottom-start"
        // The calendar handles its own focus: Escape and a day picked give it back to the input.
        autoFocus={false}
        enforceFocus={false}
        canEscapeKeyClose={false}
        shouldReturnFocusOnClose={false}
        renderTarget={({ ref }) => (
          <div ref={ref}>
            <InputGroup
              {...inputProps}
              inputRef={inputRef}
              inputMode="numeric"
              autoComplete="off"
              placeholder="dd/mm/aaaa"
              aria-keyshortcuts="Alt+ArrowDown"
              value={text}
              disabled={locked}
              intent={error ? Intent.DANGER : Intent.NONE}
              rightElement={calendarButton}
              onFocus={(event) => {
                setOpen(false);
                onFocus(event);
              }}
              onChange={(event) => {
                const next = typeDate(shown, event.target.value);
                setTyped(next);
                input.onChange(valueOfText(next.text));
              }}
              onBlur={() => {
                // A date shows as dd/mm/aaaa from now on; a text that is no date yet stays as typed,
                // with what its mask did ('2015' shown '20/15' goes on year first on a '-').
                setTyped((current) => (current && parseTypedDate(current.text) ? null : current));
                input.onBlur();
              }}
              onKeyDown={(event) => {
                if (event.altKey && event.key === 'ArrowDown') {
                  event.preventDefault();
                  setOpen(true);
                }
              }}
            />
          </div>
        )}
      />
    </FieldFrame>
  );
}
