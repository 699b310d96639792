// Helpers of the document tests: a test server with a data folder of its own and a route that
// calls readStoredDocument (the OCR call's reader) as the OCR route will, a signed policy, and an
// upload posted as a browser posts it (FormData, the file last).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SignedUrlAnswer, UploadedFile } from '../../../forms/contracts/documents';
import { uploadedFileSchema } from '../../../forms/contracts/documents';
import { buildApp } from '../../../server/app';
import { requireSession } from '../../../server/auth/session';
import { openBackend } from '../../../server/backend';
import { loadConfig } from '../../../server/config';
import { readStoredDocument } from '../../../server/documents/stored-document';
import { contractBody } from '../../../server/validation/contract-body';
import { checkAnswersAgainstDocument } from './answer-check';
import { freshDatabase, publicToken, staffToken, TEST_JWT_SECRET, type TestServer } from './test-server';

export type Signed = SignedUrlAnswer['data'];

export interface DocumentServer extends TestServer {
  dataDir: string;
  publicAuth: string;
  staffAuth: string;
}

/** A test server whose documents go to a fresh folder, with POST /test/read-document calling readStoredDocument. */
export async function startDocumentServer(env: Record<string, string> = {}): Promise<DocumentServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'documents-'));
  const database = await freshDatabase();
  const config = loadConfig({ JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'silent', DEMO_STAFF_PASSWORD: 'demo1234', RATE_LIMIT: 'off', DATA_DIR: dataDir, ...env });
  const backend = openBackend(config, database.target);
  const app = await buildApp({ config, backend, logger: false });
  checkAnswersAgainstDocument(app);
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => void (request.backend = await backend));
    scope.post('/test/read-document', { preHandler: requireSession('public', 'system_auth') }, async (request) => {
      const { bytes, format, id } = await readStoredDocument(request, contractBody(uploadedFileSchema, request.body) as UploadedFile);
      return { id, format, size: bytes.length, base64: bytes.toString('base64') };
    });
  });
  await backend;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const server: TestServer = {
    app,
    url,
    config,
    target: { ...database.target, env: database.env },
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return { ...server, dataDir, publicAuth: `Bearer ${(await publicToken(server)).access_token}`, staffAuth: `Bearer ${await staffToken(server)}` };
}

/** GET /api/aws/signed-url answered 200. */
export async function signed(server: TestServer, auth: string, type = 'identification', uuid?: string): Promise<Signed> {
  const query = new URLSearchParams({ type, ...(uuid ? { uuid } : {}) });
  const response = await fetch(`${server.url}/api/aws/signed-url?${query}`, { headers: { authorization: auth } });
  if (response.status !== 200) throw new Error(`signed-url: ${response.status} ${await response.text()}`);
  return ((await response.json()) as SignedUrlAnswer).data;
}

/** Posts `bytes` to storage with the policy's fields (changed by `fields`: a null removes one), the file last. */
export function upload(server: TestServer, policy: Signed, bytes: Uint8Array, fields: Record<string, string | null> = {}, filename = 'documento.png'): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...policy.fields, ...fields })) if (value !== null) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  return fetch(new URL(policy.url, server.url), { method: 'POST', body: form });
}

/** The uploaded file as POST /aws/ocr receives it. */
export const uploadedFile = (policy: Signed, type = 'identification', uuid?: string) => ({ key: policy.key, bucket: policy.bucket, format: 'image/png', type, ...(uuid ? { uuid } : {}) });

/** One element's text of an XML answer. */
export const xmlValue = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

/** The object's file under the data folder, and whether any upload is left half-written. */
export const storedPath = (server: DocumentServer, policy: Signed) => path.join(server.dataDir, 'documents', policy.bucket, ...policy.key.split('/'));
export const leftovers = (server: DocumentServer) => {
  const incoming = path.join(server.dataDir, 'documents', '.incoming');
  return fs.existsSync(incoming) ? fs.readdirSync(incoming) : [];
};

/** A 1×1 PNG, and the first bytes of a Linux executable. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
export const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120)]);
