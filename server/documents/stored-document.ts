// Reads an uploaded document for the server (the OCR call): the key must be one this session may
// reach, the object must be in storage, and its bytes must be a JPEG, PNG, WebP or PDF of at most
// FILE_MAX_BYTES, whatever its name or the format the browser claims. A refused object is removed.
import type { FastifyRequest } from 'fastify';
import { DOCUMENT_FORMATS, FILE_MAX_BYTES, type DocumentFormat, type UploadedFile } from '../../forms/contracts/documents';
import { MESSAGES } from '../../forms/messages';
import { ApiError } from '../api-error';
import { isStaff } from '../applications/application-routes';
import { ownerOf, uploadableApplication } from './document-access';
import type { DocumentRow } from './document-tables';

const notFound = () => new ApiError(404, 'El archivo no existe o no pertenece a esta solicitud.', 'document_not_found');
export const wrongFormat = () => new ApiError(422, MESSAGES.fileType, 'invalid_format');

/** The format read from the bytes, when it is one a document may be. */
export async function documentFormatOf(bytes: Uint8Array): Promise<DocumentFormat | undefined> {
  const { fileTypeFromBuffer } = await import('file-type'); // loaded on the first upload, not at start
  const found = await fileTypeFromBuffer(bytes);
  return found && (DOCUMENT_FORMATS as readonly string[]).includes(found.mime) ? (found.mime as DocumentFormat) : undefined;
}

/** The row of `file` when this session may read it; a 404 (or the application's 403) otherwise. */
async function reachableRow(request: FastifyRequest, file: UploadedFile): Promise<DocumentRow> {
  const row = await request.backend.documents.find(file.bucket, file.key);
  if (!row) throw notFound();
  if (row.type !== file.type) throw new ApiError(400, 'El tipo de documento no corresponde al archivo subido.', 'type_mismatch');
  if (isStaff(request)) return row;
  const owner = ownerOf(request);
  // Signed by this very session (before or after its application's first save).
  if (owner !== undefined && row.owner === owner) {
    if (row.application_uuid) await uploadableApplication(request, row.application_uuid);
    return row;
  }
  // Holding the application's uuid, as every public call does.
  if (row.application_uuid && file.uuid === row.application_uuid) {
    await uploadableApplication(request, row.application_uuid);
    return row;
  }
  throw notFound();
}

export async function readStoredDocument(request: FastifyRequest, file: UploadedFile): Promise<{ bytes: Buffer; format: DocumentFormat; id: string }> {
  const row = await reachableRow(request, file);
  const { storage } = request.backend.documentStore;
  const object = await storage.head(row.bucket, row.key);
  if (!object) throw new ApiError(404, 'El archivo aún no se ha subido al almacenamiento.', 'document_not_uploaded');
  const refuse = async () => {
    await storage.remove(row.bucket, row.key);
    await request.backend.documents.markRefused(row.id);
    request.log.warn({ event: 'security', kind: 'document_refused', document: row.id, size: object.size }, 'an uploaded document was refused by its content');
    return wrongFormat();
  };
  if (object.size === 0 || object.size > FILE_MAX_BYTES) throw await refuse();
  const bytes = await storage.read(row.bucket, row.key, FILE_MAX_BYTES);
  const format = await documentFormatOf(bytes);
  if (!format) throw await refuse();
  await request.backend.documents.markUploaded(row.id, format, bytes.length);
  return { bytes, format, id: row.id };
}

