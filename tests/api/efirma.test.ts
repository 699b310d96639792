// The e.firma calls (issue 20): a packet fetched from the server, signed here with the browser's own
// signing code (WebCrypto is Node's too) and the test credentials, is kept with its signer; a PM's
// packet takes the company's, its representative's and a guarantor's signatures in sequence; every
// refusal answers its Spanish message and keeps nothing.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { EFIRMA_REFUSALS, SIGNED_PACKET_MAX_BYTES, type EfirmaSignature } from '../../forms/contracts/efirma';
import type { HistoryAnswer } from '../../forms/contracts/application';
import type { UnfinishedRow } from '../../forms/contracts/lists';
import { readEfirmaCertificate } from '../../forms/efirma/certificate';
import { openEfirmaKey } from '../../services/efirma/efirma-key';
import { signPacket } from '../../services/efirma/sign-packet';
import { efirmaCredentials, type TestCredential } from '../support/efirma/make-credentials';
import { validAvalPfModel, validPfModel, validPmModel } from '../unit/forms/fixtures';
import { callApi, publicToken, staffToken, startTestServer, type TestServer } from './support/test-server';

const credentials = efirmaCredentials();
const caDir = mkdtempSync(path.join(tmpdir(), 'sat-ca-'));
copyFileSync(credentials.ca.pem, path.join(caDir, 'ac-pruebas.pem'));

let server: TestServer;
let publicAuth: string;
let staffAuth: string;

const bearerOf = async (username: string, password: string) => `Bearer ${await staffToken(server, username, password)}`;

beforeAll(async () => {
  server = await startTestServer({ SAT_CA_DIR: caDir });
  publicAuth = `Bearer ${(await publicToken(server)).access_token}`;
  staffAuth = await bearerOf('demo', 'demo1234');
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(caDir, { recursive: true, force: true });
});

const call = (method: string, url: string, body?: unknown, auth: string | null = publicAuth) => callApi(server, method, url, body, auth);

async function created(code: string, model: object, meta: Record<string, unknown> = {}, auth = publicAuth): Promise<string> {
  const response = await call('POST', `/${code}`, { data: beforeSubmit(model as unknown as Record<string, unknown>), meta: { last_index: 5, ...meta } }, auth);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as [string])[0];
}

async function packetOf(code: string, uuid: string, auth = publicAuth): Promise<Uint8Array> {
  const response = await call('GET', `/${code}/print/cliente/${uuid}/pdf`, undefined, auth);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

async function signAs(pdf: Uint8Array, who: Pick<TestCredential, 'cer' | 'key'>, reason = 'Solicitante', signingTime = new Date()): Promise<Uint8Array> {
  const certificate = readEfirmaCertificate(new Uint8Array(readFileSync(who.cer)));
  const key = await openEfirmaKey(new Uint8Array(readFileSync(who.key)), credentials.password, certificate);
  return signPacket(pdf, { key, certificate, reason, signingTime });
}

const sent = (code: string, uuid: string, pdf: Uint8Array | string, auth: string | null = publicAuth, contentType = 'application/pdf') =>
  fetch(`${server.url}/api/${code}/firma/${uuid}`, { method: 'POST', headers: { ...(auth ? { authorization: auth } : {}), 'content-type': contentType }, body: typeof pdf === 'string' ? pdf : Buffer.from(pdf) });

async function accepted(code: string, uuid: string, pdf: Uint8Array, auth = publicAuth): Promise<EfirmaSignature[]> {
  const response = await sent(code, uuid, pdf, auth);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).data;
}

async function refused(code: string, uuid: string, pdf: Uint8Array | string, status: number, message: string | RegExp, auth: string | null = publicAuth, contentType?: string) {
  const response = await sent(code, uuid, pdf, auth, contentType);
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  return body;
}

async function signaturesOf(code: string, uuid: string, auth = publicAuth): Promise<EfirmaSignature[]> {
  const response = await call('GET', `/${code}/firma/${uuid}`, undefined, auth);
  expect(response.status).toBe(200);
  return (await response.json()).data;
}

async function signedPdf(code: string, uuid: string, auth = publicAuth): Promise<Uint8Array> {
  const response = await call('GET', `/${code}/firma/${uuid}/pdf`, undefined, auth);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="solicitud-${uuid}-firmada.pdf"`);
  return new Uint8Array(await response.arrayBuffer());
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A PF applicant's record and the packet the server handed out for it. */
async function pfPacket() {
  const uuid = await created('wizardpf', validPfModel());
  return { uuid, packet: await packetOf('wizardpf', uuid) };
}

describe('a signed packet accepted', () => {
  it("keeps a PF's packet signed with the applicant's e.firma: listed, downloadable byte for byte, in the history", async () => {
    const { uuid, packet } = await pfPacket();
    expect(await signaturesOf('wizardpf', uuid)).toEqual([]);
    const signed = await signAs(packet, credentials.pf);
    const kept = await accepted('wizardpf', uuid, signed);
    expect(kept).toEqual([
      expect.objectContaining({ orden: 1, rfc: 'GARC850314AB1', rfc_representante: null, nombre: credentials.pf.name, calidad: 'solicitante', numero_certificado: credentials.pf.serial, cadena_verificada: true, sha256: sha256(signed), longitud: signed.length }),
    ]);
    expect(Math.abs(new Date(kept[0]!.firmado_el).getTime() - Date.now())).toBeLessThan(60_000);
    expect(await signaturesOf('wizardpf', uuid, staffAuth)).toEqual(kept);
    expect(sha256(await signedPdf('wizardpf', uuid, staffAuth))).toBe(sha256(signed));

    // The staff list says which records are signed.
    const unsigned = await created('wizardpf', validPfModel());
    const listed = async (id: string) => ((await (await call('GET', `/wizardpf/cache?q=${id}`, undefined, staffAuth)).json()) as UnfinishedRow[]).find((row) => row.uuid === id);
    expect((await listed(uuid))?.firmada).toBe(true);
    expect((await listed(unsigned))?.firmada).toBe(false);

    const history = (await (await call('GET', `/historial/${uuid}`, undefined, staffAuth)).json()) as HistoryAnswer;
    expect(history.entries.at(-1)).toMatchObject({ action: 'efirma', actor: 'public', changes: [{ path: 'firma_efirma', before: null, after: `${credentials.pf.name} (GARC850314AB1), Solicitante, certificado ${credentials.pf.serial}` }] });
  });

  it("takes a PM's company e.firma, then its representative's and a guarantor's, each over the last signed PDF, all listed", async () => {
    const pm = await created('wizardpm', validPmModel(), { last_index: 4 });
    const guarantor = validAvalPfModel();
    await created('wizardpf', { ...guarantor, nombre: 'ANA', fisica: { ...guarantor.fisica, apellido_paterno: 'MUÑOZ', apellido_materno: 'PÉREZ', rfc: 'MUPA880707QR5', curp: 'MUPA880707MJCXRN03', fecha_nacimiento: '1988-07-07', sexo: 'Femenino' } }, { last_index: 4, parent_uuid: pm });
    const first = await signAs(await packetOf('wizardpm', pm), credentials.pm, 'Solicitante');
    await accepted('wizardpm', pm, first);
    const second = await signAs(await signedPdf('wizardpm', pm), credentials.representative, 'Representante legal');
    await accepted('wizardpm', pm, second);
    const third = await signAs(await signedPdf('wizardpm', pm), credentials.guarantor, 'Aval');
    const kept = await accepted('wizardpm', pm, third);
    expect(kept.map(({ orden, rfc, rfc_representante, calidad }) => ({ orden, rfc, rfc_representante, calidad }))).toEqual([
      { orden: 1, rfc: 'IOC100512AB3', rfc_representante: 'LOPE800101XY1', calidad: 'solicitante' },
      { orden: 2, rfc: 'LOPE800101XY1', rfc_representante: null, calidad: 'representante' },
      { orden: 3, rfc: 'MUPA880707QR5', rfc_representante: null, calidad: 'aval' },
    ]);
    expect(sha256(await signedPdf('wizardpm', pm))).toBe(sha256(third));
  });

  it('takes a packet staff fetched and signed, and records who sent it', async () => {
    const uuid = await created('wizardpf', validPfModel());
    await accepted('wizardpf', uuid, await signAs(await packetOf('wizardpf', uuid, staffAuth), credentials.pf), staffAuth);
    const history = (await (await call('GET', `/historial/${uuid}`, undefined, staffAuth)).json()) as HistoryAnswer;
    expect(history.entries.at(-1)!.actor).toMatch(/^staff:/);
  });
});

describe('a signed packet refused, nothing kept', () => {
  /** The refusal, then nothing listed for the application. */
  async function refusedAndNothingKept(code: string, uuid: string, pdf: Uint8Array | string, status: number, message: string | RegExp, auth = publicAuth, contentType?: string) {
    const body = await refused(code, uuid, pdf, status, message, auth, contentType);
    if (status !== 404 && status !== 403 && status !== 401) expect(await signaturesOf(code, uuid, staffAuth)).toEqual([]);
    return body;
  }

  it('a byte changed after signing', async () => {
    const { uuid, packet } = await pfPacket();
    const signed = await signAs(packet, credentials.pf);
    const changed = new Uint8Array(signed);
    changed[packet.length - 200]! ^= 0x01;
    await refusedAndNothingKept('wizardpf', uuid, changed, 422, EFIRMA_REFUSALS.changed);
  });

  it('an upload adding more than a signature does is refused before it is read; two identical uploads at once keep one, and its file', async () => {
    const { uuid, packet } = await pfPacket();
    const signed = await signAs(packet, credentials.pf);
    // A crafted file could inflate to gigabytes once parsed: 100 KB past the packet is refused unread.
    const padded = new Uint8Array(signed.length + 100 * 1024);
    padded.set(signed);
    padded.fill(0x20, signed.length);
    await refused('wizardpf', uuid, padded, 422, EFIRMA_REFUSALS.oneSignature);
    expect(await signaturesOf('wizardpf', uuid)).toEqual([]);
    // A double click: one is kept, the other refused, and the kept file is still there.
    const statuses = (await Promise.all([sent('wizardpf', uuid, signed), sent('wizardpf', uuid, signed)])).map(({ status }) => status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status >= 400 && status < 500)).toHaveLength(1);
    expect(await signaturesOf('wizardpf', uuid)).toHaveLength(1);
    expect(sha256(await signedPdf('wizardpf', uuid))).toBe(sha256(signed));
  });

  it('a packet handed out before the application last changed; the one handed out after is taken', async () => {
    const { uuid, packet } = await pfPacket();
    const saved = await call('PUT', `/wizardpf/${uuid}`, { data: beforeSubmit(validPfModel() as unknown as Record<string, unknown>), meta: { last_index: 5, version: 1 } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    await refused('wizardpf', uuid, await signAs(packet, credentials.pf), 422, EFIRMA_REFUSALS.notThisApplication);
    await accepted('wizardpf', uuid, await signAs(await packetOf('wizardpf', uuid), credentials.pf));
  });

  it("another application's packet, and a packet never issued", async () => {
    const { uuid } = await pfPacket();
    // Another applicant's packet (the same model would print the very same bytes).
    const otherUuid = await created('wizardpf', { ...validPfModel(), email: 'otra.persona@example.com' });
    const other = { packet: await packetOf('wizardpf', otherUuid) };
    await refusedAndNothingKept('wizardpf', uuid, await signAs(other.packet, credentials.pf), 422, EFIRMA_REFUSALS.notThisApplication);
    const { uuid: third } = await pfPacket();
    const { db } = await server.app.backend;
    await db.deleteFrom('packet_issue').where('application_uuid', '=', third).execute();
    await refusedAndNothingKept('wizardpf', third, await signAs(await packetOfWithoutRecord('wizardpf', third), credentials.pf), 422, EFIRMA_REFUSALS.notThisApplication);
  });

  it('a CSD, an expired certificate, one not valid yet, one from an unknown CA, a signing time far from the clock', async () => {
    const { uuid, packet } = await pfPacket();
    await refusedAndNothingKept('wizardpf', uuid, await signAs(packet, credentials.csd), 422, EFIRMA_REFUSALS.csd);
    await refusedAndNothingKept('wizardpf', uuid, await signAs(packet, credentials.expired), 422, /^El certificado de la e\.firma venció el \d{2}\/\d{2}\/\d{4}/);
    await refusedAndNothingKept('wizardpf', uuid, await signAs(packet, credentials.notYetValid), 422, /^El certificado de la e\.firma es válido a partir del/);
    await refusedAndNothingKept('wizardpf', uuid, await signAs(packet, credentials.foreign), 422, EFIRMA_REFUSALS.untrusted);
    await refusedAndNothingKept('wizardpf', uuid, await signAs(packet, credentials.pf, 'Solicitante', new Date(Date.now() - 3600_000)), 422, EFIRMA_REFUSALS.signingTime);
  });

  it("an RFC that is not the applicant's, nor for a PM one it lists", async () => {
    const { uuid, packet } = await pfPacket();
    await refusedAndNothingKept('wizardpf', uuid, await signAs(packet, credentials.guarantor), 422, EFIRMA_REFUSALS.wrongSigner('MUPA880707QR5'));
    const pm = await created('wizardpm', validPmModel(), { last_index: 4 });
    await refusedAndNothingKept('wizardpm', pm, await signAs(await packetOf('wizardpm', pm), credentials.pf), 422, EFIRMA_REFUSALS.wrongSignerPm('GARC850314AB1'));
  });

  it('a second signature over anything but the stored PDF, the same signer twice, an unsigned packet', async () => {
    const { uuid, packet } = await pfPacket();
    await refusedAndNothingKept('wizardpf', uuid, packet, 422, EFIRMA_REFUSALS.unsigned);
    await accepted('wizardpf', uuid, await signAs(packet, credentials.pf));
    const stored = await signedPdf('wizardpf', uuid);
    // Signed over the unsigned packet again (a minute earlier, so not the very same bytes), not over the one kept.
    await refused('wizardpf', uuid, await signAs(packet, credentials.pf, 'Solicitante', new Date(Date.now() - 60_000)), 409, EFIRMA_REFUSALS.notFromStored);
    await refused('wizardpf', uuid, await signAs(stored, credentials.pf), 409, EFIRMA_REFUSALS.alreadySigned);
    expect(await signaturesOf('wizardpf', uuid)).toHaveLength(1);
  });

  it('not a PDF, not sent as a PDF, too large', async () => {
    const { uuid, packet } = await pfPacket();
    await refusedAndNothingKept('wizardpf', uuid, 'hola, no soy un PDF', 422, EFIRMA_REFUSALS.notPdf);
    await refusedAndNothingKept('wizardpf', uuid, await signAs(packet, credentials.pf), 415, 'El tipo de contenido de la solicitud no es compatible.', publicAuth, 'application/octet-stream');
    const json = await call('POST', `/wizardpf/firma/${uuid}`, { pdf: 'x' });
    expect(json.status).toBe(415);
    expect((await json.json()).message).toBe(EFIRMA_REFUSALS.wrongType);
    const large = new Uint8Array(SIGNED_PACKET_MAX_BYTES + 1);
    large.set(Buffer.from('%PDF-1.7\n'));
    await refusedAndNothingKept('wizardpf', uuid, large, 413, 'La solicitud es demasiado grande.');
  });

  it('no session, staff without the permission, a record staff registered, no such record, another wizard', async () => {
    const { uuid, packet } = await pfPacket();
    const signed = await signAs(packet, credentials.pf);
    await refused('wizardpf', uuid, signed, 401, 'Se requiere iniciar sesión.', null);
    const backend = await server.app.backend;
    await backend.staff.create({ username: 'sin-permisos', password: 'clave-sin-1', nombre: 'Sin', apellido_paterno: 'Permisos', franquicia: 'Centro', roles: [] });
    await refused('wizardpf', uuid, signed, 403, 'Esta acción requiere el rol Usuario.', await bearerOf('sin-permisos', 'clave-sin-1'));
    const byStaff = await created('wizardpf', validPfModel(), {}, staffAuth);
    await refused('wizardpf', byStaff, await signAs(await packetOf('wizardpf', byStaff, staffAuth), credentials.pf), 403, /registrada por el personal/);
    expect((await call('GET', `/wizardpf/firma/${byStaff}`)).status).toBe(403);
    await refused('wizardpf', '3f0b8a6f-1c1e-4c55-9a57-3f1a2c9d1e10', signed, 404, /No se encontró el cliente/);
    await refused('wizardpfae', uuid, signed, 404, /No se encontró el cliente/);
    expect(await signaturesOf('wizardpf', uuid)).toEqual([]);
  });
});

/** The packet as the server makes it, without recording it as issued (the row removed after). */
async function packetOfWithoutRecord(code: string, uuid: string) {
  const packet = await packetOf(code, uuid);
  const { db } = await server.app.backend;
  await db.deleteFrom('packet_issue').where('application_uuid', '=', uuid).execute();
  return packet;
}

describe('without SAT_CA_DIR', () => {
  it('keeps a signature without checking its chain, and says so', async () => {
    const plain = await startTestServer();
    try {
      const auth = `Bearer ${(await publicToken(plain)).access_token}`;
      const response = await callApi(plain, 'POST', '/wizardpf', { data: beforeSubmit(validPfModel() as unknown as Record<string, unknown>), meta: { last_index: 5 } }, auth);
      const [uuid] = (await response.json()) as [string];
      const packet = new Uint8Array(await (await callApi(plain, 'GET', `/wizardpf/print/cliente/${uuid}/pdf`, undefined, auth)).arrayBuffer());
      const answer = await fetch(`${plain.url}/api/wizardpf/firma/${uuid}`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/pdf' }, body: Buffer.from(await signAs(packet, credentials.foreign)) });
      expect(answer.status).toBe(201);
      expect((await answer.json()).data).toEqual([expect.objectContaining({ rfc: 'GARC850314AB1', cadena_verificada: false })]);
    } finally {
      await plain.close();
    }
  });
});
