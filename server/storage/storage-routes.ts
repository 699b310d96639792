// The embedded S3-compatible endpoint (DESIGN.md §4), mounted at /storage when S3_ENDPOINT is unset:
// POST /storage/{bucket} takes S3's POST Object form (fields, then `file` last) checked against its
// signed policy, streams the file to a temporary path and moves it into place only when every check
// passed; GET, HEAD and DELETE /storage/{bucket}/{key} answer SigV4 header-authorised requests (what
// @aws-sdk/client-s3 sends), so the S3 storage code runs against it in CI. It speaks S3's XML.
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { object, string } from 'yup';
import { FILE_MAX_BYTES } from '../../forms/limits';
import { ApiError } from '../api-error';
import type { RouteContract } from '../openapi/route-contract';
import { isSafeBucket, isSafeKey } from './document-storage';
import type { DocumentStore } from './document-store';
import { boundaryOf, receivePostForm } from './multipart-form';
import { checkPostPolicy } from './post-policy';
import { errorXml, postResponseXml, StorageRefusal } from './s3-xml';
import { headerSignature, parseAmzDate, parseAuthorization, sameSignature } from './sigv4';

/** A header-signed request is accepted this long either side of its x-amz-date (S3's 15 minutes). */
const CLOCK_SKEW_MS = 15 * 60 * 1000;
/** A refused upload's remaining body is read and dropped up to this much, so the browser reads the refusal. */
const DRAIN_MAX_BYTES = 2 * FILE_MAX_BYTES;
const DRAIN_MAX_MS = 10_000;

const XML = 'application/xml';
const xmlAnswer = (description: string) => ({ description, mediaType: XML, schema: string() });
const refusalsXml = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, xmlAnswer("S3's XML Error (Code, Message, Resource, RequestId)")]));

/** The form the browser posts: the signed policy's fields as GET /api/aws/signed-url gave them, then the file. */
const postForm = object({
  key: string().required(),
  bucket: string(),
  success_action_status: string(),
  Policy: string().required(),
  'X-Amz-Algorithm': string().required(),
  'X-Amz-Credential': string().required(),
  'X-Amz-Date': string().required(),
  'X-Amz-Signature': string().required(),
  file: string().required().meta({ openapi: { type: 'string', format: 'binary' }, description: 'the document, last' }),
});

const POST_CONTRACT: RouteContract = {
  body: postForm,
  bodyMediaType: 'multipart/form-data',
  answers: {
    201: xmlAnswer("S3's PostResponse: Location, Bucket, Key, ETag (success_action_status 201)"),
    200: { description: 'Stored (success_action_status 200): no body' },
    204: { description: 'Stored (no success_action_status): no body' },
    ...refusalsXml(400, 403, 404, 503),
  },
};
const OBJECT_CONTRACT: RouteContract = {
  answers: {
    200: { description: 'The object (SigV4 header authorisation)', mediaType: 'application/octet-stream', schema: string().meta({ openapi: { type: 'string', format: 'binary' } }) },
    ...refusalsXml(400, 403, 404, 503),
  },
};
const DELETE_CONTRACT: RouteContract = { answers: { 204: { description: 'Removed (or there was nothing)' }, ...refusalsXml(400, 403, 404, 503) } };

declare module 'fastify' {
  interface FastifyRequest {
    documentStore: DocumentStore;
  }
}

function sendRefusal(request: FastifyRequest, reply: FastifyReply, refusal: StorageRefusal) {
  const resource = request.url.split('?')[0]!;
  reply.status(refusal.statusCode).header('cache-control', 'no-store').type(XML);
  return reply.send(request.method === 'HEAD' ? '' : errorXml(refusal, resource, request.id));
}

/** Reads and drops the rest of a refused upload (bounded), so the client is not cut off mid-send. */
async function drain(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  await new Promise<void>((resolve) => {
    let read = 0;
    const stop = () => {
      clearTimeout(timer);
      raw.off('data', count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_MAX_BYTES) {
        raw.destroy();
        stop();
      }
    };
    const timer = setTimeout(() => {
      raw.destroy();
      stop();
    }, DRAIN_MAX_MS);
    raw.removeAllListeners('readable');
    raw.on('data', count);
    raw.once('end', stop);
    raw.once('close', stop);
    raw.once('error', stop);
    raw.resume();
  });
}

export async function storageRoutes(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    try {
      request.documentStore = (await app.backend).documentStore;
    } catch {
      throw new StorageRefusal(503, 'ServiceUnavailable', 'El almacenamiento no está disponible por el momento, intenta de nuevo en unos segundos.');
    }
  });
  app.setErrorHandler(async (error, request, reply) => {
    if (error instanceof StorageRefusal) return sendRefusal(request, reply, error);
    const status = error instanceof ApiError ? error.statusCode : (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) return sendRefusal(request, reply, new StorageRefusal(400, 'InvalidRequest', 'La solicitud no es válida.'));
    request.log.error({ err: error }, 'storage endpoint failed');
    return sendRefusal(request, reply, new StorageRefusal(500, 'InternalError', 'Ocurrió un error en el almacenamiento.'));
  });
  // The body is read as it streams (multipart-form.ts), never buffered by Fastify.
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));

  const storedBucket = (request: FastifyRequest, bucket: string) => {
    if (!isSafeBucket(bucket) || bucket !== request.documentStore.bucket) throw new StorageRefusal(404, 'NoSuchBucket', 'El bucket no existe.');
    return request.documentStore.folder!;
  };

  app.post<{ Params: { bucket: string } }>(
    '/:bucket',
    { schema: { summary: 'Upload a document with a signed POST policy (S3 POST Object)' }, config: { contract: POST_CONTRACT } },
    async (request, reply) => {
      const { bucket } = request.params;
      const folder = storedBucket(request, bucket);
      const boundary = boundaryOf(request.headers['content-type']);
      if (!boundary) throw new StorageRefusal(400, 'MalformedPOSTRequest', 'El cuerpo de la solicitud no es un multipart/form-data válido.');
      const incoming = await folder.incomingPath();
      let accepted: ReturnType<typeof checkPostPolicy> | undefined;
      try {
        const received = await receivePostForm(request.raw, boundary, async (fields) => {
          accepted = checkPostPolicy(bucket, fields, request.documentStore.credentials);
          if (!isSafeKey(accepted.key)) throw new StorageRefusal(400, 'InvalidArgument', 'La clave del archivo no es válida.');
          // Never more than a document may weigh, whatever a policy allows.
          const [min, max] = accepted.lengthRange;
          return { path: incoming, lengthRange: [min, Math.min(max, FILE_MAX_BYTES)] };
        });
        await folder.commit(incoming, bucket, accepted!.key);
        const { key, successActionStatus } = accepted!;
        reply.header('etag', `"${received.md5}"`).header('cache-control', 'no-store');
        if (successActionStatus !== 201) return reply.status(successActionStatus).send();
        const location = `${request.protocol}://${request.host}${request.url.split('?')[0]}/${key.split('/').map(encodeURIComponent).join('/')}`;
        return reply.status(201).type(XML).send(postResponseXml(location, bucket, key, received.md5));
      } catch (error) {
        await rm(incoming, { force: true });
        await drain(request);
        throw error;
      }
    },
  );

  /** The object a header-signed request names, once its signature holds. */
  const authorised = (request: FastifyRequest<{ Params: { bucket: string; '*': string } }>) => {
    const { bucket } = request.params;
    const key = request.params['*'];
    const folder = storedBucket(request, bucket);
    const auth = parseAuthorization(request.headers.authorization);
    if (!auth) throw new StorageRefusal(403, 'AccessDenied', 'Se requiere una firma AWS4-HMAC-SHA256.');
    const { credentials } = request.documentStore;
    if (auth.accessKeyId !== credentials.accessKeyId) throw new StorageRefusal(403, 'InvalidAccessKeyId', 'La clave de acceso no existe en este almacenamiento.');
    if (auth.region !== credentials.region || auth.service !== 's3') throw new StorageRefusal(400, 'AuthorizationHeaderMalformed', 'La región de la firma no es la de este almacenamiento.');
    const amzDate = typeof request.headers['x-amz-date'] === 'string' ? parseAmzDate(request.headers['x-amz-date']) : undefined;
    if (!amzDate || !auth.signedHeaders.includes('host') || !auth.signedHeaders.includes('x-amz-date')) {
      throw new StorageRefusal(403, 'AccessDenied', 'La firma debe cubrir los encabezados host y x-amz-date.');
    }
    if (Math.abs(amzDate.getTime() - Date.now()) > CLOCK_SKEW_MS) throw new StorageRefusal(403, 'RequestTimeTooSkewed', 'La hora de la solicitud difiere demasiado de la del servidor.');
    const path = request.url.split('?')[0]!.split('/').map((segment) => decodeURIComponent(segment)).join('/');
    const expected = headerSignature({ method: request.method, path, query: request.query as Record<string, string>, headers: request.headers }, auth, credentials.secretAccessKey);
    if (!sameSignature(expected, auth.signature)) throw new StorageRefusal(403, 'SignatureDoesNotMatch', 'La firma de la solicitud no corresponde.');
    if (!isSafeKey(key)) throw new StorageRefusal(404, 'NoSuchKey', 'El archivo no existe.');
    return { folder, bucket, key };
  };

  app.get<{ Params: { bucket: string; '*': string } }>(
    '/:bucket/*',
    { schema: { summary: 'Read a stored document (SigV4 header authorisation, for @aws-sdk/client-s3)' }, config: { contract: OBJECT_CONTRACT } },
    async (request, reply) => {
      const { folder, bucket, key } = authorised(request);
      const object = await folder.head(bucket, key);
      if (!object) throw new StorageRefusal(404, 'NoSuchKey', 'El archivo no existe.');
      reply
        .header('content-length', object.size)
        .header('last-modified', object.lastModified.toUTCString())
        .header('cache-control', 'no-store')
        .type('application/octet-stream');
      // HEAD: an empty stream keeps the object's content-length (Fastify sets a string's own length).
      return reply.send(request.method === 'HEAD' ? Readable.from([]) : createReadStream(folder.pathOf(bucket, key)));
    },
  );

  app.delete<{ Params: { bucket: string; '*': string } }>(
    '/:bucket/*',
    { schema: { summary: 'Remove a stored document (SigV4 header authorisation)' }, config: { contract: DELETE_CONTRACT } },
    async (request, reply) => {
      const { folder, bucket, key } = authorised(request);
      await folder.remove(bucket, key);
      return reply.status(204).send();
    },
  );
}
