// The history page renders the described changes as text: a hostile value stored in a record
// (markup in a name) is shown as the characters it is, never as HTML; labels are the forms'.
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { HistoryAnswer } from '../../forms/contracts/application';
import { HistoryPage } from '../../src/lists/history-page';

// The page title reads the company's name from the runtime, which this test does not start.
vi.mock('../../src/layout/document-title', () => ({ useDocumentTitle: () => undefined }));

const UUID = 'f616852b-b7d7-409a-8adf-13484858425e';
const HOSTILE = '<img src=x onerror="window.hacked=1">';

function renderHistory(answer: HistoryAnswer) {
  const router = createMemoryRouter([{ path: '/historial/:uuid', loader: () => answer, Component: HistoryPage }], { initialEntries: [`/historial/${UUID}`] });
  return render(<RouterProvider router={router} />);
}

const entry = (id: number, action: 'create' | 'update', changes: HistoryAnswer['entries'][number]['changes'], actor = 'public', actor_nombre: string | null = null) => ({
  id,
  application_uuid: UUID,
  at: '2026-11-25T18:00:00.000Z',
  actor,
  actor_nombre,
  action,
  changes,
});

describe('HistoryPage', () => {
  it('shows each save with who and when, the forms’ labels and values, and data as text only', async () => {
    const { container } = renderHistory({
      uuid: UUID,
      tipo_persona: 'Física',
      nombre: HOSTILE,
      entries: [
        entry(1, 'create', [
          { path: 'nombre', before: null, after: 'CARLOS' },
          { path: 'fisica.sexo', before: null, after: 'Masculino' },
        ]),
        entry(2, 'update', [
          { path: 'nombre', before: 'CARLOS', after: HOSTILE },
          { path: 'clonar_domicilo_fiscal', before: false, after: true },
          { path: 'vivienda.colonia_catalogo', before: [], after: [{ colonia: 'X' }] },
        ], 'staff:3', 'María González Ruiz'),
        // A save of nothing a form shows is left out.
        entry(3, 'update', [{ path: 'vivienda.colonia_catalogo', before: null, after: [] }]),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Historial de cambios del cliente' })).toBeInTheDocument();
    const articles = screen.getAllByRole('article');
    expect(articles).toHaveLength(2);
    expect(within(articles[0]!).getByText('Solicitud creada por Solicitante con 2 campos')).toBeInTheDocument();
    expect(within(articles[1]!).getByRole('heading', { level: 2 }).textContent).toMatch(/^Actualización · 25 de noviembre de 2026, \d{2}:\d{2} · María González Ruiz$/);
    const rows = within(articles[1]!).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([`Datos generalesNombre(s)CARLOS${HOSTILE}`, 'EmpleoEl domicilio operativo es el mismo que el fiscalNoSí']);
    // The markup is text, in the header and in the table alike.
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getAllByText(HOSTILE, { exact: false }).length).toBeGreaterThanOrEqual(2);
  });

  it('says so when nothing is recorded', async () => {
    renderHistory({ uuid: UUID, tipo_persona: '', nombre: '', entries: [] });
    expect(await screen.findByText('No hay cambios registrados.')).toBeInTheDocument();
  });
});
