// The POST policy check of the embedded store (server/storage/post-policy.ts), against policies
// signed by @aws-sdk/s3-presigned-post itself: what S3 and MinIO accept and refuse.
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { describe, expect, it } from 'vitest';
import { checkPostPolicy } from '../../../server/storage/post-policy';
import { s3Client } from '../../../server/storage/s3-storage';
import type { StorageRefusal } from '../../../server/storage/s3-xml';

const credentials = { accessKeyId: 'clave', secretAccessKey: 'secreto-de-prueba', region: 'us-east-1' };
const client = s3Client({ ...credentials, endpoint: 'http://localhost/storage', forcePathStyle: true });

async function form(conditions: Parameters<typeof createPresignedPost>[1]['Conditions'] = [], fields: Record<string, string> = {}, key = 'tax/abc/1') {
  const post = await createPresignedPost(client, { Bucket: 'documentos', Key: key, Conditions: conditions, Fields: fields, Expires: 60 });
  return new Map(Object.entries(post.fields).map(([name, value]) => [name.toLowerCase(), value]));
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return { status: (error as StorageRefusal).statusCode, code: (error as StorageRefusal).code };
  }
  throw new Error('accepted');
};

describe('checkPostPolicy', () => {
  it('accepts the SDK’s policy: its key, length range and success status', async () => {
    const fields = await form([['content-length-range', 1, 100]], { success_action_status: '201' });
    expect(checkPostPolicy('documentos', fields, credentials)).toEqual({ key: 'tax/abc/1', lengthRange: [1, 100], successActionStatus: 201 });
  });

  it('holds starts-with conditions, and fields named x-ignore-*', async () => {
    const fields = await form([['starts-with', '$Content-Type', 'image/']], { 'Content-Type': 'image/png' });
    fields.set('x-ignore-nota', 'lo que sea');
    expect(checkPostPolicy('documentos', fields, credentials).successActionStatus).toBe(204);
    fields.set('content-type', 'application/x-msdownload');
    expect(refusal(() => checkPostPolicy('documentos', fields, credentials))).toEqual({ status: 403, code: 'AccessDenied' });
  });

  it('refuses starts-with on the fields S3 and MinIO take only exactly', async () => {
    const fields = await form([['starts-with', '$bucket', 'doc']]);
    expect(refusal(() => checkPostPolicy('documentos', fields, credentials))).toEqual({ status: 403, code: 'AccessDenied' });
  });

  it('refuses another bucket than the signed one', async () => {
    const fields = await form();
    expect(refusal(() => checkPostPolicy('otro', fields, credentials))).toEqual({ status: 403, code: 'AccessDenied' });
  });

  it('refuses an expired policy, another region and another secret', async () => {
    const fields = await form();
    expect(refusal(() => checkPostPolicy('documentos', fields, credentials, new Date(Date.now() + 61_000)))).toEqual({ status: 403, code: 'AccessDenied' });
    expect(refusal(() => checkPostPolicy('documentos', fields, { ...credentials, region: 'mx-central-1' }))).toEqual({ status: 400, code: 'AuthorizationHeaderMalformed' });
    expect(refusal(() => checkPostPolicy('documentos', fields, { ...credentials, secretAccessKey: 'otro' }))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('refuses another algorithm and a missing signature field', async () => {
    const fields = await form();
    expect(refusal(() => checkPostPolicy('documentos', new Map([...fields, ['x-amz-algorithm', 'AWS4-HMAC-SHA1']]), credentials))).toEqual({ status: 400, code: 'InvalidArgument' });
    const unsigned = new Map(fields);
    unsigned.delete('x-amz-signature');
    expect(refusal(() => checkPostPolicy('documentos', unsigned, credentials))).toEqual({ status: 400, code: 'InvalidArgument' });
  });
});
