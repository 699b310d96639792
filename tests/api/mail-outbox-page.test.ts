// The outbox for staff ('Correos enviados', README "E-mail outbox"): GET /api/correos lists the
// messages newest first, a page at a time, by state and by a search on the address or the
// application's uuid; GET /api/correos/{id} answers one with its parts; POST /api/correos/{id}/reenvio
// sends a sent, failed or kept one again, and it really arrives again at the SMTP server started
// here (the queue gives a resend a job of its own); a pending or cancelled one is refused. Administrador only.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import type { MailMessage, MailMessageList, MailMessageRow } from '../../forms/contracts/mail-outbox';
import { validPfModel } from '../unit/forms/fixtures';
import { callApi, publicToken, staffToken, startTestServer, type TestServer } from './support/test-server';
import { startTestSmtp, type TestSmtp } from './support/test-smtp';

let server: TestServer;
let smtp: TestSmtp;
let admin: string;
let analista: string;
let usuario: string;
let publicAuth: string;

const bearerOf = async (username: string, password: string) => `Bearer ${await staffToken(server, username, password)}`;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Arrendadora Occidente <solicitudes@arrendadora.example>' });
  const backend = await server.app.backend;
  for (const role of ['usuario', 'analista'] as const) {
    await backend.staff.create({ username: `cuenta-${role}`, password: `clave-${role}-1`, nombre: 'Ana', apellido_paterno: role, franquicia: 'Centro', roles: [role] });
  }
  admin = await bearerOf('demo', 'demo1234');
  analista = await bearerOf('cuenta-analista', 'clave-analista-1');
  usuario = await bearerOf('cuenta-usuario', 'clave-usuario-1');
  publicAuth = `Bearer ${(await publicToken(server)).access_token}`;
  // The queue `npm start` runs: the saves' messages reach the SMTP server, and a resend is kicked by its route.
  await backend.mailQueue.start();
}, 60_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const call = (method: string, path: string, auth: string | null = admin) => callApi(server, method, path, undefined, auth);
const json = async <T,>(response: Response, status = 200): Promise<T> => {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json() as Promise<T>;
};
const list = async (query = '') => json<MailMessageList>(await call('GET', `/correos${query}`));
const messageOf = async (id: number) => json<MailMessage>(await call('GET', `/correos/${id}`));
const arrivedAt = (address: string) => smtp.received.filter(({ recipients }) => recipients.includes(address));

async function waitFor(check: () => Promise<boolean>, ms = 30_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A public PF saved with this address (its resume link and reminder queued); answers its uuid once the link was sent. */
async function savedWith(email: string): Promise<string> {
  const data = { ...(beforeSubmit(validPfModel() as never) as Record<string, unknown>), email };
  const response = await callApi(server, 'POST', '/wizardpf', { data, meta: { last_index: 1 } }, publicAuth);
  const [uuid] = await json<[string]>(response, 201);
  await waitFor(async () => (await list(`?q=${uuid}&estado=enviado`)).total === 1);
  return uuid;
}

/** The resume link's message of an application, as listed. */
const codeOf = async (uuid: string) => (await list(`?q=${uuid}`)).mensajes.find(({ tipo }) => tipo === 'codigo')!;

let ana: string;
let luis: string;

describe('the outbox for staff', () => {
  it('answers an Administrador only: 401 without a session, 403 to the public, a Usuario and an Analista', async () => {
    ana = await savedWith('Ana.Lopez@example.com');
    const { mensajes } = await list();
    const id = mensajes[0]!.id;
    for (const [method, path] of [
      ['GET', '/correos'],
      ['GET', `/correos/${id}`],
      ['POST', `/correos/${id}/reenvio`],
    ] as const) {
      expect((await call(method, path, null)).status, `${method} ${path}`).toBe(401);
      for (const refused of [publicAuth, usuario, analista]) {
        const response = await call(method, path, refused);
        expect(response.status, `${method} ${path}`).toBe(403);
        expect((await response.json()).message).toMatch(/[a-záéíóú]/);
      }
    }
    // Nothing was sent again by the refused calls.
    expect(arrivedAt('Ana.Lopez@example.com')).toHaveLength(1);
  }, 60_000);

  it('lists the newest first without the parts, by state, by a search on the address or the uuid, a page at a time', async () => {
    luis = await savedWith('luis.ramirez@example.com');
    const all = await list();
    expect(all.total).toBe(4);
    // A save's two messages are written by one statement, in no set order between them.
    expect(all.mensajes.map(({ destinatario }) => destinatario)).toEqual(['luis.ramirez@example.com', 'luis.ramirez@example.com', 'Ana.Lopez@example.com', 'Ana.Lopez@example.com']);
    const ids = all.mensajes.map(({ id }) => id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const code = all.mensajes.find(({ application_uuid, tipo }) => application_uuid === luis && tipo === 'codigo');
    expect(Object.keys(code!).sort()).toEqual(['application_uuid', 'asunto', 'creado_el', 'destinatario', 'enviado_el', 'enviar_desde', 'estado', 'id', 'intentos', 'reenvios', 'tipo', 'ultimo_error']);
    expect(code).toMatchObject({ application_uuid: luis, estado: 'enviado', intentos: 1, ultimo_error: null, reenvios: 0, asunto: 'Tu solicitud de crédito en Arrendadora Occidente: enlace para continuar' });
    expect(new Date(code!.enviado_el!).getTime()).toBeGreaterThanOrEqual(new Date(code!.creado_el).getTime());

    expect((await list('?estado=enviado')).mensajes.map(({ tipo }) => tipo)).toEqual(['codigo', 'codigo']);
    expect((await list('?estado=pendiente')).mensajes.map(({ tipo }) => tipo)).toEqual(['recordatorio', 'recordatorio']);
    expect((await list('?estado=fallido')).total).toBe(0);
    // The address in any case, or part of the application's uuid.
    expect((await list('?q=ANA.LOPEZ')).mensajes.map(({ application_uuid }) => application_uuid)).toEqual([ana, ana]);
    expect((await list(`?q=${luis.slice(4, 18)}`)).total).toBe(2);
    expect((await list(`?q=${encodeURIComponent('  luis  ')}&estado=enviado`)).mensajes.map(({ tipo }) => tipo)).toEqual(['codigo']);
    expect((await list('?q=nadie%25')).total).toBe(0);

    const second = await list('?page=2&page_size=3');
    expect(second.total).toBe(4);
    expect(second.mensajes.map(({ id }) => id)).toEqual([all.mensajes[3]!.id]);
  });

  it('refuses a bad query, a bad id and an unknown message in Spanish', async () => {
    for (const query of ['?estado=enviada', '?page=0', '?page_size=101', '?page=dos', `?q=${'a'.repeat(101)}`, '?q=%00']) {
      const response = await call('GET', `/correos${query}`);
      expect(response.status, query).toBe(400);
      expect((await response.json()).message, query).toMatch(/debe|no permitidos/);
    }
    expect((await json<{ message: string }>(await call('GET', '/correos/abc'), 400)).message).toBe('El identificador del correo no es válido.');
    expect((await json<{ message: string }>(await call('GET', '/correos/999999'), 404)).message).toBe('El correo no existe.');
    expect((await call('POST', '/correos/999999/reenvio')).status).toBe(404);
  });

  it('answers one message with its HTML and text parts, and the HTML made safe to preview', async () => {
    const code = await codeOf(luis);
    const message = await messageOf(code!.id);
    expect(message).toMatchObject({ ...code, html: expect.stringContaining(`/pf/${luis}`), texto: expect.stringContaining(`/pf/${luis}`) });
    expect(message.html).toMatch(/^<!doctype html>/);
    expect(message.texto).not.toContain('<');
    // The preview the page shows: the link's text without the link, each inline style kept aside (tests/unit/mail-preview.test.ts).
    expect(message.html_vista).toContain('Continuar mi solicitud</a>');
    expect(message.html_vista).toContain(`title="${server.config.mail.publicBaseUrl}/pf/${luis}"`);
    expect(message.html_vista).not.toMatch(/href=|\sstyle=/);
    expect(message.html_vista).toContain('data-correo-estilo="margin:0;padding:24px;');
  });

  it('refuses to send again a pending or a cancelled message (409), and sends a sent one again: it arrives a second time', async () => {
    const code = await codeOf(ana);
    const reminder = (await list(`?q=${ana}&estado=pendiente`)).mensajes[0]!;
    const pending = await json<{ message: string }>(await call('POST', `/correos/${reminder.id}/reenvio`), 409);
    expect(pending.message).toBe('Este correo todavía está pendiente de envío; no se puede enviar de nuevo hasta que termine.');
    const { db } = await server.app.backend;
    await db.updateTable('mail_message').set({ estado: 'cancelado' }).where('id', '=', reminder.id).execute();
    const cancelled = await json<{ message: string }>(await call('POST', `/correos/${reminder.id}/reenvio`), 409);
    expect(cancelled.message).toBe('Este correo fue cancelado porque ya no corresponde enviarlo; no se puede enviar de nuevo.');

    const resent = await json<MailMessageRow>(await call('POST', `/correos/${code.id}/reenvio`));
    expect(resent).toMatchObject({ id: code.id, estado: 'pendiente', intentos: 0, ultimo_error: null, enviado_el: null, reenvios: 1 });
    expect(new Date(resent.enviar_desde).getTime()).toBeGreaterThan(new Date(code.enviar_desde).getTime());
    await waitFor(async () => (await messageOf(code.id)).estado === 'enviado');
    const arrived = arrivedAt('Ana.Lopez@example.com');
    expect(arrived).toHaveLength(2);
    expect(arrived.map(({ mail }) => mail.subject)).toEqual([code.asunto, code.asunto]);
    // A new message to the receiver: its Message-ID says which resend it is.
    expect(arrived.map(({ mail }) => mail.messageId)).toEqual([`<solicitud-correo-${code.id}@${ana}>`, `<solicitud-correo-${code.id}-1@${ana}>`]);
    expect(await messageOf(code.id)).toMatchObject({ estado: 'enviado', intentos: 1, reenvios: 1 });

    // Sent again once more: a third job, a third arrival.
    await json(await call('POST', `/correos/${code.id}/reenvio`));
    await waitFor(async () => arrivedAt('Ana.Lopez@example.com').length === 3);
    await waitFor(async () => (await messageOf(code.id)).estado === 'enviado');
    expect(await messageOf(code.id)).toMatchObject({ reenvios: 2 });
  }, 60_000);

  it('sends a failed message again, and a kept one (no SMTP then); each resend is a line in the history', async () => {
    const code = await codeOf(luis);
    const { db } = await server.app.backend;
    await db.updateTable('mail_message').set({ estado: 'fallido', intentos: 5, ultimo_error: '550 Buzón lleno' }).where('id', '=', code.id).execute();
    expect(await messageOf(code.id)).toMatchObject({ estado: 'fallido', ultimo_error: '550 Buzón lleno' });
    await json(await call('POST', `/correos/${code.id}/reenvio`));
    await waitFor(async () => arrivedAt('luis.ramirez@example.com').length === 2);
    await waitFor(async () => (await messageOf(code.id)).estado === 'enviado');

    await sql`update mail_message set estado = 'sin_smtp' where id = ${code.id}`.execute(db);
    await json(await call('POST', `/correos/${code.id}/reenvio`));
    await waitFor(async () => arrivedAt('luis.ramirez@example.com').length === 3);

    const history = await json<{ entries: Array<{ action: string; actor: string; actor_nombre: string | null; changes: unknown[] }> }>(await call('GET', `/historial/${luis}`));
    const resends = history.entries.filter(({ action }) => action === 'mail_resend');
    expect(resends).toHaveLength(2);
    expect(resends[0]).toMatchObject({
      actor: expect.stringMatching(/^staff:\d+$/),
      actor_nombre: 'María González Ruiz',
      changes: [{ path: 'correo', before: 'Enlace para continuar a luis.ramirez@example.com: Fallido: 550 Buzón lleno', after: 'Enviado de nuevo' }],
    });
    expect(resends[1]!.changes).toEqual([{ path: 'correo', before: 'Enlace para continuar a luis.ramirez@example.com: No enviado: sin SMTP configurado', after: 'Enviado de nuevo' }]);
  }, 60_000);
});
