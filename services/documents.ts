// The document calls of spec 01 §7 and issue 15: the storage policy (GET /aws/signed-url), the post
// of the file straight to storage (never through the API: the policy's fields, then the file, with
// its progress; S3's XML answer read for Key and Bucket), the OCR read (POST /aws/ocr, then
// GET /aws/ocr/{job} while it reads), the staff's list of an application's documents; and the
// upload statechart's actors that make them (machines/upload.ts).
import type { AxiosInstance } from 'axios';
import { fromPromise } from 'xstate';
import type { WizardCode } from '../forms/contracts/application';
import type { DocumentFormat, DocumentListAnswer, DocumentType, OcrAnswer, SignedUrlAnswer } from '../forms/contracts/documents';
import { FORMAT_HEAD_BYTES, formatOfBytes } from '../forms/documents/file-format';
import { UploadFailure } from '../forms/documents/upload-failure';
import { callFailure } from './http';
import { NOTICES } from '../forms/messages';

type Policy = SignedUrlAnswer['data'];

export async function signUpload(http: AxiosInstance, type: DocumentType, uuid: string | null): Promise<Policy> {
  try {
    return (await http.get<SignedUrlAnswer>('/aws/signed-url', { params: { type, ...(uuid ? { uuid } : {}) } })).data.data;
  } catch (error) {
    throw new UploadFailure('signing', false, callFailure(error).message ?? null);
  }
}

/** The format of a chosen file, from its first bytes. */
export async function readFileFormat(file: Blob): Promise<DocumentFormat | null> {
  return formatOfBytes(new Uint8Array(await file.slice(0, FORMAT_HEAD_BYTES).arrayBuffer()));
}

/** Storage's answers to a post of a file that was too big or empty, in Spanish: the person chooses another file. */
const REFUSED_CONTENT: Record<string, string> = { EntityTooLarge: NOTICES.storageTooLarge, EntityTooSmall: NOTICES.storageTooSmall };

const textOf = (document: Document, tag: string) => document.getElementsByTagName(tag)[0]?.textContent?.trim() || null;

/**
 * S3's XML answer to a post: the PostResponse's Key and Bucket, or an UploadFailure: refused when
 * the file itself was (with our Spanish message for its code), otherwise worth a retry. Storage's
 * own Message is never shown: an S3 service writes it in English (a 503's 'Service unavailable').
 */
export function readStorageAnswer(status: number, xml: string): { key: string; bucket: string } {
  const document = new DOMParser().parseFromString(xml || '<none/>', 'application/xml');
  if (status >= 200 && status < 300) {
    const key = textOf(document, 'Key');
    const bucket = textOf(document, 'Bucket');
    if (key && bucket) return { key, bucket };
    throw new UploadFailure('upload', false, null);
  }
  const refusal = REFUSED_CONTENT[textOf(document, 'Code') ?? ''];
  throw new UploadFailure('upload', refusal !== undefined, refusal ?? null);
}

export interface StoragePost {
  file: File;
  policy: Policy;
  onProgress: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** Where a root-relative policy URL (the embedded storage) is resolved; the page's origin. */
  origin?: string;
}

/**
 * Posts the file to storage with the policy's fields, exactly those, and the file last. XHR, for
 * the upload's progress; no bearer or other header reaches storage.
 */
export function postToStorage({ file, policy, onProgress, signal, origin = globalThis.location?.origin }: StoragePost): Promise<{ key: string; bucket: string }> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(policy.fields)) form.append(name, value);
    form.append('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', new URL(policy.url, origin).href);
    request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () => {
      try {
        resolve(readStorageAnswer(request.status, request.responseText));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(new UploadFailure('upload', false, null));
    request.onabort = () => reject(new UploadFailure('upload', false, null));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** A failed OCR call: a 422 (wrong template, unreadable or refused file) is a refusal with the server's message. */
const ocrFailure = (error: unknown) => {
  const { status, message } = callFailure(error);
  return new UploadFailure('ocr', status === 422, message ?? null);
};

export interface OcrRequest {
  key: string;
  bucket: string;
  format: DocumentFormat;
  type: DocumentType;
  uuid: string | null;
}

export async function requestOcr(http: AxiosInstance, { uuid, ...file }: OcrRequest): Promise<OcrAnswer> {
  try {
    return (await http.post<OcrAnswer>('/aws/ocr', { ...file, ...(uuid ? { uuid } : {}) })).data;
  } catch (error) {
    throw ocrFailure(error);
  }
}

export async function pollOcr(http: AxiosInstance, job: string): Promise<OcrAnswer> {
  try {
    return (await http.get<OcrAnswer>(`/aws/ocr/${encodeURIComponent(job)}`)).data;
  } catch (error) {
    throw ocrFailure(error);
  }
}

/** GET /{code}/documentos/{uuid} (staff): the application's documents, newest first. */
export const fetchDocuments = async (http: AxiosInstance, code: WizardCode, uuid: string) =>
  (await http.get<DocumentListAnswer>(`/${code}/documentos/${encodeURIComponent(uuid)}`)).data.data;

/** The upload statechart's actors. */
export const uploadActors = (http: AxiosInstance) => ({
  'read format': fromPromise<DocumentFormat | null, { file: File }>(({ input }) => readFileFormat(input.file)),
  sign: fromPromise<Policy, { type: DocumentType; uuid: string | null }>(({ input }) => signUpload(http, input.type, input.uuid)),
  upload: fromPromise<{ key: string; bucket: string }, { file: File; policy: Policy; onProgress: (loaded: number, total: number) => void }>(
    ({ input, signal }) => postToStorage({ ...input, signal }),
  ),
  'request ocr': fromPromise<OcrAnswer, OcrRequest>(({ input }) => requestOcr(http, input)),
  'poll ocr': fromPromise<OcrAnswer, { job: string }>(({ input }) => pollOcr(http, input.job)),
});
