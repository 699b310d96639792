// Model-based tests of the duplicate-RFC check machine: every transition replayed on a real actor
// with fake calls and a simulated clock (the machine has no delay: nothing here waits on time).
// The actors of every test report to this file's coverage (coverage-report.ts).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { duplicateRequestFor, type DuplicateRequest } from '../../forms/rules/rfc-duplicates';
import { rfcDuplicateCheckMachine, type RfcDuplicateCheckEmitted } from '../../machines/rfc-duplicate-check';
import { fileCoverage, type Inspect } from './support/coverage-report';
import { walkEveryTransition } from './support/model-paths';

type Snapshot = SnapshotFrom<typeof rfcDuplicateCheckMachine>;

const person = (rfc: string, uuid: string | null) => ({
  tipo_persona: 'Física',
  clasificacion: 'Cliente',
  uuid,
  fisica: { rfc, fecha_nacimiento: '1985-03-14' },
});
/** Staff on a stored client: both calls. */
const BOTH = duplicateRequestFor('person', person('GARC850314AB1', '0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10'), { staff: true })!;
/** The public on a stored client: the call within the application only. */
const APPLICATION_ONLY = duplicateRequestFor('person', person('GARC850314QW7', '0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10'), { staff: false })!;
/** Staff on a client not stored yet: the call to other clients only. */
const CLIENTS_ONLY = duplicateRequestFor('person', person('GARC850314ZZ9', null), { staff: true })!;

const EVENTS = [
  { type: 'rfc.checkRequested', request: BOTH },
  { type: 'rfc.checkRequested', request: APPLICATION_ONLY },
  { type: 'rfc.checkRequested', request: CLIENTS_ONLY },
  { type: 'xstate.done.actor.clients', output: 2 },
  { type: 'xstate.error.actor.clients', error: new Error('Network Error') },
  { type: 'xstate.done.actor.guarantors', output: 1 },
  { type: 'xstate.error.actor.guarantors', error: new Error('Network Error') },
];

const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.request?.key ?? null, s.context.counts, Object.keys(s.context.answers).sort()]);

type Call = { input: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void };

const coverage = fileCoverage('rfc-duplicate-check');

function start(inspect: Inspect = coverage.inspect) {
  const calls: Record<'clients' | 'guarantors', Call[]> = { clients: [], guarantors: [] };
  const answered: RfcDuplicateCheckEmitted[] = [];
  const fake = (id: 'clients' | 'guarantors') =>
    fromPromise<any, any>(({ input }) => new Promise((resolve, reject) => calls[id].push({ input, resolve, reject })));
  const actor = createActor(
    rfcDuplicateCheckMachine.provide({ actors: { 'count clients with rfc': fake('clients'), 'count application rfc': fake('guarantors') } }),
    { inspect, clock: new SimulatedClock() },
  );
  actor.on('rfc.answered', (event) => answered.push(event));
  actor.start();
  return { actor, calls, answered, callsBefore: 0, last: null as any, before: actor.getSnapshot() };
}

type Harness = ReturnType<typeof start>;

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function play(h: Harness, event: any) {
  h.last = event;
  h.before = h.actor.getSnapshot();
  h.callsBefore = h.calls.clients.length + h.calls.guarantors.length;
  const [, outcome, id] = /^xstate\.(done|error)\.actor\.(clients|guarantors)$/.exec(event.type) ?? [];
  if (outcome === 'done') h.calls[id as 'clients'].at(-1)!.resolve(event.output);
  else if (outcome === 'error') h.calls[id as 'clients'].at(-1)!.reject(event.error);
  else h.actor.send(event);
  await flush();
}

const bodyOf = (request: DuplicateRequest, id: 'clients' | 'guarantors') => request[id];

function assertMeaning(s: Snapshot, h: Harness) {
  const { request, counts, answers } = s.context;
  expect(s.hasTag('busy')).toBe(s.matches('checking'));
  if (s.matches('idle')) {
    expect(request).toBeNull();
    expect(answers).toEqual({});
  } else if (s.matches('checking')) {
    for (const id of ['clients', 'guarantors'] as const) {
      // Each call the request names is made with its body; one it does not name is not.
      if (s.matches({ checking: { [id]: 'asking' } })) expect(h.calls[id].at(-1)!.input).toEqual(bodyOf(request!, id));
      else expect(bodyOf(request!, id) === null || counts[id] !== undefined || counts.failures.length > 0).toBe(true);
    }
    // A request already under way asks nothing again.
    if (h.last?.type === 'rfc.checkRequested' && h.before.matches('checking') && h.before.context.request!.key === request!.key) {
      expect(h.calls.clients.length + h.calls.guarantors.length).toBe(h.callsBefore);
    }
  } else if (s.matches('answered')) {
    expect(answers[request!.key]).toBe(counts);
    // Every answer is told to the form, remembered or new.
    expect(h.answered.at(-1)).toEqual({ type: 'rfc.answered', key: request!.key, counts });
    // Only the calls the request names are counted; a failed one counts nothing.
    if (request!.clients === null) expect(counts.clients).toBeUndefined();
    if (request!.guarantors === null) expect(counts.guarantors).toBeUndefined();
  } else throw new Error(`Unchecked state ${JSON.stringify(s.value)}`);
}

describe('duplicate-RFC check machine, every transition', () => {
  walkEveryTransition(rfcDuplicateCheckMachine, {
    events: EVENTS,
    serializeState: serializeState as never,
    start,
    play,
    assertMeaning: assertMeaning as never,
    inspect: coverage.inspect,
  });
});

describe('duplicate-RFC check scenarios', () => {
  it('asks both calls at once and remembers the answer: the same request is never asked again', async () => {
    const h = start();
    await play(h, { type: 'rfc.checkRequested', request: BOTH });
    expect(h.calls.clients.map((c) => c.input)).toEqual([BOTH.clients]);
    expect(h.calls.guarantors.map((c) => c.input)).toEqual([BOTH.guarantors]);
    // Asked again while under way: it waits for the same answer.
    await play(h, { type: 'rfc.checkRequested', request: BOTH });
    await play(h, { type: 'xstate.done.actor.clients', output: 2 });
    await play(h, { type: 'xstate.done.actor.guarantors', output: 0 });
    expect(h.actor.getSnapshot().context.answers[BOTH.key]).toEqual({ clients: 2, guarantors: 0, failures: [] });
    await play(h, { type: 'rfc.checkRequested', request: APPLICATION_ONLY });
    await play(h, { type: 'xstate.done.actor.guarantors', output: 1 });
    await play(h, { type: 'rfc.checkRequested', request: BOTH });
    expect(h.calls.clients).toHaveLength(1);
    expect(h.calls.guarantors).toHaveLength(2);
    expect(h.answered.map((e) => [e.key, e.counts.clients, e.counts.guarantors])).toEqual([
      [BOTH.key, 2, 0],
      [APPLICATION_ONLY.key, undefined, 1],
      [BOTH.key, 2, 0],
    ]);
  });

  it('lets a failed call pass, and keeps its failure to be seen', async () => {
    const h = start();
    await play(h, { type: 'rfc.checkRequested', request: BOTH });
    await play(h, { type: 'xstate.error.actor.clients', error: new Error('Network Error') });
    await play(h, { type: 'xstate.done.actor.guarantors', output: 0 });
    const s = h.actor.getSnapshot();
    expect(s.matches('answered')).toBe(true);
    expect(s.context.counts).toEqual({ guarantors: 0, failures: ['Network Error'] });
  });

  it('drops the answer of a request a newer one superseded', async () => {
    const h = start();
    await play(h, { type: 'rfc.checkRequested', request: BOTH });
    await play(h, { type: 'rfc.checkRequested', request: APPLICATION_ONLY });
    h.calls.clients[0].resolve(5);
    h.calls.guarantors[0].resolve(5);
    await flush();
    expect(h.actor.getSnapshot().context.answers).toEqual({});
    await play(h, { type: 'xstate.done.actor.guarantors', output: 0 });
    expect(h.actor.getSnapshot().context.answers).toEqual({ [APPLICATION_ONLY.key]: { guarantors: 0, failures: [] } });
  });

  it("fails every call with 'the … actor is not provided' when services/ did not provide it", async () => {
    const actor = createActor(rfcDuplicateCheckMachine, { clock: new SimulatedClock(), inspect: coverage.inspect }).start();
    actor.send({ type: 'rfc.checkRequested', request: BOTH });
    await flush();
    expect(actor.getSnapshot().context.counts.failures.sort()).toEqual([
      "The 'count application rfc' actor is not provided",
      "The 'count clients with rfc' actor is not provided",
    ]);
  });
});

coverage.expectEveryTransition(rfcDuplicateCheckMachine);
