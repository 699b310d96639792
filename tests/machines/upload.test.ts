// Model-based tests of an upload area's statechart: every transition replayed on a real actor with
// fake calls and a simulated clock, for an identity document; then the numbers a person sees
// (upload progress, the OCR's 5 % steps capped at 90, then 100) and the one-file-at-a-time rule.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type EventObject, type SnapshotFrom } from 'xstate';
import type { OcrAnswer, SignedUrlAnswer } from '../../forms/contracts/documents';
import { UploadFailure } from '../../forms/documents/upload-failure';
import { DELAYS, FILE_MAX_BYTES } from '../../forms/limits';
import { MESSAGES, NOTICES } from '../../forms/messages';
import { uploadMachine, type UploadInput } from '../../machines/upload';
import { fileCoverage, type Inspect } from './support/coverage-report';
import { enumerateEdges, testEveryTransition } from './support/model-paths';

type Snapshot = SnapshotFrom<typeof uploadMachine>;

const UUID = '0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10';
const INPUT: UploadInput = { type: 'identification', uuid: UUID };
const PHOTO = { name: 'ine.jpg', size: 120_000 } as File;
const HUGE = { name: 'ine.pdf', size: FILE_MAX_BYTES + 512 * 1024 } as File;
const POLICY: SignedUrlAnswer['data'] = {
  url: '/storage/documentos',
  fields: { key: `solicitudes/${UUID}/identification/abc`, Policy: 'e30=', 'X-Amz-Signature': 'f00' },
  key: `solicitudes/${UUID}/identification/abc`,
  bucket: 'documentos',
  expires_at: '2026-11-23T23:00:00.000Z',
  max_bytes: FILE_MAX_BYTES,
};
const STORED = { key: POLICY.key, bucket: 'documentos' };
const READ: OcrAnswer = {
  status: 'done',
  result: { template: 'INE', data: { nombre: 'MARÍA JOSÉ', curp: 'PEPM800101MDFRXR05' }, uncertain: [], message: NOTICES.ocrSuccess },
};
const PENDING: OcrAnswer = { status: 'reading', job: 'job-1' };
const EMPTY: OcrAnswer = { status: 'done', result: { template: null, data: 'empty', uncertain: [], message: NOTICES.ocrEmpty } };
const TELMEX: OcrAnswer = { status: 'done', result: { template: 'TELMEX', data: { calle: 'AV. JUÁREZ 10' }, uncertain: [], message: NOTICES.ocrSuccess } };
const STORAGE_REFUSAL = 'Tu archivo excede el tamaño permitido.';
const TICK = uploadMachine.getStateNodeById('upload.reading.progress.growing').after[0]!.eventType;

const settle = (id: string, outcome: 'done' | 'error', value: unknown) =>
  ({ type: `xstate.${outcome}.actor.${id}`, [outcome === 'done' ? 'output' : 'error']: value }) as EventObject;

const EVENTS: EventObject[] = [
  { type: 'file.chosen', file: PHOTO } as EventObject,
  { type: 'file.chosen', file: HUGE } as EventObject,
  settle('format', 'done', 'image/jpeg'),
  settle('format', 'done', null),
  settle('format', 'error', new Error('unreadable')),
  settle('sign', 'done', POLICY),
  settle('sign', 'error', new UploadFailure('signing', false, null)),
  { type: 'upload.progress', loaded: 60_000, total: 120_000 } as EventObject,
  settle('upload', 'done', STORED),
  settle('upload', 'error', new UploadFailure('upload', true, STORAGE_REFUSAL)),
  settle('upload', 'error', new UploadFailure('upload', false, null)),
  ...(['ocr', 'poll'] as const).flatMap((id) => [
    settle(id, 'done', READ),
    settle(id, 'done', PENDING),
    settle(id, 'done', EMPTY),
    settle(id, 'done', TELMEX),
    settle(id, 'error', new UploadFailure('ocr', true, NOTICES.ocrWrongId)),
    settle(id, 'error', new UploadFailure('ocr', true, NOTICES.ocrEmpty)),
    settle(id, 'error', new UploadFailure('ocr', false, null)),
  ]),
  { type: TICK },
  { type: 'upload.retry' },
  { type: 'upload.cancel' },
];

const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.rejection, s.context.failure, s.context.message, s.context.refusedSecond, s.context.file?.name ?? null]);

const coverage = fileCoverage('upload');

type CallId = 'format' | 'sign' | 'upload' | 'ocr' | 'poll';
type Call = { input: any; signal: AbortSignal; resolve: (value?: unknown) => void; reject: (error: unknown) => void };

function start(input: UploadInput = INPUT, inspect: Inspect = coverage.inspect) {
  const calls: Record<CallId, Call[]> = { format: [], sign: [], upload: [], ocr: [], poll: [] };
  const fake = (id: CallId) =>
    fromPromise<any, any>(({ input: given, signal }) => new Promise((resolve, reject) => calls[id].push({ input: given, signal, resolve, reject })));
  const clock = new SimulatedClock();
  const actor = createActor(
    uploadMachine.provide({
      actors: { 'read format': fake('format'), sign: fake('sign'), upload: fake('upload'), 'request ocr': fake('ocr'), 'poll ocr': fake('poll') },
    }),
    { input, inspect, clock },
  ).start();
  return { actor, calls, clock };
}

type Harness = ReturnType<typeof start>;

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function play(h: Harness, event: EventObject) {
  const settled = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (settled) {
    const call = h.calls[settled[2] as CallId].at(-1)!;
    if (settled[1] === 'done') call.resolve((event as { output?: unknown }).output);
    else call.reject((event as { error?: unknown }).error);
  } else if (event.type === TICK) {
    h.clock.increment(DELAYS.ocrPolling);
  } else {
    h.actor.send(event as never);
  }
  await flush();
}

function assertMeaning(s: Snapshot, h: Harness) {
  const { context } = s;
  if (s.matches('idle')) {
    expect(context.file).toBeNull();
    expect(context.message).toBeNull();
  } else if (s.matches({ checking: 'content' })) {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.calls.format.at(-1)!.input).toEqual({ file: PHOTO });
  } else if (s.matches('signing')) {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.calls.sign.at(-1)!.input).toEqual({ type: 'identification', uuid: UUID });
  } else if (s.matches('uploading')) {
    expect(h.calls.upload.at(-1)!.input).toMatchObject({ file: PHOTO, policy: POLICY });
    expect(context.uploadProgress).toBeGreaterThanOrEqual(0);
  } else if (s.matches({ reading: { call: 'requesting' } })) {
    expect(context.uploadProgress).toBe(100);
    expect(h.calls.ocr.at(-1)!.input).toEqual({ ...STORED, format: 'image/jpeg', type: 'identification', uuid: UUID });
  } else if (s.matches({ reading: { call: 'waiting' } })) {
    expect(context.job).toBe('job-1');
  } else if (s.matches({ reading: { call: 'polling' } })) {
    expect(h.calls.poll.at(-1)!.input).toEqual({ job: 'job-1' });
  } else if (s.matches('filled')) {
    expect(context.ocrProgress).toBe(100);
    expect(context.result).toEqual((READ as Extract<OcrAnswer, { status: 'done' }>).result);
    expect(context.message).toBe('Datos obtenidos con OCR');
  } else if (s.matches('rejected')) {
    expect(s.hasTag('busy')).toBe(false);
    const expected = {
      size: [NOTICES.fileTooLarge, NOTICES.fileEmpty],
      type: [MESSAGES.fileType, STORAGE_REFUSAL],
      empty: ['No se pueden obtener los datos del documento, revisa calidad del mismo'],
      template: ['Documento inválido, solo INE o IFE son aceptados'],
    }[context.rejection!];
    expect(expected).toContain(context.message);
  } else if (s.matches('failed')) {
    expect(['signing', 'upload', 'ocr']).toContain(context.failure);
    expect(context.message).toBe(context.failure === 'ocr' ? 'Error al intentar obtener datos con OCR' : null);
  } else throw new Error(`Unchecked state ${JSON.stringify(s.value)}`);
}

describe('upload statechart, every transition', () => {
  testEveryTransition({
    edges: enumerateEdges(uploadMachine, { input: INPUT, events: EVENTS, serializeState: serializeState as never }),
    serializeState: serializeState as never,
    start: (_edge, inspect) => start(INPUT, inspect),
    play: play as never,
    assertMeaning: assertMeaning as never,
    inspect: coverage.inspect,
  });
});

describe('upload statechart, what the person sees', () => {
  async function toReading(h: Harness) {
    await play(h, { type: 'file.chosen', file: PHOTO } as EventObject);
    await play(h, settle('format', 'done', 'image/jpeg'));
    await play(h, settle('sign', 'done', POLICY));
    await play(h, settle('upload', 'done', STORED));
  }

  it('shows the upload progress the post reports', async () => {
    const h = start();
    await play(h, { type: 'file.chosen', file: PHOTO } as EventObject);
    await play(h, settle('format', 'done', 'image/jpeg'));
    await play(h, settle('sign', 'done', POLICY));
    h.calls.upload[0]!.input.onProgress(30_000, 120_000);
    expect(h.actor.getSnapshot().context.uploadProgress).toBe(25);
    h.calls.upload[0]!.input.onProgress(120_000, 120_000);
    expect(h.actor.getSnapshot().context.uploadProgress).toBe(100);
  });

  it('grows the OCR progress 5 % every 3000 ms, polls on the same beat, caps at 90, then shows 100', async () => {
    const h = start();
    await toReading(h);
    await play(h, settle('ocr', 'done', PENDING));
    expect(h.actor.getSnapshot().context.ocrProgress).toBe(0);
    h.clock.increment(DELAYS.ocrPolling - 1);
    await flush();
    expect(h.actor.getSnapshot().context.ocrProgress).toBe(0);
    expect(h.calls.poll).toHaveLength(0);
    h.clock.increment(1);
    await flush();
    expect(h.actor.getSnapshot().context.ocrProgress).toBe(5);
    expect(h.calls.poll).toHaveLength(1);
    for (let beat = 2; beat <= 25; beat++) {
      await play(h, settle('poll', 'done', PENDING));
      h.clock.increment(DELAYS.ocrPolling);
      await flush();
      expect(h.actor.getSnapshot().context.ocrProgress).toBe(Math.min(90, 5 * beat));
    }
    expect(h.calls.poll).toHaveLength(25);
    await play(h, settle('poll', 'done', READ));
    expect(h.actor.getSnapshot().matches('filled')).toBe(true);
    expect(h.actor.getSnapshot().context.ocrProgress).toBe(100);
  });

  it('refuses a second file while one is in flight, and keeps the first', async () => {
    const h = start();
    await play(h, { type: 'file.chosen', file: PHOTO } as EventObject);
    await play(h, settle('format', 'done', 'image/jpeg'));
    await play(h, { type: 'file.chosen', file: { name: 'otra.png', size: 10 } as File } as EventObject);
    const snapshot = h.actor.getSnapshot();
    expect(snapshot.matches('signing')).toBe(true);
    expect(snapshot.context.file).toBe(PHOTO);
    expect(snapshot.context.refusedSecond).toBe(true);
    expect(h.calls.format).toHaveLength(1);
    expect(h.calls.sign).toHaveLength(1);
  });

  it('refuses a file over 10 MB without reading or signing it, saying its size is the matter, not its type', async () => {
    const h = start();
    await play(h, { type: 'file.chosen', file: HUGE } as EventObject);
    expect(h.actor.getSnapshot().context).toMatchObject({ rejection: 'size', message: 'El archivo pesa más de 10 MB, el máximo permitido; elige uno más ligero.' });
    expect(h.calls.format).toHaveLength(0);
    expect(h.calls.sign).toHaveLength(0);
  });

  it('refuses an empty file as empty', async () => {
    const h = start();
    await play(h, { type: 'file.chosen', file: { name: 'vacio.pdf', size: 0 } as File } as EventObject);
    expect(h.actor.getSnapshot().context).toMatchObject({ rejection: 'size', message: 'El archivo está vacío; elige otro.' });
    expect(h.calls.format).toHaveLength(0);
  });

  it('aborts the post when the person cancels it', async () => {
    const h = start();
    await play(h, { type: 'file.chosen', file: PHOTO } as EventObject);
    await play(h, settle('format', 'done', 'image/jpeg'));
    await play(h, settle('sign', 'done', POLICY));
    expect(h.calls.upload[0]!.signal.aborted).toBe(false);
    await play(h, { type: 'upload.cancel' });
    expect(h.calls.upload[0]!.signal.aborted).toBe(true);
    expect(h.actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('retries a failed read on the stored file without posting it again', async () => {
    const h = start();
    await toReading(h);
    await play(h, settle('ocr', 'error', new UploadFailure('ocr', false, null)));
    await play(h, { type: 'upload.retry' });
    expect(h.calls.upload).toHaveLength(1);
    expect(h.calls.ocr).toHaveLength(2);
    expect(h.calls.ocr[1]!.input).toMatchObject(STORED);
    expect(h.actor.getSnapshot().context.ocrProgress).toBe(0);
  });

  it('signs again before posting again after a failed upload', async () => {
    const h = start();
    await play(h, { type: 'file.chosen', file: PHOTO } as EventObject);
    await play(h, settle('format', 'done', 'image/jpeg'));
    await play(h, settle('sign', 'done', POLICY));
    await play(h, settle('upload', 'error', new UploadFailure('upload', false, null)));
    await play(h, { type: 'upload.retry' });
    expect(h.actor.getSnapshot().matches('signing')).toBe(true);
    expect(h.calls.sign).toHaveLength(2);
  });
});

coverage.expectEveryTransition(uploadMachine);
