// The embedded storage endpoint (issue 15): a signed policy lets the browser post one file straight
// to storage, answered with S3's XML; a tampered, expired or out-of-range upload gets S3's XML error
// and writes nothing; @aws-sdk/client-s3 reads what it holds (the S3-compatible store's code path).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, s3Client } from '../../server/storage/s3-storage';
import { signHex, signingKey } from '../../server/storage/sigv4';
import { leftovers, PNG, signed, startDocumentServer, storedPath, upload, xmlValue, type DocumentServer, type Signed } from './support/documents';
import { startTestServer, type TestServer } from './support/test-server';

const ACCESS = { S3_ACCESS_KEY_ID: 'prueba-acceso', S3_SECRET_ACCESS_KEY: 'un-secreto-de-prueba-suficientemente-largo' };
let server: DocumentServer;

beforeAll(async () => (server = await startDocumentServer(ACCESS)));
afterAll(() => server.close());

const policyOf = (policy: Signed) => JSON.parse(Buffer.from(policy.fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
const encoded = (document: object) => Buffer.from(JSON.stringify(document)).toString('base64');

/** The refusal's status and S3 error code, and that nothing was stored. */
async function expectRefused(response: Response, policy: Signed, status: number, code: string) {
  const xml = await response.text();
  expect(response.status, xml).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
  expect(xmlValue(xml, 'Code')).toBe(code);
  expect(xmlValue(xml, 'Message')).toBeTruthy();
  expect(fs.existsSync(storedPath(server, policy))).toBe(false);
  expect(leftovers(server)).toEqual([]);
}

describe('signed upload', () => {
  it('answers a POST policy for one key under the session folder of its type, valid for minutes, 1 byte to 10 MB', async () => {
    const policy = await signed(server, server.publicAuth, 'tax');
    expect(policy.url).toBe('/storage/documentos');
    expect(policy.bucket).toBe('documentos');
    expect(policy.key).toMatch(/^tax\/sesion-[0-9a-f]{32}\/[0-9a-f-]{36}$/);
    expect(policy.max_bytes).toBe(10 * 1024 * 1024);
    const minutes = (new Date(policy.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4);
    expect(minutes).toBeLessThanOrEqual(5);
    expect(policy.fields).toMatchObject({ key: policy.key, bucket: 'documentos', success_action_status: '201', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' });
    expect(policyOf(policy).conditions).toContainEqual(['content-length-range', 1, 10 * 1024 * 1024]);
  });

  it('stores the posted file and answers S3’s PostResponse with its Key, Bucket, Location and ETag', async () => {
    const policy = await signed(server, server.publicAuth);
    const response = await upload(server, policy, PNG);
    const xml = await response.text();
    expect(response.status, xml).toBe(201);
    expect(xmlValue(xml, 'Key')).toBe(policy.key);
    expect(xmlValue(xml, 'Bucket')).toBe('documentos');
    expect(xmlValue(xml, 'Location')).toBe(`${server.url}/storage/documentos/${policy.key}`);
    expect(xmlValue(xml, 'ETag')).toMatch(/^&quot;[0-9a-f]{32}&quot;$/);
    expect(fs.readFileSync(storedPath(server, policy))).toEqual(PNG);
    expect(leftovers(server)).toEqual([]);
  });

  it('takes a file of exactly 10 MB', async () => {
    const policy = await signed(server, server.publicAuth);
    const response = await upload(server, policy, Buffer.alloc(10 * 1024 * 1024, 1));
    expect(response.status, await response.text()).toBe(201);
    expect(fs.statSync(storedPath(server, policy)).size).toBe(10 * 1024 * 1024);
  });
});

describe('refused uploads: S3’s XML error, nothing stored', () => {
  it('a policy changed after signing', async () => {
    const policy = await signed(server, server.publicAuth);
    const document = policyOf(policy);
    const widened = { ...document, conditions: document.conditions.map((item) => (Array.isArray(item) && item[0] === 'content-length-range' ? ['content-length-range', 1, 100 * 1024 * 1024] : item)) };
    await expectRefused(await upload(server, policy, PNG, { Policy: encoded(widened) }), policy, 403, 'SignatureDoesNotMatch');
  });

  it('a signature changed', async () => {
    const policy = await signed(server, server.publicAuth);
    const signature = policy.fields['X-Amz-Signature']!;
    const changed = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    await expectRefused(await upload(server, policy, PNG, { 'X-Amz-Signature': changed }), policy, 403, 'SignatureDoesNotMatch');
  });

  it('an expired policy, even signed with the store’s own secret', async () => {
    const policy = await signed(server, server.publicAuth);
    const expired = encoded({ ...policyOf(policy), expiration: new Date(Date.now() - 1000).toISOString() });
    const date = policy.fields['X-Amz-Date']!.slice(0, 8);
    const signature = signHex(signingKey(ACCESS.S3_SECRET_ACCESS_KEY, date, 'us-east-1'), expired);
    await expectRefused(await upload(server, policy, PNG, { Policy: expired, 'X-Amz-Signature': signature }), policy, 403, 'AccessDenied');
  });

  it('a file of 10.5 MB', async () => {
    const policy = await signed(server, server.publicAuth);
    await expectRefused(await upload(server, policy, Buffer.alloc(10.5 * 1024 * 1024, 7)), policy, 400, 'EntityTooLarge');
  });

  it('an empty file', async () => {
    const policy = await signed(server, server.publicAuth);
    await expectRefused(await upload(server, policy, Buffer.alloc(0)), policy, 400, 'EntityTooSmall');
  });

  it('a form field the policy does not name', async () => {
    const policy = await signed(server, server.publicAuth);
    await expectRefused(await upload(server, policy, PNG, { acl: 'public-read' }), policy, 403, 'AccessDenied');
  });

  it('a key outside the signed one, or in another application’s folder', async () => {
    const policy = await signed(server, server.publicAuth);
    const [type, folder] = policy.key.split('/');
    for (const key of [`${type}/${folder}/otro`, `identification/7d0f3c1e-4b7a-4c55-9d55-2b1f0c7a9e11/${policy.key.split('/')[2]}`]) {
      await expectRefused(await upload(server, policy, PNG, { key }), { ...policy, key }, 403, 'AccessDenied');
    }
  });

  it('a policy from another store’s credentials, or none', async () => {
    const policy = await signed(server, server.publicAuth);
    const credential = policy.fields['X-Amz-Credential']!.replace(/^[^/]+/, 'otra-clave');
    await expectRefused(await upload(server, policy, PNG, { 'X-Amz-Credential': credential }), policy, 403, 'InvalidAccessKeyId');
    await expectRefused(await upload(server, policy, PNG, { Policy: null }), policy, 400, 'InvalidArgument');
  });

  it('another bucket', async () => {
    const policy = await signed(server, server.publicAuth);
    await expectRefused(await upload(server, { ...policy, url: '/storage/otro-bucket' }, PNG), policy, 404, 'NoSuchBucket');
  });
});

describe('reading through @aws-sdk/client-s3 (the S3-compatible store’s code) from the embedded endpoint', () => {
  const client = (secret = ACCESS.S3_SECRET_ACCESS_KEY) =>
    createS3Storage(s3Client({ endpoint: `${server.url}/storage`, region: 'us-east-1', accessKeyId: ACCESS.S3_ACCESS_KEY_ID, secretAccessKey: secret, forcePathStyle: true }));

  it('heads, reads and removes an uploaded object with SigV4 header authorisation', async () => {
    const policy = await signed(server, server.publicAuth);
    expect((await upload(server, policy, PNG)).status).toBe(201);
    const storage = client();
    expect(await storage.head(policy.bucket, policy.key)).toMatchObject({ size: PNG.length });
    expect(await storage.read(policy.bucket, policy.key, 1024)).toEqual(PNG);
    await storage.remove(policy.bucket, policy.key);
    expect(await storage.head(policy.bucket, policy.key)).toBeUndefined();
    expect(fs.existsSync(storedPath(server, policy))).toBe(false);
  });

  it('is refused with another secret, and without a signature', async () => {
    const policy = await signed(server, server.publicAuth);
    expect((await upload(server, policy, PNG)).status).toBe(201);
    await expect(client('otro-secreto').read(policy.bucket, policy.key, 1024)).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    const plain = await fetch(`${server.url}/storage/${policy.bucket}/${policy.key}`);
    expect(plain.status).toBe(403);
    expect(xmlValue(await plain.text(), 'Code')).toBe('AccessDenied');
  });

  describe('a server whose store is S3-compatible (S3_ENDPOINT: this one’s endpoint)', () => {
    let remote: TestServer;
    beforeAll(async () => (remote = await startTestServer({ ...ACCESS, S3_ENDPOINT: `${server.url}/storage` })));
    afterAll(() => remote.close());

    it('signs policies the store accepts, reads the upload back through client-s3, and lets the page reach the store', async () => {
      const { publicToken } = await import('./support/test-server');
      const auth = `Bearer ${(await publicToken(remote)).access_token}`;
      const policy = await signed(remote, auth, 'address');
      expect(policy.url).toBe(`${server.url}/storage/documentos`);
      const response = await upload(server, policy, PNG);
      expect(response.status, await response.text()).toBe(201);
      const { documentStore } = await remote.app.backend;
      expect(documentStore.storage.kind).toBe('s3');
      expect(await documentStore.storage.read(policy.bucket, policy.key, 1024)).toEqual(PNG);
      const page = await fetch(`${remote.url}/`);
      expect(page.headers.get('content-security-policy')).toContain(`connect-src 'self' ${server.url}`);
      expect((await fetch(`${remote.url}/storage/documentos`, { method: 'POST' })).status).toBe(404);
    });
  });
});
