// The documents end to end through the app's own routes: a generated INE signed, posted to the
// embedded storage as a browser posts it, and read by POST /aws/ocr (readStoredDocument and the OCR
// engine together); staff then see it in the application's documents with its template.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentListAnswer, OcrAnswer, OcrResult } from '../../forms/contracts/documents';
import { NOTICES } from '../../forms/messages';
import { beforeSubmit } from '../../forms/before-submit';
import { validPfModel } from '../unit/forms/fixtures';
import { ineFront, ineFrontWithoutFields } from '../support/documents/id-cards';
import { PEOPLE } from '../support/documents/people';
import { signed, startDocumentServer, upload, uploadedFile, type DocumentServer } from './support/documents';
import { callApi } from './support/test-server';

let server: DocumentServer;
beforeAll(async () => {
  server = await startDocumentServer();
}, 60_000);
afterAll(async () => server.close());

/** A PF application created by `auth`: its uuid. */
async function createdPf(auth: string): Promise<string> {
  const data = beforeSubmit(validPfModel() as unknown as Record<string, unknown>);
  const response = await callApi(server, 'POST', '/wizardpf', { data, meta: { last_index: 1 } }, auth);
  expect(response.status).toBe(201);
  const [uuid] = (await response.json()) as [string];
  return uuid;
}

/** The OCR's answer once done, polling its job as the browser does (sooner, to keep the test short). */
async function read(body: unknown, auth: string): Promise<{ status: number; result?: OcrResult; message?: string }> {
  let response = await callApi(server, 'POST', '/aws/ocr', body, auth);
  for (let polls = 0; response.status === 200; polls++) {
    const answer = (await response.json()) as OcrAnswer;
    if (answer.status === 'done') return { status: 200, result: answer.result };
    if (polls > 60) throw new Error('the OCR job never finished');
    await new Promise((resolve) => setTimeout(resolve, 500));
    response = await callApi(server, 'GET', `/aws/ocr/${answer.job}`, undefined, auth);
  }
  return { status: response.status, message: ((await response.json()) as { message: string }).message };
}

describe('an uploaded INE read by the OCR', () => {
  it("fills the person's fields, and staff see the document with its template and who uploaded it", async () => {
    const uuid = await createdPf(server.publicAuth);

    const person = PEOPLE[1]!;
    const policy = await signed(server, server.publicAuth, 'identification', uuid);
    expect((await upload(server, policy, ineFront(person), {}, 'ine.png')).status).toBe(201);
    const { status, result } = await read(uploadedFile(policy, 'identification', uuid), server.publicAuth);
    expect(status).toBe(200);
    expect(result!.template).toBe('INE');
    expect(result!.message).toBe(NOTICES.ocrSuccess);
    expect(result!.data).toMatchObject({ curp: person.curp, apellido_paterno: person.apellido_paterno, nombre: person.nombre });

    const listed = await callApi(server, 'GET', `/wizardpf/documentos/${uuid}`, undefined, server.staffAuth);
    expect(listed.status).toBe(200);
    const [document] = ((await listed.json()) as DocumentListAnswer).data;
    expect(document).toMatchObject({ type: 'identification', format: 'image/png', template: 'INE', uploaded_by: 'Solicitante' });
  }, 60_000);

  it('an INE whose fields could not be read is not received: the opening lists nothing, staff see no template', async () => {
    const uuid = await createdPf(server.publicAuth);
    const policy = await signed(server, server.publicAuth, 'identification', uuid);
    expect((await upload(server, policy, ineFrontWithoutFields(), {}, 'ine.png')).status).toBe(201);
    const { status, result } = await read(uploadedFile(policy, 'identification', uuid), server.publicAuth);
    expect(status).toBe(200);
    expect(result).toMatchObject({ template: 'INE', data: 'empty', message: NOTICES.ocrEmpty });

    const opened = await callApi(server, 'GET', `/wizardpf/${uuid}/1`, undefined, server.publicAuth);
    expect(((await opened.json()) as { documents: unknown[] }).documents).toEqual([]);
    const listed = await callApi(server, 'GET', `/wizardpf/documentos/${uuid}`, undefined, server.staffAuth);
    const [document] = ((await listed.json()) as DocumentListAnswer).data;
    expect(document).toMatchObject({ type: 'identification', template: null });
  }, 60_000);

  it("refuses to read another application's document", async () => {
    const uuid = await createdPf(server.staffAuth);
    const policy = await signed(server, server.staffAuth, 'identification', uuid);
    expect((await upload(server, policy, ineFront(PEOPLE[0]!))).status).toBe(201);
    const { status } = await read(uploadedFile(policy, 'identification'), server.publicAuth);
    expect(status).toBe(404);
  }, 60_000);
});
