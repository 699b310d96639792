// The outbox's queue (README, "E-mail outbox"): pg-boss on the test's own database, PGlite or
// PostgreSQL. A public save's resume link reaches a real SMTP server started here, once, even when
// two queues run on the same database; the reminder waits for its day and goes only while the
// application waits (due, not yet due, finished, expired, address changed, on a clock moved forward); a refusal is tried again
// after a pause and then arrives; without SMTP the message is kept as 'sin_smtp'; when an instance
// stops mid-delivery, another sends what it had not sent, and nothing twice; a message whose job was
// lost is marked failed.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { smtpTransport, type MailTransport } from '../../server/mail/mail-delivery';
import { createMailQueue, GIVEN_UP, type MailQueue, type MailQueueOptions } from '../../server/mail/mail-queue';
import { validPfModel } from '../unit/forms/fixtures';
import { callApi, startSignedInServer, type TestServer } from './support/test-server';
import { startTestSmtp, type TestSmtp } from './support/test-smtp';

let server: TestServer;
let publicAuth: string;
let smtp: TestSmtp;
let transport: MailTransport;
const queues: MailQueue[] = [];

beforeAll(async () => {
  ({ server, publicAuth } = await startSignedInServer());
  smtp = await startTestSmtp();
  transport = smtpTransport(smtp.url);
}, 60_000);
// Each test's queues stop with it, failed or not, so none delivers into the next test.
afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop();
});
afterAll(async () => {
  transport.close();
  await smtp.close();
  await server.close();
});

/** Who each arrived message was for, and its subject. */
const arrived = () => smtp.received.flatMap(({ recipients, mail }) => recipients.map((to) => ({ to, subject: mail.subject ?? '' })));
const db = async () => (await server.app.backend).db;
const FROM = 'Arrendadora Occidente <solicitudes@arrendadora.example>';
const queueOn = async (withTransport: MailTransport | null, options: Partial<MailQueueOptions> = {}) => {
  const queue = createMailQueue(await db(), { databaseUrl: server.target.databaseUrl, transport: withTransport, from: FROM, idleMs: 100, retryDelaySeconds: 1, ...options });
  queues.push(queue);
  await queue.start();
  return queue;
};
const pf = (email: string) => ({ ...(beforeSubmit(validPfModel() as never) as Record<string, unknown>), email });
async function savedWith(email: string) {
  const response = await callApi(server, 'POST', '/wizardpf', { data: pf(email), meta: { last_index: 1 } }, publicAuth);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as [string])[0];
}
const messagesOf = async (uuid: string) => (await db()).selectFrom('mail_message').select(['tipo', 'estado', 'encolado', 'intentos']).where('application_uuid', '=', uuid).orderBy('tipo').execute();
const waitFor = async (check: () => Promise<boolean>, ms = 30_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('the outbox queue', () => {
  it('delivers the resume link once with two queues on the database; the reminder waits for its day', async () => {
    const first = await queueOn(transport);
    const second = await queueOn(transport);
    const uuid = await savedWith('cola@example.com');
    first.kick();
    second.kick();
    await waitFor(async () => (await messagesOf(uuid)).some(({ tipo, estado }) => tipo === 'codigo' && estado === 'enviado'));
    // Time for a second delivery, if there were to be one.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(arrived().filter(({ to }) => to === 'cola@example.com')).toEqual([{ to: 'cola@example.com', subject: 'Tu solicitud de crédito en Arrendadora Occidente: enlace para continuar' }]);
    expect(await messagesOf(uuid)).toEqual([
      { tipo: 'codigo', estado: 'enviado', encolado: true, intentos: 1 },
      { tipo: 'recordatorio', estado: 'pendiente', encolado: true, intentos: 0 },
    ]);
  }, 60_000);

  it('tries a refused message again after a pause, and then it arrives', async () => {
    const queue = await queueOn(transport);
    smtp.refuseNext(1);
    const uuid = await savedWith('reintento@example.com');
    queue.kick();
    await waitFor(async () => (await messagesOf(uuid)).some(({ tipo, estado }) => tipo === 'codigo' && estado === 'enviado'));
    expect((await messagesOf(uuid)).find(({ tipo }) => tipo === 'codigo')).toMatchObject({ estado: 'enviado', intentos: 2 });
    expect(arrived().filter(({ to }) => to === 'reintento@example.com')).toHaveLength(1);
  }, 60_000);

  it('keeps the message as not sent without an SMTP server', async () => {
    const queue = await queueOn(null);
    const uuid = await savedWith('catcher@example.com');
    queue.kick();
    await waitFor(async () => (await messagesOf(uuid)).some(({ tipo, estado }) => tipo === 'codigo' && estado === 'sin_smtp'));
    expect(arrived().some(({ to }) => to === 'catcher@example.com')).toBe(false);
  }, 60_000);

  it('sends a reminder on its day only while the application waits: due, not yet due, finished, expired, address changed', async () => {
    const database = await db();
    /** The application and its messages moved `days` back, as if filled then: the clock, moved forward for it. */
    const aged = async (uuid: string, days: number) => {
      await sql`update application set filled_at = filled_at - make_interval(days => ${days}) where uuid = ${uuid}`.execute(database);
      await sql`update mail_message set enviar_desde = enviar_desde - make_interval(days => ${days}) where application_uuid = ${uuid}`.execute(database);
      // Written past the repository: its kept copy is dropped.
      (await server.app.backend).applications.forget(uuid);
    };
    const versionOf = async (uuid: string) => (await database.selectFrom('application').select('version').where('uuid', '=', uuid).executeTakeFirstOrThrow()).version;
    const put = async (uuid: string, email: string, meta: Record<string, unknown>) => {
      const response = await callApi(server, 'PUT', `/wizardpf/${uuid}`, { data: pf(email), meta: { last_index: 2, version: await versionOf(uuid), ...meta } }, publicAuth);
      expect(response.status, await response.clone().text()).toBe(200);
    };
    const reminders = async (uuid: string) =>
      database.selectFrom('mail_message').select(['destinatario', 'estado']).where('application_uuid', '=', uuid).where('tipo', '=', 'recordatorio').orderBy('id').execute();

    const due = await savedWith('recordatorio.vence@example.com');
    await aged(due, 26);
    const notYet = await savedWith('recordatorio.espera@example.com');
    await aged(notYet, 24);
    const finished = await savedWith('recordatorio.terminada@example.com');
    await aged(finished, 26);
    await put(finished, 'recordatorio.terminada@example.com', { complete: true, last_index: 5, declaracion_aceptada: true });
    const expired = await savedWith('recordatorio.expirada@example.com');
    await aged(expired, 31);
    const moved = await savedWith('recordatorio.antes@example.com');
    await aged(moved, 26);
    await put(moved, 'recordatorio.despues@example.com', {});

    const queue = await queueOn(transport);
    queue.kick();
    const settled = async () =>
      (await reminders(due))[0].estado === 'enviado' &&
      (await reminders(finished))[0].estado === 'cancelado' &&
      (await reminders(expired))[0].estado === 'cancelado' &&
      (await reminders(moved)).every(({ estado }) => estado !== 'pendiente');
    await waitFor(settled);
    expect(await reminders(notYet)).toEqual([{ destinatario: 'recordatorio.espera@example.com', estado: 'pendiente' }]);
    expect(await reminders(moved)).toEqual([
      { destinatario: 'recordatorio.antes@example.com', estado: 'cancelado' },
      { destinatario: 'recordatorio.despues@example.com', estado: 'enviado' },
    ]);
    const reminderTo = (to: string) => arrived().filter((mail) => mail.to === to && mail.subject.includes(' vence el '));
    expect(reminderTo('recordatorio.vence@example.com')).toHaveLength(1);
    expect(reminderTo('recordatorio.despues@example.com')).toHaveLength(1);
    for (const to of ['recordatorio.espera@example.com', 'recordatorio.terminada@example.com', 'recordatorio.expirada@example.com', 'recordatorio.antes@example.com']) expect(reminderTo(to)).toEqual([]);
  }, 60_000);

  it('marks failed, with the reason, a message whose job the queue lost; a reminder waiting for its day is left pending', async () => {
    const uuid = await savedWith('perdido@example.com');
    const database = await db();
    // Handed to the queue two hours ago, but no job of it is left (its tries spent, or the job lost).
    const lost = await database
      .insertInto('mail_message')
      .values({ application_uuid: uuid, tipo: 'codigo', destinatario: 'perdido@example.com', clave: `${uuid}:codigo:perdido-prueba`, asunto: 'x', html: '<p>x</p>', texto: 'x', encolado: true, enviar_desde: new Date(Date.now() - 2 * 3600_000).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const queue = await queueOn(transport);
    queue.kick();
    const stateOf = async (id: number) => database.selectFrom('mail_message').select(['estado', 'ultimo_error']).where('id', '=', id).executeTakeFirstOrThrow();
    // The sweep runs before the delivery: wait for both.
    await waitFor(async () => (await stateOf(lost.id)).estado === 'fallido' && arrived().some(({ to }) => to === 'perdido@example.com'));
    expect(await stateOf(lost.id)).toEqual({ estado: 'fallido', ultimo_error: GIVEN_UP });
    expect(arrived().filter(({ to }) => to === 'perdido@example.com')).toHaveLength(1);
    // The reminder, handed over and waiting for its day, is not touched.
    expect((await messagesOf(uuid)).find(({ tipo }) => tipo === 'recordatorio')).toMatchObject({ estado: 'pendiente', encolado: true });
  }, 60_000);

  it('when an instance stops in the middle of its deliveries, another sends what it had not sent, and nothing twice', async () => {
    const addresses = ['reinicio.1@example.com', 'reinicio.2@example.com', 'reinicio.3@example.com', 'reinicio.4@example.com'];
    const uuids: string[] = [];
    for (const address of addresses) uuids.push(await savedWith(address));
    // The first instance's SMTP server takes two messages, then the instance stops answering mid-send (a
    // lost network). Released, the sends it was stuck in fail (their connection is gone) and any it starts
    // afterwards reach the SMTP server, where a message sent twice would show.
    let started = 0;
    let released = false;
    let release = () => {};
    const stalled = new Promise<void>((_, reject) => {
      release = () => {
        released = true;
        reject(new Error('conexión perdida'));
      };
    });
    stalled.catch(() => undefined);
    const dying: MailTransport = {
      async send(mail) {
        if (released || started++ < 2) return transport.send(mail);
        await stalled;
      },
      close() {},
    };
    const restart = { expireInSeconds: 2, maintenanceIntervalSeconds: 1 };
    const first = await queueOn(dying, restart);
    first.kick();
    const sent = async () => (await Promise.all(uuids.map(messagesOf))).flat().filter(({ tipo, estado }) => tipo === 'codigo' && estado === 'enviado').length;
    await waitFor(async () => started >= 4 && (await sent()) === 2);

    // Another instance takes the stalled jobs once they expire, and sends those two only.
    const second = await queueOn(transport, restart);
    second.kick();
    await waitFor(async () => (await sent()) === 4);
    release();
    // Both instances keep running past a retry's delay: a job handed out again is sent again only if its message is not marked sent.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await first.stop();
    for (const address of addresses) expect(arrived().filter(({ to }) => to === address)).toHaveLength(1);
    await second.stop();
    queues.splice(0);
  }, 60_000);
});
