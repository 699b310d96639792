// Model-based tests of the wizard statechart: every transition, from a new application and
// from records opened by uuid (public and staff), replayed on a real actor with fake calls.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { isTabActive, wizardMachine, type WizardInput } from '../../machines/wizard';
import { enumerateEdges, testEveryTransition, transitionRecorder, type Edge } from './support/model-paths';

type Snapshot = SnapshotFrom<typeof wizardMachine>;

const BLANK = { clasificacion: 'Cliente', nombre: '', entidades_eliminadas: [] };
const STORED_MODEL = { clasificacion: 'Cliente', nombre: 'ANA', entidades_eliminadas: ['x'] };
const PLD_PENDING = { ...STORED_MODEL, pld_coincidences: { validar_coincidencias: true, coincidencias_validadas: false } };
const VALUES = { nombre: 'ANA LÓPEZ' };

const loaded = (data: object, meta: object = {}) => ({
  data,
  meta: { complete: false, expired: false, last_index: 1, store: true, editable: 'all', ...meta },
});

const INPUTS: Record<string, WizardInput> = {
  publicNew: { code: 'wizardpf', tabCount: 3, uuid: null, franchise: 'F1', staff: false, parentUuid: null, blankModel: BLANK },
  publicByUuid: { code: 'wizardpf', tabCount: 3, uuid: 'u-1', franchise: null, staff: false, parentUuid: null, blankModel: BLANK },
  staffByUuid: { code: 'wizardpf', tabCount: 3, uuid: 'u-2', franchise: null, staff: true, parentUuid: null, blankModel: BLANK },
};

const EVENTS_BY_INPUT: Record<string, any[]> = {
  publicNew: [],
  publicByUuid: [
    { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL) },
    { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { complete: true }) },
    { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { expired: true }) },
    { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { editable: 'none' }) },
    { type: 'xstate.error.actor.load', error: { status: 404 } },
    { type: 'xstate.error.actor.load', error: { status: 503 } },
    { type: 'wizard.retried' },
  ],
  staffByUuid: [
    { type: 'xstate.done.actor.load', output: loaded(PLD_PENDING) },
    { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { complete: true }) },
  ],
};

const COMMON_EVENTS = [
  { type: 'tab.next', values: VALUES },
  { type: 'tab.previous', values: VALUES },
  { type: 'tab.selected', index: 0, values: VALUES },
  { type: 'tab.selected', index: 2, values: VALUES },
  { type: 'wizard.finish', values: VALUES },
  { type: 'pld.reviewed', values: { pld_coincidences: { validar_coincidencias: false, coincidencias_validadas: true } } },
  { type: 'modal.closed' },
  ...['validateForward', 'validateBackward', 'validateGeneralData'].flatMap((id) => [
    { type: `xstate.done.actor.${id}`, output: { valid: true, errors: {} } },
    { type: `xstate.done.actor.${id}`, output: { valid: false, errors: { nombre: '¡Este campo es requerido!' } } },
  ]),
  { type: 'xstate.done.actor.create', output: { uuid: 'new-uuid', formatobceHtml: '<p>bce</p>', version: 1 } },
  { type: 'xstate.error.actor.create', error: { status: 500 } },
  { type: 'xstate.done.actor.update', output: { model: { ...STORED_MODEL, nombre: 'ANA LÓPEZ' }, version: 3 } },
  { type: 'xstate.error.actor.update', error: { status: 422, fieldErrors: { nombre: '¡Este campo es requerido!' } } },
  { type: 'xstate.error.actor.update', error: { status: 409, message: 'La solicitud se modificó desde otra sesión.' } },
  { type: 'xstate.done.actor.finishCreate', output: { uuid: 'new-uuid', formatobceHtml: null, version: 1 } },
  { type: 'xstate.error.actor.finishCreate', error: { status: 403, message: 'No autorizado.' } },
  { type: 'xstate.error.actor.finishCreate', error: { status: 500 } },
  { type: 'xstate.done.actor.finishUpdate', output: { model: STORED_MODEL, version: 3 } },
  { type: 'xstate.error.actor.finishUpdate', error: { status: 500 } },
];

const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.current,
    s.context.target,
    s.context.meta.store,
    s.context.meta.cache,
    s.context.meta.last_index,
    s.context.meta.editable,
    s.context.meta.uuid !== null,
    s.context.modal?.kind ?? null,
    s.context.tabErrors,
    (s.context.model.pld_coincidences as any)?.coincidencias_validadas ?? null,
  ]);

const SRC_OF: Record<string, string> = {
  load: 'load application',
  validateForward: 'validate tab',
  validateBackward: 'validate tab',
  validateGeneralData: 'validate tab',
  create: 'create application',
  finishCreate: 'create application',
  update: 'update application',
  finishUpdate: 'update application',
};

function start(input: WizardInput, inspect: ReturnType<typeof transitionRecorder>['inspect']) {
  const pending: Record<string, Array<{ input: any; resolve: (v: unknown) => void; reject: (e: unknown) => void }>> = {};
  const fake = (src: string) =>
    fromPromise<any, any>(({ input: given }) => new Promise((resolve, reject) => (pending[src] ??= []).push({ input: given, resolve, reject })));
  const emitted: any[] = [];
  const actor = createActor(
    wizardMachine.provide({
      actors: {
        'load application': fake('load application'),
        'validate tab': fake('validate tab'),
        'create application': fake('create application'),
        'update application': fake('update application'),
      },
    }),
    { input, inspect },
  );
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, pending, emitted };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function play(h: ReturnType<typeof start>, event: any) {
  const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (match) {
    const call = h.pending[SRC_OF[match[2]]]?.pop();
    if (!call) throw new Error(`No pending call for ${event.type}`);
    if (match[1] === 'done') call.resolve(event.output);
    else call.reject(event.error);
  } else h.actor.send(event);
  await flush();
}

/** What each state means. */
function assertMeaning(s: Snapshot, h: ReturnType<typeof start>) {
  const { context } = s;
  expect(context.current).toBeGreaterThanOrEqual(0);
  expect(context.current).toBeLessThan(context.tabCount);
  // The tab shown is always one the person may be on.
  expect(isTabActive(context, context.current)).toBe(true);
  if (s.matches('loading')) {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.pending['load application'].at(-1)!.input).toEqual({ code: 'wizardpf', uuid: context.meta.uuid, flag: context.staff ? 0 : 1 });
  }
  if (s.matches({ ready: 'saving' })) {
    expect(s.hasTag('saving')).toBe(true);
    const src = context.meta.store ? 'update application' : 'create application';
    const call = h.pending[src].at(-1)!;
    expect(call.input.model).toMatchObject(VALUES);
    expect(call.input.meta.last_index).toBeGreaterThanOrEqual(context.current + 1);
  }
  if (s.matches({ ready: 'pldReview' })) {
    expect(context.modal).toEqual({ kind: 'pldReview' });
    expect(s.hasTag('blocking')).toBe(true);
  }
  if (context.modal?.kind === 'complete' || context.modal?.kind === 'expired' || context.modal?.kind === 'incorrect') {
    // A blocked opening leaves a blank model and no record.
    expect(context.model).toEqual(BLANK);
    expect(context.meta.uuid).toBeNull();
  }
  if (context.meta.store) expect(context.meta.cache).toBe(false);
  if (s.matches('loadFailed')) {
    // A failed load that is not a wrong code keeps the record, to retry.
    expect(context.modal).toEqual({ kind: 'loadFailed' });
    expect(context.meta.uuid).not.toBeNull();
  }
  if (context.modal?.kind === 'saveRefused') expect(context.modal.message).toMatch(/otra sesión/);
  if (s.matches('finished')) {
    // A record created at finish thanks the person; one updated says it was updated.
    expect(['finishSuccess', 'updateSuccess']).toContain(context.modal?.kind);
    expect(context.meta.complete).toBe(true);
  }
  if (s.matches('done')) expect(h.emitted.at(-1)).toEqual({ type: 'finished', staff: context.staff });
}

const allEdges: Array<Edge & { input: WizardInput }> = [];
for (const [name, input] of Object.entries(INPUTS)) {
  const edges = enumerateEdges(wizardMachine, {
    input,
    events: [...COMMON_EVENTS, ...EVENTS_BY_INPUT[name]],
    serializeState: serializeState as never,
  });
  allEdges.push(...edges.map((edge) => ({ ...edge, input })));
}
// One replay per distinct transition and starting input keeps the run short; the traversal covers the rest.
const unique = [...new Map(allEdges.map((e) => [`${e.input.uuid}|${e.input.staff}|${e.key}`, e])).values()];

describe('wizard machine, every transition', () => {
  testEveryTransition({
    name: 'wizard',
    edges: unique,
    serializeState: serializeState as never,
    start: (edge, inspect) => start(edge.input as WizardInput, inspect),
    play,
    assertMeaning: assertMeaning as never,
  });
});

describe('wizard scenarios', () => {
  it('creates on the first forward step, follows the uuid, then updates and notifies each save', async () => {
    const h = start(INPUTS.publicNew, transitionRecorder().inspect);
    expect(h.actor.getSnapshot().context.modal).toEqual({ kind: 'firstUse' });
    await play(h, { type: 'modal.closed' });
    await play(h, { type: 'tab.next', values: VALUES });
    await play(h, { type: 'xstate.done.actor.validateForward', output: { valid: true, errors: {} } });
    const create = h.pending['create application'].at(-1)!;
    expect(create.input.meta).toMatchObject({ store: false, cache: true, last_index: 1, franchise: 'F1' });
    await play(h, { type: 'xstate.done.actor.create', output: { uuid: 'abc', formatobceHtml: null, version: 1 } });
    let s = h.actor.getSnapshot();
    expect(s.context.meta).toMatchObject({ uuid: 'abc', store: true, cache: false, last_index: 1, version: 1 });
    expect(s.context.current).toBe(1);
    expect(h.emitted).toEqual([{ type: 'notification', kind: 'saved' }]);

    await play(h, { type: 'tab.next', values: { vivienda: { vivienda_tipo: 'Propia' } } });
    await play(h, { type: 'xstate.done.actor.validateForward', output: { valid: true, errors: {} } });
    const update = h.pending['update application'].at(-1)!;
    expect(update.input).toMatchObject({ uuid: 'abc', model: { nombre: 'ANA LÓPEZ', vivienda: { vivienda_tipo: 'Propia' } }, meta: { version: 1 } });
    await play(h, { type: 'xstate.error.actor.update', error: { status: 500 } });
    s = h.actor.getSnapshot();
    // A refused save keeps what was typed and stays on the tab.
    expect(s.context.current).toBe(1);
    expect(s.context.model).toMatchObject({ vivienda: { vivienda_tipo: 'Propia' } });
    expect(h.emitted.at(-1)).toEqual({ type: 'notification', kind: 'saveFailed' });
  });

  it('a jump ahead saves with the tabs actually passed, and a record that cannot be modified moves on without saving', async () => {
    const h = start(INPUTS.publicByUuid, transitionRecorder().inspect);
    await play(h, { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { last_index: 0 }) });
    await play(h, { type: 'tab.selected', index: 2, values: VALUES });
    await play(h, { type: 'xstate.done.actor.validateForward', output: { valid: true, errors: {} } });
    expect(h.pending['update application'].at(-1)!.input.meta.last_index).toBe(1);

    const readOnly = start(INPUTS.publicByUuid, transitionRecorder().inspect);
    await play(readOnly, { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { last_index: 0, editable: 'none' }) });
    await play(readOnly, { type: 'tab.next', values: VALUES });
    await play(readOnly, { type: 'xstate.done.actor.validateForward', output: { valid: true, errors: {} } });
    expect(readOnly.actor.getSnapshot().context.current).toBe(1);
    expect(readOnly.pending['update application']).toBeUndefined();
  });

  it('going back only validates, and flags the tab left when it is invalid', async () => {
    const h = start(INPUTS.publicByUuid, transitionRecorder().inspect);
    await play(h, { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { last_index: 2 }) });
    expect(h.actor.getSnapshot().context.current).toBe(2);
    await play(h, { type: 'tab.previous', values: { nombre: '' } });
    await play(h, { type: 'xstate.done.actor.validateBackward', output: { valid: false, errors: { nombre: 'x' } } });
    const s = h.actor.getSnapshot();
    expect(s.context.current).toBe(1);
    expect(s.context.tabErrors).toEqual([2]);
    expect(h.pending['update application']).toBeUndefined();
  });

  it('finishing a stored record for the first time updates it and thanks the person', async () => {
    const h = start(INPUTS.publicByUuid, transitionRecorder().inspect);
    await play(h, { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { last_index: 2 }) });
    await play(h, { type: 'wizard.finish', values: VALUES });
    await play(h, { type: 'xstate.done.actor.validateGeneralData', output: { valid: true, errors: {} } });
    await play(h, { type: 'xstate.done.actor.finishUpdate', output: { model: STORED_MODEL, version: 2 } });
    expect(h.actor.getSnapshot().context.modal).toEqual({ kind: 'finishSuccess' });
    await play(h, { type: 'modal.closed' });
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.emitted.at(-1)).toEqual({ type: 'finished', staff: false });
  });

  it('a failed create at finish returns to unstored cache with the spec message', async () => {
    const h = start(INPUTS.publicNew, transitionRecorder().inspect);
    // The first-use notice comes first; nothing else is taken while it is open.
    await play(h, { type: 'wizard.finish', values: VALUES });
    expect(h.pending['validate tab']).toBeUndefined();
    await play(h, { type: 'modal.closed' });
    await play(h, { type: 'wizard.finish', values: VALUES });
    await play(h, { type: 'xstate.done.actor.validateGeneralData', output: { valid: true, errors: {} } });
    expect(h.pending['create application'].at(-1)!.input.meta.complete).toBe(true);
    await play(h, { type: 'xstate.error.actor.finishCreate', error: { status: 500 } });
    const s = h.actor.getSnapshot();
    expect(s.context.modal).toEqual({ kind: 'finishStoredTemporarily' });
    expect(s.context.meta).toMatchObject({ store: false, cache: true });
  });
});
