// Delivering the outbox's messages (README, "E-mail outbox") to a real SMTP server started here
// (smtp-server), read back with mailparser: subject, link, accents and Ñ intact; a refusal leaves the
// message pending for another try, then failed; without SMTP it is kept as 'sin_smtp'; a reminder
// of a finished application is cancelled; an address cannot smuggle in a header or a recipient, and a
// name with a line break is refused with its save.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { deliverMessage, DeliveryRefusedError, MAX_ATTEMPTS, smtpTransport, type MailTransport } from '../../server/mail/mail-delivery';
import { validAvalPfModel, validPfModel, validPmModel } from '../unit/forms/fixtures';
import { callApi, startSignedInServer, type TestServer } from './support/test-server';
import { startTestSmtp, type TestSmtp } from './support/test-smtp';

let server: TestServer;
let publicAuth: string;
let smtp: TestSmtp;
let transport: MailTransport;

beforeAll(async () => {
  ({ server, publicAuth } = await startSignedInServer());
  smtp = await startTestSmtp();
  transport = smtpTransport(smtp.url);
});
afterAll(async () => {
  transport.close();
  await smtp.close();
  await server.close();
});

const FROM = 'Arrendadora Occidente <solicitudes@arrendadora.example>';
const db = async () => (await server.app.backend).db;
const pf = (overrides: Record<string, unknown> = {}) => ({ ...(beforeSubmit(validPfModel() as never) as Record<string, unknown>), ...overrides });

/** A public PF saved with this address; answers its uuid and the ids of its code and reminder messages. */
async function saved(email: string, nombre = 'José Ñandú') {
  const response = await callApi(server, 'POST', '/wizardpf', { data: pf({ email, nombre }), meta: { last_index: 1 } }, publicAuth);
  expect(response.status, await response.clone().text()).toBe(201);
  const [uuid, { version }] = (await response.json()) as [string, { version: number }];
  const rows = await (await db()).selectFrom('mail_message').select(['id', 'tipo']).where('application_uuid', '=', uuid).execute();
  return { uuid, version, code: rows.find(({ tipo }) => tipo === 'codigo')!.id, reminder: rows.find(({ tipo }) => tipo === 'recordatorio')!.id };
}
const stateOf = async (id: number) => (await db()).selectFrom('mail_message').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('delivering the outbox', () => {
  it('sends the resume link once; the message arrives with its subject, link, accents and Ñ intact', async () => {
    const { uuid, code } = await saved('jose.nandu@example.com');
    expect(await deliverMessage(await db(), transport, FROM, code)).toBe('enviado');
    // Delivered again (a repeated job): nothing more is sent.
    expect(await deliverMessage(await db(), transport, FROM, code)).toBe('enviado');
    const mine = smtp.received.filter(({ recipients }) => recipients.includes('jose.nandu@example.com'));
    expect(mine).toHaveLength(1);
    const { mail } = mine[0];
    expect(mail.subject).toBe('Tu solicitud de crédito en Arrendadora Occidente: enlace para continuar');
    expect(mail.text).toContain('Hola, JOSÉ ÑANDÚ');
    expect(mail.text).toContain(`/pf/${uuid}`);
    expect(mail.html).toContain(`/pf/${uuid}`);
    expect(mail.messageId).toBe(`<solicitud-correo-${code}@${uuid}>`);
    expect(await stateOf(code)).toMatchObject({ estado: 'enviado', intentos: 1, ultimo_error: null });
  });

  it('keeps a refused message pending with the reason, then marks it failed after the last try', async () => {
    const { code } = await saved('rechazo@example.com');
    smtp.refuseNext(MAX_ATTEMPTS);
    try {
      await expect(deliverMessage(await db(), transport, FROM, code)).rejects.toBeInstanceOf(DeliveryRefusedError);
      expect(await stateOf(code)).toMatchObject({ estado: 'pendiente', intentos: 1 });
      expect((await stateOf(code)).ultimo_error).toContain('Intenta más tarde');
      for (let attempt = 2; attempt < MAX_ATTEMPTS; attempt++) await expect(deliverMessage(await db(), transport, FROM, code)).rejects.toBeInstanceOf(DeliveryRefusedError);
      expect(await deliverMessage(await db(), transport, FROM, code)).toBe('fallido');
      expect(await stateOf(code)).toMatchObject({ estado: 'fallido', intentos: MAX_ATTEMPTS });
    } finally {
      smtp.refuseNext(0);
    }
  });

  it('keeps the message, unsent, without an SMTP server; cancels a reminder once the application is finished', async () => {
    const { uuid, version, code, reminder } = await saved('sin.smtp@example.com');
    expect(await deliverMessage(await db(), null, FROM, code)).toBe('sin_smtp');
    const finished = await callApi(server, 'PUT', `/wizardpf/${uuid}`, { data: pf({ email: 'sin.smtp@example.com', nombre: 'José Ñandú' }), meta: { version, complete: true, last_index: 5, declaracion_aceptada: true } }, publicAuth);
    expect(finished.status, await finished.clone().text()).toBe(200);
    expect(await deliverMessage(await db(), transport, FROM, reminder)).toBe('cancelado');
    expect(smtp.received.some(({ recipients }) => recipients.includes('sin.smtp@example.com'))).toBe(false);
  });

  it("cancels a completed guarantor's reminder, and keeps an uncompleted one's due", async () => {
    const pm = await callApi(server, 'POST', '/wizardpm', { data: beforeSubmit(validPmModel() as never), meta: { last_index: 1 } }, publicAuth);
    expect(pm.status, await pm.clone().text()).toBe(201);
    const [pmUuid] = (await pm.json()) as [string];
    /** A guarantor saved by the public, then completed or not; answers its reminder's id. */
    const guarantor = async (email: string, completed: boolean) => {
      const model = { ...(beforeSubmit(validAvalPfModel() as never) as Record<string, unknown>), email };
      const response = await callApi(server, 'POST', '/wizardpf', { data: model, meta: { last_index: 1, parent_uuid: pmUuid } }, publicAuth);
      expect(response.status, await response.clone().text()).toBe(201);
      const [uuid, { version }] = (await response.json()) as [string, { version: number }];
      if (completed) {
        const done = await callApi(server, 'PUT', `/wizardpf/${uuid}`, { data: model, meta: { last_index: 5, version, complete: true } }, publicAuth);
        expect(done.status, await done.clone().text()).toBe(200);
      }
      const reminder = await (await db()).selectFrom('mail_message').select('id').where('application_uuid', '=', uuid).where('tipo', '=', 'recordatorio').executeTakeFirstOrThrow();
      return reminder.id;
    };
    expect(await deliverMessage(await db(), null, FROM, await guarantor('aval.completo@example.com', true))).toBe('cancelado');
    expect(await deliverMessage(await db(), null, FROM, await guarantor('aval.pendiente@example.com', false))).toBe('sin_smtp');
  });

  it('a line break in the name is refused with the save: no message is written', async () => {
    const response = await callApi(server, 'POST', '/wizardpf', { data: pf({ email: 'nombre.inyeccion@example.com', nombre: 'ANA\r\nBcc: intruso@example.com' }), meta: { last_index: 1 } }, publicAuth);
    expect(response.status).toBe(422);
    const rows = await (await db()).selectFrom('mail_message').select('id').where('destinatario', '=', 'nombre.inyeccion@example.com').execute();
    expect(rows).toEqual([]);
  });

  it('sends to the one address only: a line break in it adds no header and no recipient', async () => {
    const { code } = await saved('inyeccion@example.com');
    await (await db()).updateTable('mail_message').set({ destinatario: 'inyeccion@example.com\r\nBcc: intruso@example.com' }).where('id', '=', code).execute();
    const before = smtp.received.length;
    await deliverMessage(await db(), transport, FROM, code).catch(() => undefined);
    const delivered = smtp.received.slice(before);
    expect(delivered.flatMap(({ recipients }) => recipients)).not.toContain('intruso@example.com');
    for (const { mail } of delivered) expect(mail.headers.has('bcc')).toBe(false);
  });
});
