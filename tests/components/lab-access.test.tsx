// Who opens the machine lab: staff holding its permission (Administrador) get the lab; other staff
// the refusal naming the role; in `npm run dev` (no roles, no sign-in) anyone. Its tab title names
// the machine, the lab and the company.
import { render, screen, waitFor } from '@testing-library/react';
import axios from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { LabRoute } from '../../src/lab/lab-page';

// jsdom has no Web Worker: the layout answers that it failed, as a browser without workers would.
vi.mock('../../src/lab/elk-worker-client', () => ({ elkLayout: () => Promise.reject(new Error('sin Web Worker')) }));

function renderLab(roles: string[] | null, path = '/maquinas') {
  const router = createMemoryRouter([{ path: '/maquinas/:machine?', loader: () => ({ roles, company: 'Arrendadora Prueba', http: axios.create() }), Component: LabRoute }], {
    initialEntries: [path],
  });
  return render(<RouterProvider router={router} />);
}

describe('LabRoute', () => {
  it('refuses staff without the lab permission, naming the role', async () => {
    renderLab(['usuario', 'analista']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta acción requiere el rol Administrador.');
    expect(screen.queryByRole('navigation', { name: 'Máquinas' })).toBeNull();
    // The title is written by an effect after the first paint: wait for it as the tab would show it.
    await waitFor(() => expect(document.title).toBe('Laboratorio de máquinas · Arrendadora Prueba'));
  });

  it('opens for an Administrador, and in npm run dev for anyone', async () => {
    renderLab(['usuario', 'administrador']);
    expect(await screen.findByRole('navigation', { name: 'Máquinas' })).toBeInTheDocument();
    renderLab(null, '/maquinas/print');
    expect(await screen.findByRole('heading', { level: 2, name: 'Impresión' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Impresión · Laboratorio de máquinas · Arrendadora Prueba'));
    // Without a diagram the text alternative still describes the machine.
    expect(await screen.findByText(/No se pudo trazar el diagrama \(sin Web Worker\)/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Estados y transiciones' })).toHaveTextContent('print.retry → print.packet.loading');
  });

  it('says so for a machine it does not know', async () => {
    renderLab(['administrador'], '/maquinas/no-existe');
    expect(await screen.findByRole('alert')).toHaveTextContent('No existe la máquina «no-existe».');
  });
});
