// POST /aws/ocr and GET /aws/ocr/{job} (spec 01 §7, §9): the stored upload read by the OCR engine,
// answered at once when the read is quick, or as a job the browser polls every 3000 ms (kept in the
// database, so any instance answers the poll: ocr-jobs.ts). The file is
// read through `readStored` (the documents' storage: server/documents/stored-document.ts), which
// also decides whether this session may reach it; its bytes are checked again by content here.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { object, string } from 'yup';
import { ocrAnswerSchema, uploadedFileSchema, type DocumentFormat, type UploadedFile } from '../../forms/contracts/documents';
import { requireSession } from '../auth/session';
import { answer, refusals } from '../openapi/route-contract';
import { checksBody } from '../validation/contract-body';
import type { OcrEngine } from './ocr-engine';
import { createOcrJobs, jobNotFound, type OcrJobs } from './ocr-jobs';
import { catalogueOfIndex, type PostalCatalogue } from './postal-address';
import type { OcrPool } from './tesseract-pool';

/** Reads an upload back from storage, refusing one this session may not reach. */
export type ReadStored = (request: FastifyRequest, file: UploadedFile) => Promise<{ bytes: Buffer; format: DocumentFormat; id: string }>;

export interface OcrRouteOptions {
  readStored: ReadStored;
  /** Called with the template a stored document was read as (the staff's document list shows it). */
  recordTemplate?: (request: FastifyRequest, id: string, template: string | null) => Promise<void>;
  /** The warm workers; by default a pool of OCR_WORKERS made on the first read and closed with the server. */
  pool?: OcrPool;
  /** The postal codes' colonias; by default the catalogue index the API answers from. */
  catalogue?: (request: FastifyRequest) => PostalCatalogue;
  /** The reads under way; by default kept in this server's database (made on the first read). */
  jobs?: OcrJobs;
}

const jobParams = object({ job: string().uuid().required() });

/** The session a job belongs to: a public session by its id, staff by their user and session. */
const ownerOf = (request: FastifyRequest) => `${request.session?.kind}:${request.session?.sid ?? ''}:${request.session?.sub ?? ''}`;

export async function ocrRoutes(app: FastifyInstance, options: OcrRouteOptions) {
  let jobs = options.jobs;
  const jobsOf = (request: FastifyRequest) => (jobs ??= createOcrJobs(request.backend.db));
  let ownPool: Promise<OcrPool> | undefined;
  // Tesseract, the image and PDF readers load with the first read, not at start.
  const startPool = () =>
    import('./tesseract-pool')
      .then(({ createOcrPool }) => createOcrPool(app.config.ocrWorkers))
      .catch((error: unknown) => {
        ownPool = undefined; // the next read tries again
        throw error;
      });
  const pool = () => (options.pool ? Promise.resolve(options.pool) : (ownPool ??= startPool()));
  app.addHook('onClose', async () => (await ownPool?.catch(() => undefined))?.close());
  const catalogue = options.catalogue ?? ((request: FastifyRequest) => catalogueOfIndex(request.backend.catalogs));
  const engineFor = async (request: FastifyRequest): Promise<OcrEngine> => (await import('./ocr-engine')).createOcrEngine(await pool(), catalogue(request));

  app.post<{ Body: UploadedFile }>(
    '/aws/ocr',
    {
      preValidation: checksBody(uploadedFileSchema),
      preHandler: requireSession('public', 'system_auth'),
      schema: { summary: 'Read an uploaded document: its fields, or a job to poll every 3000 ms' },
      config: {
        contract: {
          body: uploadedFileSchema,
          answers: {
            200: answer(ocrAnswerSchema, "`done` with the fields read (or data 'empty'), or `reading` with the job to poll"),
            ...refusals(400, 401, 403, 404, 422, 503),
            500: { description: "The read failed: 'Error al intentar obtener datos con OCR'.", schema: refusals(500)[500]!.schema },
          },
        },
      },
    },
    async (request) => {
      const file = request.body;
      return jobsOf(request).start(ownerOf(request), async () => {
        const stored = await options.readStored(request, file);
        const result = await (await engineFor(request)).read({ bytes: stored.bytes, type: file.type });
        // A read that found no field (the area asks for another file) records no template: the
        // opening does not list it as received, and staff see it as not recognised.
        await options.recordTemplate?.(request, stored.id, result.data === 'empty' ? null : result.template);
        return result;
      });
    },
  );

  app.get<{ Params: { job: string } }>(
    '/aws/ocr/:job',
    {
      preHandler: requireSession('public', 'system_auth'),
      schema: { summary: 'A document read under way: still reading, or its fields' },
      config: {
        contract: {
          answers: {
            200: answer(ocrAnswerSchema, '`reading` while the job runs, then `done` with its result'),
            ...refusals(401, 403, 404, 422, 503),
            500: { description: "The read failed: 'Error al intentar obtener datos con OCR'.", schema: refusals(500)[500]!.schema },
          },
        },
      },
    },
    async (request) => {
      if (!jobParams.isValidSync(request.params)) throw jobNotFound();
      return jobsOf(request).poll(ownerOf(request), request.params.job);
    },
  );
}
