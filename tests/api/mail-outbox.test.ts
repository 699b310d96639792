// The e-mail outbox written with the save (README, "E-mail outbox"): a public first save queues the
// resume link and its reminder to the address in Datos generales; an unchanged address is never
// queued twice, a changed one gets both again; a refused save queues nothing; staff's own records
// queue nothing; finishing queues the print link, with a PM's guarantors; a finish, or a guarantor's
// completion, cancels at once the reminders no longer due, as staff see them in the outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import type { MailMessageList } from '../../forms/contracts/mail-outbox';
import { APPLICATION_VALID_MS } from '../../forms/limits';
import { mailStateText } from '../../forms/mail-outbox-texts';
import { validAvalPfModel, validPfModel, validPmModel } from '../unit/forms/fixtures';
import { callApi, startSignedInServer, type TestServer } from './support/test-server';

let server: TestServer;
let publicAuth: string;
let staffAuth: string;

beforeAll(async () => {
  ({ server, publicAuth, staffAuth } = await startSignedInServer());
});
afterAll(() => server.close());

const messagesOf = async (uuid: string) => {
  const { db } = await server.app.backend;
  // A save's messages are written by one statement, in no set order: by address, then event.
  const rows = await db.selectFrom('mail_message').selectAll().where('application_uuid', '=', uuid).execute();
  const order = ['codigo', 'recordatorio', 'finalizada'];
  return rows.sort((a, b) => a.id - b.id).sort((a, b) => (a.destinatario === b.destinatario ? order.indexOf(a.tipo) - order.indexOf(b.tipo) : 0));
};

const pf = (overrides: Record<string, unknown> = {}) => ({ ...(beforeSubmit(validPfModel() as never) as Record<string, unknown>), ...overrides });

async function createPf(model: Record<string, unknown>, auth = publicAuth, query = '') {
  const response = await callApi(server, 'POST', `/wizardpf${query}`, { data: model, meta: { last_index: 1, franchise: 'F9' } }, auth);
  expect(response.status, await response.clone().text()).toBe(201);
  const [uuid, { version, enlace_enviado_a }] = (await response.json()) as [string, { version: number; enlace_enviado_a?: string }];
  return { uuid, version, linkSentTo: enlace_enviado_a };
}

const save = (uuid: string, model: Record<string, unknown>, version: number, meta: Record<string, unknown> = {}) =>
  callApi(server, 'PUT', `/wizardpf/${uuid}`, { data: model, meta: { last_index: 2, version, ...meta } }, publicAuth);

/** A public create of a wizard's record: its uuid and version. */
async function created(code: string, data: Record<string, unknown>, meta: Record<string, unknown>) {
  const response = await callApi(server, 'POST', `/${code}`, { data, meta }, publicAuth);
  expect(response.status, await response.clone().text()).toBe(201);
  const [uuid, { version }] = (await response.json()) as [string, { version: number }];
  return { uuid, version };
}

const pm = () => beforeSubmit(validPmModel() as never) as Record<string, unknown>;
const avalPf = () => ({ ...(beforeSubmit(validAvalPfModel() as never) as Record<string, unknown>), email: 'aval.luis@example.com' });

/** A PM saved by the public with one guarantor: each has its resume link and its reminder queued. */
async function pmWithGuarantor() {
  const parent = await created('wizardpm', pm(), { last_index: 4 });
  const guarantor = await created('wizardpf', avalPf(), { last_index: 1, parent_uuid: parent.uuid });
  return { parent, guarantor };
}

/** The reminders of an application as staff read them on 'Correos enviados' (GET /correos, searched by its uuid). */
async function remindersShown(uuid: string) {
  const response = await callApi(server, 'GET', `/correos?q=${uuid}`, undefined, staffAuth);
  expect(response.status, await response.clone().text()).toBe(200);
  const { mensajes } = (await response.json()) as MailMessageList;
  return mensajes.filter(({ tipo, application_uuid }) => tipo === 'recordatorio' && application_uuid === uuid).map(mailStateText);
}

describe('the e-mail outbox', () => {
  it('queues the resume link and its reminder with the first public save, in Spanish, the link kept with its franchise', async () => {
    const model = pf({ nombre: 'Ñoño', email: 'nono.pena@example.com' });
    const { uuid, linkSentTo } = await createPf(model);
    // The wizard says where the link went, the address shortened.
    expect(linkSentTo).toBe('n…@example.com');
    const messages = await messagesOf(uuid);
    expect(messages.map(({ tipo, destinatario, estado }) => ({ tipo, destinatario, estado }))).toEqual([
      { tipo: 'codigo', destinatario: 'nono.pena@example.com', estado: 'pendiente' },
      { tipo: 'recordatorio', destinatario: 'nono.pena@example.com', estado: 'pendiente' },
    ]);
    const [code, reminder] = messages;
    const link = `${server.config.mail.publicBaseUrl}/pf/${uuid}?params=F9`;
    expect(code.texto).toContain(link);
    expect(code.html).toContain(`href="${link}"`);
    expect(code.texto).toContain('Hola, ÑOÑO GARCÍA');
    expect(code.asunto).toBe('Tu solicitud de crédito en Arrendadora Occidente: enlace para continuar');
    // The footer ends the company's name with its own period, once.
    expect(code.texto).toContain('SOFOM, E.N.R. Este correo se envió porque');
    expect(code.texto).not.toContain('..');
    // Valid 30 days from when it was filled; the reminder five days before.
    const application = await (await server.app.backend).applications.find(uuid);
    const validUntil = new Date(new Date(application!.filled_at).getTime() + APPLICATION_VALID_MS);
    const day = new Intl.DateTimeFormat('es-MX', { timeZone: 'America/Mexico_City', day: 'numeric', month: 'long', year: 'numeric' }).formatToParts(validUntil);
    const part = (type: string) => day.find((p) => p.type === type)!.value;
    expect(code.texto).toContain(`válido hasta el ${part('day')} de ${part('month')} de ${part('year')}`);
    expect(new Date(reminder.enviar_desde).getTime()).toBe(validUntil.getTime() - 5 * 24 * 3600 * 1000);
  });

  it('never queues the same event twice to an unchanged address; a changed one gets the link and reminder again', async () => {
    const model = pf({ email: 'primera@example.com' });
    const { uuid, version } = await createPf(model);
    const again = await save(uuid, model, version);
    expect(again.status, await again.clone().text()).toBe(200);
    expect(await again.json()).not.toHaveProperty('enlace_enviado_a');
    expect(await messagesOf(uuid)).toHaveLength(2);
    const changed = await save(uuid, { ...model, email: 'segunda@example.com' }, version + 1);
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await changed.json()).toMatchObject({ enlace_enviado_a: 's…@example.com' });
    const messages = await messagesOf(uuid);
    expect(messages.map(({ tipo, destinatario }) => `${tipo} ${destinatario}`)).toEqual([
      'codigo primera@example.com',
      'recordatorio primera@example.com',
      'codigo segunda@example.com',
      'recordatorio segunda@example.com',
    ]);
    // Both reminders wait: the delivery sends only the one to the address the record has then (the applicant may change it back).
    expect(messages.filter(({ tipo }) => tipo === 'recordatorio').map(({ estado }) => estado)).toEqual(['pendiente', 'pendiente']);
  });

  it('sends the link to five addresses at most: later changes are saved, and mail no one', async () => {
    let { uuid, version } = await createPf(pf({ email: 'uno@example.com' }));
    for (const address of ['dos', 'tres', 'cuatro', 'cinco', 'seis']) {
      const changed = await save(uuid, pf({ email: `${address}@example.com` }), version);
      expect(changed.status, await changed.clone().text()).toBe(200);
      const answer = (await changed.json()) as { meta: { version: number }; enlace_enviado_a?: string };
      version = answer.meta.version;
      expect(answer.enlace_enviado_a).toBe(address === 'seis' ? undefined : `${address[0]}…@example.com`);
    }
    const codes = (await messagesOf(uuid)).filter(({ tipo }) => tipo === 'codigo').map(({ destinatario }) => destinatario);
    expect(codes).toEqual(['uno@example.com', 'dos@example.com', 'tres@example.com', 'cuatro@example.com', 'cinco@example.com']);
  });

  it('queues nothing for a refused save, and nothing for a record staff created', async () => {
    const { uuid, version } = await createPf(pf({ email: 'refusada@example.com' }));
    // A stale version: the save is refused and so is its message to the new address.
    const stale = await save(uuid, pf({ email: 'otra@example.com' }), version + 5);
    expect(stale.status).toBe(409);
    expect((await messagesOf(uuid)).map(({ destinatario }) => destinatario)).not.toContain('otra@example.com');
    const invalid = await save(uuid, pf({ email: 'otra@example' }), version);
    expect(invalid.status).toBe(422);
    expect((await messagesOf(uuid)).map(({ destinatario }) => destinatario)).toEqual(['refusada@example.com', 'refusada@example.com']);

    const byStaff = await createPf(pf({ email: 'personal@example.com' }), staffAuth);
    expect(await messagesOf(byStaff.uuid)).toEqual([]);
  });

  it('queues the print link once when the application is finished', async () => {
    const model = pf({ email: 'final@example.com' });
    const { uuid, version } = await createPf(model);
    const finished = await save(uuid, model, version, { complete: true, last_index: 5, declaracion_aceptada: true });
    expect(finished.status, await finished.clone().text()).toBe(200);
    const final = (await messagesOf(uuid)).filter(({ tipo }) => tipo === 'finalizada');
    expect(final).toHaveLength(1);
    expect(final[0].texto).toContain(`${server.config.mail.publicBaseUrl}/printPF/${uuid}`);
    expect(final[0].asunto).toBe('Recibimos tu solicitud de crédito en Arrendadora Occidente');
    // Its reminder is no longer due: staff see it cancelled at once, not waiting.
    expect((await messagesOf(uuid)).filter(({ tipo }) => tipo === 'recordatorio').map(({ estado }) => estado)).toEqual(['cancelado']);

    // Staff may still change a finished application's address: its applicant gets no resume link.
    const { meta } = (await finished.json()) as { meta: { version: number } };
    const byStaff = await callApi(server, 'PUT', `/wizardpf/${uuid}`, { data: { ...model, email: 'nueva@example.com' }, meta: { last_index: 5, version: meta.version } }, staffAuth);
    expect(byStaff.status, await byStaff.clone().text()).toBe(200);
    expect((await messagesOf(uuid)).map(({ destinatario }) => destinatario)).not.toContain('nueva@example.com');
  });

  it("cancels a guarantor's reminder when it is completed, and leaves its PM's waiting", async () => {
    const { parent, guarantor } = await pmWithGuarantor();
    expect(await remindersShown(guarantor.uuid)).toEqual(['Pendiente']);
    const completed = await callApi(server, 'PUT', `/wizardpf/${guarantor.uuid}`, { data: avalPf(), meta: { version: guarantor.version, complete: true, last_index: 4 } }, publicAuth);
    expect(completed.status, await completed.clone().text()).toBe(200);
    expect((await completed.json()).data.persona_completa).toBe(true);
    // Completed, the guarantor is never reminded again: staff see it cancelled at once.
    expect(await remindersShown(guarantor.uuid)).toEqual(['Cancelado']);
    // The PM is not finished: its applicant may still need the reminder.
    expect(await remindersShown(parent.uuid)).toEqual(['Pendiente']);
  });

  it("cancels a PM's reminder and its guarantors' still pending when the PM is finished", async () => {
    const { parent, guarantor } = await pmWithGuarantor();
    const completed = await callApi(server, 'PUT', `/wizardpf/${guarantor.uuid}`, { data: avalPf(), meta: { version: guarantor.version, complete: true, last_index: 4 } }, publicAuth);
    expect(completed.status, await completed.clone().text()).toBe(200);
    // As a guarantor completed before completions cancelled reminders (or whose cancel failed) left it.
    const { db } = await server.app.backend;
    await db.updateTable('mail_message').set({ estado: 'pendiente' }).where('application_uuid', '=', guarantor.uuid).where('tipo', '=', 'recordatorio').execute();
    expect(await remindersShown(guarantor.uuid)).toEqual(['Pendiente']);
    expect(await remindersShown(parent.uuid)).toEqual(['Pendiente']);

    const finished = await callApi(server, 'PUT', `/wizardpm/${parent.uuid}`, { data: pm(), meta: { version: parent.version, complete: true, last_index: 5, declaracion_aceptada: true } }, publicAuth);
    expect(finished.status, await finished.clone().text()).toBe(200);
    expect(await remindersShown(parent.uuid)).toEqual(['Cancelado']);
    expect(await remindersShown(guarantor.uuid)).toEqual(['Cancelado']);
  });
});
