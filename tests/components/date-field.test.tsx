// The date field: what is typed stays as typed, a real day is kept as 'YYYY-MM-DD', anything else
// is kept as text for the schema to refuse under the field; the Spanish calendar opens only when asked.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { object } from 'yup';
import { MESSAGES } from '../../forms/messages';
import { date } from '../../forms/schema/fields';
import { nestErrors, validateModelSync } from '../../forms/validate';
import { DateField } from '../../src/components/fields/date-field';
import { renderForm } from './support/render-form';

const schema = object({ fisica: object({ fecha_nacimiento: date() }) });
const validate = (values: object) => nestErrors(validateModelSync(schema, values).errors);
const field = <DateField name="fisica.fecha_nacimiento" label="Fecha de nacimiento" />;
const birthDate = () => screen.getByRole('textbox', { name: 'Fecha de nacimiento' });

describe('date field: typing', () => {
  it('takes dd/mm/aaaa and keeps YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(field);
    expect(birthDate()).toHaveAttribute('name', 'fisica.fecha_nacimiento');
    await user.type(birthDate(), '15/01/1990');
    expect(values().fisica.fecha_nacimiento).toBe('1990-01-15');
    await user.tab();
    expect(birthDate()).toHaveValue('15/01/1990');
  });

  it('puts the slashes in when only digits are typed, and shows one-digit days and months as two on leaving', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(field);
    await user.type(birthDate(), '3101');
    expect(birthDate()).toHaveValue('31/01');
    await user.type(birthDate(), '19905');
    expect(birthDate()).toHaveValue('31/01/1990');
    expect(values().fisica.fecha_nacimiento).toBe('1990-01-31');
    await user.clear(birthDate());
    await user.type(birthDate(), '1/2/1990');
    expect(birthDate()).toHaveValue('1/2/1990');
    expect(values().fisica.fecha_nacimiento).toBe('1990-02-01');
    await user.tab();
    expect(birthDate()).toHaveValue('01/02/1990');
  });

  it('takes a date typed year first, key by key, and shows it as dd/mm/aaaa; day first with dashes stays day first', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(field);
    await user.type(birthDate(), '2015-02-01');
    expect(birthDate()).toHaveValue('01/02/2015');
    expect(values().fisica.fecha_nacimiento).toBe('2015-02-01');
    await user.clear(birthDate());
    await user.type(birthDate(), '1990-2-1');
    expect(values().fisica.fecha_nacimiento).toBe('1990-02-01');
    await user.tab();
    expect(birthDate()).toHaveValue('01/02/1990');
    await user.clear(birthDate());
    await user.type(birthDate(), '20-11-1990');
    expect(birthDate()).toHaveValue('20/11/1990');
    expect(values().fisica.fecha_nacimiento).toBe('1990-11-20');
  });

  it('a date pasted year first with slashes or dots shows day first; a pasted day first stays day first on a dash', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(field);
    await user.click(birthDate());
    await user.paste(' 2015/02/01');
    expect(birthDate()).toHaveValue('01/02/2015');
    expect(values().fisica.fecha_nacimiento).toBe('2015-02-01');
    await user.clear(birthDate());
    await user.paste('20-11');
    await user.type(birthDate(), '-1990');
    expect(values().fisica.fecha_nacimiento).toBe('1990-11-20');
  });

  it('a stored date cut back to its day and month goes on day first on a dash; a year typed again after a dash deleted goes year first', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(field, { initialValues: { fisica: { fecha_nacimiento: '1990-03-14' } } });
    await user.type(birthDate(), '{Backspace>5/}-1985');
    expect(birthDate()).toHaveValue('14/03/1985');
    expect(values().fisica.fecha_nacimiento).toBe('1985-03-14');
    await user.clear(birthDate());
    await user.type(birthDate(), '2015-{Backspace}-02-01');
    expect(values().fisica.fecha_nacimiento).toBe('2015-02-01');
  });

  it('a year typed, left and come back to goes on year first; a space separates like a slash', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(field);
    await user.type(birthDate(), '2015');
    await user.tab();
    await user.click(birthDate());
    await user.type(birthDate(), '-02-01');
    expect(values().fisica.fecha_nacimiento).toBe('2015-02-01');
    await user.clear(birthDate());
    await user.type(birthDate(), '1 2 1990');
    expect(values().fisica.fecha_nacimiento).toBe('1990-02-01');
    await user.tab();
    expect(birthDate()).toHaveValue('01/02/1990');
  });

  // A real day out of range is kept as a date: the schema's range refuses it, as it refuses it from anywhere.
  it.each([
    ['an impossible day', '31/02/1990', '31/02/1990', '31/02/1990'],
    ['the same typed as digits', '31021990', '31/02/1990', '31/02/1990'],
    ['a partial date', '12/0', '12/0', '12/0'],
    ['a day after today', '01/01/2999', '01/01/2999', '2999-01-01'],
    ['a day before 1900', '31/12/1899', '31/12/1899', '1899-12-31'],
  ])('keeps %s as typed and says ¡Fecha inválida! under the field', async (_case, typed, shown, kept) => {
    const user = userEvent.setup();
    const { values } = renderForm(field, { validate });
    await user.type(birthDate(), typed);
    await user.tab();
    expect(birthDate()).toHaveValue(shown);
    expect(values().fisica.fecha_nacimiento).toBe(kept);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(MESSAGES.invalidDate)).toBeVisible();
    expect(birthDate()).toHaveAccessibleDescription(MESSAGES.invalidDate);
    expect(birthDate()).toHaveAttribute('aria-invalid', 'true');
    expect(birthDate()).toHaveValue(shown);
  });

  it('shows a stored date as dd/mm/aaaa, follows a date set from elsewhere, and is locked when the record is not editable', () => {
    renderForm(field, { initialValues: { fisica: { fecha_nacimiento: '1985-12-31' } }, level: 'none' });
    expect(birthDate()).toHaveValue('31/12/1985');
    expect(birthDate()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Abrir calendario' })).toBeDisabled();
  });
});

describe('date field: the calendar', () => {
  afterEach(() => vi.useRealTimers());

  const calendar = () => screen.queryByRole('dialog', { name: 'Calendario' });

  it('does not open on focus; Alt+↓ opens it on the chosen day, Escape closes it and gives the focus back', async () => {
    const user = userEvent.setup();
    renderForm(field, { initialValues: { fisica: { fecha_nacimiento: '1990-01-15' } } });
    await user.tab();
    expect(birthDate()).toHaveFocus();
    expect(calendar()).toBeNull();
    // One Tab stop for the text, one for its button, then the form goes on.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Abrir calendario' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Enviar' })).toHaveFocus();
    expect(calendar()).toBeNull();

    await user.click(birthDate());
    expect(calendar()).toBeNull();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(calendar()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Abrir calendario' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(calendar()!).getByRole('gridcell', { selected: true })).toHaveFocus();
    expect(within(calendar()!).getByRole('gridcell', { selected: true })).toHaveTextContent('15');
    await user.keyboard('{Escape}');
    expect(birthDate()).toHaveFocus();
    await waitFor(() => expect(calendar()).toBeNull());
    expect(birthDate()).toHaveValue('15/01/1990');
  });

  it('speaks Spanish: month and year selects, month buttons, weekday names and the month shown', async () => {
    const user = userEvent.setup();
    renderForm(field, { initialValues: { fisica: { fecha_nacimiento: '1990-01-15' } } });
    await user.click(screen.getByRole('button', { name: 'Abrir calendario' }));
    const open = calendar()!;
    expect(within(open).getByRole('combobox', { name: 'Mes' })).toHaveDisplayValue('enero');
    expect(within(open).getByRole('combobox', { name: 'Año' })).toHaveDisplayValue('1990');
    expect(within(open).getByRole('button', { name: 'Mes anterior' })).toBeVisible();
    expect(within(open).getByRole('button', { name: 'Mes siguiente' })).toBeVisible();
    expect(within(open).getByRole('columnheader', { name: 'lunes' })).toBeVisible();
    expect(within(open).getByRole('grid', { name: 'enero 1990' })).toBeVisible();
    const english = /month|year|previous|next|date|picker|week|go to/i;
    for (const element of open.querySelectorAll('[aria-label]')) expect(element.getAttribute('aria-label')).not.toMatch(english);
  });

  it('a day picked sets the value, closes the calendar and gives the focus back to the input', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(field, { initialValues: { fisica: { fecha_nacimiento: '1990-01-15' } } });
    await user.click(screen.getByRole('button', { name: 'Abrir calendario' }));
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    await waitFor(() => expect(calendar()).toBeNull());
    expect(values().fisica.fecha_nacimiento).toBe('1990-01-17');
    expect(birthDate()).toHaveValue('17/01/1990');
    expect(birthDate()).toHaveFocus();
  });

  it('keeps Tab inside the calendar while it is open', async () => {
    const user = userEvent.setup();
    renderForm(field, { initialValues: { fisica: { fecha_nacimiento: '1990-01-15' } } });
    await user.click(screen.getByRole('button', { name: 'Abrir calendario' }));
    const day = within(calendar()!).getByRole('gridcell', { selected: true });
    expect(day).toHaveFocus();
    await user.tab();
    expect(within(calendar()!).getByRole('combobox', { name: 'Mes' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(day).toHaveFocus();
  });

  it('an empty field with an opening day opens the calendar on its month; a chosen day wins over it', async () => {
    const user = userEvent.setup();
    const { unmount } = renderForm(<DateField name="fisica.fecha_nacimiento" label="Fecha de nacimiento" openingDay="2008-11-27" />);
    await user.click(screen.getByRole('button', { name: 'Abrir calendario' }));
    expect(within(calendar()!).getByRole('grid', { name: 'noviembre 2008' })).toBeVisible();
    // The focus lands on a day of that month, so the arrows move from there.
    expect(document.activeElement).toHaveAttribute('name', 'day');
    unmount();
    renderForm(<DateField name="fisica.fecha_nacimiento" label="Fecha de nacimiento" openingDay="2008-11-27" />, {
      initialValues: { fisica: { fecha_nacimiento: '1990-01-15' } },
    });
    await user.click(screen.getByRole('button', { name: 'Abrir calendario' }));
    expect(within(calendar()!).getByRole('grid', { name: 'enero 1990' })).toBeVisible();
  });

  it('a text that is no date leaves the calendar on today without choosing anything', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(2024, 4, 20, 10) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm(field);
    await user.type(birthDate(), '31/02/1990');
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    act(() => void vi.advanceTimersByTime(10));
    expect(within(calendar()!).queryByRole('gridcell', { selected: true })).toBeNull();
    expect(within(calendar()!).getByRole('combobox', { name: 'Mes' })).toHaveDisplayValue('mayo');
    await user.keyboard('{Escape}');
    expect(birthDate()).toHaveValue('31/02/1990');
  });
});
