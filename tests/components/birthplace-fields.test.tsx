import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BirthplaceFields } from '../../src/components/fields/birthplace-fields';
import { renderForm } from './support/render-form';

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

describe('country, state and municipality of birth', () => {
  it('cascades through the catalogues for México and derives the nationality', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(<BirthplaceFields />, { answers });
    const country = screen.getByLabelText('País de nacimiento');
    await vi.waitFor(() => expect(within(country).getByRole('option', { name: 'México' })).toBeInTheDocument());
    await user.selectOptions(country, 'México');
    expect(screen.getByLabelText('Nacionalidad')).toHaveValue('Mexicana');
    expect(screen.getByLabelText('Nacionalidad')).toHaveAttribute('readonly');

    const state = screen.getByLabelText('Estado de nacimiento');
    await vi.waitFor(() => expect(within(state).getByRole('option', { name: 'Jalisco' })).toBeInTheDocument());
    await user.selectOptions(state, 'Jalisco');
    const municipality = screen.getByLabelText('Municipio de nacimiento');
    await vi.waitFor(() => expect(within(municipality).getByRole('option', { name: 'Zapopan' })).toBeInTheDocument());
    await user.selectOptions(municipality, 'Zapopan');
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
    const country = screen.getByLabelText('País de nacimiento');
    await vi.waitFor(() => expect(within(country).getByRole('option', { name: 'Estados Unidos' })).toBeInTheDocument());
    await user.selectOptions(country, 'Estados Unidos');
    expect(screen.getByLabelText('Nacionalidad')).toHaveValue('Extranjera');
    expect(screen.queryByLabelText('Estado de nacimiento')).toBeNull();
    await user.type(screen.getByLabelText('Estado o provincia de nacimiento'), 'texas');
    await user.type(screen.getByLabelText('Ciudad de nacimiento'), 'houston');
    expect(values().fisica).toMatchObject({ nacionalidad: 'Extranjera', entidad_nacimiento: 'TEXAS', ciudad_nacimiento: 'HOUSTON' });
    expect(values().fisica.estado).toBeNull();
  });
});

describe('economic activity', () => {
  it('offers the catalogue and keeps the whole entry', async () => {
    const { EconomicActivityField } = await import('../../src/components/fields/economic-activity-field');
    const user = userEvent.setup();
    const { values } = renderForm(<EconomicActivityField name="empleo.actividad_economica" />, {
      answers: { '/catalogs/ea': [{ id_empresa_actividad: 4611, nombre: 'Comercio al por mayor de abarrotes' }] },
    });
    const select = screen.getByLabelText('Actividad económica');
    await vi.waitFor(() => expect(within(select).getByRole('option', { name: 'Comercio al por mayor de abarrotes' })).toBeInTheDocument());
    await user.selectOptions(select, 'Comercio al por mayor de abarrotes');
    expect(values().empleo.actividad_economica).toEqual({ id_empresa_actividad: 4611, nombre: 'Comercio al por mayor de abarrotes' });
  });
});
