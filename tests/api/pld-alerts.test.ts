// Ongoing PLD monitoring (README, "Ongoing PLD monitoring"): a reload that adds a listed name
// matching a stored party raises one alert, once; an application that reviewed that match, an
// expired one, or a match that was there before raise none; a closed alert stays closed; staff
// list and close alerts, and both go into the application's history.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { PLD_DATA_DIR } from '../../server/pld/pld-sources';
import { createPldMonitor } from '../../server/pld/pld-monitor';
import { validPmModel } from '../unit/forms/fixtures';
import { callApi, startSignedInServer, type TestServer } from './support/test-server';

let server: TestServer;
let publicAuth: string;
let staffAuth: string;
let withZafiro: string;

const ZAFIRO = 'PROVEEDORA ZAFIRO DE PRUEBA, S.A. DE C.V.';

beforeAll(async () => {
  ({ server, publicAuth, staffAuth } = await startSignedInServer());
  // The shipped lists with one more SFP row: a company no stored application has met before.
  withZafiro = fs.mkdtempSync(path.join(os.tmpdir(), 'pld-alerts-'));
  for (const name of fs.readdirSync(PLD_DATA_DIR)) fs.copyFileSync(path.join(PLD_DATA_DIR, name), path.join(withZafiro, name));
  const sfp = path.join(withZafiro, 'sfp_proveedores_contratistas_sancionados.csv.gz');
  const added = `"${ZAFIRO}",SECRETARÍA DE PRUEBA,1/2026,PA-1/2026,LEY,01-01-2026,,,1 año\n`;
  fs.writeFileSync(sfp, gzipSync(gunzipSync(fs.readFileSync(sfp)).toString('utf8') + added));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(withZafiro, { recursive: true, force: true });
});

const call = (method: string, url: string, body?: unknown, auth: string = staffAuth) => callApi(server, method, url, body, auth);

/** A PM whose first shareholders are these (their shares as the fixture's). */
function pmWith(shareholders: Array<Record<string, string>>, name: string) {
  const pm = { ...beforeSubmit(validPmModel() as unknown as Record<string, unknown>), nombre: name } as Record<string, any>;
  pm.accionistas = pm.accionistas.map((fixture: object, i: number) => ({ ...fixture, ...shareholders[i] }));
  return pm;
}
const zafiroShareholder = { tipo_persona: 'Moral', nombre: 'Proveedora Zafiro de Prueba SA de CV', rfc: 'PZP150101AB1' };

async function created(body: unknown, auth = publicAuth) {
  const response = await call('POST', '/wizardpm', body, auth);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as [string])[0];
}

/** Reloads the lists from `dir` through the endpoint, then waits for its monitoring to finish. */
async function reload(dir: string) {
  process.env.PLD_DATA_DIR = dir;
  try {
    const response = await call('POST', '/pld/lists/reload', {});
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = await response.json();
    await waitForMonitoring();
    return answer;
  } finally {
    delete process.env.PLD_DATA_DIR;
  }
}

async function waitForMonitoring() {
  for (let i = 0; i < 600; i++) {
    const { monitoreo } = await (await call('GET', '/pld/lists')).json();
    if (monitoreo?.terminado) return monitoreo;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('monitoring did not finish');
}

const alerts = async (estado = 'todas') => {
  const response = await call('GET', `/pld/alertas?estado=${estado}`);
  expect(response.status).toBe(200);
  return response.json();
};
const history = async (uuid: string) => (await (await call('GET', `/historial/${uuid}`)).json()).entries as Array<{ action: string; actor: string; actor_nombre: string | null; changes: Array<{ path: string; before: unknown; after: unknown }> }>;
const openAlerts = async () => (await (await call('GET', '/me', undefined, staffAuth)).json()).data.alertas_pld;

describe('ongoing PLD monitoring', () => {
  let first: string;
  let alertId: number;

  it('a reload adding a name that matches a stored shareholder raises one alert, with its provenance, and a line in the history', async () => {
    first = await created({ data: pmWith([zafiroShareholder], 'Comercializadora Primera SA de CV'), meta: { last_index: 3 } });
    // A match that was there before (an OFAC name) is the review's to see, not an alert.
    const known = await created({ data: pmWith([{ tipo_persona: 'Física con actividad empresarial', nombre: 'Joaquín', apellido_paterno: 'Guzmán', apellido_materno: 'Loera', rfc: 'GULJ570404AB1' }], 'Comercializadora Conocida SA de CV'), meta: { last_index: 3 } });
    // An application past its 30 days is not screened again.
    const expired = await created({ data: pmWith([zafiroShareholder], 'Comercializadora Vencida SA de CV'), meta: { last_index: 3 } });
    const backend = await server.app.backend;
    await sql`update application set filled_at = now() - interval '40 days' where uuid = ${expired}`.execute(backend.db);

    const answer = await reload(withZafiro);
    expect(answer.cambiada).toBe(true);
    const monitoring = await waitForMonitoring();
    expect(monitoring).toMatchObject({ version: answer.version, alertas: 1, terminado: true });
    expect(monitoring.revisadas).toBeGreaterThanOrEqual(2);

    const list = await alerts('abiertas');
    expect(list.abiertas).toBe(1);
    expect(list.alertas).toHaveLength(1);
    const [alert] = list.alertas;
    expect(alert).toMatchObject({
      solicitud: { uuid: first, tipo_persona: 'Moral', nombre: 'Comercializadora Primera SA de CV', completa: false },
      grupo: 'accionistas',
      persona: 'Proveedora Zafiro de Prueba SA de CV',
      nombre_lista: ZAFIRO,
      lista: 'SFP',
      version_listas: answer.version,
      estado: 'abierta',
      cerrada_por: null,
      cerrada_el: null,
      motivo_cierre: null,
    });
    expect(alert.id_lista).toMatch(/^SFP:/);
    expect(alert.score).toBeGreaterThanOrEqual(0.82);
    expect(alert.motivo_coincidencia).toContain('ZAFIRO = ZAFIRO');
    expect(Date.now() - new Date(alert.encontrada_el).getTime()).toBeLessThan(60_000);
    alertId = alert.id;
    expect(list.alertas.map((a: { solicitud: { uuid: string } }) => a.solicitud.uuid)).not.toContain(known);

    expect(await openAlerts()).toBe(1);
    const raised = (await history(first)).find((entry) => entry.action === 'pld_alert');
    expect(raised).toMatchObject({ actor: 'sistema:monitoreo_pld', changes: [{ path: 'alerta_pld', before: null, after: `${ZAFIRO} (SFP) para Proveedora Zafiro de Prueba SA de CV` }] });
  });

  it('a second reload of the same files raises none', async () => {
    const answer = await reload(withZafiro);
    expect(answer.cambiada).toBe(false);
    expect((await alerts()).alertas).toHaveLength(1);
  });

  it('staff close an alert as a homonym with a reason, once; the closing goes into the history', async () => {
    const missing = await call('POST', `/pld/alertas/${alertId}/cierre`, { estado: 'homonimo', motivo: '  ' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe('Escribe el motivo del cierre.');
    const badState = await call('POST', `/pld/alertas/${alertId}/cierre`, { estado: 'abierta', motivo: 'x' });
    expect(badState.status).toBe(400);
    expect((await badState.json()).message).toBe("estado debe ser 'confirmada' u 'homonimo'.");
    expect((await call('POST', `/pld/alertas/${alertId}/cierre`, { estado: 'homonimo', motivo: 'x' }, publicAuth)).status).toBe(403);

    const closed = await call('POST', `/pld/alertas/${alertId}/cierre`, { estado: 'homonimo', motivo: 'Otra empresa, RFC distinto.' });
    expect(closed.status, await closed.clone().text()).toBe(200);
    const body = await closed.json();
    expect(body).toMatchObject({ id: alertId, estado: 'homonimo', cerrada_por: 'María González Ruiz', motivo_cierre: 'Otra empresa, RFC distinto.' });
    expect(Date.now() - new Date(body.cerrada_el).getTime()).toBeLessThan(60_000);

    const again = await call('POST', `/pld/alertas/${alertId}/cierre`, { estado: 'confirmada', motivo: 'Sí es.' });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('Esta alerta ya fue cerrada por otra persona; recarga la lista para ver cómo quedó.');
    expect((await call('POST', '/pld/alertas/999999/cierre', { estado: 'homonimo', motivo: 'x' })).status).toBe(404);

    expect(await openAlerts()).toBe(0);
    expect((await alerts('abiertas')).alertas).toEqual([]);
    expect((await alerts('cerradas')).alertas).toMatchObject([{ id: alertId, estado: 'homonimo' }]);
    const closing = (await history(first)).find((entry) => entry.action === 'pld_alert_close');
    expect(closing).toMatchObject({
      actor_nombre: 'María González Ruiz',
      changes: [{ path: 'alerta_pld', before: `Abierta: ${ZAFIRO} (SFP) para Proveedora Zafiro de Prueba SA de CV`, after: 'Homónimo: Otra empresa, RFC distinto.' }],
    });
  });

  it('when the name comes back in a later version: a closed alert stays closed, a reviewed match raises none, two instances raise each alert once', async () => {
    const [{ id_lista }] = (await alerts()).alertas;
    // Reviewed already: its review saw this match for this shareholder.
    const key = `accionistas|Proveedora Zafiro de Prueba SA de CV|SFP|${id_lista}`;
    const review = { coincidencias_validadas: true, validar_coincidencias: false, validar_coincidencias_tipo: null, users: {}, revisadas: [key] };
    const reviewed = await created({ data: pmWith([zafiroShareholder], 'Comercializadora Revisada SA de CV'), meta: { last_index: 3 }, pld: review }, staffAuth);
    const unseen = await created({ data: pmWith([zafiroShareholder], 'Comercializadora Nueva SA de CV'), meta: { last_index: 3 } });

    // The shipped lists (the name gone), then the name back: new again against the version before.
    expect((await reload(PLD_DATA_DIR)).cambiada).toBe(true);
    expect((await alerts()).alertas).toHaveLength(1);
    const backend = await server.app.backend;
    const second = createPldMonitor(backend.db, backend.pld.indexed);
    process.env.PLD_DATA_DIR = withZafiro;
    try {
      expect((await call('POST', '/pld/lists/reload', {})).status).toBe(200);
      await second.run(); // a second instance, at the same time as this one's
    } finally {
      delete process.env.PLD_DATA_DIR;
    }
    await waitForMonitoring();
    await second.stop();

    const all = (await alerts()).alertas as Array<{ id: number; estado: string; solicitud: { uuid: string } }>;
    expect(all.map((alert) => [alert.solicitud.uuid, alert.estado]).sort()).toEqual([[first, 'homonimo'], [unseen, 'abierta']].sort());
    expect(all.find((alert) => alert.id === alertId)?.estado).toBe('homonimo');
    expect((await history(unseen)).filter((entry) => entry.action === 'pld_alert')).toHaveLength(1);
    expect((await history(reviewed)).filter((entry) => entry.action === 'pld_alert')).toHaveLength(0);
    expect((await history(first)).filter((entry) => entry.action === 'pld_alert')).toHaveLength(1);
  });

  it('a reload from a list file the parsers refuse answers 422 with the file and line, and loads nothing', async () => {
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'pld-broken-'));
    try {
      for (const name of fs.readdirSync(PLD_DATA_DIR)) fs.copyFileSync(path.join(PLD_DATA_DIR, name), path.join(broken, name));
      const sfp = path.join(broken, 'sfp_proveedores_contratistas_sancionados.csv.gz');
      fs.writeFileSync(sfp, gzipSync(`${gunzipSync(fs.readFileSync(sfp)).toString('utf8')}"SIN CERRAR,X\n`));
      const before = (await (await call('GET', '/pld/lists')).json()).version;
      process.env.PLD_DATA_DIR = broken;
      const response = await call('POST', '/pld/lists/reload', {});
      expect(response.status).toBe(422);
      expect((await response.json()).message).toMatch(/^El archivo sfp_proveedores_contratistas_sancionados\.csv\.gz no tiene el formato esperado \(línea \d+\): no se cargó ninguna versión nueva de las listas\.$/);
      expect((await (await call('GET', '/pld/lists')).json()).version).toBe(before);
    } finally {
      delete process.env.PLD_DATA_DIR;
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });

  it('is for staff holding the PLD permission only', async () => {
    expect((await call('GET', '/pld/alertas', undefined, publicAuth)).status).toBe(403);
    expect((await call('GET', '/pld/alertas', undefined, null as unknown as string)).status).toBe(401);
    const bad = await call('GET', '/pld/alertas?estado=otras');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("estado debe ser 'abiertas', 'cerradas' o 'todas'.");
  });
});
