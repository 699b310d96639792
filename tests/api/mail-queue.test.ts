// The outbox's queue (README, "E-mail outbox"): pg-boss on the test's own database, PGlite or
// PostgreSQL. A public save's resume link reaches a real SMTP server started here, once, even when
// two queues run on the same database; the reminder waits for its day; a refusal is tried again
// after a pause and then arrives; without SMTP the message is kept as 'sin_smtp'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { smtpTransport, type MailTransport } from '../../server/mail/mail-delivery';
import { createMailQueue, type MailQueue } from '../../server/mail/mail-queue';
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
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  transport.close();
  await smtp.close();
  await server.close();
});

/** Who each arrived message was for, and its subject. */
const arrived = () => smtp.received.flatMap(({ recipients, mail }) => recipients.map((to) => ({ to, subject: mail.subject ?? '' })));
const db = async () => (await server.app.backend).db;
const FROM = 'Arrendadora Occidente <solicitudes@arrendadora.example>';
const queueOn = async (withTransport: MailTransport | null) => {
  const queue = createMailQueue(await db(), { databaseUrl: server.target.databaseUrl, transport: withTransport, from: FROM, idleMs: 100, retryDelaySeconds: 1 });
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
    for (const queue of queues.splice(0)) await queue.stop();
  }, 60_000);

  it('tries a refused message again after a pause, and then it arrives', async () => {
    const queue = await queueOn(transport);
    smtp.refuseNext(1);
    const uuid = await savedWith('reintento@example.com');
    queue.kick();
    await waitFor(async () => (await messagesOf(uuid)).some(({ tipo, estado }) => tipo === 'codigo' && estado === 'enviado'));
    expect((await messagesOf(uuid)).find(({ tipo }) => tipo === 'codigo')).toMatchObject({ estado: 'enviado', intentos: 2 });
    expect(arrived().filter(({ to }) => to === 'reintento@example.com')).toHaveLength(1);
    for (const one of queues.splice(0)) await one.stop();
  }, 60_000);

  it('keeps the message as not sent without an SMTP server', async () => {
    const queue = await queueOn(null);
    const uuid = await savedWith('catcher@example.com');
    queue.kick();
    await waitFor(async () => (await messagesOf(uuid)).some(({ tipo, estado }) => tipo === 'codigo' && estado === 'sin_smtp'));
    expect(arrived().some(({ to }) => to === 'catcher@example.com')).toBe(false);
    for (const one of queues.splice(0)) await one.stop();
  }, 60_000);
});
