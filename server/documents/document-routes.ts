// The document calls of spec 01 §7 and issue 15: GET /aws/signed-url answers an S3 POST policy for
// one key under the application's (or, before its first save, the session's) folder of that type;
// staff list an application's documents (GET /{code}/documentos/{uuid}) and open one in the browser
// (GET /aws/documents/{id}, with the bearer or the staff sign-in cookie).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { string } from 'yup';
import { DOCUMENT_FORMATS, documentListAnswerSchema, FILE_MAX_BYTES, signedUrlAnswerSchema, signedUrlQuerySchema, type SignedUrlQuery } from '../../forms/contracts/documents';
import { hasPermission } from '../../forms/staff-permissions';
import { ApiError } from '../api-error';
import { WIZARD_CODES } from '../applications/application-routes';
import { requireSession, staffFromCookie } from '../auth/session';
import { forbidden } from '../http-errors';
import { answer, refusals } from '../openapi/route-contract';
import { UUID } from '../uuid';
import { checksQuery } from '../validation/contract-body';
import { ownerFolder, ownerOf, uploadableApplication } from './document-access';
import { scheduleStaleDocumentSweep } from './stale-documents';
import { documentFormatOf, wrongFormat } from './stored-document';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };

/**
 * The opened file runs nothing and reaches nothing. An image is shown in a sandbox; a PDF is not:
 * Chromium blocks its PDF viewer in a sandboxed document ('This page has been blocked by Chrome'),
 * and older versions need inline styles for the viewer's page. It is always typed application/pdf
 * (by its bytes), so it can never be read as HTML of this origin.
 */
const OPENED_FILE_CSP = {
  image: "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox",
  pdf: "default-src 'none'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'",
};

const noDocument = () => new ApiError(404, 'El documento no existe.', 'document_not_found');

export async function documentRoutes(app: FastifyInstance) {
  const { storage: storageConfig, staffCookieName } = app.config;
  scheduleStaleDocumentSweep(app);

  app.get<{ Querystring: SignedUrlQuery }>(
    '/aws/signed-url',
    {
      preHandler: [requireSession('public', 'system_auth'), checksQuery(signedUrlQuerySchema)],
      schema: { summary: 'A signed S3 POST policy for uploading one document straight to storage' },
      config: { contract: { querystring: signedUrlQuerySchema, answers: { 200: answer(signedUrlAnswerSchema, 'The URL and form fields to post the file with (file last)'), ...refusals(400, 401, 403, 404) } } },
    },
    async (request) => {
      const { type, uuid } = request.query;
      const owner = ownerOf(request);
      if (!owner) throw forbidden('Esta sesión no puede subir documentos: vuelve a iniciar la solicitud.');
      const application = uuid ? await uploadableApplication(request, uuid) : undefined;
      const store = request.backend.documentStore;
      const id = randomUUID();
      const key = `${type}/${application ? application.uuid : ownerFolder(owner)}/${id}`;
      const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post'); // loaded on the first upload, not at start
      const { url, fields } = await createPresignedPost(await store.signer(), {
        Bucket: store.bucket,
        Key: key,
        Expires: storageConfig.policyTtlSeconds,
        Conditions: [['content-length-range', 1, FILE_MAX_BYTES]],
        Fields: { success_action_status: '201' },
      });
      await request.backend.documents.record({ id, bucket: store.bucket, key, type, applicationUuid: application?.uuid ?? null, owner });
      const expiresAt = new Date(JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')).expiration as string);
      return { data: { url: store.uploadUrl(url, store.bucket), fields, key, bucket: store.bucket, expires_at: expiresAt.toISOString(), max_bytes: FILE_MAX_BYTES } };
    },
  );

  for (const code of Object.keys(WIZARD_CODES)) {
    app.get<{ Params: { uuid: string } }>(
      `/${code}/documentos/:uuid`,
      {
        preHandler: requireSession('system_auth'),
        schema: { summary: `An application's uploaded documents (${code}, staff)` },
        config: { contract: { answers: { 200: answer(documentListAnswerSchema, 'Newest first, with who uploaded each and the URL that opens it'), ...refusals(401, 403, 404) } } },
      },
      async (request) => {
        const { uuid } = request.params;
        const application = UUID.test(uuid) ? await request.backend.applications.find(uuid) : undefined;
        if (!application || application.code !== code) throw new ApiError(404, 'No existe una solicitud con ese código.', 'not_found');
        const rows = await request.backend.documents.listUploaded(uuid);
        return {
          data: rows.map((row) => ({
            id: row.id,
            type: row.type,
            format: row.format!,
            size: row.size!,
            uploaded_at: row.uploaded_at!.toISOString(),
            uploaded_by: row.staff_name ?? (row.owner.startsWith('staff:') ? 'Personal' : 'Solicitante'),
            template: row.template,
            url: `${app.prefix}/aws/documents/${row.id}`,
          })),
        };
      },
    );
  }

  /** Staff only, by the bearer or, for a link opened in a new tab, the sign-in cookie. */
  const requireStaffOpening = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.headers.authorization) {
      const user = await staffFromCookie(request, staffCookieName);
      if (user && hasPermission(user.roles, 'solicitudes')) return;
    }
    await requireSession('system_auth')(request, reply);
  };

  app.get<{ Params: { id: string } }>(
    '/aws/documents/:id',
    {
      preHandler: requireStaffOpening,
      schema: { summary: 'Open an uploaded document in the browser (staff)' },
      config: {
        contract: {
          answers: {
            200: { description: 'The file, typed by its content, shown inline', mediaType: DOCUMENT_FORMATS[0], otherMediaTypes: DOCUMENT_FORMATS.slice(1), schema: string().meta({ openapi: { type: 'string', format: 'binary' } }) },
            ...refusals(401, 403, 404, 422),
          },
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const row = UUID.test(id) ? await request.backend.documents.findById(id) : undefined;
      if (!row) throw noDocument();
      const { storage } = request.backend.documentStore;
      const object = await storage.head(row.bucket, row.key);
      if (!object) throw noDocument();
      if (object.size > FILE_MAX_BYTES) throw wrongFormat();
      const bytes = await storage.read(row.bucket, row.key, FILE_MAX_BYTES);
      const format = await documentFormatOf(bytes);
      if (!format) throw wrongFormat();
      return reply
        .type(format)
        .header('content-disposition', `inline; filename="${row.type}-${row.id}.${EXTENSIONS[format]}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', format === 'application/pdf' ? OPENED_FILE_CSP.pdf : OPENED_FILE_CSP.image)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
}
