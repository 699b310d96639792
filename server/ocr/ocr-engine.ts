// One document read end to end: its bytes checked by content (file-type), its text taken from a
// PDF's text layer or recognised by the pool (and, for a tax document, its QR code looked for on the
// document thread meanwhile), then its fields read by the template's grammar.
import { fileTypeFromBuffer } from 'file-type';
import { DOCUMENT_FORMATS, FILE_MAX_BYTES, type DocumentFormat, type DocumentType, type OcrFields, type OcrResult } from '../../forms/contracts/documents';
import { MESSAGES, NOTICES } from '../../forms/messages';
import { ApiError } from '../api-error';
import { extractFields } from './extract-fields';
import { prepareImage } from './image-prep';
import { readPdf, scanQr } from './document-thread';
import type { PostalCatalogue } from './postal-address';
import { fold } from './recognised-text';
import type { OcrPool, Recognised } from './tesseract-pool';

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

/** Below this confidence a word may be misread (an accent dropped: 'GOMEZ' at 88 where the card says GÓMEZ). */
const SURE_WORD = 90;
/** The fields of free text: nothing but the recognition vouches for them (identifiers have check digits, the postal code the catalogue). */
const FREE_TEXT: Array<keyof OcrFields> = ['nombre', 'apellido_paterno', 'apellido_materno', 'calle', 'razon_social'];

/** Free-text fields that hold a word tesseract was unsure of are marked for the person to confirm. */
export function markDoubtfulWords(result: OcrResult, words: Recognised['words']): OcrResult {
  if (result.data === 'empty') return result;
  const data = result.data;
  const doubtful = new Set(words.filter((word) => word.confidence < SURE_WORD).flatMap((word) => fold(word.text).split(/[^A-ZÑ0-9]+/)).filter((word) => word.length > 1));
  if (doubtful.size === 0) return result;
  const marked = FREE_TEXT.filter((field) => {
    const value = data[field];
    return typeof value === 'string' && fold(value).split(/[^A-ZÑ0-9]+/).some((word) => doubtful.has(word));
  });
  return { ...result, uncertain: [...new Set([...result.uncertain, ...marked])] };
}

/** Reads waiting for a worker beyond which a new one is refused (each holds its file, up to 10 MB, in memory). */
export const MAX_WAITING_READS = 16;
export const ocrBusy = () => new ApiError(503, 'Hay muchos documentos en lectura, intenta de nuevo en unos segundos.', 'ocr_busy');

export function createOcrEngine(pool: OcrPool, catalogue: PostalCatalogue): OcrEngine {
  const recognise = async (image: Buffer): Promise<Recognised> => {
    if (pool.load().waiting >= MAX_WAITING_READS) throw ocrBusy();
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
      // The Constancia carries the SAT's QR code; no other document is searched for one.
      const qr = type === 'tax';
      let recognised: Recognised[];
      let codes: string[] | undefined;
      if (format === 'application/pdf') {
        const content = await readPdf(bytes, { qr }).catch(() => {
          throw unreadable();
        });
        if (content.kind === 'text') return extractFields(content.text, type, catalogue, { qr: content.qr });
        recognised = await Promise.all(content.pages.map(recognise));
        codes = content.qr;
      } else {
        // A code that cannot be found (or an image the thread cannot decode) leaves the text to speak.
        const [page, found] = await Promise.all([recognise(bytes), qr ? scanQr(bytes).catch(() => []) : undefined]);
        recognised = [page];
        codes = found;
      }
      const result = extractFields(recognised.map((page) => page.text).join('\f'), type, catalogue, { qr: codes });
      return markDoubtfulWords(result, recognised.flatMap((page) => page.words));
    },
  };
}
