// From recognised text to the answer of POST /aws/ocr: which template the document is, whether the
// upload's type accepts it, and the fields its grammar reads (spec 01 §7, §8).
import { ACCEPTED_TEMPLATES, isAcceptedTemplate, type DocumentTemplate, type DocumentType, type OcrResult } from '../../forms/contracts/documents';
import { NOTICES } from '../../forms/messages';
import { ApiError } from '../api-error';
import { constanciaTemplate, readConstancia } from './grammars/constancia';
import { idCardTemplate, readIdCard } from './grammars/id-card';
import { newReading } from './grammars/reading';
import { readReceipt, receiptTemplate } from './grammars/receipts';
import { rfcOfSatQr } from './grammars/sat-qr';
import type { PostalCatalogue } from './postal-address';
import { lettersCount, toLines } from './recognised-text';

/** Fewer letters than this and the document is taken as unreadable (a blank or a blurred page). */
const READABLE_LETTERS = 20;

export const wrongTemplate = (type: DocumentType) => new ApiError(422, ACCEPTED_TEMPLATES[type].wrong, 'wrong_template');

export function templateOf(lines: string[]): DocumentTemplate | null {
  return constanciaTemplate(lines) ?? idCardTemplate(lines) ?? receiptTemplate(lines);
}

/** What else was found on the document besides its text: the texts of its QR codes. */
export interface Found {
  qr?: readonly string[];
}

/**
 * The fields of a document of `type` from its text (and its QR codes). A document of another
 * template is refused (422, the spec's message); nothing readable answers 'empty'.
 */
export function extractFields(text: string, type: DocumentType, catalogue: PostalCatalogue, found: Found = {}): OcrResult {
  const lines = toLines(text);
  if (lettersCount(text) < READABLE_LETTERS) return { template: null, data: 'empty', uncertain: [], message: NOTICES.ocrEmpty };
  const template = templateOf(lines);
  if (!isAcceptedTemplate(type, template)) throw wrongTemplate(type);
  const reading = newReading();
  if (template === 'CSF') readConstancia(lines, catalogue, reading, rfcOfSatQr(found.qr ?? []));
  else if (template === 'INE' || template === 'IFE') readIdCard(lines, catalogue, reading);
  else readReceipt(lines, catalogue, reading, template);
  if (Object.keys(reading.fields).length === 0) return { template, data: 'empty', uncertain: [], message: NOTICES.ocrEmpty };
  return { template, data: reading.fields, uncertain: [...reading.uncertain].filter((field) => field in reading.fields), message: NOTICES.ocrSuccess };
}
