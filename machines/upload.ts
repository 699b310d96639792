// One upload area's lifecycle (spec 01 §2 'Global behaviour', §3 'Uploaded file', §7, §8, §9):
// a chosen file is checked by its first bytes and its size, the storage policy is signed, the
// file posted straight to storage (with its progress), and read by the OCR, whose progress grows
// 5 % every 3000 ms, capped at 90 until the answer, then 100. It ends filled, rejected (type,
// size, template or empty read: the person chooses another file) or failed (signing, upload or
// OCR: retry or cancel). One file at a time: a second file while one is in flight is refused.
// Reading the bytes, signing, posting and the OCR calls are actors provided by services/documents.ts.
import { assign, raise, setup } from 'xstate';
import type { DocumentFormat, DocumentType, OcrAnswer, OcrResult, SignedUrlAnswer } from '../forms/contracts/documents';
import { ACCEPTED_TEMPLATES, isAcceptedTemplate } from '../forms/contracts/documents';
import { isAllowedSize } from '../forms/documents/file-format';
import { UploadFailure, type UploadStage } from '../forms/documents/upload-failure';
import { DELAYS } from '../forms/limits';
import { MESSAGES, NOTICES } from '../forms/messages';
import { notProvided } from './not-provided';

export type SignedPolicy = SignedUrlAnswer['data'];

export interface UploadInput {
  type: DocumentType;
  /** The application, once stored; null before its first save. */
  uuid: string | null;
}

/** Where the file is in storage, once posted (S3's XML answer). */
export interface StoredFile {
  key: string;
  bucket: string;
}

export type Rejection = 'type' | 'size' | 'template' | 'empty';

export interface UploadContext extends UploadInput {
  file: File | null;
  format: DocumentFormat | null;
  policy: SignedPolicy | null;
  stored: StoredFile | null;
  /** Upload progress, 0–100, from the post's progress events. */
  uploadProgress: number;
  /** OCR progress, 0–100: 5 % every polling interval, capped at 90 until the answer. */
  ocrProgress: number;
  job: string | null;
  result: OcrResult | null;
  rejection: Rejection | null;
  failure: UploadStage | null;
  /** The Spanish message shown with the outcome (spec 01 §8, or the server's). */
  message: string | null;
  /** Set when a second file was chosen while one was in flight, and refused. */
  refusedSecond: boolean;
}

export type UploadEvent =
  | { type: 'file.chosen'; file: File }
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.retry' }
  | { type: 'upload.cancel' }
  /** Raised by the OCR progress every polling interval: the pending job is asked again on the same beat. */
  | { type: 'ocr.tick' };

/** The OCR progress cap before the answer (spec 01 §9). */
export const OCR_PROGRESS_CAP = 90;
export const OCR_PROGRESS_STEP = 5;

export interface UploadCall {
  file: File;
  policy: SignedPolicy;
  /** Reports the post's progress (bytes sent of total). */
  onProgress: (loaded: number, total: number) => void;
}

export interface OcrCall extends StoredFile {
  format: DocumentFormat;
  type: DocumentType;
  uuid: string | null;
}

const FRESH = {
  format: null,
  policy: null,
  stored: null,
  uploadProgress: 0,
  ocrProgress: 0,
  job: null,
  result: null,
  rejection: null,
  failure: null,
  message: null,
  refusedSecond: false,
} as const;

const failureOf = (error: unknown) => (error instanceof UploadFailure ? error : null);

/** A read answered with a job to poll. */
const isPending = (answer: OcrAnswer): answer is Extract<OcrAnswer, { status: 'reading' }> => answer.status === 'reading';

export const uploadMachine = setup({
  types: {
    input: {} as UploadInput,
    context: {} as UploadContext,
    events: {} as UploadEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** The file's format, read from its first bytes (null: not JPEG, PNG, WebP or PDF). */
    'read format': notProvided<DocumentFormat | null, { file: File }>('read format'),
    sign: notProvided<SignedPolicy, UploadInput>('sign'),
    /** Posts the file to storage; resolves with S3's Key and Bucket. Stopping it aborts the post. */
    upload: notProvided<StoredFile, UploadCall>('upload'),
    'request ocr': notProvided<OcrAnswer, OcrCall>('request ocr'),
    'poll ocr': notProvided<OcrAnswer, { job: string }>('poll ocr'),
  },
  guards: {
    'has no allowed size': ({ context }) => !isAllowedSize(context.file!.size),
    'is not a document': (_, params: { format: DocumentFormat | null }) => params.format === null,
    'is pending': (_, params: { answer: OcrAnswer }) => isPending(params.answer),
    'is empty': (_, params: { answer: OcrAnswer }) => !isPending(params.answer) && params.answer.result.data === 'empty',
    'is another template': ({ context }, params: { answer: OcrAnswer }) => {
      if (isPending(params.answer)) return false;
      const { template } = params.answer.result;
      return template !== null && !isAcceptedTemplate(context.type, template);
    },
    'was refused': (_, params: { error: unknown }) => failureOf(params.error)?.refused === true,
    'failed at signing': ({ context }) => context.failure === 'signing',
    'failed at upload': ({ context }) => context.failure === 'upload',
  },
  actions: {
    'take file': assign((_, params: { file: File }) => ({ ...FRESH, file: params.file })),
    'refuse second file': assign({ refusedSecond: true }),
    forget: assign({ ...FRESH, file: null }),
    reject: assign((_, params: { rejection: Rejection; message: string }) => ({ rejection: params.rejection, message: params.message })),
    fail: assign((_, params: { stage: UploadStage; error: unknown }) => ({
      failure: params.stage,
      message: failureOf(params.error)?.serverMessage ?? (params.stage === 'ocr' ? NOTICES.ocrError : null),
    })),
    'clear outcome': assign({ failure: null, rejection: null, message: null, refusedSecond: false }),
    'assign format': assign((_, params: { format: DocumentFormat }) => ({ format: params.format })),
    'assign policy': assign((_, params: { policy: SignedPolicy }) => ({ policy: params.policy })),
    'assign progress': assign((_, params: { loaded: number; total: number }) => ({
      uploadProgress: params.total > 0 ? Math.min(100, Math.floor((100 * params.loaded) / params.total)) : 0,
    })),
    'assign stored': assign((_, params: { stored: StoredFile }) => ({ stored: params.stored, uploadProgress: 100, ocrProgress: 0, job: null })),
    'assign job': assign((_, params: { answer: OcrAnswer }) => ({ job: isPending(params.answer) ? params.answer.job : null })),
    'advance ocr progress': assign(({ context }) => ({ ocrProgress: Math.min(OCR_PROGRESS_CAP, context.ocrProgress + OCR_PROGRESS_STEP) })),
    'assign result': assign((_, params: { answer: OcrAnswer }) => {
      const result = isPending(params.answer) ? null : params.answer.result;
      return { result, ocrProgress: 100, message: result?.message || NOTICES.ocrSuccess };
    }),
  },
  delays: {
    'ocr polling': DELAYS.ocrPolling,
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({ ...input, file: null, ...FRESH }),
  initial: 'idle',
  on: {
    // Only while nothing is in flight (the states below that are busy refuse it).
    'file.chosen': { target: '.checking', actions: { type: 'take file', params: ({ event }) => ({ file: event.file }) } },
  },
  states: {
    idle: {},
    checking: {
      tags: 'busy',
      on: { 'file.chosen': { actions: 'refuse second file' }, 'upload.cancel': { target: 'idle', actions: 'forget' } },
      initial: 'size',
      states: {
        size: {
          always: [
            {
              guard: 'has no allowed size',
              target: '#upload.rejected',
              actions: {
                type: 'reject',
                params: ({ context }) => ({ rejection: 'size' as const, message: context.file!.size === 0 ? NOTICES.fileEmpty : NOTICES.fileTooLarge }),
              },
            },
            { target: 'content' },
          ],
        },
        content: {
          invoke: {
            id: 'format',
            src: 'read format',
            input: ({ context }) => ({ file: context.file! }),
            onDone: [
              {
                guard: { type: 'is not a document', params: ({ event }) => ({ format: event.output }) },
                target: '#upload.rejected',
                actions: { type: 'reject', params: { rejection: 'type', message: MESSAGES.fileType } },
              },
              { target: '#upload.signing', actions: { type: 'assign format', params: ({ event }) => ({ format: event.output! }) } },
            ],
            onError: {
              target: '#upload.rejected',
              actions: { type: 'reject', params: { rejection: 'type', message: MESSAGES.fileType } },
            },
          },
        },
      },
    },
    signing: {
      tags: 'busy',
      on: { 'file.chosen': { actions: 'refuse second file' }, 'upload.cancel': { target: 'idle', actions: 'forget' } },
      invoke: {
        id: 'sign',
        src: 'sign',
        input: ({ context }) => ({ type: context.type, uuid: context.uuid }),
        onDone: { target: 'uploading', actions: { type: 'assign policy', params: ({ event }) => ({ policy: event.output }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ stage: 'signing' as const, error: event.error }) } },
      },
    },
    uploading: {
      tags: 'busy',
      on: {
        'file.chosen': { actions: 'refuse second file' },
        'upload.cancel': { target: 'idle', actions: 'forget' },
        'upload.progress': { actions: { type: 'assign progress', params: ({ event }) => ({ loaded: event.loaded, total: event.total }) } },
      },
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context, self }) => ({
          file: context.file!,
          policy: context.policy!,
          onProgress: (loaded: number, total: number) => self.send({ type: 'upload.progress', loaded, total }),
        }),
        onDone: { target: 'reading', actions: { type: 'assign stored', params: ({ event }) => ({ stored: event.output }) } },
        onError: [
          // Storage refused the file (its content, its size): the person chooses another.
          {
            guard: { type: 'was refused', params: ({ event }) => ({ error: event.error }) },
            target: 'rejected',
            actions: { type: 'reject', params: ({ event }) => ({ rejection: 'type' as const, message: failureOf(event.error)?.serverMessage ?? MESSAGES.fileType }) },
          },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ stage: 'upload' as const, error: event.error }) } },
        ],
      },
    },
    reading: {
      tags: 'busy',
      type: 'parallel',
      on: { 'file.chosen': { actions: 'refuse second file' }, 'upload.cancel': { target: 'idle', actions: 'forget' } },
      states: {
        progress: {
          initial: 'growing',
          states: {
            growing: {
              after: { 'ocr polling': { target: 'growing', reenter: true, actions: ['advance ocr progress', raise({ type: 'ocr.tick' })] } },
            },
          },
        },
        call: {
          initial: 'requesting',
          states: {
            requesting: {
              invoke: {
                id: 'ocr',
                src: 'request ocr',
                input: ({ context }) => ({ ...context.stored!, format: context.format!, type: context.type, uuid: context.uuid }),
                onDone: [
                  { guard: { type: 'is pending', params: ({ event }) => ({ answer: event.output }) }, target: 'waiting', actions: { type: 'assign job', params: ({ event }) => ({ answer: event.output }) } },
                  ...readOutcomes(),
                ],
                onError: readFailures(),
              },
            },
            /** A job to poll: asked again at the progress's next beat (every polling interval). */
            waiting: {
              on: { 'ocr.tick': 'polling' },
            },
            polling: {
              invoke: {
                id: 'poll',
                src: 'poll ocr',
                input: ({ context }) => ({ job: context.job! }),
                onDone: [
                  { guard: { type: 'is pending', params: ({ event }) => ({ answer: event.output }) }, target: 'waiting' },
                  ...readOutcomes(),
                ],
                onError: readFailures(),
              },
            },
          },
        },
      },
    },
    filled: {
      on: { 'upload.cancel': { target: 'idle', actions: 'forget' } },
    },
    rejected: {
      on: { 'upload.cancel': { target: 'idle', actions: 'forget' } },
    },
    failed: {
      on: {
        'upload.cancel': { target: 'idle', actions: 'forget' },
        // Signing and upload failures sign again (a policy lasts minutes); an OCR failure reads the stored file again.
        'upload.retry': [
          { guard: 'failed at signing', target: 'signing', actions: 'clear outcome' },
          { guard: 'failed at upload', target: 'signing', actions: 'clear outcome' },
          { target: 'reading', actions: 'clear outcome' },
        ],
      },
    },
  },
});

/** What a finished read leads to: empty, another template, or the fields. */
function readOutcomes() {
  return [
    {
      guard: { type: 'is empty', params: ({ event }: { event: { output: OcrAnswer } }) => ({ answer: event.output }) },
      target: '#upload.rejected',
      actions: { type: 'reject', params: { rejection: 'empty' as const, message: NOTICES.ocrEmpty } },
    },
    {
      guard: { type: 'is another template', params: ({ event }: { event: { output: OcrAnswer } }) => ({ answer: event.output }) },
      target: '#upload.rejected',
      actions: { type: 'reject', params: ({ context }: { context: UploadContext }) => ({ rejection: 'template' as const, message: ACCEPTED_TEMPLATES[context.type].wrong }) },
    },
    { target: '#upload.filled', actions: { type: 'assign result', params: ({ event }: { event: { output: OcrAnswer } }) => ({ answer: event.output }) } },
  ] as const;
}

/** A refused read (422: a wrong template, an unreadable file) is a rejection with the server's message; anything else failed. */
function readFailures() {
  return [
    {
      guard: { type: 'was refused', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
      target: '#upload.rejected',
      actions: {
        type: 'reject',
        params: ({ event }: { event: { error: unknown } }) => {
          const message = failureOf(event.error)?.serverMessage ?? NOTICES.ocrError;
          return { rejection: message === NOTICES.ocrEmpty ? ('empty' as const) : ('template' as const), message };
        },
      },
    },
    { target: '#upload.failed', actions: { type: 'fail', params: ({ event }: { event: { error: unknown } }) => ({ stage: 'ocr' as const, error: event.error }) } },
  ] as const;
}
