// 'Alertas PLD' (/alertas-pld) against a fake API: the rows say what each alert found and how it was
// closed (data as text only), the filter is the request's, and 'Cerrar alerta' sends the choice and
// the reason, checks them first, and keeps what was typed when the server refuses. Staff without
// the PLD permission get the refusal and no call.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor as waitForActor } from 'xstate';
import type { PldAlert, PldAlertList } from '../../forms/contracts/pld-alerts';
import type { StaffProfile, StaffRole, StoredToken } from '../../forms/contracts/session';
import { PLD_ALERT_REASON_MESSAGES } from '../../forms/contracts/pld-alerts';
import { sessionMachine } from '../../machines/session';
import { loadPldAlerts } from '../../src/pld-alerts/pld-alerts-data';
import { PldAlertsPage } from '../../src/pld-alerts/pld-alerts-page';
import type { AppRuntime } from '../../src/session/runtime';
import { RuntimeContext } from '../../src/session/runtime-context';

const HOSTILE = '<img src=x onerror="window.hacked=1">';

const alert = (id: number, changes: Partial<PldAlert> = {}): PldAlert => ({
  id,
  solicitud: { uuid: `f616852b-b7d7-409a-8adf-13484858425${id}`, tipo_persona: 'Moral', nombre: 'TRANSPORTES DEL NORTE SA DE CV', completa: true },
  grupo: 'legalRepresentative',
  persona: 'JOAQUIN GUZMAN LOERA',
  nombre_lista: 'GUZMAN LOERA, Joaquin',
  lista: 'OFAC SDN',
  id_lista: 'OFAC SDN:7156',
  score: 0.95,
  motivo_coincidencia: 'nombre: 3 de 3 palabras, similitud 0.95',
  version_listas: '2026-11-25.a1b2',
  encontrada_el: '2026-11-25T18:00:00.000Z',
  estado: 'abierta',
  cerrada_por: null,
  cerrada_el: null,
  motivo_cierre: null,
  ...changes,
});

const CLOSED = alert(2, {
  solicitud: { uuid: 'a0000000-0000-4000-8000-000000000002', tipo_persona: 'Física', nombre: HOSTILE, completa: false },
  grupo: 'guaranteeRepresentatives',
  persona: 'MARIA LOPEZ',
  lista: 'ONU',
  id_lista: 'ONU:QDi.1',
  score: 0.875,
  estado: 'homonimo',
  cerrada_por: 'Luis Pérez',
  cerrada_el: '2026-11-26T17:30:00.000Z',
  motivo_cierre: `Fecha de nacimiento distinta ${HOSTILE}`,
});

interface Sent {
  method: string;
  url: string;
  params?: Record<string, string>;
  body?: unknown;
}

type Handler = (request: Sent) => { status: number; data: unknown };

const PROFILE: StaffProfile = {
  token: 't',
  tokenType: 'Bearer',
  nombre: 'María',
  apellido_paterno: 'González',
  apellido_materno: 'Ruiz',
  franquicia: 'Guadalajara Centro',
  roles: ['usuario', 'analista'],
  notificaciones: 0,
  alertas_pld: 1,
};

async function renderPage(handler: Handler, { roles = PROFILE.roles, path = '/alertas-pld' }: { roles?: StaffRole[]; path?: string } = {}) {
  const sent: Sent[] = [];
  const http = axios.create({ baseURL: '/api' });
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request = { method: config.method ?? 'get', url: config.url ?? '', params: config.params, body: config.data ? JSON.parse(config.data) : undefined };
    sent.push(request);
    const { status, data } = handler(request);
    const response = { data, status, statusText: String(status), headers: {}, config };
    if (status >= 400) throw new AxiosError(`status ${status}`, 'ERR_BAD_REQUEST', config, null, { ...response, headers: new AxiosHeaders() });
    return response;
  };
  http.defaults.adapter = adapter;
  // The real session statechart, signed in as staff: the page's count reaches its profile.
  const session = createActor(
    sessionMachine.provide({
      actors: {
        'load staff profile': fromPromise(async () => ({ ...PROFILE, roles })),
        'request public token': fromPromise<StoredToken, { refreshToken: string | null }>(async () => ({ accessToken: 'a', refreshToken: null, tokenType: 'Bearer' })),
      },
    }),
    { input: { storedToken: null } },
  ).start();
  session.send({ type: 'session.authenticate', staffCookie: true });
  await waitForActor(session, (snapshot) => snapshot.hasTag('authenticated'));
  const runtime = { http, session, config: { company: { name: 'Arrendadora Prueba' } }, authenticate: async () => session.getSnapshot() } as unknown as AppRuntime;

  function OpenedWizard() {
    const location = useLocation();
    return <p>Asistente abierto en {JSON.stringify(location.state)}</p>;
  }
  const router = createMemoryRouter(
    [
      { path: '/alertas-pld', loader: ({ request }) => loadPldAlerts(runtime, request), Component: PldAlertsPage },
      { path: '/pm/:uuid', Component: OpenedWizard },
    ],
    { initialEntries: [path] },
  );
  render(
    <RuntimeContext.Provider value={runtime}>
      <RouterProvider router={router} />
    </RuntimeContext.Provider>,
  );
  return { sent, router, session, lists: () => sent.filter((request) => request.method === 'get'), closes: () => sent.filter((request) => request.method === 'post') };
}

const list = (alertas: PldAlert[], abiertas = alertas.filter((item) => item.estado === 'abierta').length): PldAlertList => ({ abiertas, alertas });

/** A fake server holding the alerts; closing one makes it closed, as the server does. */
function fakeServer(alerts: PldAlert[], refuse?: { status: number; message: string }): Handler {
  let held = alerts;
  return ({ method, url, params, body }) => {
    if (method === 'get' && url === '/pld/alertas') {
      const estado = params?.estado ?? 'abiertas';
      const shown = held.filter((item) => estado === 'todas' || (estado === 'abiertas' ? item.estado === 'abierta' : item.estado !== 'abierta'));
      return { status: 200, data: list(shown, held.filter((item) => item.estado === 'abierta').length) };
    }
    const closing = /^\/pld\/alertas\/(\d+)\/cierre$/.exec(url);
    if (method === 'post' && closing) {
      if (refuse) return { status: refuse.status, data: { statusCode: refuse.status, code: 'alert_closed', message: refuse.message } };
      const { estado, motivo } = body as { estado: 'confirmada' | 'homonimo'; motivo: string };
      const closed = { ...held.find((item) => item.id === Number(closing[1]))!, estado, motivo_cierre: motivo, cerrada_por: 'María González Ruiz', cerrada_el: '2026-11-27T10:00:00.000Z' };
      held = held.map((item) => (item.id === closed.id ? closed : item));
      return { status: 200, data: closed };
    }
    return { status: 404, data: { message: 'No existe la ruta solicitada.' } };
  };
}

const cells = (row: HTMLElement) => Object.fromEntries(within(row).getAllByRole('cell').map((cell) => [cell.dataset.label ?? 'acciones', cell.textContent]));

describe('PldAlertsPage', () => {
  it('shows each alert: the application, the party and its group, the listed entry, the list version, similarity, reason, date and state', async () => {
    const { lists } = await renderPage(fakeServer([alert(1), CLOSED]), { path: '/alertas-pld?estado=todas' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alertas PLD' })).toBeInTheDocument();
    expect(screen.getByText('Coincidencias nuevas encontradas al cargar una nueva versión de las listas.')).toBeInTheDocument();
    expect(lists()[0]!.params).toEqual({ estado: 'todas' });
    expect(screen.getByText('2 alertas')).toBeInTheDocument();
    const table = screen.getByRole('table');
    const [open, closed] = within(table).getAllByRole('row').slice(1);
    expect(cells(open!)).toMatchObject({
      Solicitud: 'TRANSPORTES DEL NORTE SA DE CVPersona Moral',
      Persona: 'JOAQUIN GUZMAN LOERARepresentante legal',
      'Nombre en la lista': 'GUZMAN LOERA, JoaquinRegistro OFAC SDN:7156',
      Lista: 'OFAC SDNversión 2026-11-25.a1b2',
      Similitud: '95 %',
      Motivo: 'nombre: 3 de 3 palabras, similitud 0.95',
      Estado: 'Abierta',
    });
    expect(cells(open!).Encontrada).toMatch(/^2[56] de noviembre de 2026, \d{2}:\d{2}$/);
    expect(within(open!).getByRole('link', { name: 'TRANSPORTES DEL NORTE SA DE CV' })).toHaveAttribute('href', `/pm/${alert(1).solicitud.uuid}`);
    expect(within(open!).getByRole('button', { name: 'Cerrar alerta de JOAQUIN GUZMAN LOERA (OFAC SDN)' })).toBeInTheDocument();
    // A closed one: how, by whom, when and why; no button. Markup from data is text.
    expect(cells(closed!)).toMatchObject({ Persona: 'MARIA LOPEZRepresentante del aval', Similitud: '88 %', Solicitud: `${HOSTILE}Persona Física · sin terminar` });
    expect(cells(closed!).Estado).toMatch(new RegExp(`^HomónimoCerrada por Luis Pérez el 2[67] de noviembre de 2026, \\d{2}:\\d{2}\\.Motivo del cierre: Fecha de nacimiento distinta ${HOSTILE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    expect(within(closed!).queryByRole('button')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
    expect(document.title).toBe('Alertas PLD · Arrendadora Prueba');
  });

  it('opens the application at its PLD review tab', async () => {
    await renderPage(fakeServer([alert(1)]));
    await userEvent.click(await screen.findByRole('link', { name: 'TRANSPORTES DEL NORTE SA DE CV' }));
    expect(await screen.findByText('Asistente abierto en {"openAtTab":"validacionespld"}')).toBeInTheDocument();
  });

  it('asks the server for the filter chosen, by pointer or arrow keys, and says when a filter has none', async () => {
    const { lists, router } = await renderPage(fakeServer([alert(1), CLOSED]));
    const filter = await screen.findByRole('radiogroup', { name: 'Mostrar' });
    expect(within(filter).getByRole('radio', { name: 'Abiertas' })).toHaveAttribute('aria-checked', 'true');
    expect(lists().map((request) => request.params)).toEqual([{ estado: 'abiertas' }]);
    expect(screen.getByText('1 alerta abierta')).toBeInTheDocument();

    await userEvent.click(within(filter).getByRole('radio', { name: 'Cerradas' }));
    await waitFor(() => expect(router.state.location.search).toBe('?estado=cerradas'));
    expect(lists().at(-1)!.params).toEqual({ estado: 'cerradas' });
    expect(await screen.findByText('1 alerta cerrada')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('MARIA LOPEZ')).toBeInTheDocument();

    // By keyboard: the checked option has the focus, an arrow picks the next one.
    within(filter).getByRole('radio', { name: 'Cerradas' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(lists().at(-1)!.params).toEqual({ estado: 'todas' }));
    expect(await screen.findByText('2 alertas')).toBeInTheDocument();
  });

  it('says so when there are no open alerts', async () => {
    await renderPage(fakeServer([CLOSED]));
    expect(await screen.findByText('No hay alertas abiertas.')).toBeInTheDocument();
    expect(screen.getByText('0 alertas abiertas')).toBeInTheDocument();
  });

  it('closes an alert with the choice and the reason, reloads the list, announces it and updates the header count', async () => {
    const { closes, lists, session } = await renderPage(fakeServer([alert(1), alert(3, { persona: 'OTRA PERSONA' })]));
    const button = await screen.findByRole('button', { name: 'Cerrar alerta de JOAQUIN GUZMAN LOERA (OFAC SDN)' });
    // The list's count of open alerts is the header's.
    expect(session.getSnapshot().context.user?.alertas_pld).toBe(2);
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar alerta' });
    expect(within(dialog).getByRole('group', { name: 'Resultado de la revisión (requerido)' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Homónimo' }));
    await userEvent.type(within(dialog).getByLabelText(/Motivo del cierre/), '  La fecha de nacimiento no coincide.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar alerta' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(closes()).toEqual([{ method: 'post', url: '/pld/alertas/1/cierre', params: undefined, body: { estado: 'homonimo', motivo: 'La fecha de nacimiento no coincide.' } }]);
    expect(lists()).toHaveLength(2);
    expect(screen.getByText('Alerta de JOAQUIN GUZMAN LOERA cerrada como homónimo.')).toHaveAttribute('role', 'status');
    expect(screen.getByText('1 alerta abierta')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cerrar alerta de JOAQUIN GUZMAN LOERA (OFAC SDN)' })).toBeNull();
    expect(session.getSnapshot().context.user?.alertas_pld).toBe(1);
    // Its button gone, the focus goes to the page's title rather than nowhere.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Alertas PLD' })).toHaveFocus());
  });

  it('checks the choice and the reason before sending: Spanish messages, nothing sent', async () => {
    const { closes } = await renderPage(fakeServer([alert(1)]));
    await userEvent.click(await screen.findByRole('button', { name: /^Cerrar alerta de/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar alerta' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar alerta' }));
    expect(within(dialog).getByText('Elige si es una coincidencia confirmada o un homónimo.')).toBeInTheDocument();
    const reason = within(dialog).getByLabelText(/Motivo del cierre/);
    expect(reason).toHaveAccessibleDescription(PLD_ALERT_REASON_MESSAGES.required);
    expect(reason).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Coincidencia confirmada' }));
    await userEvent.type(reason, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar alerta' }));
    expect(within(dialog).queryByText('Elige si es una coincidencia confirmada o un homónimo.')).toBeNull();
    expect(reason).toHaveAccessibleDescription(PLD_ALERT_REASON_MESSAGES.required);
    expect(closes()).toEqual([]);

    // 'Cancelar' closes it and gives the focus back to the row's button.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: /^Cerrar alerta de/ })).toHaveFocus());
  });

  it("shows the server's refusal in the dialog and keeps what was typed", async () => {
    const message = 'La alerta ya fue cerrada por Luis Pérez el 26 de noviembre de 2026.';
    const { closes, lists } = await renderPage(fakeServer([alert(1)], { status: 409, message }));
    await userEvent.click(await screen.findByRole('button', { name: /^Cerrar alerta de/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar alerta' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Coincidencia confirmada' }));
    await userEvent.type(within(dialog).getByLabelText(/Motivo del cierre/), 'Misma CURP que la lista.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar alerta' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(closes()).toHaveLength(1);
    expect(within(dialog).getByLabelText(/Motivo del cierre/)).toHaveValue('Misma CURP que la lista.');
    expect(within(dialog).getByRole('radio', { name: 'Coincidencia confirmada' })).toBeChecked();
    // The list catches up behind the dialog.
    await waitFor(() => expect(lists()).toHaveLength(2));
    expect(screen.getByRole('dialog', { name: 'Cerrar alerta' })).toBeInTheDocument();
  });

  it('refuses staff without the PLD permission, asking nothing', async () => {
    const { sent } = await renderPage(fakeServer([alert(1)]), { roles: ['usuario'] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta acción requiere el rol Analista.');
    expect(screen.queryByRole('table')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('says when the list could not be loaded, and loads it again on request', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const server = fakeServer([alert(1)]);
    const { lists } = await renderPage((request) => (fail ? { status: 503, data: { message: 'La base de datos no está disponible en este momento.' } } : server(request)));
    expect(await screen.findByRole('alert')).toHaveTextContent('La base de datos no está disponible en este momento.');
    expect(screen.queryByRole('table')).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(lists()).toHaveLength(2);
    expect(logged).toHaveBeenCalledWith('PLD alerts load failed', expect.anything());
    logged.mockRestore();
  });
});
