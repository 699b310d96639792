// @vitest-environment jsdom
// The document calls as the upload statechart sees them: the policy asked for, the file posted to
// storage with exactly the policy's fields and the file last, S3's XML answer read, and the OCR's
// refusals (the server's message) told apart from its failures.
import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { UploadFailure } from '../../forms/documents/upload-failure';
import { formatFileSize } from '../../forms/documents/file-format';
import { NOTICES } from '../../forms/messages';
import { postToStorage, readFileFormat, readStorageAnswer, requestOcr, signUpload } from '../../services/documents';

const UUID = '0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10';
const POLICY = {
  url: '/storage/documentos',
  fields: { key: `identification/${UUID}/abc`, success_action_status: '201', Policy: 'e30=', 'X-Amz-Signature': 'f00' },
  key: `identification/${UUID}/abc`,
  bucket: 'documentos',
  expires_at: '2026-11-23T23:00:00.000Z',
  max_bytes: 10 * 1024 * 1024,
};

function fakeHttp(answer: (config: InternalAxiosRequestConfig) => { status: number; data: unknown }) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const { status, data } = answer(config);
    const response = { status, data, statusText: '', headers: {}, config };
    if (status >= 400) throw new AxiosError('failed', String(status), config, null, response);
    return response;
  };
  return { http: axios.create({ baseURL: '/api', adapter }), seen };
}

describe('reading a chosen file', () => {
  it('knows JPEG, PNG, WebP and PDF by their bytes, and not an executable named .pdf', async () => {
    const blob = (bytes: number[]) => new Blob([new Uint8Array([...bytes, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])]);
    expect(await readFileFormat(blob([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(await readFileFormat(blob([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(await readFileFormat(blob([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]))).toBe('image/webp');
    expect(await readFileFormat(new Blob(['%PDF-1.7\n']))).toBe('application/pdf');
    expect(await readFileFormat(new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0])], 'constancia.pdf'))).toBeNull();
    expect(await readFileFormat(new Blob([]))).toBeNull();
  });

  it('shows sizes in KB and MB as es-MX writes them', () => {
    expect(formatFileSize(850 * 1024)).toBe('850 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(200)).toBe('1 KB');
  });
});

describe("storage's answer", () => {
  it('reads Key and Bucket from the PostResponse', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Location>/storage/documentos/k</Location><Bucket>documentos</Bucket><Key>identification/${UUID}/abc</Key><ETag>"e"</ETag></PostResponse>`;
    expect(readStorageAnswer(201, xml)).toEqual({ key: `identification/${UUID}/abc`, bucket: 'documentos' });
  });

  it('refuses with the message a file too big gets, and treats an expired policy as worth a retry', () => {
    const error = (code: string, message: string) => `<?xml version="1.0"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
    const tooBig = (() => {
      try {
        readStorageAnswer(400, error('EntityTooLarge', 'El archivo excede el tamaño permitido.'));
      } catch (failure) {
        return failure;
      }
    })() as UploadFailure;
    expect(tooBig).toMatchObject({ stage: 'upload', refused: true, serverMessage: 'El archivo excede el tamaño permitido.' });
    expect(() => readStorageAnswer(403, error('AccessDenied', 'la política expiró.'))).toThrow(UploadFailure);
    try {
      readStorageAnswer(403, error('AccessDenied', 'la política expiró.'));
    } catch (failure) {
      expect((failure as UploadFailure).refused).toBe(false);
    }
  });

  it("says storage's refusals and failures in Spanish, never in storage's words (an S3 service writes English)", () => {
    const error = (code: string, message: string) => `<?xml version="1.0"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
    const failureOf = (status: number, xml: string) => {
      try {
        readStorageAnswer(status, xml);
      } catch (failure) {
        return failure as UploadFailure;
      }
      throw new Error('no failure');
    };
    expect(failureOf(400, error('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'))).toMatchObject({ refused: true, serverMessage: NOTICES.storageTooLarge });
    expect(failureOf(400, error('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size'))).toMatchObject({ refused: true, serverMessage: NOTICES.storageTooSmall });
    // Storage out of reach behind its front (503), or an answer that is no XML: worth a retry, said by the area's own message.
    expect(failureOf(503, error('ServiceUnavailable', 'Service unavailable'))).toMatchObject({ stage: 'upload', refused: false, serverMessage: null });
    expect(failureOf(502, '<html>Bad Gateway</html>')).toMatchObject({ refused: false, serverMessage: null });
  });
});

describe('posting to storage', () => {
  const original = globalThis.XMLHttpRequest;
  afterEach(() => {
    globalThis.XMLHttpRequest = original;
  });

  it("sends exactly the policy's fields, the file last, to the policy's URL on this origin, with no header, reporting progress", async () => {
    const sent: { method?: string; url?: string; body?: FormData; headers: string[] } = { headers: [] };
    class FakeXhr {
      status = 201;
      responseText = `<PostResponse><Bucket>documentos</Bucket><Key>${POLICY.key}</Key></PostResponse>`;
      upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror = null;
      onabort = null;
      open(method: string, url: string) {
        Object.assign(sent, { method, url });
      }
      setRequestHeader(name: string) {
        sent.headers.push(name);
      }
      abort() {}
      send(body: FormData) {
        sent.body = body;
        this.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
        this.onload?.();
      }
    }
    globalThis.XMLHttpRequest = FakeXhr as never;
    const progress: number[][] = [];
    const file = new File(['%PDF-1.7'], 'constancia.pdf', { type: 'application/pdf' });
    const stored = await postToStorage({ file, policy: POLICY, onProgress: (loaded, total) => progress.push([loaded, total]), origin: 'https://solicitud.example.mx' });
    expect(stored).toEqual({ key: POLICY.key, bucket: 'documentos' });
    expect(sent).toMatchObject({ method: 'POST', url: 'https://solicitud.example.mx/storage/documentos', headers: [] });
    expect([...sent.body!.keys()]).toEqual([...Object.keys(POLICY.fields), 'file']);
    expect(progress).toEqual([[5, 10]]);
  });
});

describe('posting to storage, stopped', () => {
  const original = globalThis.XMLHttpRequest;
  afterEach(() => {
    globalThis.XMLHttpRequest = original;
  });

  it('aborts the post when the statechart stops it (the person cancelled)', async () => {
    let aborted = false;
    class PendingXhr {
      upload = { onprogress: null };
      onabort: (() => void) | null = null;
      open() {}
      send() {}
      abort() {
        aborted = true;
        this.onabort?.();
      }
    }
    globalThis.XMLHttpRequest = PendingXhr as never;
    const controller = new AbortController();
    const posting = postToStorage({ file: new File(['x'], 'a.png'), policy: POLICY, onProgress: () => {}, signal: controller.signal, origin: 'https://solicitud.example.mx' });
    controller.abort();
    await expect(posting).rejects.toBeInstanceOf(UploadFailure);
    expect(aborted).toBe(true);
  });
});

describe('the API calls', () => {
  it('asks for the policy of a type and an application', async () => {
    const { http, seen } = fakeHttp(() => ({ status: 200, data: { data: POLICY } }));
    expect(await signUpload(http, 'tax', UUID)).toEqual(POLICY);
    expect(seen[0]).toMatchObject({ url: '/aws/signed-url', params: { type: 'tax', uuid: UUID } });
  });

  it("makes a 422 of the OCR a refusal with the server's message, and anything else a failure", async () => {
    const refused = fakeHttp(() => ({ status: 422, data: { message: 'Documento inválido, solo INE o IFE son aceptados' } }));
    const request = { key: POLICY.key, bucket: 'documentos', format: 'image/jpeg' as const, type: 'identification' as const, uuid: UUID };
    await expect(requestOcr(refused.http, request)).rejects.toMatchObject({ stage: 'ocr', refused: true, serverMessage: 'Documento inválido, solo INE o IFE son aceptados' });
    expect(refused.seen[0]!.data).toBe(JSON.stringify(request));
    const failed = fakeHttp(() => ({ status: 503, data: {} }));
    await expect(requestOcr(failed.http, request)).rejects.toMatchObject({ stage: 'ocr', refused: false, serverMessage: null });
  });
});
