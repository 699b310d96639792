// The document calls of spec 01 §7 on the wire (issue 15):
// - GET /aws/signed-url?type=…&uuid=… answers an S3 POST policy: the browser posts the file
//   straight to storage (never through the API) and reads S3's XML answer for Key and Bucket;
// - POST /aws/ocr with the uploaded file (spec 01 §3 'Uploaded file': key, bucket, format, type)
//   answers the fields read from it, or a job the browser polls every 3000 ms (GET /aws/ocr/{job});
// - GET /{code}/documentos/{uuid} (staff) lists an application's documents, and
//   GET /aws/documents/{id} opens one in the browser.
// Files are checked by content: JPEG, PNG, WebP or PDF, at most 10 MB (forms/limits.ts FILE_MAX_BYTES).
import { array, mixed, number, object, string, type InferType } from 'yup';
import { FILE_MAX_BYTES } from '../limits';
import { MESSAGES, NOTICES } from '../messages';
import { UUID } from './uuid';
import { refusal } from './refusal';

/** The three kinds of document (spec 01 §3): the ID, the tax document, the proof of address. */
export const DOCUMENT_TYPES = ['identification', 'tax', 'address'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** What an upload may be, read from its bytes (file-type), never from its name. */
export const DOCUMENT_FORMATS = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

export { FILE_MAX_BYTES };

const TYPE = refusal('invalid_type', "El tipo de documento debe ser 'identification', 'tax' o 'address'.");
const FORMAT = refusal('invalid_format', MESSAGES.fileType);
const APPLICATION_UUID = refusal('invalid_uuid', 'El uuid de la solicitud no tiene un formato válido.');

const documentType = () => string().strict().oneOf(DOCUMENT_TYPES, TYPE).required(TYPE).typeError(TYPE);
/** The application the document belongs to; empty before its first save (the session holds it until then). */
const applicationUuid = () =>
  string()
    .strict()
    .optional()
    .typeError(APPLICATION_UUID)
    .test('uuid', APPLICATION_UUID, (value) => value === undefined || value === '' || UUID.test(value))
    .meta({ description: 'the application, once stored; empty before its first save' });

/** GET /aws/signed-url: which document, for which application. */
export const signedUrlQuerySchema = object({ type: documentType(), uuid: applicationUuid() });
export type SignedUrlQuery = InferType<typeof signedUrlQuerySchema>;

/**
 * The POST policy (AWS Signature V4): the browser posts `fields` then the file (as the last form
 * field, `file`) to `url`. The policy names one key (`key`), a content length of 1 byte to
 * FILE_MAX_BYTES, and `success_action_status` 201, so storage answers S3's XML PostResponse.
 */
export const signedUrlAnswerSchema = object({
  data: object({
    url: string().required(),
    fields: mixed<Record<string, string>>().required().meta({ openapi: { type: 'object', additionalProperties: { type: 'string' } } }),
    key: string().required(),
    bucket: string().required(),
    expires_at: string().required().meta({ description: 'ISO 8601: when the policy stops being accepted' }),
    max_bytes: number().integer().required(),
  }).required(),
});
export type SignedUrlAnswer = InferType<typeof signedUrlAnswerSchema>;

/** Spec 01 §3 'Uploaded file', as POST /aws/ocr receives it. */
export const uploadedFileSchema = object({
  key: string().strict().required(refusal('missing_key', 'Falta la clave del archivo (key).')).max(1024),
  bucket: string().strict().required(refusal('missing_bucket', 'Falta el bucket del archivo.')).max(63),
  format: string().strict().oneOf(DOCUMENT_FORMATS, FORMAT).required(FORMAT).typeError(FORMAT),
  type: documentType(),
  uuid: applicationUuid(),
});
export type UploadedFile = InferType<typeof uploadedFileSchema>;

/** The template a document was recognised as. */
export const DOCUMENT_TEMPLATES = ['INE', 'IFE', 'CSF', 'CFE', 'TELMEX'] as const;
export type DocumentTemplate = (typeof DOCUMENT_TEMPLATES)[number];

/** The templates each type accepts, and the spec's message for any other (spec 01 §8). */
export const ACCEPTED_TEMPLATES: Record<DocumentType, { templates: DocumentTemplate[]; wrong: string }> = {
  identification: { templates: ['INE', 'IFE'], wrong: NOTICES.ocrWrongId },
  tax: { templates: ['CSF'], wrong: NOTICES.ocrWrongTax },
  address: { templates: ['CFE', 'TELMEX'], wrong: NOTICES.ocrWrongAddress },
};

/** Whether a read recognised a template its document type takes (a refused or unread document did not). */
export const isAcceptedTemplate = (type: string, template: string | null | undefined): template is DocumentTemplate =>
  (ACCEPTED_TEMPLATES[type as DocumentType]?.templates as readonly string[] | undefined)?.includes(template ?? '') ?? false;

/**
 * The fields read from a document (spec 01 §7: name, surnames, sex, curp, rfc, email, template,
 * address fields, business name, phones, constitution date). Dates are ISO `yyyy-MM-dd`; names
 * upper case as the forms keep them; `colonia` is one of the postal code's catalogue entries.
 */
export interface OcrFields {
  nombre?: string;
  apellido_paterno?: string;
  apellido_materno?: string;
  sexo?: 'Masculino' | 'Femenino';
  fecha_nacimiento?: string;
  curp?: string;
  rfc?: string;
  email?: string;
  clave_elector?: string;
  razon_social?: string;
  regimen?: string;
  fecha_constitucion?: string;
  calle?: string;
  codigo_postal?: string;
  colonia?: { colonia: string; municipio: string; estado: string };
  telefonos?: string[];
}

/** A finished read: the fields, or 'empty' when nothing could be read (spec 01 §7). */
export interface OcrResult {
  template: DocumentTemplate | null;
  data: OcrFields | 'empty';
  /** Fields the engine is unsure of: filled, and marked for the person to confirm. */
  uncertain: Array<keyof OcrFields>;
  /** 'Datos obtenidos con OCR', or the empty result's message. */
  message: string;
}

/**
 * POST /aws/ocr and GET /aws/ocr/{job}: 'done' with the result, or 'reading' with the job to poll.
 * A wrong template, an unreadable or refused file answer 422 with the spec's message.
 */
export const ocrAnswerSchema = object({
  status: string().oneOf(['done', 'reading']).required(),
  job: string().optional(),
  result: mixed<OcrResult>().optional().meta({
    openapi: {
      type: 'object',
      properties: {
        // null is listed too: OpenAPI 3.0's `nullable` does not add it to an `enum`.
        template: { type: 'string', nullable: true, enum: [...DOCUMENT_TEMPLATES, null] },
        data: { oneOf: [{ type: 'object' }, { type: 'string', enum: ['empty'] }] },
        uncertain: { type: 'array', items: { type: 'string' } },
        message: { type: 'string' },
      },
    },
  }),
});
export type OcrAnswer = { status: 'done'; result: OcrResult } | { status: 'reading'; job: string };

/**
 * A document an application already holds, as its opening (GET /{code}/{uuid}/{flag}) tells the
 * wizard: which of its upload areas has one, so a person who resumes sees it was received. Newest first.
 */
export const storedDocumentSchema = object({
  type: string().oneOf(DOCUMENT_TYPES).required(),
  format: string().oneOf(DOCUMENT_FORMATS).required(),
  size: number().integer().required(),
  uploaded_at: string().required(),
});
export type StoredDocument = InferType<typeof storedDocumentSchema>;

/** GET /{code}/documentos/{uuid} (staff): an application's documents, newest first. */
export const documentListAnswerSchema = object({
  data: array(
    object({
      id: string().required(),
      type: string().oneOf(DOCUMENT_TYPES).required(),
      format: string().oneOf(DOCUMENT_FORMATS).required(),
      size: number().integer().required(),
      uploaded_at: string().required(),
      uploaded_by: string().required().meta({ description: "who uploaded it: a staff user's name, or 'Solicitante'" }),
      template: string().nullable().defined(),
      url: string().required().meta({ description: 'opens the file in the browser (staff only)' }),
    }),
  ).required(),
});
export type DocumentListAnswer = InferType<typeof documentListAnswerSchema>;
