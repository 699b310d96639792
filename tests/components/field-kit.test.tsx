// The field kit: masks, the debounced error, locking by editable level, names and labels.
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../forms/messages';
import { MoneyField, PercentageField } from '../../src/components/fields/number-field';
import { PhoneField } from '../../src/components/fields/phone-field';
import { SelectField } from '../../src/components/fields/select-field';
import { useShownErrorsActor, type ShownErrorsRef } from '../../src/components/fields/shown-errors-provider';
import { TextField } from '../../src/components/fields/text-field';
import { renderForm } from './support/render-form';

describe('masks', () => {
  it('shows a phone as 3-3-4 while it is typed and keeps only 10 digits', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(<PhoneField name="celular.numero" label="Teléfono celular" />);
    const input = screen.getByLabelText('Teléfono celular');
    expect(input).toHaveAttribute('name', 'celular.numero');
    await user.type(input, '33a1234567899');
    expect(input).toHaveValue('331-234-5678');
    expect(values().celular.numero).toBe('331-234-5678');
  });

  it('keeps the digits of a pasted phone, without the country code', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(<PhoneField name="celular.numero" label="Teléfono celular" />);
    const input = screen.getByLabelText('Teléfono celular');
    await user.click(input);
    await user.paste('+52 (33) 1234-5678');
    expect(input).toHaveValue('331-234-5678');
    expect(values().celular.numero).toBe('331-234-5678');
    await user.clear(input);
    await user.paste('Tel. 33 1234 5678, ext. 12');
    expect(input).toHaveValue('331-234-5678');
    // A whole number pasted after '+52' typed replaces it, and a part of one goes on from it.
    await user.clear(input);
    await user.type(input, '+52');
    await user.paste('+52 33 1234 5678');
    expect(input).toHaveValue('331-234-5678');
    await user.clear(input);
    await user.type(input, '+52 1');
    await user.paste('33 1234');
    expect(input).toHaveValue('331-234');
  });

  it('keeps the digits of a phone typed after +52, without the country code', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(<PhoneField name="celular.numero" label="Teléfono celular" />);
    const input = screen.getByLabelText('Teléfono celular');
    await user.type(input, '+52');
    expect(input).toHaveValue('+52');
    await user.type(input, ' 33 1234 5678');
    expect(input).toHaveValue('331-234-5678');
    expect(values().celular.numero).toBe('331-234-5678');
  });

  it('deletes the digit before a dash with Backspace, and keeps the caret where a digit was mended', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(<PhoneField name="celular.numero" label="Teléfono celular" />);
    const input = screen.getByLabelText('Teléfono celular') as HTMLInputElement;
    await user.type(input, '3312345678');
    // The caret after '331-234-': Backspace takes the 4, not only the dash the mask would put back.
    await user.type(input, '{Backspace}', { initialSelectionStart: 8, initialSelectionEnd: 8 });
    expect(input).toHaveValue('331-235-678');
    expect(input.selectionStart).toBe(6);
    // A digit deleted inside and another typed in its place go where the caret was, not at the end.
    await user.clear(input);
    await user.type(input, '3312345678');
    await user.type(input, '{Delete}5', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(values().celular.numero).toBe('335-234-5678');
  });

  it('drops the country code typed without +, once the number after it is whole', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(<PhoneField name="celular.numero" label="Teléfono celular" />);
    const input = screen.getByLabelText('Teléfono celular');
    await user.type(input, '52155123456');
    // Eleven digits are not a number yet: shown as typed, never as a valid-looking 521-551-2345.
    expect(input).toHaveValue('52155123456');
    await user.type(input, '78');
    expect(input).toHaveValue('551-234-5678');
    expect(values().celular.numero).toBe('551-234-5678');
    await user.clear(input);
    await user.type(input, '52 33 1234 5678');
    expect(input).toHaveValue('331-234-5678');
  });

  it('refuses a digit typed or pasted into a full phone, where it would push the last one out', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(<PhoneField name="celular.numero" label="Teléfono celular" />);
    const input = screen.getByLabelText('Teléfono celular');
    await user.type(input, '3312345678');
    await user.type(input, '9', { initialSelectionStart: 5, initialSelectionEnd: 5 });
    expect(values().celular.numero).toBe('331-234-5678');
    // Nor pasted: the 8 would go.
    (input as HTMLInputElement).setSelectionRange(4, 4);
    await user.paste('9');
    expect(values().celular.numero).toBe('331-234-5678');
    // A 5 before a number of Puebla is no country code: refused, so a 2 at the end cannot make 221-234-5672.
    await user.clear(input);
    await user.type(input, '2221234567');
    await user.type(input, '5', { initialSelectionStart: 0, initialSelectionEnd: 0 });
    await user.type(input, '2');
    expect(input).toHaveValue('222-123-4567');
  });

  it('drops the spaces around an e-mail, as an e-mail input did', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(<TextField name="email" label="Correo electrónico" type="email" />);
    const input = screen.getByLabelText('Correo electrónico');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'email');
    await user.click(input);
    await user.paste(' ana@example.com ');
    expect(values().email).toBe('ana@example.com');
  });

  it('upper-cases the text fields that the spec says are upper case', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(<TextField name="fisica.curp" label="CURP" uppercase />);
    await user.type(screen.getByLabelText('CURP'), 'gomj800101hjclrn09');
    expect(values().fisica.curp).toBe('GOMJ800101HJCLRN09');
  });

  it('lets spaces be typed between words, and leaves the text tidy when the field is left', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(<TextField name="nombre" label="Nombre(s)" uppercase />);
    const input = screen.getByLabelText('Nombre(s)');
    await user.type(input, '   josé   ñoño ');
    expect(input).toHaveValue('   JOSÉ   ÑOÑO ');
    await user.tab();
    expect(input).toHaveValue('JOSÉ ÑOÑO');
    expect(values().nombre).toBe('JOSÉ ÑOÑO');
    // The window losing the focus (a surname copied from elsewhere) is no leaving: the space typed stays.
    await user.clear(input);
    await user.type(input, 'juan ');
    fireEvent.blur(input);
    expect(input).toHaveFocus();
    expect(input).toHaveValue('JUAN ');
  });

  it('keeps amounts and percentages as typed numbers, without separators', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(
      <>
        <MoneyField name="vivienda.vivienda_valor_aproximado" label="Valor aproximado" />
        <PercentageField name="accionistas[0].porcentaje_participacion" label="Porcentaje de participación" />
      </>,
    );
    await user.type(screen.getByLabelText('Valor aproximado'), '1,250,000.5');
    await user.type(screen.getByLabelText('Porcentaje de participación'), '33.33');
    expect(values().vivienda.vivienda_valor_aproximado).toBe('1250000.5');
    expect(values().accionistas[0].porcentaje_participacion).toBe('33.33');
    expect(screen.getByLabelText('Porcentaje de participación')).toHaveAttribute('name', 'accionistas[0].porcentaje_participacion');
  });

  it('an amount reached with Tab stays selected as the browser selected it, so what is typed replaces it', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(<MoneyField name="vivienda.vivienda_valor_aproximado" label="Valor aproximado" />, {
      initialValues: { vivienda: { vivienda_valor_aproximado: '350000.5' } },
    });
    const input = screen.getByLabelText<HTMLInputElement>('Valor aproximado');
    expect(input).toHaveValue('350,000.50');
    // The browser's own focus by Tab: the whole text selected as it gets the focus.
    act(() => {
      input.setSelectionRange(0, input.value.length);
      input.focus();
    });
    expect(input).toHaveValue('350000.5');
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, '350000.5'.length]);
    await user.keyboard('999');
    expect(values().vivienda.vivienda_valor_aproximado).toBe('999');
  });

  it('shows an amount grouped by thousands beside the peso sign, and as stored while it is typed', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(<MoneyField name="vivienda.vivienda_valor_aproximado" label="Valor aproximado" />);
    const input = screen.getByLabelText('Valor aproximado');
    expect(input.closest('.bp6-input-group')).toHaveTextContent('$');
    await user.type(input, '1250000.5');
    expect(input).toHaveValue('1250000.5');
    await user.tab();
    expect(input).toHaveValue('1,250,000.50');
    expect(values().vivienda.vivienda_valor_aproximado).toBe('1250000.5');
    await user.click(input);
    expect(input).toHaveValue('1250000.5');
    await user.type(input, '1');
    await user.tab();
    expect(values().vivienda.vivienda_valor_aproximado).toBe('1250000.51');
    expect(input).toHaveValue('1,250,000.51');
  });

  it('shows what was typed when it is not an amount, so the error under it makes sense', async () => {
    const user = userEvent.setup();
    renderForm(<MoneyField name="vivienda.vivienda_valor_aproximado" label="Valor aproximado" />);
    const input = screen.getByLabelText('Valor aproximado');
    await user.type(input, '12.345');
    await user.tab();
    expect(input).toHaveValue('12.345');
  });

  it('shows a stored or locked amount grouped too, and leaves percentages as typed', () => {
    renderForm(
      <>
        <MoneyField name="activos_pasivos.activos_valor_vivienda" label="Valor de tu vivienda" />
        <PercentageField name="accionistas[0].porcentaje_participacion" label="Porcentaje de participación" />
      </>,
      { level: 'none', initialValues: { activos_pasivos: { activos_valor_vivienda: 2500000 }, accionistas: [{ porcentaje_participacion: 33.5 }] } },
    );
    expect(screen.getByLabelText('Valor de tu vivienda')).toBeDisabled();
    expect(screen.getByLabelText('Valor de tu vivienda')).toHaveValue('2,500,000.00');
    expect(screen.getByLabelText('Porcentaje de participación')).toHaveValue('33.5');
  });
});

describe('errors under the field', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  const requireName = (values: any) => (values.nombre ? {} : { nombre: MESSAGES.required });

  it('appear after the person pauses for 1500 ms, not while typing', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm(<TextField name="nombre" label="Nombre" uppercase />, { validate: requireName });
    const input = screen.getByLabelText('Nombre');
    await user.type(input, 'A');
    await user.clear(input);
    act(() => void vi.advanceTimersByTime(1400));
    expect(screen.queryByText(MESSAGES.required)).toBeNull();
    act(() => void vi.advanceTimersByTime(150));
    expect(screen.getByText(MESSAGES.required)).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(MESSAGES.required);
  });

  it('appear at once when the form is submitted', async () => {
    renderForm(<TextField name="nombre" label="Nombre" />, { validate: requireName });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(MESSAGES.required)).toBeVisible();
  });

  it('disappear as soon as the value is right', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm(<TextField name="nombre" label="Nombre" />, { validate: requireName });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(MESSAGES.required)).toBeVisible();
    await user.type(screen.getByLabelText('Nombre'), 'X');
    expect(screen.queryByText(MESSAGES.required)).toBeNull();
  });

  it('come from one actor per form, stopped when the form leaves the page: a pause under way never ends', async () => {
    let actor: ShownErrorsRef | undefined;
    const Probe = () => {
      actor = useShownErrorsActor();
      return null;
    };
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { unmount } = renderForm(
      <>
        <TextField name="nombre" label="Nombre" />
        <Probe />
      </>,
      { validate: requireName },
    );
    await user.type(screen.getByLabelText('Nombre'), 'A');
    await user.clear(screen.getByLabelText('Nombre'));
    expect(actor!.getSnapshot().context.fields.nombre).toMatchObject({ error: MESSAGES.required, waiting: true });
    unmount();
    act(() => void vi.advanceTimersByTime(2000));
    expect(actor!.getSnapshot().context.fields.nombre).toMatchObject({ waiting: true });
  });
});

describe('locking by editable level', () => {
  const fields = (
    <>
      <TextField name="fisica.curp" label="CURP" />
      <TextField name="vivienda.domicilio.calle" label="Calle" />
      <SelectField name="vivienda.vivienda_tipo" label="Tipo de vivienda" options={['Propia', 'Rentada']} />
    </>
  );

  it('general_fields locks the identity fields and leaves the rest editable', () => {
    renderForm(fields, { level: 'general_fields' });
    expect(screen.getByLabelText('CURP')).toBeDisabled();
    expect(screen.getByLabelText('Calle')).toBeEnabled();
    expect(screen.getByLabelText('Tipo de vivienda')).toBeEnabled();
  });

  it('api_fields leaves only the identity fields editable', () => {
    renderForm(fields, { level: 'api_fields' });
    expect(screen.getByLabelText('CURP')).toBeEnabled();
    expect(screen.getByLabelText('Calle')).toBeDisabled();
    expect(screen.getByLabelText('Tipo de vivienda')).toBeDisabled();
  });

  it('none locks everything and all locks nothing', () => {
    const { unmount } = renderForm(fields, { level: 'none' });
    for (const label of ['CURP', 'Calle', 'Tipo de vivienda']) expect(screen.getByLabelText(label)).toBeDisabled();
    unmount();
    renderForm(fields, { level: 'all' });
    for (const label of ['CURP', 'Calle', 'Tipo de vivienda']) expect(screen.getByLabelText(label)).toBeEnabled();
  });
});

describe('select from fixed options', () => {
  it('offers the options after a Spanish placeholder and stores the choice', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(<SelectField name="fisica.sexo" label="Sexo" options={['Masculino', 'Femenino']} />);
    const select = screen.getByLabelText('Sexo');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Selecciona una opción', 'Masculino', 'Femenino']);
    await user.selectOptions(select, 'Femenino');
    expect(values().fisica.sexo).toBe('Femenino');
  });
});
