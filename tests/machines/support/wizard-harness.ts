// The wizard statechart on a real actor for its tests (wizard.test.ts, guarantor.test.ts): every
// call it makes stays pending until a path settles it by the invoke id named in the event.
import { expect } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, type AnyActorRef, type EventObject, type SnapshotFrom } from 'xstate';
import { pldReviewMachine } from '../../../machines/pld-review';
import { wizardMachine, type WizardInput } from '../../../machines/wizard';
import type { Inspect } from './coverage-report';
import { enumerateEdges, testEveryTransition, type Edge } from './model-paths';

export type WizardSnapshot = SnapshotFrom<typeof wizardMachine>;

/** The actor each invoke id runs. */
const SRC_OF: Record<string, string> = {
  load: 'load application',
  validateGeneralData: 'validate tab',
  save: 'save application',
  removeGuarantor: 'remove guarantor',
  checkParent: 'check parent',
};

const FAKED = [...new Set(Object.values(SRC_OF))];

/** The one save's calls, kept apart by what the service sends: POST while unstored, PUT once stored. */
const SAVE_CALLS = ['create application', 'update application'];
const pendingOf = (src: string, input: any) => (src === 'save application' ? SAVE_CALLS[input?.uuid === null ? 0 : 1] : src);

/** The record's meta as the server answers it after a save. */
export const storedMeta = (meta: object = {}) => ({
  store: true,
  cache: false,
  complete: false,
  expired: false,
  last_index: 1,
  editable: 'all',
  franchise: null,
  parent_uuid: null,
  version: 1,
  ...meta,
});
/** POST /{code}'s answer, with its uuid beside it. */
export const createdAnswer = (uuid: string, meta: Record<string, unknown> & { version?: number } = {}, html: string | null = null) => ({
  uuid,
  formatobce: { html },
  version: meta.version ?? 1,
  meta: storedMeta(meta),
});
/** PUT /{code}/{uuid}'s answer, with its uuid beside it. */
export const updatedAnswer = (uuid: string, data: object, meta: object = {}) => ({ uuid, data, meta: storedMeta(meta) });

interface PendingCall {
  input: any;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export const loaded = (data: object, meta: object = {}) => ({
  data,
  meta: { complete: false, expired: false, last_index: 1, store: true, editable: 'all', ...meta },
});

export function startWizard(input: WizardInput, inspect: Inspect) {
  const pending: Record<string, PendingCall[]> = {};
  // Every call made, in order, by the name it is kept under in `pending`.
  const calls: string[] = [];
  const fake = (src: string) =>
    fromPromise<any, any>(({ input: given }) => {
      calls.push(pendingOf(src, given));
      return new Promise((resolve, reject) => (pending[pendingOf(src, given)] ??= []).push({ input: given, resolve, reject }));
    });
  const emitted: any[] = [];
  // The PLD review runs for real with a fake search; the paths name where it stands (reviewSnapshot) and playWizard takes it there.
  const review = pldReviewMachine.provide({ actors: { 'search blacklist': fake('search blacklist') } });
  const actors = { ...Object.fromEntries(FAKED.map((src) => [src, fake(src)])), 'pld review': review };
  const received: EventObject[] = [];
  // What the browser is told to keep and forget of the guarantors waiting for a PM.
  const kept: any[] = [];
  const forgotten: string[][] = [];
  const actions = {
    'remember pending guarantor': (_: unknown, params: { summary: unknown }) => void kept.push(params.summary),
    'forget pending guarantors': (_: unknown, params: { uuids: string[] }) => void forgotten.push(params.uuids),
  };
  const actor = createActor(wizardMachine.provide({ actors: actors as never, actions }), {
    input,
    inspect: (event) => {
      // What the wizard tells its review.
      if (event.type === '@xstate.event' && (event.actorRef as AnyActorRef).id === 'pld' && event.sourceRef?.sessionId === event.rootId) received.push(event.event);
      inspect(event);
    },
  });
  // What the address and the session follow is kept apart from the notifications and endings.
  const announced: any[] = [];
  actor.on('*', (event) => (event.type === 'recordChanged' || event.type === 'parentChanged' ? announced : emitted).push(event));
  actor.start();
  // `before`, `last` and `callsBefore` let assertMeaning judge the step just taken, not only the state reached.
  return { actor, input, pending, calls, callsBefore: 0, emitted, announced, pldReceived: received, kept, forgotten, before: null as WizardSnapshot | null, last: null as any };
}

export type WizardHarness = ReturnType<typeof startWizard>;

/** The state a snapshot is in, as the dotted path of its leaf ('ready.idle'), for the meaning checks. */
export function statePath(value: WizardSnapshot['value'] | Record<string, unknown>): string {
  return typeof value === 'string' ? value : Object.entries(value).map(([key, inner]) => `${key}.${statePath(inner as never)}`).join(',');
}

const MATCH = { nombre: 'JOAQUIN GUZMAN LOERA', rfc: null, lista: 'OFAC SDN', id: 'SDN-1', persona: 'JOAQUIN GUZMAN LOERA', path: 'nombre' };
const NO_GROUPS = { pf: [], pm: [], legalRepresentative: [], accionistas: [], guarantees: [], guaranteeRepresentatives: [], HeritageBond: [] };
const SCREENED = { tipo_persona: 'Física', nombre: 'JOAQUIN', fisica: { apellido_paterno: 'GUZMAN', apellido_materno: 'LOERA', rfc: 'GULJ570404AB1' } };
type ReviewState = 'checking' | 'pending' | 'validated';

/**
 * The PLD review child reporting where it stands (a check running, matches holding the person, or
 * validated), as the snapshot event the wizard receives from it. The snapshot is the real review's:
 * the machine itself taken there by pure transitions (a check, then its answer), so the walk sees
 * exactly what the running child reports; playWizard then takes the running child there too.
 */
export function reviewSnapshot(state: ReviewState) {
  const [opened] = initialTransition(pldReviewMachine, { staff: true, stored: null, model: {} });
  const [checking] = transition(pldReviewMachine, opened, { type: 'pld.check', model: SCREENED });
  const groups = state === 'pending' ? { ...NO_GROUPS, pf: [MATCH] } : NO_GROUPS;
  const answer = { type: 'xstate.done.actor.search', output: { validatePLD: state === 'pending', groups }, actorId: 'search' } as const;
  const snapshot = state === 'checking' ? checking : transition(pldReviewMachine, checking, answer as never)[0];
  if (!snapshot.matches(state)) throw new Error(`The review reached ${JSON.stringify(snapshot.value)}, not ${state}`);
  return { type: 'xstate.snapshot.pld', state, snapshot };
}

export const PLD_MATCH = MATCH;
let answers = 0;

/** Takes the real review to `state`: a check under way, then its answer (matches never seen before, or none). */
function driveReview(h: WizardHarness, state: ReviewState) {
  const review = h.actor.getSnapshot().children.pld as AnyActorRef;
  // A check asked for again starts over; an answer settles the check under way.
  if (state === 'checking' || !review.getSnapshot().matches('checking')) review.send({ type: 'pld.check', model: SCREENED });
  if (state === 'checking') return;
  const groups = state === 'pending' ? { ...NO_GROUPS, pf: [{ ...MATCH, id: `SDN-${++answers}` }] } : NO_GROUPS;
  h.pending['search blacklist'].pop()!.resolve({ validatePLD: state === 'pending', groups });
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Plays one step: an event is sent, a done or error event settles the pending call of that invoke. */
export async function playWizard(h: WizardHarness, event: EventObject & Record<string, any>) {
  h.before = h.actor.getSnapshot();
  h.last = event;
  h.callsBefore = h.calls.length;
  const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (event.type === 'xstate.snapshot.pld') {
    // The running review passes where the path says it does (the wizard may take it on at once: matches open the review).
    const review = h.actor.getSnapshot().children.pld as AnyActorRef;
    const states: unknown[] = [];
    const watching = review.subscribe((snapshot) => states.push(snapshot.value));
    driveReview(h, event.state);
    await flush();
    watching.unsubscribe();
    expect(states).toContain(event.state);
    return;
  }
  if (match) {
    const src = SRC_OF[match[2]];
    const call = (src === 'save application' ? SAVE_CALLS.map((name) => h.pending[name]).find((calls) => calls?.length) : h.pending[src])?.pop();
    if (!call) throw new Error(`No pending call for ${event.type}`);
    if (match[1] === 'done') call.resolve(event.output);
    else call.reject(event.error);
  } else h.actor.send(event as never);
  await flush();
}

/** The wizard's own calls the last step played started (the review's searches are the review's), by the name they are kept under in `pending`. */
export const callsOfStep = (h: WizardHarness) => h.calls.slice(h.callsBefore).filter((name) => name !== 'search blacklist');

/** The call under way to an actor, which must exist. */
export function pendingCall(h: WizardHarness, src: string): PendingCall {
  const call = h.pending[src]?.at(-1);
  expect(call, `a pending '${src}' call`).toBeDefined();
  return call!;
}

type WizardEdge = Edge & { input: WizardInput };

/**
 * Every transition the wizard takes from each named input, replayed once per input and modal it
 * opens (one replay per transition keeps the run short, and per modal each modal's meaning is
 * checked: the same idle --wizard.finish--> idle opens notEditable or incompleteGuarantors).
 */
function wizardEdges(
  inputs: Record<string, WizardInput>,
  eventsOf: (name: string) => EventObject[],
  serializeState: (snapshot: WizardSnapshot) => string,
): WizardEdge[] {
  return Object.entries(inputs).flatMap(([name, input]) => {
    const edges = enumerateEdges(wizardMachine, { input, events: eventsOf(name), serializeState: serializeState as never });
    return [...new Map(edges.map((edge) => [`${edge.key} ${edge.target.context.modal?.kind ?? ''}`, { ...edge, input }])).values()];
  });
}

export interface EveryWizardTransitionOptions {
  inputs: Record<string, WizardInput>;
  /** The events offered to the walk from each named input. */
  eventsOf: (name: string) => EventObject[];
  serializeState: (snapshot: WizardSnapshot) => string;
  /** What the state reached, and the step that reached it, means. */
  assertMeaning: (snapshot: WizardSnapshot, harness: WizardHarness) => void;
  /** The test file's coverage hook (coverage-report.ts). */
  inspect: Inspect;
}

/** One test per transition of the wizard from each input, replayed with fake calls (see testEveryTransition). */
export function testEveryWizardTransition({ inputs, eventsOf, serializeState, assertMeaning, inspect }: EveryWizardTransitionOptions) {
  testEveryTransition({
    inspect,
    edges: wizardEdges(inputs, eventsOf, serializeState),
    serializeState: serializeState as never,
    start: (edge, inspect) => startWizard((edge as WizardEdge).input, inspect),
    play: playWizard,
    assertMeaning: assertMeaning as never,
  });
}
