import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../forms/messages';
import { object } from 'yup';
import { viviendaSchema } from '../../forms/pf/vivienda';
import { nestErrors, validateModelSync } from '../../forms/validate';
import { PostalCodeField } from '../../src/components/fields/postal-code-field';
import { fakeRuntime, renderForm } from './support/render-form';

const GUADALAJARA = [
  { colonia: 'Americana', municipio: 'Guadalajara', estado: 'Jalisco' },
  { colonia: 'Lafayette', municipio: 'Guadalajara', estado: 'Jalisco' },
];
const answers = { '/catalogs/zc/44160': GUADALAJARA, '/catalogs/zc/99999': [] };

const field = <PostalCodeField prefix="vivienda" group="colonia" />;
// The messages come from the forms' own schema, as in the wizard.
const schema = object({ vivienda: viviendaSchema() });
const validate = (values: object) => nestErrors(validateModelSync(schema, values).errors);

/** A runtime whose catalogue answers once `pending` settles. */
function slowRuntime(pending: Promise<unknown>) {
  const runtime = fakeRuntime();
  runtime.http.defaults.adapter = async (config) => ({ data: await pending, status: 200, statusText: 'OK', headers: {}, config });
  return runtime;
}

describe('postal code with neighbourhood', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('looks the neighbourhoods up, offers them with Otra, and asks for otra_colonia on Otra', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { values } = renderForm(field, { answers, validate });
    const code = screen.getByLabelText('Código postal');
    expect(code).toHaveAttribute('name', 'vivienda.domicilio.codigo_postal');
    await user.type(code, '4416');
    // Its live region is ready before the town arrives, so that the town is announced.
    expect(document.querySelector('.field-detail')).toHaveAttribute('aria-live', 'polite');
    await user.type(code, '0');
    const colonia = screen.getByLabelText('Colonia');
    await vi.waitFor(() => expect(within(colonia).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Selecciona una opción',
      'Americana',
      'Lafayette',
      'Otra',
    ]));
    // The town of the code, under the neighbourhood, read with it, and announced as it arrives.
    const town = screen.getByText('Guadalajara, Jalisco');
    expect(town).toBeVisible();
    expect(town).toHaveAttribute('aria-live', 'polite');
    expect(colonia).toHaveAccessibleDescription('Guadalajara, Jalisco');
    expect(values().vivienda.colonia_catalogo).toEqual(GUADALAJARA);
    // Refused without a choice, the Colonia says so and still says its town.
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(MESSAGES.required)).toBeVisible();
    expect(colonia).toHaveAccessibleDescription(`${MESSAGES.required} Guadalajara, Jalisco`);
    expect(screen.getByText('Guadalajara, Jalisco')).toBeVisible();

    await user.selectOptions(colonia, 'Lafayette');
    expect(values().vivienda.colonia).toEqual(GUADALAJARA[1]);
    expect(screen.queryByLabelText('Otra colonia')).toBeNull();

    await user.selectOptions(colonia, 'Otra');
    expect(values().vivienda.colonia).toEqual({ colonia: 'Otra', municipio: 'Guadalajara', estado: 'Jalisco' });
    await user.type(screen.getByLabelText('Otra colonia'), 'Fraccionamiento Nuevo');
    expect(values().vivienda.otra_colonia).toBe('Fraccionamiento Nuevo');
  });

  it('a saved address shows its town without announcing it', async () => {
    renderForm(field, { answers, initialValues: { vivienda: { domicilio: { codigo_postal: '44160' }, colonia: GUADALAJARA[1] } } });
    const town = await screen.findByText('Guadalajara, Jalisco');
    expect(town).toHaveAttribute('aria-live', 'off');
    expect(screen.getByLabelText('Colonia')).toHaveAccessibleDescription('Guadalajara, Jalisco');
  });

  it("says '¡Revisa tu código postal!' when the code has no settlements", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { values } = renderForm(field, { answers, validate });
    await user.type(screen.getByLabelText('Código postal'), '99999');
    await vi.waitFor(() => expect(values().vivienda?.colonia_catalogo).toEqual([]));
    act(() => void vi.advanceTimersByTime(1600));
    expect(await screen.findByText(MESSAGES.postalCodeNotFound)).toBeVisible();
    const colonia = screen.getByLabelText('Colonia');
    expect(colonia).toHaveAttribute('aria-disabled', 'true');
    // A code was written: the neighbourhood says why there is none to choose, not to write one.
    expect(within(colonia).getAllByRole('option').map((o) => o.textContent)).toEqual(['No hay colonias para este código postal']);
  });

  it('says in its empty choice to write the code first, then that it is looking the neighbourhoods up', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let answer!: (value: unknown) => void;
    const pending = new Promise((resolve) => (answer = resolve));
    renderForm(field, { runtime: slowRuntime(pending), validate });
    const colonia = screen.getByLabelText('Colonia');
    expect(colonia).toHaveDisplayValue('Escribe primero el código postal');
    await user.type(screen.getByLabelText('Código postal'), '4416');
    expect(colonia).toHaveDisplayValue('Escribe primero el código postal');
    await user.type(screen.getByLabelText('Código postal'), '0');
    expect(colonia).toHaveDisplayValue('Buscando colonias…');
    // Left before the settlements arrive (a slow network): the Tab key lands on the neighbourhood, not past it.
    expect(colonia).toHaveAttribute('aria-disabled', 'true');
    await user.tab();
    expect(colonia).toHaveFocus();
    answer(GUADALAJARA);
    await vi.waitFor(() => expect(colonia).toHaveDisplayValue('Selecciona una opción'));
    expect(colonia).toBeEnabled();
    expect(colonia).not.toHaveAttribute('aria-disabled');
    expect(colonia).toHaveFocus();
  });

  it('says a short or non-numeric code is not valid, and keeps only digits', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { values } = renderForm(field, { answers, validate });
    await user.type(screen.getByLabelText('Código postal'), '44a1');
    expect(values().vivienda.domicilio.codigo_postal).toBe('441');
    act(() => void vi.advanceTimersByTime(1600));
    expect(await screen.findByText(MESSAGES.postalCodeInvalid)).toBeVisible();
  });

  it('keeps the digits of a pasted code with its prefix, and looks it up', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { values } = renderForm(field, { answers, validate });
    await user.click(screen.getByLabelText('Código postal'));
    await user.paste('C.P. 44160');
    expect(values().vivienda.domicilio.codigo_postal).toBe('44160');
    expect(await screen.findByRole('option', { name: 'Americana' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('refuses a digit typed into a whole code, which would change it and drop the neighbourhood', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { values } = renderForm(field, { answers, validate });
    const code = screen.getByLabelText('Código postal');
    await user.type(code, '44160');
    await user.type(code, '9', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(values().vivienda.domicilio.codigo_postal).toBe('44160');
  });

  it('offers a retry when the lookup fails', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const requests: string[] = [];
    renderForm(field, { answers: {}, requests, validate });
    await user.type(screen.getByLabelText('Código postal'), '44160');
    await vi.waitFor(() => expect(screen.getByLabelText('Colonia')).toHaveDisplayValue('No se pudieron consultar las colonias'));
    await user.click(await screen.findByRole('button', { name: 'Reintentar' }));
    await vi.waitFor(() => expect(requests).toEqual(['/catalogs/zc/44160', '/catalogs/zc/44160']));
  });
});
