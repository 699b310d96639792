// One document read end to end: its bytes checked by content (file-type), its text taken from a
// PDF's text layer or recognised by the pool, then its fields read by the template's grammar.
import { fileTypeFromBuffer } from 'file-type';
import { DOCUMENT_FORMATS, FILE_MAX_BYTES, type DocumentFormat, type DocumentType, type OcrResult } from '../../forms/contracts/documents';
import { MESSAGES, NOTICES } from '../../forms/messages';
import { ApiError } from '../api-error';
import { extractFields } from './extract-fields';
import { prepareImage } from './image-prep';
import { readPdf } from './pdf-document';
import type { PostalCatalogue } from './postal-address';
import type { OcrPool } from './tesseract-pool';

export interface OcrEngine {
  read(document: { bytes: Buffer; type: DocumentType }): Promise<OcrResult>;
}

export const notAcceptedFile = () => new ApiError(422, MESSAGES.fileType, 'invalid_format');
export const unreadable = () => new ApiError(422, NOTICES.ocrEmpty, 'unreadable');

/** What the bytes are, whatever the upload claimed: one of the accepted formats, or a 422. */
export async function formatOf(bytes: Buffer): Promise<DocumentFormat> {
  if (bytes.length === 0 || bytes.length > FILE_MAX_BYTES) throw notAcceptedFile();
  const detected = await fileTypeFromBuffer(bytes);
  const format = DOCUMENT_FORMATS.find((accepted) => accepted === detected?.mime);
  if (!format) throw notAcceptedFile();
  return format;
}

export function createOcrEngine(pool: OcrPool, catalogue: PostalCatalogue): OcrEngine {
  const recognise = async (image: Buffer) => {
    let prepared: Buffer;
    try {
      prepared = await prepareImage(image);
    } catch {
      throw unreadable();
    }
    return pool.recognize(prepared);
  };

  return {
    async read({ bytes, type }) {
      const format = await formatOf(bytes);
      let text: string;
      if (format === 'application/pdf') {
        const content = await readPdf(bytes).catch(() => {
          throw unreadable();
        });
        text = content.kind === 'text' ? content.text : (await Promise.all(content.pages.map(recognise))).join('\f');
      } else {
        text = await recognise(bytes);
      }
      return extractFields(text, type, catalogue);
    },
  };
}
