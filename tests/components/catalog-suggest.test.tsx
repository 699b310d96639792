// Catalogues searched by any word (Blueprint's Suggest): accents and case do not count, the list
// shows at most 50 matches, and the keyboard alone picks an entry.
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EditableLevel } from '../../forms/locking';
import { indexCatalog, searchCatalog } from '../../src/components/fields/catalog-search';
import { CatalogSuggest } from '../../src/components/fields/catalog-suggest';
import { renderForm } from './support/render-form';

// A list opens in a popover: on a busy machine that takes more than the default second, and a few
// searches in a row more than the default 5 s of a test.
configure({ asyncUtilTimeout: 5_000 });

interface Activity {
  id: number;
  nombre: string;
}

const ACTIVITIES: Activity[] = [
  { id: 111, nombre: 'Agricultura' },
  { id: 112, nombre: 'Cría y explotación de animales' },
  { id: 1121, nombre: 'Explotación de bovinos (ganado)' },
  { id: 311, nombre: 'Industria alimentaria' },
  { id: 484, nombre: 'Autotransporte de carga' },
];
const idOf = (a: Activity) => a.id;
const nameOf = (a: Activity) => a.nombre;
const MANY: Activity[] = Array.from({ length: 305 }, (_, i) => ({ id: i + 1, nombre: `Actividad número ${i + 1}` }));

const search = (entries: Activity[], query: string) => searchCatalog(indexCatalog(entries, nameOf), query, 50).shown.map(nameOf);

describe('searching a catalogue', () => {
  it('matches the start of any word, whatever the accents and case', () => {
    expect(search(ACTIVITIES, 'agric')).toEqual(['Agricultura']);
    expect(search(ACTIVITIES, 'CRIA explot')).toEqual(['Cría y explotación de animales']);
    expect(search(ACTIVITIES, 'explotacion')).toEqual(['Explotación de bovinos (ganado)', 'Cría y explotación de animales']);
    expect(search(ACTIVITIES, 'ganado')).toEqual(['Explotación de bovinos (ganado)']);
    expect(search([{ id: 484, nombre: 'México' }, { id: 840, nombre: 'Estados Unidos Mexicanos' }], 'mexico')).toEqual(['México']);
    expect(search(ACTIVITIES, 'ricultura')).toEqual([]);
  });

  it('keeps the first 50 matches and counts them all', () => {
    const { shown, total } = searchCatalog(indexCatalog(MANY, nameOf), 'actividad', 50);
    expect(shown).toHaveLength(50);
    expect(total).toBe(305);
    expect(searchCatalog(indexCatalog(MANY, nameOf), 'numero 30', 50).shown.map(nameOf)).toEqual(['Actividad número 30', ...[300, 301, 302, 303, 304, 305].map((n) => `Actividad número ${n}`)]);
  });
});

function renderSuggest(entries: Activity[], { busy = false, disabled = false, initialValues = {}, level = 'all' as EditableLevel } = {}) {
  const picked: (Activity | null)[] = [];
  const utils = renderForm(
    <CatalogSuggest<Activity> name="empleo.actividad_economica" label="Actividad económica" entries={entries} idOf={idOf} nameOf={nameOf} disabled={disabled} busy={busy} onPick={(entry) => picked.push(entry)} />,
    { initialValues, level },
  );
  return { ...utils, picked, input: screen.getByLabelText('Actividad económica') };
}

describe('picking from a catalogue', { timeout: 20_000 }, () => {
  it('is a combobox tied to its label that finds entries by any word, picked with ArrowDown and Enter', async () => {
    const user = userEvent.setup();
    const { input, values, picked } = renderSuggest(ACTIVITIES);
    expect(input).toHaveAttribute('role', 'combobox');
    expect(input).toHaveAttribute('name', 'empleo.actividad_economica');
    expect(input).toHaveAttribute('placeholder', 'Escribe para buscar');
    await user.tab();
    expect(input).toHaveFocus();
    expect(screen.queryByRole('listbox')).toBeNull();

    await user.keyboard('cria ganado');
    expect(await screen.findByRole('option', { name: 'Sin coincidencias' })).toBeVisible();
    await user.clear(input);
    await user.keyboard('explot');
    const listbox = await screen.findByRole('listbox', { name: 'Opciones de Actividad económica' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Explotación de bovinos (ganado)', 'Cría y explotación de animales']);
    expect(listbox.id).toBe(input.getAttribute('aria-controls'));
    expect(await screen.findByText('2 coincidencias')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Cría y explotación de animales' }).id));
    await user.keyboard('{Enter}');
    expect(values().empleo.actividad_economica).toEqual({ id: 112, nombre: 'Cría y explotación de animales' });
    expect(picked).toEqual([{ id: 112, nombre: 'Cría y explotación de animales' }]);
    expect(input).toHaveValue('Cría y explotación de animales');
    expect(input).toHaveFocus();
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });

  it('opens with ArrowDown and closes with Escape, the focus staying in the field and the value kept', async () => {
    const user = userEvent.setup();
    const { input, values } = renderSuggest(ACTIVITIES, { initialValues: { empleo: { actividad_economica: ACTIVITIES[3] } } });
    expect(input).toHaveValue('Industria alimentaria');
    await user.click(input);
    expect(await screen.findByRole('listbox')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(input).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeVisible();
    expect(screen.getByRole('option', { name: 'Industria alimentaria' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(input).toHaveValue('Industria alimentaria');
    expect(values().empleo.actividad_economica).toEqual(ACTIVITIES[3]);
  });

  it('shows 50 of a long list and asks for more words', async () => {
    const user = userEvent.setup();
    const { input } = renderSuggest(MANY);
    await user.click(input);
    await screen.findByRole('listbox');
    expect(screen.getAllByRole('option')).toHaveLength(50);
    expect(screen.getByText('Se muestran 50 de 305. Sigue escribiendo para ver más.')).toBeVisible();
    await user.keyboard('305');
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Actividad número 305']));
    expect(screen.queryByText(/Sigue escribiendo/)).toBeNull();
  });

  it('says it is loading, and is disabled while it has nothing to offer or when locked, still showing the value', () => {
    const { input, unmount } = renderSuggest([], { busy: true });
    expect(input).toBeDisabled();
    expect(input).toHaveAttribute('placeholder', 'Cargando…');
    expect(input).toHaveAttribute('aria-busy', 'true');
    unmount();
    const locked = renderSuggest(ACTIVITIES, { level: 'none', initialValues: { empleo: { actividad_economica: ACTIVITIES[0] } } });
    expect(locked.input).toBeDisabled();
    expect(locked.input).toHaveValue('Agricultura');
  });

  it('shows its error under the field', async () => {
    renderForm(<CatalogSuggest<Activity> name="empleo.actividad_economica" label="Actividad económica" entries={ACTIVITIES} idOf={idOf} nameOf={nameOf} disabled={false} busy={false} />, {
      validate: (values: any) => (values.empleo?.actividad_economica ? {} : { empleo: { actividad_economica: '¡Este campo es requerido!' } }),
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enviar' }));
    expect(screen.getByLabelText('Actividad económica')).toHaveAccessibleDescription('¡Este campo es requerido!');
    expect(screen.getByLabelText('Actividad económica')).toHaveAttribute('aria-invalid', 'true');
  });
});
