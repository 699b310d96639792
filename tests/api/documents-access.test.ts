// Who reaches which document (issue 15): policies are signed for an application the session may
// still change, or for the session before its first save (then linked to what it creates); the
// server re-checks an upload's bytes before reading it; staff list an application's documents and
// open one in the browser, the public neither.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import type { DocumentListAnswer } from '../../forms/contracts/documents';
import { validPfModel } from '../unit/forms/fixtures';
import { ELF, PNG, signed, startDocumentServer, storedPath, upload, uploadedFile, type DocumentServer } from './support/documents';
import { sql } from 'kysely';
import { sweepStaleDocuments } from '../../server/documents/stale-documents';
import { DEMO_STAFF } from '../../server/staff/staff-repository';
import { callApi, publicToken, staffCookies } from './support/test-server';

let server: DocumentServer;

beforeAll(async () => (server = await startDocumentServer()));
afterAll(() => server.close());

const call = (method: string, path: string, body: unknown, auth: string | null) => callApi(server, method, path, body, auth);

async function created(auth: string): Promise<string> {
  const response = await call('POST', '/wizardpf', { data: beforeSubmit(validPfModel() as unknown as Record<string, unknown>), meta: { last_index: 1 } }, auth);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as [string])[0];
}

const read = (body: object, auth: string) =>
  fetch(`${server.url}/test/read-document`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function uploaded(auth: string, type = 'identification', uuid?: string, bytes: Uint8Array = PNG) {
  const policy = await signed(server, auth, type, uuid);
  expect((await upload(server, policy, bytes)).status).toBe(201);
  return policy;
}

const listed = async (uuid: string, auth = server.staffAuth) => {
  const response = await call('GET', `/wizardpf/documentos/${uuid}`, undefined, auth);
  expect(response.status).toBe(200);
  return ((await response.json()) as DocumentListAnswer).data;
};

describe('signing', () => {
  it('signs under the application’s folder for a session holding its uuid', async () => {
    const uuid = await created(server.publicAuth);
    const policy = await signed(server, server.publicAuth, 'address', uuid);
    expect(policy.key).toMatch(new RegExp(`^address/${uuid}/[0-9a-f-]{36}$`));
  });

  it('refuses an unknown application, a bad type, a staff-registered application to the public, and no session', async () => {
    const unknown = await call('GET', '/aws/signed-url?type=tax&uuid=7d0f3c1e-4b7a-4c55-9d55-2b1f0c7a9e11', undefined, server.publicAuth);
    expect(unknown.status).toBe(404);
    const wrongType = await call('GET', '/aws/signed-url?type=pasaporte', undefined, server.publicAuth);
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).message).toBe("El tipo de documento debe ser 'identification', 'tax' o 'address'.");
    const staffUuid = await created(server.staffAuth);
    const refused = await call('GET', `/aws/signed-url?type=identification&uuid=${staffUuid}`, undefined, server.publicAuth);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toMatch(/registrada por el personal/);
    expect((await call('GET', `/aws/signed-url?type=identification&uuid=${staffUuid}`, undefined, server.staffAuth)).status).toBe(200);
    expect((await call('GET', '/aws/signed-url?type=identification', undefined, null)).status).toBe(401);
  });
});

describe('reading an uploaded document (readStoredDocument)', () => {
  it('answers its bytes and format, read from the content', async () => {
    const policy = await uploaded(server.publicAuth);
    const response = await read(uploadedFile(policy), server.publicAuth);
    expect(response.status, await response.clone().text()).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ format: 'image/png', size: PNG.length });
    expect(Buffer.from(body.base64, 'base64')).toEqual(PNG);
  });

  it('refuses an executable named .pdf with the spec’s message, and removes it from storage', async () => {
    const policy = await signed(server, server.publicAuth, 'tax');
    expect((await upload(server, policy, ELF, {}, 'constancia.pdf')).status).toBe(201);
    const response = await read({ ...uploadedFile(policy, 'tax'), format: 'application/pdf' }, server.publicAuth);
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe('La extensión del archivo no es válida');
    expect(fs.existsSync(storedPath(server, policy))).toBe(false);
  });

  it('does not reach another session’s document, nor one never uploaded', async () => {
    const policy = await uploaded(server.publicAuth);
    const other = `Bearer ${(await publicToken(server)).access_token}`;
    const response = await read(uploadedFile(policy), other);
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe('El archivo no existe o no pertenece a esta solicitud.');
    const notUploaded = await signed(server, server.publicAuth);
    expect((await read(uploadedFile(notUploaded), server.publicAuth)).status).toBe(404);
    expect((await read({ ...uploadedFile(policy), key: 'identification/otra/clave' }, server.publicAuth)).status).toBe(404);
  });

  it('reaches an application’s document for another session holding its uuid, while the application is open', async () => {
    const uuid = await created(server.publicAuth);
    const policy = await uploaded(server.publicAuth, 'identification', uuid);
    const other = `Bearer ${(await publicToken(server)).access_token}`;
    expect((await read(uploadedFile(policy, 'identification', uuid), other)).status).toBe(200);
  });
});

describe('the opening of an application', () => {
  it('tells what was uploaded for it, newest first, to a session holding its uuid: type, format, size and when, never the file nor who', async () => {
    const session = `Bearer ${(await publicToken(server)).access_token}`;
    const uuid = await created(session);
    expect((await (await call('GET', `/wizardpf/${uuid}/1`, undefined, session)).json()).documents).toEqual([]);
    const policy = await uploaded(session, 'identification', uuid);
    // Signed but not yet read (checked): not received yet.
    expect((await (await call('GET', `/wizardpf/${uuid}/1`, undefined, session)).json()).documents).toEqual([]);
    const checked = await read(uploadedFile(policy, 'identification', uuid), session);
    expect(checked.status).toBe(200);
    // Checked, but its read recognised nothing (or another template, as the OCR route records it): refused, not received.
    expect((await (await call('GET', `/wizardpf/${uuid}/1`, undefined, session)).json()).documents).toEqual([]);
    const { documents } = await server.app.backend;
    await documents.recordTemplate((await checked.json()).id, 'INE');
    // A later upload the read refused (a CFE receipt given as the ID) hides nothing.
    const refused = await uploaded(session, 'identification', uuid);
    const refusedRead = await read(uploadedFile(refused, 'identification', uuid), session);
    await documents.recordTemplate((await refusedRead.json()).id, 'CFE');
    // Resumed elsewhere: another session with the uuid.
    const elsewhere = `Bearer ${(await publicToken(server)).access_token}`;
    const opened = await (await call('GET', `/wizardpf/${uuid}/1`, undefined, elsewhere)).json();
    expect(opened.documents).toEqual([{ type: 'identification', format: 'image/png', size: PNG.length, uploaded_at: expect.any(String) }]);
    expect(Object.keys(opened.documents[0]).sort()).toEqual(['format', 'size', 'type', 'uploaded_at']);
  });
});

describe('staff', () => {
  it('list an application’s documents, including those its session uploaded before the first save, with who and when', async () => {
    const session = `Bearer ${(await publicToken(server)).access_token}`;
    const early = await uploaded(session, 'identification');
    expect((await read(uploadedFile(early), session)).status).toBe(200);
    const uuid = await created(session);
    const later = await uploaded(server.staffAuth, 'address', uuid);
    expect((await read(uploadedFile(later, 'address', uuid), server.staffAuth)).status).toBe(200);
    const documents = await listed(uuid);
    expect(documents.map((document) => [document.type, document.uploaded_by, document.format, document.size])).toEqual([
      ['address', `${DEMO_STAFF.nombre} ${DEMO_STAFF.apellido_paterno} ${DEMO_STAFF.apellido_materno}`, 'image/png', PNG.length],
      ['identification', 'Solicitante', 'image/png', PNG.length],
    ]);
    expect(new Date(documents[0]!.uploaded_at).getTime()).toBeGreaterThanOrEqual(new Date(documents[1]!.uploaded_at).getTime());
    expect(documents[0]!.url).toBe(`/api/aws/documents/${documents[0]!.id}`);
  });

  it('open a document inline, typed by its content, sandboxed, by bearer or sign-in cookie; the public cannot list or open', async () => {
    const uuid = await created(server.publicAuth);
    const policy = await uploaded(server.publicAuth, 'identification', uuid);
    expect((await read(uploadedFile(policy, 'identification', uuid), server.publicAuth)).status).toBe(200);
    const [document] = await listed(uuid);
    const opened = await fetch(`${server.url}${document!.url}`, { headers: { authorization: server.staffAuth } });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('image/png');
    expect(opened.headers.get('content-disposition')).toBe(`inline; filename="identification-${document!.id}.png"`);
    expect(opened.headers.get('x-content-type-options')).toBe('nosniff');
    expect(opened.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect(Buffer.from(await opened.arrayBuffer())).toEqual(PNG);
    const byCookie = await fetch(`${server.url}${document!.url}`, { headers: { cookie: await staffCookies(server) } });
    expect(byCookie.status).toBe(200);
    expect((await call('GET', `/wizardpf/documentos/${uuid}`, undefined, server.publicAuth)).status).toBe(403);
    expect((await fetch(`${server.url}${document!.url}`, { headers: { authorization: server.publicAuth } })).status).toBe(403);
    expect((await fetch(`${server.url}${document!.url}`)).status).toBe(401);
  });

  it('open a PDF typed as one, not sandboxed (Chromium would not show it) but denied everything else', async () => {
    const uuid = await created(server.publicAuth);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const policy = await uploaded(server.publicAuth, 'tax', uuid, pdf);
    expect((await read({ ...uploadedFile(policy, 'tax', uuid), format: 'application/pdf' }, server.publicAuth)).status).toBe(200);
    const [document] = await listed(uuid);
    expect(document).toMatchObject({ type: 'tax', format: 'application/pdf', size: pdf.length });
    const opened = await fetch(`${server.url}${document!.url}`, { headers: { authorization: server.staffAuth } });
    expect(opened.headers.get('content-type')).toBe('application/pdf');
    expect(opened.headers.get('content-disposition')).toBe(`inline; filename="tax-${document!.id}.pdf"`);
    expect(opened.headers.get('content-security-policy')).toMatch(/^default-src 'none';/);
    expect(opened.headers.get('content-security-policy')).not.toMatch(/sandbox/);
  });
});

describe('stale documents', () => {
  it('are removed from storage and the list after a day when never checked or never linked; a checked, linked one stays', async () => {
    const backend = await server.app.backend;
    const age = (key: string) => sql`update document set signed_at = now() - interval '25 hours' where key = ${key}`.execute(backend.db);
    const uuid = await created(server.publicAuth);
    const unchecked = await uploaded(server.publicAuth, 'tax', uuid);
    const checked = await uploaded(server.publicAuth, 'identification', uuid);
    expect((await read(uploadedFile(checked, 'identification', uuid), server.publicAuth)).status).toBe(200);
    const session = `Bearer ${(await publicToken(server)).access_token}`;
    const unlinked = await uploaded(session, 'address');
    expect((await read(uploadedFile(unlinked, 'address'), session)).status).toBe(200);
    for (const policy of [unchecked, checked, unlinked]) await age(policy.key);
    expect(await sweepStaleDocuments(backend.documents, backend.documentStore.storage)).toBe(2);
    expect([unchecked, checked, unlinked].map((policy) => fs.existsSync(storedPath(server, policy)))).toEqual([false, true, false]);
    expect(await backend.documents.find(unlinked.bucket, unlinked.key)).toBeUndefined();
    expect((await listed(uuid)).map((document) => document.type)).toEqual(['identification']);
  });
});

