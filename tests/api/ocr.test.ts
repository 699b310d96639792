// POST /aws/ocr and GET /aws/ocr/{job} (spec 01 §7, §8, §9) with generated documents: a quick read
// answers its fields at once, a slow one a job that only its own session can poll; a wrong template,
// a file that is not what it claims, a blank image, a failed read, each with the spec's message.
// The stored file is read through the route's `readStored` option; here it hands back generated
// documents by key (server/documents/stored-document.ts does it for real uploads).
import { randomUUID } from 'node:crypto';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrAnswer, UploadedFile } from '../../forms/contracts/documents';
import { MESSAGES, NOTICES } from '../../forms/messages';
import { ApiError } from '../../server/api-error';
import { ocrRoutes, type ReadStored } from '../../server/ocr/ocr-routes';
import { createOcrPool } from '../../server/ocr/tesseract-pool';
import { ineFront } from '../support/documents/id-cards';
import { constanciaPdf } from '../support/documents/constancia';
import { COMPANIES, PEOPLE } from '../support/documents/people';
import { cfeReceipt } from '../support/documents/receipts';
import { callApi, startSignedInServer, type TestServer } from './support/test-server';

let server: TestServer;
let publicAuth: string;
let staffAuth: string;
const pool = createOcrPool(1);
/** Where this test's OCR routes are. */
const OCR = '/generados';

const blank = () => {
  const canvas = createCanvas(800, 500);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, 800, 500);
  return canvas.toBuffer('image/png');
};

const stored = new Map<string, { bytes: Buffer; delayMs?: number; fails?: boolean }>();
const readStored: ReadStored = async (_request, file) => {
  const entry = stored.get(file.key);
  if (!entry) throw new ApiError(404, 'El archivo no existe.', 'not_found');
  if (entry.delayMs) await new Promise((resolve) => setTimeout(resolve, entry.delayMs));
  if (entry.fails) throw new Error('storage unreachable');
  return { bytes: entry.bytes, format: file.format as never, id: file.key };
};

beforeAll(async () => {
  stored.set('ine', { bytes: ineFront(PEOPLE[1]!) });
  stored.set('csf', { bytes: await constanciaPdf({ kind: 'company', company: COMPANIES[0]! }) });
  stored.set('cfe', { bytes: cfeReceipt(PEOPLE[0]!) });
  stored.set('blank', { bytes: blank() });
  stored.set('exe', { bytes: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'binary'), Buffer.alloc(2000, 1)]) });
  stored.set('slow', { bytes: await constanciaPdf({ kind: 'company', company: COMPANIES[1]! }), delayMs: 1500 });
  stored.set('broken', { bytes: Buffer.alloc(0), fails: true });
  ({ server, publicAuth, staffAuth } = await startSignedInServer(async (app) => {
    // As app.ts registers the API's routes that need the database, with the backend on each request,
    // under a prefix of their own: app.ts's OCR routes read real uploads (tests/api/documents-ocr.test.ts).
    await app.register(
      async (api) => {
        api.addHook('onRoute', (route) => {
          route.config = Object.assign(route.config ?? {}, { usesDatabase: true });
        });
        api.addHook('onRequest', async (request) => {
          request.backend = await app.backend;
        });
        await api.register(ocrRoutes, { readStored, pool });
      },
      { prefix: `/api${OCR}` },
    );
  }));
}, 60_000);
afterAll(async () => {
  await server.close();
  await pool.close();
});

const file = (key: string, type: UploadedFile['type'], format: UploadedFile['format'] = 'image/png'): UploadedFile => ({ key, bucket: 'documentos', format, type });
const ocr = (body: unknown, auth: string | null = publicAuth) => callApi(server, 'POST', `${OCR}/aws/ocr`, body, auth);

/** The answer once done: polls the job (faster than the browser's 3000 ms, to keep the test short). */
async function finished(response: Response, auth = publicAuth): Promise<Response> {
  let current = response;
  for (let i = 0; i < 120 && current.status === 200; i++) {
    const answer = (await current.clone().json()) as OcrAnswer;
    if (answer.status === 'done') return current;
    await new Promise((resolve) => setTimeout(resolve, 250));
    current = await callApi(server, 'GET', `${OCR}/aws/ocr/${answer.job}`, undefined, auth);
  }
  return current;
}

describe('reading a document', () => {
  it('an INE front: names, CURP, sex, birth date and the colonia of its postal code', async () => {
    const response = await finished(await ocr(file('ine', 'identification')));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as OcrAnswer & { status: 'done' };
    expect(answer.result).toMatchObject({
      template: 'INE',
      message: NOTICES.ocrSuccess,
      data: { apellido_paterno: 'PEÑA', apellido_materno: 'NÚÑEZ', nombre: 'MARÍA FERNANDA', curp: PEOPLE[1]!.curp, sexo: 'Femenino', fecha_nacimiento: '2003-11-02', codigo_postal: '44160', colonia: { colonia: 'Americana' } },
    });
  }, 60_000);

  // Usually answered at once (within the 1 s wait); on a loaded machine it may become a job, so it is polled.
  it("a Constancia with a text layer is read from its text: the company's RFC and name", async () => {
    const response = await finished(await ocr(file('csf', 'tax', 'application/pdf')));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'done', result: { template: 'CSF', data: { rfc: COMPANIES[0]!.rfc, razon_social: COMPANIES[0]!.razon_social, fecha_constitucion: COMPANIES[0]!.fecha_constitucion } } });
  }, 60_000);

  it("a blank image answers 'empty' with the spec's message", async () => {
    const response = await finished(await ocr(file('blank', 'identification')));
    expect(await response.json()).toEqual({ status: 'done', result: { template: null, data: 'empty', uncertain: [], message: NOTICES.ocrEmpty } });
  }, 60_000);
});

describe('refusals with the spec messages', () => {
  it('a CFE bill uploaded as the ID: 422, only INE or IFE', async () => {
    const response = await finished(await ocr(file('cfe', 'identification')));
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ statusCode: 422, message: NOTICES.ocrWrongId });
  }, 60_000);

  it('an ID card uploaded as the tax document: 422, only the Constancia', async () => {
    const response = await finished(await ocr(file('ine', 'tax')));
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ message: NOTICES.ocrWrongTax });
  }, 60_000);

  it('an executable that claims to be a PDF: 422, the extension is not valid', async () => {
    const response = await ocr(file('exe', 'tax', 'application/pdf'));
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ message: MESSAGES.fileType });
  });

  it('a body without its key: 400 naming it; a format outside the four: 400', async () => {
    expect((await ocr({ bucket: 'documentos', format: 'image/png', type: 'identification' })).status).toBe(400);
    const response = await ocr({ ...file('ine', 'identification'), format: 'application/x-msdownload' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: MESSAGES.fileType });
  });

  it("what the storage refuses is answered as it refuses it; a storage failure is the spec's default error (500)", async () => {
    expect((await ocr(file('missing', 'identification'))).status).toBe(404);
    const response = await ocr(file('broken', 'identification'));
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ message: NOTICES.ocrError });
  });

  it('without a session: 401', async () => {
    expect((await ocr(file('ine', 'identification'), null)).status).toBe(401);
  });
});

describe('a slow read becomes a job', () => {
  it('answers reading with a job that its own session polls to the end, and no other session finds', async () => {
    const started = await ocr(file('slow', 'tax', 'application/pdf'));
    expect(started.status).toBe(200);
    const answer = (await started.clone().json()) as OcrAnswer;
    expect(answer).toEqual({ status: 'reading', job: expect.any(String) });
    const job = (answer as { job: string }).job;
    expect((await callApi(server, 'GET', `${OCR}/aws/ocr/${job}`, undefined, staffAuth)).status).toBe(404);
    expect((await callApi(server, 'GET', `${OCR}/aws/ocr/${job}`, undefined, publicAuth)).status).toBe(200);
    const done = await finished(started);
    expect(await done.json()).toMatchObject({ status: 'done', result: { template: 'CSF', data: { rfc: COMPANIES[1]!.rfc } } });
  });

  it('an unknown job and a malformed one: 404', async () => {
    expect((await callApi(server, 'GET', `${OCR}/aws/ocr/${randomUUID()}`, undefined, publicAuth)).status).toBe(404);
    expect((await callApi(server, 'GET', `${OCR}/aws/ocr/nada`, undefined, publicAuth)).status).toBe(404);
  });
});
