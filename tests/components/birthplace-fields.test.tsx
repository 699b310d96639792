import { configure, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BirthplaceFields } from '../../src/components/fields/birthplace-fields';
import { renderForm } from './support/render-form';

// A list opens in a popover: on a busy machine that takes more than the default second, and a few
// searches in a row more than the default 5 s of a test.
configure({ asyncUtilTimeout: 5_000 });
const SEARCHES = { timeout: 20_000 };

/** Types `words` in the catalogue field labelled `label` once its list has loaded, and picks the option named `option`. */
async function pick(user: UserEvent, label: string, words: string, option: string) {
  const input = screen.getByLabelText(label);
  await waitFor(() => expect(input).toBeEnabled());
  await user.click(input);
  await user.keyboard(words);
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

const answers = {
  '/catalogs/ct': [
    { id_pais: 484, clave: 'MX', nombre: 'México' },
    { id_pais: 840, clave: 'US', nombre: 'Estados Unidos' },
  ],
  '/catalogs/st/484': [
    { id_estado: 14, codigo: 'JAL', nombre: 'Jalisco' },
    { id_estado: 19, codigo: 'NL', nombre: 'Nuevo León' },
  ],
  '/catalogs/mp/14': [
    { id_municipio: 14039, nombre: 'Guadalajara' },
    { id_municipio: 14120, nombre: 'Zapopan' },
  ],
};

describe('country, state and municipality of birth', SEARCHES, () => {
  it('cascades through the catalogues for México and derives the nationality', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(<BirthplaceFields />, { answers });
    await pick(user, 'País de nacimiento', 'méx', 'México');
    expect(screen.getByLabelText('Nacionalidad')).toHaveValue('Mexicana');
    expect(screen.getByLabelText('Nacionalidad')).toHaveAttribute('readonly');

    await pick(user, 'Estado de nacimiento', 'jal', 'Jalisco');
    await pick(user, 'Municipio de nacimiento', 'ZAP', 'Zapopan');
    expect(values().fisica).toMatchObject({
      pais: { id_pais: 484, clave: 'MX', nombre: 'México' },
      nacionalidad: 'Mexicana',
      estado: { id_estado: 14, codigo: 'JAL', nombre: 'Jalisco' },
      municipio: { id_municipio: 14120, nombre: 'Zapopan' },
    });
  });

  it('takes state and city as free text for another country, clearing the Mexican ones', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(<BirthplaceFields />, {
      answers,
      initialValues: { fisica: { pais: { id_pais: 484, clave: 'MX', nombre: 'México' }, estado: { id_estado: 14, codigo: 'JAL', nombre: 'Jalisco' } } },
    });
    expect(screen.getByLabelText('País de nacimiento')).toHaveValue('México');
    await pick(user, 'País de nacimiento', 'uni', 'Estados Unidos');
    expect(screen.getByLabelText('Nacionalidad')).toHaveValue('Extranjera');
    expect(screen.queryByLabelText('Estado de nacimiento')).toBeNull();
    await user.type(screen.getByLabelText('Estado o provincia de nacimiento'), 'texas');
    await user.type(screen.getByLabelText('Ciudad de nacimiento'), 'houston');
    expect(values().fisica).toMatchObject({ nacionalidad: 'Extranjera', entidad_nacimiento: 'TEXAS', ciudad_nacimiento: 'HOUSTON' });
    expect(values().fisica.estado).toBeNull();
  });
});

describe('economic activity', SEARCHES, () => {
  it('offers the catalogue and keeps the whole entry', async () => {
    const { EconomicActivityField } = await import('../../src/components/fields/economic-activity-field');
    const user = userEvent.setup();
    const { values } = renderForm(<EconomicActivityField name="empleo.actividad_economica" />, {
      answers: { '/catalogs/ea': [{ id_empresa_actividad: 4611, nombre: 'Comercio al por mayor de abarrotes' }] },
    });
    await pick(user, 'Actividad económica', 'abarrotes', 'Comercio al por mayor de abarrotes');
    expect(values().empleo.actividad_economica).toEqual({ id_empresa_actividad: 4611, nombre: 'Comercio al por mayor de abarrotes' });
  });
});
