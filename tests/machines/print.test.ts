// Model-based tests of the print view's statechart: every transition replayed on a real actor with
// fake calls and a simulated clock, for a view opened with a uuid and one opened without.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type EventObject, type SnapshotFrom } from 'xstate';
import { PrintLoadError, type PrintAnswer } from '../../forms/contracts/print';
import { DELAYS } from '../../forms/limits';
import { printMachine, type PrintInput } from '../../machines/print';
import { fileCoverage, type Inspect } from './support/coverage-report';
import { enumerateEdges, testEveryTransition } from './support/model-paths';

type Snapshot = SnapshotFrom<typeof printMachine>;

const UUID = '0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10';
const ANSWER: PrintAnswer = {
  data: { data: { nombre: 'CARLOS', tipo_persona: 'Física' } },
  packet: { title: 'Solicitud de financiamiento — CARLOS', forms: [{ header: { title: 'Solicitud de financiamiento', code: 'FO-PRO-014', revision: '1', issued: '01/09/2025', company: 'Arrendadora' }, blocks: [] }] },
};
const REFUSAL = 'Esta solicitud fue registrada por el personal de la empresa: pide a tu asesor los documentos para firmar.';
const EMPTY: PrintAnswer = { data: { data: {} }, packet: { title: '', forms: [] } };
const AFTER_DELAY = printMachine.getStateNodeById('print.packet.shown.ready').after[0]!.eventType;

const EVENTS: EventObject[] = [
  { type: 'xstate.done.actor.fetch', output: ANSWER } as EventObject,
  { type: 'xstate.done.actor.fetch', output: EMPTY } as EventObject,
  { type: 'xstate.error.actor.fetch', error: new PrintLoadError('not found') } as EventObject,
  { type: 'xstate.error.actor.fetch', error: new PrintLoadError('not found', REFUSAL) } as EventObject,
  { type: 'xstate.error.actor.fetch', error: new PrintLoadError('failed') } as EventObject,
  { type: 'xstate.done.actor.layout' },
  { type: 'xstate.error.actor.layout', error: new Error('fonts') } as EventObject,
  { type: AFTER_DELAY },
  { type: 'xstate.done.actor.print' },
  { type: 'xstate.error.actor.print', error: new Error('blocked') } as EventObject,
  { type: 'xstate.done.actor.download' },
  { type: 'xstate.error.actor.download', error: new Error('network') } as EventObject,
  { type: 'print.again' },
  { type: 'print.retry' },
  { type: 'notFound.closed' },
  { type: 'pdf.download' },
  { type: 'pdf.dismissed' },
];

const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.answer !== null, s.context.refusal]);

const coverage = fileCoverage('print');

type Call = { input: unknown; resolve: (value?: unknown) => void; reject: (error: unknown) => void };
type CallId = 'fetch' | 'layout' | 'print' | 'download';

function start(input: PrintInput, inspect: Inspect = coverage.inspect) {
  const calls: Record<CallId, Call[]> = { fetch: [], layout: [], print: [], download: [] };
  const fake = (id: CallId) => fromPromise<any, any>(({ input: given }) => new Promise((resolve, reject) => calls[id].push({ input: given, resolve, reject })));
  const clock = new SimulatedClock();
  const actor = createActor(
    printMachine.provide({ actors: { 'fetch packet': fake('fetch'), 'lay out': fake('layout'), print: fake('print'), 'download pdf': fake('download') } }),
    { input, inspect, clock },
  ).start();
  return { actor, calls, clock, last: null as EventObject | null };
}

type Harness = ReturnType<typeof start>;

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function play(h: Harness, event: EventObject) {
  h.last = event;
  const settled = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (settled) {
    const call = h.calls[settled[2] as CallId].at(-1)!;
    if (settled[1] === 'done') call.resolve((event as { output?: unknown }).output);
    else call.reject((event as { error?: unknown }).error);
  } else if (event.type === AFTER_DELAY) {
    h.clock.increment(DELAYS.print);
  } else {
    h.actor.send(event as never);
  }
  await flush();
}

function assertMeaning(s: Snapshot, h: Harness) {
  const packet = s.value.packet;
  if (s.matches({ packet: 'loading' })) {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.calls.fetch.at(-1)!.input).toEqual({ code: 'wizardpf', uuid: UUID });
  } else if (s.matches({ packet: { shown: 'layingOut' } })) {
    expect(s.context.answer).toEqual(ANSWER);
    expect(h.calls.layout.length).toBeGreaterThan(0);
  } else if (s.matches({ packet: { shown: 'ready' } })) {
    // The print waits for the spec's delay after the layout.
    expect(h.calls.print).toHaveLength(0);
  } else if (s.matches({ packet: { shown: 'printing' } })) {
    expect(h.calls.print.length).toBeGreaterThan(0);
  } else if (s.matches({ packet: { shown: 'printed' } })) {
    expect(s.hasTag('shown')).toBe(true);
  } else if (s.matches({ packet: 'notFound' })) {
    expect(s.context.answer).toBeNull();
    expect(s.hasTag('shown')).toBe(false);
    // A refusal's reason is kept to be shown; a plain not-found has none.
    expect([null, REFUSAL]).toContain(s.context.refusal);
  } else if (s.matches({ packet: 'failed' })) {
    expect(s.context.answer).toBeNull();
  } else throw new Error(`Unchecked state ${JSON.stringify(packet)}`);

  if (s.matches({ pdf: 'downloading' })) {
    expect(s.hasTag('shown')).toBe(true);
    expect(h.calls.download.at(-1)!.input).toEqual({ code: 'wizardpf', uuid: UUID });
  } else if (!s.matches({ pdf: 'idle' }) && !s.matches({ pdf: 'failed' })) throw new Error(`Unchecked state ${JSON.stringify(s.value.pdf)}`);
}

const WITH_UUID: PrintInput = { code: 'wizardpf', uuid: UUID };
const WITHOUT_UUID: PrintInput = { code: 'wizardpf', uuid: null };

describe('print statechart, every transition', () => {
  for (const input of [WITH_UUID, WITHOUT_UUID]) {
    describe(input.uuid ? 'opened with a uuid' : 'opened without a uuid', () => {
      testEveryTransition({
        edges: enumerateEdges(printMachine, { input, events: EVENTS, serializeState: serializeState as never }),
        serializeState: serializeState as never,
        start: (_edge, inspect) => start(input, inspect),
        play: play as never,
        assertMeaning: assertMeaning as never,
        inspect: coverage.inspect,
      });
    });
  }

  it('prints 1 s after the layout, not before, and once per Imprimir', async () => {
    const h = start(WITH_UUID);
    await play(h, { type: 'xstate.done.actor.fetch', output: ANSWER } as EventObject);
    await play(h, { type: 'xstate.done.actor.layout' });
    h.clock.increment(DELAYS.print - 1);
    await flush();
    expect(h.calls.print).toHaveLength(0);
    h.clock.increment(1);
    await flush();
    expect(h.calls.print).toHaveLength(1);
    await play(h, { type: 'print.again' });
    expect(h.calls.print).toHaveLength(1);
    await play(h, { type: 'xstate.done.actor.print' });
    await play(h, { type: 'print.again' });
    expect(h.calls.print).toHaveLength(2);
  });

  it('downloads the PDF only once the packet is shown', async () => {
    const h = start(WITH_UUID);
    await play(h, { type: 'pdf.download' });
    expect(h.calls.download).toHaveLength(0);
    await play(h, { type: 'xstate.done.actor.fetch', output: ANSWER } as EventObject);
    await play(h, { type: 'pdf.download' });
    expect(h.calls.download).toHaveLength(1);
  });
});

coverage.expectEveryTransition(printMachine);
