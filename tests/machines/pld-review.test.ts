// Model-based tests of the PLD review statechart: every transition, for staff (from nothing, from a
// review already validated, from one left pending) and for the public, replayed on a real actor
// with a fake search and a simulated clock for the validation debounce.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { DELAYS } from '../../forms/limits';
import { matchKey } from '../../forms/pld';
import { coincidencesOf } from '../../forms/pld-outcome';
import { pendingPaths, PLD_SEARCH_TIMEOUT_MS, pldReviewMachine, type PldReviewInput } from '../../machines/pld-review';
import type { BlacklistAnswer } from '../../forms/contracts/pld';
import { fileCoverage, type Inspect } from './support/coverage-report';
import { enumerateEdges, testEveryTransition } from './support/model-paths';

type Snapshot = SnapshotFrom<typeof pldReviewMachine>;

const MODEL = { tipo_persona: 'Física', nombre: 'JOAQUIN', fisica: { apellido_paterno: 'GUZMAN', apellido_materno: 'LOERA', rfc: 'GULJ570404AB1' } };
/** Nobody to screen yet: the RFC is missing. */
const UNFINISHED = { tipo_persona: 'Física', nombre: 'JOAQUIN', fisica: { apellido_paterno: 'GUZMAN', apellido_materno: 'LOERA', rfc: '' } };
const MATCH = { nombre: 'JOAQUIN GUZMAN LOERA', rfc: null, lista: 'OFAC SDN', id: 'SDN-1', persona: 'JOAQUIN GUZMAN LOERA', path: 'nombre' };
const REPRESENTATIVE = { nombre: 'ISMAEL ZAMBADA GARCIA', rfc: null, lista: 'OFAC SDN', id: 'SDN-2', persona: 'ISMAEL ZAMBADA', path: 'representantes[0].nombre' };
const empty = { pf: [], pm: [], legalRepresentative: [], accionistas: [], guarantees: [], guaranteeRepresentatives: [], HeritageBond: [] };
const WITH_MATCHES: BlacklistAnswer = { validatePLD: true, groups: { ...empty, pf: [MATCH], legalRepresentative: [REPRESENTATIVE] } };
const REASON = 'Misma fecha de nacimiento que la entrada de la lista.';
const NO_MATCHES: BlacklistAnswer = { validatePLD: false, groups: empty };
const VALIDATED = { coincidencias_validadas: true, validar_coincidencias: false, validar_coincidencias_tipo: 'client' as const, users: {}, revisadas: [] };
/** Matches already reviewed for this record: finding them again does not hold the person. */
const REVIEWED = { ...VALIDATED, users: { pf: [MATCH] }, revisadas: [matchKey('pf', MATCH), matchKey('legalRepresentative', REPRESENTATIVE)] };
const LEFT_PENDING = { coincidencias_validadas: false, validar_coincidencias: true, validar_coincidencias_tipo: 'client' as const, users: {}, revisadas: [] };

const INPUTS: Record<string, PldReviewInput> = {
  staffNew: { staff: true, stored: null, model: {} },
  staffValidated: { staff: true, stored: REVIEWED, model: MODEL },
  staffLeftPending: { staff: true, stored: LEFT_PENDING, model: MODEL },
  // Filled by the public, never reviewed.
  staffUnreviewed: { staff: true, stored: null, model: MODEL },
  public: { staff: false, stored: null, model: {} },
};

const DEBOUNCE = 'xstate.after.validation debounce.pldReview.scheduled';
const TIMEOUT = 'xstate.after.search timeout.pldReview.checking';

const EVENTS = [
  { type: 'identity.changed', model: MODEL },
  { type: 'identity.changed', model: UNFINISHED },
  { type: DEBOUNCE },
  { type: TIMEOUT },
  { type: 'pld.check', model: MODEL },
  { type: 'pld.opened' },
  { type: 'match.toggled', group: 'pf', index: 0 },
  { type: 'reason.changed', group: 'pf', index: 0, text: REASON },
  { type: 'pld.saved' },
  { type: 'modal.closed' },
  { type: 'xstate.done.actor.search', output: WITH_MATCHES },
  { type: 'xstate.done.actor.search', output: NO_MATCHES },
  { type: 'xstate.error.actor.search', error: { status: 503 } },
];

const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.selected, s.context.groups.pf.length, s.context.reviewed.length, Object.keys(s.context.reasons).length]);

const coverage = fileCoverage('pld-review');

function start(input: PldReviewInput, inspect: Inspect = coverage.inspect) {
  const calls: Array<{ model: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }> = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    pldReviewMachine.provide({
      actors: {
        'search blacklist': fromPromise<any, any>(({ input: given }) => new Promise((resolve, reject) => calls.push({ model: given.model, resolve, reject }))),
      },
    }),
    { input, inspect, clock },
  );
  actor.start();
  return { actor, calls, clock, input, last: null as any, callsBefore: 0 };
}

type Harness = ReturnType<typeof start>;

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function play(h: Harness, event: any) {
  h.last = event;
  h.callsBefore = h.calls.length;
  if (event.type === 'xstate.done.actor.search') h.calls.at(-1)!.resolve(event.output);
  else if (event.type === 'xstate.error.actor.search') h.calls.at(-1)!.reject(event.error);
  else if (event.type === DEBOUNCE) h.clock.increment(DELAYS.validationDebounce);
  else if (event.type === TIMEOUT) h.clock.increment(PLD_SEARCH_TIMEOUT_MS);
  else h.actor.send(event);
  await flush();
}

/** What each state means. */
function assertMeaning(s: Snapshot, h: Harness) {
  const { context } = s;
  // The public never searches and is never held.
  if (!context.staff) {
    expect(s.matches('unchecked')).toBe(true);
    expect(h.calls).toEqual([]);
  }
  // Only unreviewed matches hold the person on the tab; a check due or under way makes them wait.
  expect(s.hasTag('blocking')).toBe(s.matches('pending') || s.matches('reviewing'));
  expect(s.hasTag('busy')).toBe(s.matches('scheduled') || s.matches('checking'));
  if (s.matches('checking')) expect(h.calls.at(-1)!.model).toEqual(MODEL);
  // A change of identity searches nothing before the person pauses.
  if (h.last?.type === 'identity.changed') expect(h.calls.length).toBe(h.callsBefore);
  if (s.matches('pending') || s.matches('reviewing')) {
    expect(context.groups.pf).toEqual([MATCH]);
    // The fields naming the parties found show the rule's message.
    expect(pendingPaths(context)).toEqual(['nombre', 'representantes[0].nombre']);
  }
  if (s.matches('unchecked') || s.matches('unavailable')) {
    expect(context.selected).toEqual([]);
    expect(pendingPaths(context)).toEqual([]);
  }
  if (s.matches('validated')) {
    // What the wizard saves: validated, the selected matches, and every match reviewed kept.
    const review = coincidencesOf(context, true);
    expect(review.coincidencias_validadas).toBe(true);
    expect(review.validar_coincidencias).toBe(false);
    for (const key of context.selected) expect(review.users.pf ?? []).toContainEqual(expect.objectContaining(context.groups.pf[Number(key.split(':')[1])]));
    // A match confirmed in this review was saved with its written reason (a stored one keeps its own).
    if (h.last?.type === 'pld.saved') for (const match of review.users.pf ?? []) expect(match.motivo).toBe(REASON);
    for (const group of ['pf', 'legalRepresentative'] as const) {
      for (const match of context.groups[group]) expect(review.revisadas).toContain(matchKey(group, match));
    }
  }
  switch (s.value) {
    case 'unavailable':
      // A failed or unanswered search holds nobody and leaves nothing answered.
      expect(context.answered).toBe(false);
      break;
    case 'unchecked':
    case 'scheduled':
    case 'checking':
    case 'pending':
    case 'reviewing':
    case 'validated':
      // Checked above.
      break;
    default:
      throw new Error(`Unknown PLD review state ${JSON.stringify(s.value)}`);
  }
}

const allEdges = Object.entries(INPUTS).flatMap(([, input]) =>
  enumerateEdges(pldReviewMachine, { input, events: EVENTS, serializeState: serializeState as never }).map((edge) => ({ ...edge, input })),
);
const unique = [...new Map(allEdges.map((e) => [`${JSON.stringify(e.input)}|${e.key}`, e])).values()];

describe('PLD review machine, every transition', () => {
  testEveryTransition({
    edges: unique,
    serializeState: serializeState as never,
    start: (edge, inspect) => start(edge.input as PldReviewInput, inspect),
    play,
    assertMeaning: assertMeaning as never,
    inspect: coverage.inspect,
  });
});

describe('PLD review scenarios', () => {
  it('holds on matches until staff select them and save, and keeps only the selected ones', async () => {
    const h = start(INPUTS.staffNew);
    await play(h, { type: 'identity.changed', model: MODEL });
    expect(h.calls).toEqual([]);
    await play(h, { type: DEBOUNCE });
    expect(h.calls.map((call) => call.model)).toEqual([MODEL]);
    await play(h, { type: 'xstate.done.actor.search', output: WITH_MATCHES });
    expect(h.actor.getSnapshot().hasTag('blocking')).toBe(true);
    await play(h, { type: 'pld.opened' });
    await play(h, { type: 'match.toggled', group: 'legalRepresentative', index: 0 });
    await play(h, { type: 'match.toggled', group: 'pf', index: 0 });
    await play(h, { type: 'match.toggled', group: 'pf', index: 0 });
    // A confirmed match without its written reason is not saved.
    await play(h, { type: 'pld.saved' });
    expect(h.actor.getSnapshot().matches('reviewing')).toBe(true);
    await play(h, { type: 'reason.changed', group: 'legalRepresentative', index: 0, text: '   ' });
    await play(h, { type: 'pld.saved' });
    expect(h.actor.getSnapshot().matches('reviewing')).toBe(true);
    await play(h, { type: 'reason.changed', group: 'legalRepresentative', index: 0, text: REASON });
    await play(h, { type: 'pld.saved' });
    const s = h.actor.getSnapshot();
    expect(s.matches('validated')).toBe(true);
    expect(coincidencesOf(s.context, true)).toEqual({
      coincidencias_validadas: true,
      validar_coincidencias: false,
      validar_coincidencias_tipo: 'client',
      users: { legalRepresentative: [{ ...REPRESENTATIVE, motivo: REASON }] },
      revisadas: [matchKey('pf', MATCH), matchKey('legalRepresentative', REPRESENTATIVE)],
    });
  });

  it('typing restarts the debounce: one search for the name as it ends up', async () => {
    const h = start(INPUTS.staffNew);
    await play(h, { type: 'identity.changed', model: MODEL });
    h.clock.increment(DELAYS.validationDebounce - 1);
    const renamed = { ...MODEL, nombre: 'JOAQUIN ARCHIVALDO' };
    await play(h, { type: 'identity.changed', model: renamed });
    h.clock.increment(DELAYS.validationDebounce - 1);
    await flush();
    expect(h.calls).toEqual([]);
    await play(h, { type: DEBOUNCE });
    expect(h.calls.map((call) => call.model)).toEqual([renamed]);
  });

  it('a check without matches validates at once; renaming the person makes it stale, clearing a name leaves nobody to screen', async () => {
    const h = start(INPUTS.staffNew);
    await play(h, { type: 'pld.check', model: MODEL });
    await play(h, { type: 'xstate.done.actor.search', output: NO_MATCHES });
    expect(h.actor.getSnapshot().matches('validated')).toBe(true);
    await play(h, { type: 'identity.changed', model: MODEL });
    expect(h.actor.getSnapshot().matches('scheduled')).toBe(true);
    await play(h, { type: 'identity.changed', model: UNFINISHED });
    expect(h.actor.getSnapshot().matches('unchecked')).toBe(true);
  });

  it('matches already reviewed for the record do not hold the person again, and the ones chosen stay chosen', async () => {
    const h = start(INPUTS.staffValidated);
    expect(h.actor.getSnapshot().matches('validated')).toBe(true);
    // Before any check, what a save sends is the stored review.
    expect(coincidencesOf(h.actor.getSnapshot().context, true)).toMatchObject({ users: { pf: [MATCH] }, revisadas: REVIEWED.revisadas });
    await play(h, { type: 'pld.check', model: MODEL });
    await play(h, { type: 'xstate.done.actor.search', output: WITH_MATCHES });
    const s = h.actor.getSnapshot();
    expect(s.matches('validated')).toBe(true);
    expect(s.context.selected).toEqual(['pf:0']);
    expect(coincidencesOf(s.context, true)).toEqual({ ...REVIEWED, users: { pf: [MATCH] } });
  });

  it('a check that finds nothing any more drops what was chosen; one that never answers lets the person go on', async () => {
    const h = start(INPUTS.staffValidated);
    await play(h, { type: 'pld.check', model: MODEL });
    await play(h, { type: 'xstate.done.actor.search', output: NO_MATCHES });
    expect(coincidencesOf(h.actor.getSnapshot().context, true)).toMatchObject({ users: {}, revisadas: [], validar_coincidencias_tipo: null });
    await play(h, { type: 'pld.check', model: MODEL });
    await play(h, { type: TIMEOUT });
    expect(h.actor.getSnapshot().matches('unavailable')).toBe(true);
    expect(h.actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('a record never reviewed is checked as staff open it', async () => {
    const h = start(INPUTS.staffUnreviewed);
    expect(h.calls.map((call) => call.model)).toEqual([MODEL]);
    await play(h, { type: 'xstate.done.actor.search', output: WITH_MATCHES });
    expect(h.actor.getSnapshot().hasTag('blocking')).toBe(true);
  });

  it('a review left pending checks again on opening; a failed search lets the person go on', async () => {
    const h = start(INPUTS.staffLeftPending);
    expect(h.calls.map((call) => call.model)).toEqual([MODEL]);
    await play(h, { type: 'xstate.error.actor.search', error: { status: 503 } });
    expect(h.actor.getSnapshot().hasTag('blocking')).toBe(false);
    expect(h.actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('the public is never searched', async () => {
    const visitor = start(INPUTS.public);
    await play(visitor, { type: 'identity.changed', model: MODEL });
    await play(visitor, { type: 'pld.check', model: MODEL });
    expect(visitor.calls).toEqual([]);
  });
});

coverage.expectEveryTransition(pldReviewMachine);
