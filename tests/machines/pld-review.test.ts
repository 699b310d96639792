// Model-based tests of the PLD review statechart: every transition, for staff (from nothing and
// from a review already validated) and for the public, replayed on a real actor with a fake search.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { coincidencesOf, pldReviewMachine, type BlacklistAnswer, type PldReviewInput } from '../../machines/pld-review';
import { enumerateEdges, testEveryTransition, transitionRecorder } from './support/model-paths';

type Snapshot = SnapshotFrom<typeof pldReviewMachine>;

const MODEL = { nombre: 'JOAQUIN', fisica: { apellido_paterno: 'GUZMAN', apellido_materno: 'LOERA', rfc: 'GULJ570404AB1' } };
const MATCH = { nombre: 'JOAQUIN GUZMAN LOERA', rfc: null, lista: 'OFAC SDN' };
const REPRESENTATIVE = { nombre: 'ISMAEL ZAMBADA GARCIA', rfc: null, lista: 'OFAC SDN' };
const empty = { pf: [], pm: [], legalRepresentative: [], guarantees: [], HeritageBond: [] };
const WITH_MATCHES: BlacklistAnswer = { validatePLD: true, groups: { ...empty, pf: [MATCH], legalRepresentative: [REPRESENTATIVE] } };
const NO_MATCHES: BlacklistAnswer = { validatePLD: false, groups: empty };
const VALIDATED = { coincidencias_validadas: true, validar_coincidencias: false, validar_coincidencias_tipo: 'client' as const, users: {} };

const INPUTS: Record<string, PldReviewInput> = {
  staffNew: { staff: true, stored: null },
  staffValidated: { staff: true, stored: VALIDATED },
  public: { staff: false, stored: null },
};

const EVENTS = [
  { type: 'pld.check', model: MODEL },
  { type: 'pld.opened' },
  { type: 'match.toggled', group: 'pf', index: 0 },
  { type: 'pld.saved' },
  { type: 'modal.closed' },
  { type: 'identity.changed' },
  { type: 'xstate.done.actor.search', output: WITH_MATCHES },
  { type: 'xstate.done.actor.search', output: NO_MATCHES },
  { type: 'xstate.error.actor.search', error: { status: 503 } },
];

const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.selected, s.context.groups.pf.length]);

function start(input: PldReviewInput, inspect: ReturnType<typeof transitionRecorder>['inspect']) {
  const calls: Array<{ model: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }> = [];
  const emitted: any[] = [];
  const actor = createActor(
    pldReviewMachine.provide({
      actors: {
        'search blacklist': fromPromise<any, any>(({ input: given }) => new Promise((resolve, reject) => calls.push({ model: given.model, resolve, reject }))),
      },
    }),
    { input, inspect },
  );
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, calls, emitted };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function play(h: ReturnType<typeof start>, event: any) {
  if (event.type === 'xstate.done.actor.search') h.calls.at(-1)!.resolve(event.output);
  else if (event.type === 'xstate.error.actor.search') h.calls.at(-1)!.reject(event.error);
  else h.actor.send(event);
  await flush();
}

/** What each state means. */
function assertMeaning(s: Snapshot, h: ReturnType<typeof start>) {
  const { context } = s;
  // The public never searches and is never held.
  if (!context.staff) {
    expect(s.matches('unchecked')).toBe(true);
    expect(h.calls).toEqual([]);
  }
  if (s.matches('checking')) {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.calls.at(-1)!.model).toEqual(MODEL);
  }
  // Only unreviewed matches hold the person on the tab.
  expect(s.hasTag('blocking')).toBe(s.matches('pending') || s.matches('reviewing'));
  if (s.matches('pending') || s.matches('reviewing')) expect(context.groups.pf).toEqual([MATCH]);
  if (s.matches('unchecked') || s.matches('unavailable')) expect(context.selected).toEqual([]);
  if (s.matches('validated') && h.emitted.length > 0) {
    // The review announced marks the matches validated and keeps the ones selected.
    const last = h.emitted.at(-1);
    expect(last.type).toBe('reviewed');
    expect(last.coincidences).toEqual(coincidencesOf(context, true));
    expect(last.coincidences.coincidencias_validadas).toBe(true);
  }
}

const allEdges = Object.entries(INPUTS).flatMap(([, input]) =>
  enumerateEdges(pldReviewMachine, { input, events: EVENTS, serializeState: serializeState as never }).map((edge) => ({ ...edge, input })),
);
const unique = [...new Map(allEdges.map((e) => [`${JSON.stringify(e.input)}|${e.key}`, e])).values()];

describe('PLD review machine, every transition', () => {
  testEveryTransition({
    name: 'pld-review',
    edges: unique,
    serializeState: serializeState as never,
    start: (edge, inspect) => start(edge.input as PldReviewInput, inspect),
    play,
    assertMeaning: assertMeaning as never,
  });
});

describe('PLD review scenarios', () => {
  it('holds on matches until staff select them and save, and keeps only the selected ones', async () => {
    const h = start(INPUTS.staffNew, transitionRecorder().inspect);
    await play(h, { type: 'pld.check', model: MODEL });
    await play(h, { type: 'xstate.done.actor.search', output: WITH_MATCHES });
    expect(h.actor.getSnapshot().hasTag('blocking')).toBe(true);
    await play(h, { type: 'pld.opened' });
    await play(h, { type: 'match.toggled', group: 'legalRepresentative', index: 0 });
    await play(h, { type: 'match.toggled', group: 'pf', index: 0 });
    await play(h, { type: 'match.toggled', group: 'pf', index: 0 });
    await play(h, { type: 'pld.saved' });
    expect(h.actor.getSnapshot().matches('validated')).toBe(true);
    expect(h.emitted.at(-1)).toEqual({
      type: 'reviewed',
      coincidences: { coincidencias_validadas: true, validar_coincidencias: false, validar_coincidencias_tipo: 'client', users: { legalRepresentative: [REPRESENTATIVE] } },
    });
  });

  it('a check without matches validates at once; renaming the person makes it stale', async () => {
    const h = start(INPUTS.staffNew, transitionRecorder().inspect);
    await play(h, { type: 'pld.check', model: MODEL });
    await play(h, { type: 'xstate.done.actor.search', output: NO_MATCHES });
    expect(h.actor.getSnapshot().matches('validated')).toBe(true);
    await play(h, { type: 'identity.changed' });
    expect(h.actor.getSnapshot().matches('unchecked')).toBe(true);
  });

  it('a failed search lets the person go on', async () => {
    const h = start(INPUTS.staffNew, transitionRecorder().inspect);
    await play(h, { type: 'pld.check', model: MODEL });
    await play(h, { type: 'xstate.error.actor.search', error: { status: 503 } });
    expect(h.actor.getSnapshot().hasTag('blocking')).toBe(false);
  });

  it('a record already reviewed opens validated; the public is never searched', async () => {
    expect(start(INPUTS.staffValidated, transitionRecorder().inspect).actor.getSnapshot().matches('validated')).toBe(true);
    const visitor = start(INPUTS.public, transitionRecorder().inspect);
    await play(visitor, { type: 'pld.check', model: MODEL });
    expect(visitor.calls).toEqual([]);
  });
});
