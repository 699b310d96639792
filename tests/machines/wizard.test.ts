// Model-based tests of the wizard statechart: every transition, from a new application and
// from records opened by uuid (public and staff), and in its PM configuration (a stored PM with
// guarantors, a new PM with guarantors saved before it), replayed on a real actor with fake calls.
// The guarantor configuration has its own walk in guarantor.test.ts.
import { describe, expect, it } from 'vitest';
import { UUID, type GuarantorSummary, type Model } from '../../forms/contracts/application';
import type { WizardInput } from '../../machines/wizard';
import { NOTICES } from '../../forms/messages';
import { isTabActive } from '../../forms/wizard-state';
import { fileCoverage } from './support/coverage-report';
import {
  createdAnswer,
  loaded,
  callsOfStep,
  pendingCall,
  PLD_MATCH,
  playWizard as play,
  reviewSnapshot,
  startWizard as start,
  statePath,
  testEveryWizardTransition,
  updatedAnswer,
  type WizardHarness,
  type WizardSnapshot as Snapshot,
} from './support/wizard-harness';

const BLANK = { clasificacion: 'Cliente', nombre: '', entidades_eliminadas: [] };
const STORED_MODEL = { clasificacion: 'Cliente', nombre: 'ANA', entidades_eliminadas: ['x'] };
const VALUES = { nombre: 'ANA LÓPEZ' };
const UNAVAILABLE = 'El servicio no está disponible por el momento, intenta de nuevo en unos segundos.';

const aval = (uuid: string, tipo_persona: string, names: [string, string?, string?], complete: boolean): GuarantorSummary => ({
  uuid,
  data: { tipo_persona, nombre: names[0], fisica: { apellido_paterno: names[1] ?? '', apellido_materno: names[2] ?? '' }, persona_completa: complete },
});
const COMPLETE_AVAL = aval('aval-1', 'Física', ['MARÍA', 'GÓMEZ', 'RUIZ'], true);
const INCOMPLETE_AVAL = aval('aval-2', 'Física con actividad empresarial', ['LUIS', 'PÉREZ'], false);
const PENDING_AVAL = aval('aval-3', 'Moral', ['COMERCIAL DEL NORTE'], true);
/** The names the incomplete-guarantors modal must show, written out rather than computed. */
const NAME_OF: Record<string, string> = { 'aval-1': 'MARÍA GÓMEZ RUIZ', 'aval-2': 'LUIS PÉREZ', 'aval-3': 'COMERCIAL DEL NORTE' };
const REMOVAL = { type: 'guarantor.remove', key: INCOMPLETE_AVAL.uuid, name: NAME_OF['aval-2'] } as const;

const PM_BLANK = { clasificacion: 'Cliente', tipo_persona: 'Moral', nombre: '', avales: [], entidades_eliminadas: [] };
const STORED_PM = { ...PM_BLANK, nombre: 'ACME', avales: [COMPLETE_AVAL, INCOMPLETE_AVAL] };
/** The Avales tab. */
const AVALES_TAB = 4;

const INPUTS: Record<string, WizardInput> = {
  publicNew: { code: 'wizardpf', tabCount: 3, uuid: null, franchise: 'F1', staff: false, parentUuid: null, blankModel: BLANK },
  publicByUuid: { code: 'wizardpf', tabCount: 3, uuid: 'u-1', franchise: null, staff: false, parentUuid: null, blankModel: BLANK },
  staffByUuid: { code: 'wizardpf', tabCount: 3, uuid: 'u-2', franchise: null, staff: true, parentUuid: null, blankModel: BLANK },
  // Back from one of its guarantors, a PM opens at its Avales tab.
  pmByUuid: { code: 'wizardpm', tabCount: 6, uuid: 'pm-1', franchise: null, staff: false, parentUuid: null, blankModel: PM_BLANK, openAt: AVALES_TAB },
  pmNew: {
    code: 'wizardpm',
    tabCount: 6,
    uuid: null,
    franchise: 'F1',
    staff: false,
    parentUuid: null,
    blankModel: PM_BLANK,
    pendingGuarantors: [PENDING_AVAL, INCOMPLETE_AVAL],
  },
};

const LOAD_FAILURES = [
  { type: 'xstate.error.actor.load', error: { status: 404 } },
  { type: 'xstate.error.actor.load', error: { status: 503 } },
];

const PM_EVENTS = [REMOVAL, { type: 'guarantor.removalConfirmed' }, { type: 'xstate.error.actor.removeGuarantor', error: { status: 500 } }];

const EVENTS_BY_INPUT: Record<string, any[]> = {
  publicNew: [],
  publicByUuid: [
    { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL) },
    { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { complete: true }) },
    { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { expired: true }) },
    { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { editable: 'none' }) },
    ...LOAD_FAILURES,
  ],
  staffByUuid: [
    { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL) },
    { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { complete: true }) },
    { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { expired: true }) },
    reviewSnapshot('checking'),
    reviewSnapshot('pending'),
    reviewSnapshot('validated'),
    { type: 'pld.saved' },
  ],
  pmByUuid: [
    { type: 'xstate.done.actor.load', output: loaded(STORED_PM) },
    { type: 'xstate.done.actor.load', output: loaded(STORED_PM, { editable: 'none' }) },
    ...LOAD_FAILURES,
    ...PM_EVENTS,
    { type: 'xstate.done.actor.removeGuarantor', output: { avales: [COMPLETE_AVAL] } },
  ],
  pmNew: [
    ...PM_EVENTS,
    { type: 'xstate.done.actor.removeGuarantor', output: { avales: [PENDING_AVAL] } },
    { type: 'pendingGuarantor.declined', uuid: PENDING_AVAL.uuid! },
  ],
};

const COMMON_EVENTS = [
  { type: 'tab.next', values: VALUES },
  { type: 'tab.previous', values: VALUES },
  { type: 'tab.selected', index: 0, values: VALUES },
  { type: 'tab.selected', index: 2, values: VALUES },
  { type: 'wizard.finish', values: VALUES },
  { type: 'statement.changed', accepted: true },
  { type: 'statement.changed', accepted: false },
  { type: 'modal.closed' },
  // The form's checks of the tab shown, as the view reports them.
  { type: 'fields.checking' },
  { type: 'fields.checked', valid: false },
  { type: 'fields.checked', valid: true },
  { type: 'xstate.done.actor.validateGeneralData', output: { valid: true, errors: {} } },
  { type: 'xstate.done.actor.validateGeneralData', output: { valid: false, errors: { nombre: '¡Este campo es requerido!' } } },
  // The one save: the server's answers to a create and an update on the way forward, and at the finish (complete).
  { type: 'xstate.done.actor.save', output: createdAnswer('new-uuid', { last_index: 1 }, '<p>bce</p>') },
  { type: 'xstate.done.actor.save', output: updatedAnswer('u-1', { ...STORED_MODEL, nombre: 'ANA LÓPEZ' }, { last_index: 2, version: 3 }) },
  { type: 'xstate.done.actor.save', output: updatedAnswer('u-1', STORED_MODEL, { last_index: 2, version: 3, complete: true }) },
  { type: 'xstate.error.actor.save', error: { status: 500 } },
  { type: 'xstate.error.actor.save', error: { status: 422, fieldErrors: { nombre: '¡Este campo es requerido!' } } },
  { type: 'xstate.error.actor.save', error: { status: 409, code: 'stale_version', message: 'La solicitud se modificó desde otra sesión.' } },
  { type: 'xstate.error.actor.save', error: { status: 403, message: 'No autorizado.' } },
  // The service could not take it (the database out of reach), or nothing answered (no network).
  { type: 'xstate.error.actor.save', error: { status: 503, message: UNAVAILABLE } },
  { type: 'xstate.error.actor.save', error: {} },
  // 'Reintentar': a load that failed, or a save the service could not take.
  { type: 'wizard.retried' },
];

const avalesOf = (model: Model) => (model.avales ?? []) as GuarantorSummary[];
const incompleteAvales = (model: Model) => avalesOf(model).filter((a) => a.data.persona_completa !== true);

// What tells states apart for the walk. The target tab counts only while a step is under way, and of
// the flagged tabs only whether the one shown is flagged: the whole set over six tabs makes the
// traversal of a PM take a minute without reaching any transition the smaller key misses.
const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.current,
    s.matches({ ready: 'idle' }) ? null : s.context.target,
    s.context.meta.store,
    s.context.meta.cache,
    s.context.meta.last_index,
    s.context.meta.editable,
    s.context.meta.uuid !== null,
    s.context.modal?.kind ?? null,
    s.context.tabErrors.includes(s.context.current),
    s.context.pld.busy,
    s.context.pld.blocking,
    s.context.pld.validated,
    s.matches({ ready: 'idle' }) ? null : s.context.after,
    s.context.fields.checking,
    s.context.fields.valid,
    avalesOf(s.context.model).map((a) => a.uuid),
    s.context.meta.guarantors,
    s.context.statement.accepted,
  ]);

/** The waiting guarantors the person declined along a path, in order. */
const declinedOn = new WeakMap<WizardHarness, string[]>();

/** What each state, and the step that reached it, means. */
function assertMeaning(s: Snapshot, h: WizardHarness) {
  const { context } = s;
  const declined = declinedOn.get(h) ?? [];
  if (h.last?.type === 'pendingGuarantor.declined' && !h.before!.context.meta.store && h.before!.context.meta.guarantors.includes(h.last.uuid)) {
    declined.push(h.last.uuid);
  }
  declinedOn.set(h, declined);
  const pendingUuids = (h.input.pendingGuarantors ?? []).map((a) => a.uuid).filter((uuid) => !declined.includes(uuid!));
  expect(context.current).toBeGreaterThanOrEqual(0);
  expect(context.current).toBeLessThan(context.tabCount);
  // The tab shown is always one the person may be on.
  expect(isTabActive(context, context.current)).toBe(true);
  if (s.matches('loading')) {
    expect(s.hasTag('busy')).toBe(true);
    expect(pendingCall(h, 'load application').input).toEqual({ code: context.code, uuid: context.meta.uuid, flag: context.staff ? 0 : 1 });
  }
  if (h.last?.type === 'xstate.done.actor.save') {
    // The record's meta is the server's answer.
    const { store, last_index, version, editable, complete } = h.last.output.meta;
    expect(context.meta).toMatchObject({ store, cache: !store, last_index, version, editable, complete, uuid: h.last.output.uuid });
    // An update answers the model as stored; a create keeps the one sent, with its new uuid.
    if ('data' in h.last.output) expect(context.model).toEqual({ ...h.last.output.data, entidades_eliminadas: [] });
    else expect(context.model).toEqual({ ...h.before!.context.model, uuid: h.last.output.uuid, entidades_eliminadas: [] });
    expect(context.serverErrors).toEqual({});
    // The address follows the record saved.
    expect(h.announced).toContainEqual({ type: 'recordChanged', uuid: h.last.output.uuid });
    if (h.before!.context.after === 'step') {
      // A step's save shows the tab it aimed at and says it saved.
      expect(s.matches({ ready: 'idle' })).toBe(true);
      expect(context.current).toBe(h.before!.context.target);
      expect(h.emitted.at(-1)).toEqual({ type: 'notification', kind: 'saved' });
    } else expect(s.matches('finished')).toBe(true);
  }
  if (h.last?.type === 'xstate.error.actor.save') {
    const failure = h.last.error as { status: number; message?: string; fieldErrors?: Record<string, string>; code?: string };
    const before = h.before!.context;
    const unavailable = failure.status === 503 || failure.status === undefined;
    // A refused save keeps what was typed and stays on the tab; one the service could not take
    // (a step's, a finish, a guarantor's completion) offers to send it again.
    expect(s.matches({ ready: unavailable ? 'saveUnavailable' : 'idle' })).toBe(true);
    expect(context.current).toBe(before.current);
    expect(context.model).toEqual(before.model);
    // The server's Spanish message, or that nothing answered.
    const said = failure.status === 503 ? UNAVAILABLE : NOTICES.saveUnreachable;
    if (unavailable) {
      expect(s.hasTag('blocking')).toBe(true);
      expect(h.emitted.at(-1)).not.toEqual({ type: 'notification', kind: 'saveFailed' });
    }
    if (before.after === 'step' && unavailable) {
      expect(context.modal).toEqual({ kind: 'saveUnavailable', message: said });
      expect(context.serverErrors).toEqual(before.serverErrors);
    } else if (before.after === 'finish' && unavailable) {
      // The spec's message for a failed finish, with what happened; an unstored record falls back to the browser's cache.
      if (before.meta.store) expect(context.modal).toEqual({ kind: 'updateError', unavailable: said });
      else {
        expect(context.meta).toMatchObject({ store: false, cache: true });
        expect(context.modal).toEqual({ kind: 'finishStoredTemporarily', unavailable: said });
      }
    } else if (before.after === 'complete' && unavailable) {
      expect(context.modal).toEqual({ kind: 'guarantorFinishFailed', parentUuid: before.meta.parent_uuid, message: null, unavailable: said });
      expect(context.model.persona_completa).toBe(false);
    } else if (before.after === 'finish') {
      // The finish: a stored record says its update failed; an unstored one falls back to the browser's cache,
      // refused by the server (403, with its reason) or stored there for now.
      // A stored record refused with a reason (403: staff without the Analista role, README "PLD outcome") shows it.
      if (before.meta.store) expect(context.modal).toEqual(failure.status === 403 ? { kind: 'finishForbidden', message: failure.message ?? '' } : { kind: 'updateError' });
      else {
        expect(context.meta).toMatchObject({ store: false, cache: true });
        expect(context.modal).toEqual(failure.status === 403 ? { kind: 'finishForbidden', message: failure.message } : { kind: 'finishStoredTemporarily' });
      }
    } else {
      // A step: a reason to read (409, 403) opens a modal with it, per-field messages (422) go to their fields.
      // Each failure is said once: by its modal, or by the notification.
      if ((failure.status === 409 || failure.status === 403) && failure.message) {
        expect(context.modal).toEqual({ kind: 'saveRefused', message: failure.message, stale: failure.code === 'stale_version' });
        expect(context.serverErrors).toEqual(before.serverErrors);
        expect(h.emitted.at(-1)).not.toEqual({ type: 'notification', kind: 'saveFailed' });
      } else {
        expect(context.serverErrors).toEqual(failure.fieldErrors ?? {});
        expect(h.emitted.at(-1)).toEqual({ type: 'notification', kind: 'saveFailed' });
      }
    }
  }
  if (h.last?.type === 'wizard.retried' && h.before!.matches({ ready: 'saveUnavailable' })) {
    // 'Reintentar' sends the same save again: the same model, aiming at the same tab, from the same one,
    // through the checks it passed on the first try. A step's PLD check under way is awaited and its
    // matches reviewed first; a finish or completion is chosen again: a record no longer editable or a PM
    // with a guarantor incomplete stops with its modal, a guarantor awaits and reviews its PLD check, an
    // Analista's finish screens the application again, and a finish checks 'Datos generales' again.
    const pld = h.before!.context.pld;
    const expected =
      context.after === 'step' ? (pld.busy ? 'awaitingPld' : pld.blocking ? 'pldReview' : 'saving')
      : context.meta.editable === 'none' ? 'idle'
      : context.guarantor ? (pld.busy ? 'screening' : pld.blocking ? 'pldReview' : 'saving')
      : incompleteAvales(context.model).length > 0 ? 'idle'
      : context.pldReviewer ? 'screening'
      : 'finishing';
    expect(s.matches({ ready: expected })).toBe(true);
    const stopped = context.meta.editable === 'none' ? { kind: 'notEditable' } : { kind: 'incompleteGuarantors', names: expect.any(Array) };
    expect(context.modal).toEqual(expected === 'pldReview' ? { kind: 'pldReview' } : expected === 'idle' ? stopped : null);
    expect(context.model).toEqual(h.before!.context.model);
    expect([context.current, context.target, context.after]).toEqual([h.before!.context.current, h.before!.context.target, h.before!.context.after]);
    if (expected === 'saving') {
      const resent = pendingCall(h, context.meta.store ? 'update application' : 'create application').input;
      expect(resent.model).toEqual(context.model);
      // A guarantor's completion is sent again as one.
      expect(resent.meta.complete).toBe(context.after === 'step' ? undefined : true);
    }
  }
  if (h.last?.type === 'modal.closed' && h.before!.matches({ ready: 'saveUnavailable' })) {
    // Closed: back on the same tab with what was typed; the next step forward saves it.
    expect(s.matches({ ready: 'idle' })).toBe(true);
    expect(context.model).toEqual(h.before!.context.model);
  }
  // Guarantors saved before the PM go with its first create (whichever step makes it); once it is
  // stored they are linked, and the browser forgets them.
  if (s.matches({ ready: 'saving' }) && !context.meta.store) {
    expect(pendingCall(h, 'create application').input.meta.guarantors).toEqual(pendingUuids);
  }
  expect(context.meta.guarantors).toEqual(context.meta.uuid === null ? pendingUuids : []);
  expect(h.forgotten).toEqual([
    ...declined.map((uuid) => [uuid]),
    ...(context.meta.uuid !== null && pendingUuids.length > 0 && h.input.uuid === null ? [pendingUuids] : []),
  ]);
  // An applicant is nobody's waiting guarantor.
  expect(h.kept).toEqual([]);
  if (s.matches({ ready: 'pldReview' })) {
    expect(context.modal).toEqual({ kind: 'pldReview' });
    expect(s.hasTag('blocking')).toBe(true);
    expect(h.pldReceived.at(-1)).toEqual({ type: 'pld.opened' });
  }
  // Nothing is saved or finished while PLD matches wait for review or a check runs (spec 01 §4).
  const entered = (state: string) => s.matches({ ready: state } as never) && !h.before?.matches({ ready: state } as never);
  // (The finish's save follows its general-data check as before: a check started meanwhile does not hold it.)
  if ((entered('saving') && !h.before?.matches({ ready: 'finishing' })) || entered('finishing')) expect(context.pld.blocking || context.pld.busy).toBe(false);
  if (s.matches({ ready: 'awaitingPld' }) || s.matches({ ready: 'screening' })) {
    expect(s.hasTag('busy')).toBe(true);
    expect(context.pld.busy).toBe(true);
  }
  if (s.matches({ ready: 'screening' })) expect(h.pldReceived.at(-1)).toEqual({ type: 'pld.check', model: context.model });
  // A staff save carries the validated review, with the matches selected; nobody else sends one.
  if (entered('saving')) {
    const call = pendingCall(h, context.meta.store ? 'update application' : 'create application');
    if (context.staff && context.pld.validated) {
      expect(call.input.pld).toMatchObject({ coincidencias_validadas: true, validar_coincidencias: false });
      expect(call.input.pld.users).toEqual(context.pld.found!.selected.length ? { pf: [PLD_MATCH] } : {});
    } else expect(call.input.pld).toBeNull();
  }
  if (h.last?.type === 'pld.saved') {
    // Saving and closing the review goes on with the step that opened it.
    expect(context.modal).toBeNull();
    expect(h.pldReceived.at(-1)).toEqual({ type: 'pld.saved' });
    expect(s.matches({ ready: h.before!.context.after === 'finish' ? 'finishing' : 'saving' })).toBe(true);
  }
  if (context.modal?.kind === 'complete' || context.modal?.kind === 'expired' || context.modal?.kind === 'incorrect') {
    // A blocked opening leaves a blank model and no record.
    expect(context.model).toEqual(h.input.blankModel);
    expect(context.meta.uuid).toBeNull();
  }
  if (h.last?.type === 'xstate.done.actor.load' && h.input.staff && h.last.output.meta.expired) {
    // Staff open an expired record as any other, to read or correct it.
    expect(context.modal?.kind).not.toBe('expired');
    expect(context.meta.uuid).toBe(h.input.uuid);
  }
  if (context.meta.store) expect(context.meta.cache).toBe(false);
  if (s.matches('loadFailed')) {
    // A failed load that is not a wrong code keeps the record, to retry.
    expect(context.modal).toEqual({ kind: 'loadFailed' });
    expect(context.meta.uuid).not.toBeNull();
  }
  if (h.last?.type === 'xstate.done.actor.load' && h.input.openAt != null && s.matches('ready') && context.meta.uuid !== null) {
    expect(context.current).toBe(h.input.openAt);
  }
  if (context.modal?.kind === 'saveRefused') expect(context.modal.message).toMatch(/otra sesión|No autorizado/);
  if (context.modal?.kind === 'incompleteGuarantors') {
    // Exactly the guarantors still to complete, by the names a person reads.
    expect(context.modal.names.length).toBeGreaterThan(0);
    expect(context.modal.names).toEqual(incompleteAvales(context.model).map((a) => NAME_OF[a.uuid!]));
  }
  // A PM finishes only with every guarantor complete.
  if (s.matches({ ready: 'finishing' }) || s.matches('finished')) expect(incompleteAvales(context.model)).toEqual([]);
  if (s.matches({ ready: 'confirmingGuarantorRemoval' })) {
    expect(s.hasTag('blocking')).toBe(true);
    expect(context.modal).toEqual({ kind: 'confirmGuarantorRemoval', key: REMOVAL.key, name: REMOVAL.name });
    // Nothing is removed before the person confirms.
    expect(h.pending['remove guarantor'] ?? []).toEqual([]);
  }
  if (s.matches({ ready: 'removingGuarantor' })) {
    expect(s.hasTag('busy')).toBe(true);
    expect(context.meta.uuid).not.toBeNull();
    expect(pendingCall(h, 'remove guarantor').input).toEqual({ parentUuid: context.meta.uuid, key: REMOVAL.key });
  }
  if (h.before?.matches({ ready: 'confirmingGuarantorRemoval' }) && h.last.type === 'modal.closed') {
    // Cancelling closes the question and calls nothing.
    expect(s.matches({ ready: 'idle' })).toBe(true);
    expect(context.modal).toBeNull();
    expect(h.pending['remove guarantor'] ?? []).toEqual([]);
  }
  if (h.last?.type === 'pendingGuarantor.declined') {
    const uuid = h.last.uuid;
    const waited = !h.before!.context.meta.store && h.before!.context.meta.guarantors.includes(uuid);
    if (waited) {
      // Not linked at the first save, not shown, and no longer kept by the browser.
      expect(context.meta.guarantors).not.toContain(uuid);
      expect(avalesOf(context.model).map((aval) => aval.uuid)).not.toContain(uuid);
      expect(h.forgotten.at(-1)).toEqual([uuid]);
    } else expect(context).toEqual(h.before!.context);
  }
  if (h.last?.type === 'xstate.done.actor.removeGuarantor') {
    expect(s.matches({ ready: 'idle' })).toBe(true);
    expect(context.modal).toBeNull();
    expect(context.model.avales).toEqual(h.last.output.avales);
    expect(h.emitted.at(-1)).toEqual({ type: 'notification', kind: 'guarantorRemoved' });
  }
  if (h.last?.type === 'xstate.error.actor.removeGuarantor') {
    expect(s.matches({ ready: 'idle' })).toBe(true);
    expect(context.modal).toBeNull();
    expect(context.model.avales).toEqual(h.before!.context.model.avales);
    expect(h.emitted.at(-1)).toEqual({ type: 'notification', kind: 'guarantorRemovalFailed' });
  }
  if (s.matches('finished')) {
    // A record finished for the first time thanks the person; one finished again says it was updated.
    expect(context.modal?.kind).toBe(h.before!.context.meta.complete ? 'updateSuccess' : 'finishSuccess');
  }
  if (s.matches('done')) expect(h.emitted.at(-1)).toEqual({ type: 'finished', staff: context.staff });
  if (h.last?.type === 'wizard.finish' && !h.before!.context.statement.accepted && !context.staff && h.before!.matches({ ready: 'idle' }) && h.before!.context.modal === null) {
    // A public applicant who has not ticked 'Acepto' is asked to, and nothing is checked or saved.
    expect(s.matches({ ready: 'idle' })).toBe(true);
    expect(context.statement.asked).toBe(h.before!.context.statement.asked + 1);
    expect(callsOfStep(h)).toEqual([]);
  }
  if (h.last?.type === 'statement.changed') expect(context.statement.accepted).toBe(h.last.accepted);
  // A finish sends the 'Acepto' the person ticked; the server records when.
  if (s.matches({ ready: 'saving' }) && !h.before?.matches({ ready: 'saving' }) && context.after === 'finish') {
    const save = pendingCall(h, context.meta.store ? 'update application' : 'create application');
    expect(save.input.meta.declaracion_aceptada).toBe(context.statement.accepted ? true : undefined);
  }
  // An applicant never takes the guarantor's way out.
  expect(context.after === 'complete' || s.matches('returned')).toBe(false);
  expect(h.emitted.filter((e) => e.type === 'returnToParent')).toEqual([]);
  // Every state an applicant can be in is known here: a state this check never heard of fails.
  switch (statePath(s.value)) {
    case 'ready.idle':
      expect(s.hasTag('busy')).toBe(false);
      break;
    case 'ready.checkingFields':
      // Forward or at the finish, the form's own checks are still running: the wizard is busy and waits, calling nothing.
      expect(s.hasTag('busy')).toBe(true);
      expect(context.fields.checking).toBe(true);
      // A step aims at a later tab; the finish stays on the tab shown.
      if (context.after === 'step') expect(context.target).toBeGreaterThan(context.current);
      else expect(context.target).toBe(context.current);
      expect(callsOfStep(h)).toEqual([]);
      break;
    case 'ready.finishing':
      // Finishing checks 'Datos generales', wherever the person stands.
      expect(s.hasTag('busy')).toBe(true);
      expect(context.after).toBe('finish');
      expect(pendingCall(h, 'validate tab').input).toEqual({ index: 0, values: context.model, staff: context.staff, editable: context.meta.editable });
      break;
    case 'ready.saving': {
      // The one save: POST while unstored, PUT once stored, with what was typed and the tab the save
      // reaches (the next one on a step; the tab shown, complete, at the finish).
      expect(s.hasTag('busy')).toBe(true);
      expect(s.hasTag('saving')).toBe(true);
      const call = pendingCall(h, context.meta.store ? 'update application' : 'create application');
      expect(call.input).toMatchObject({ code: context.code, uuid: context.meta.store ? context.meta.uuid : null, staff: context.staff });
      expect(call.input.model).toMatchObject(VALUES);
      if (context.after === 'step') {
        expect(call.input.meta.last_index).toBe(context.current + 1);
        expect(call.input.meta.complete).toBeUndefined();
      } else expect(call.input.meta).toMatchObject({ last_index: context.current, complete: true });
      expect(call.input.meta).toMatchObject({ franchise: context.meta.franchise, parent_uuid: context.meta.parent_uuid, version: context.meta.version });
      break;
    }
    case 'loading':
      expect(s.hasTag('busy')).toBe(true);
      expect(pendingCall(h, 'load application').input).toEqual({ code: context.code, uuid: context.meta.uuid, flag: context.staff ? 0 : 1 });
      break;
    case 'loadFailed':
      expect(s.hasTag('blocking')).toBe(true);
      break;
    case 'ready.saveUnavailable':
      // A save the service could not take: the modal that offers to send it again, over the tab and what was typed
      // (a step's says so alone; a finish's or a completion's is the spec's message for the failure, with what happened).
      expect(s.hasTag('blocking')).toBe(true);
      if (context.after === 'step') expect(context.modal?.kind).toBe('saveUnavailable');
      else expect(context.modal).toMatchObject({ kind: context.after === 'complete' ? 'guarantorFinishFailed' : context.meta.store ? 'updateError' : 'finishStoredTemporarily', unavailable: expect.any(String) });
      break;
    case 'ready.confirmingGuarantorRemoval':
    case 'ready.removingGuarantor':
    case 'ready.awaitingPld':
    case 'ready.screening':
    case 'ready.pldReview':
    case 'finished':
    case 'done':
      // Checked above.
      break;
    case 'opening':
    case 'ready.choosingFinish':
    case 'ready.checkingPld':
      // Choices the wizard passes through at once: it never rests there.
      throw new Error(`The wizard rests in ${statePath(s.value)}, a state it only passes through`);
    default:
      throw new Error(`Unknown wizard state ${JSON.stringify(s.value)}`);
  }
}

const coverage = fileCoverage('wizard');

describe('wizard machine, every transition', () => {
  testEveryWizardTransition({
    inputs: INPUTS,
    eventsOf: (name) => [...COMMON_EVENTS, ...EVENTS_BY_INPUT[name]],
    serializeState,
    assertMeaning,
    inspect: coverage.inspect,
  });
});

describe('wizard scenarios', () => {
  it('creates on the first forward step, follows the uuid, then updates and notifies each save', async () => {
    const h = start(INPUTS.publicNew, coverage.inspect);
    expect(h.actor.getSnapshot().context.modal).toEqual({ kind: 'firstUse' });
    await play(h, { type: 'modal.closed' });
    await play(h, { type: 'tab.next', values: VALUES });
    const create = h.pending['create application'].at(-1)!;
    expect(create.input).toMatchObject({ uuid: null, meta: { last_index: 1, franchise: 'F1' } });
    await play(h, { type: 'xstate.done.actor.save', output: createdAnswer('abc', { last_index: 1 }) });
    let s = h.actor.getSnapshot();
    expect(s.context.meta).toMatchObject({ uuid: 'abc', store: true, cache: false, last_index: 1, version: 1 });
    expect(s.context.current).toBe(1);
    expect(h.emitted).toEqual([{ type: 'notification', kind: 'saved' }]);
    // The address follows the record once it is stored.
    expect(h.announced.at(-1)).toEqual({ type: 'recordChanged', uuid: 'abc' });

    await play(h, { type: 'tab.next', values: { vivienda: { vivienda_tipo: 'Propia' } } });
    const update = h.pending['update application'].at(-1)!;
    expect(update.input).toMatchObject({ uuid: 'abc', model: { nombre: 'ANA LÓPEZ', vivienda: { vivienda_tipo: 'Propia' } }, meta: { version: 1 } });
    await play(h, { type: 'xstate.error.actor.save', error: { status: 500 } });
    s = h.actor.getSnapshot();
    // A refused save keeps what was typed and stays on the tab.
    expect(s.context.current).toBe(1);
    expect(s.context.model).toMatchObject({ vivienda: { vivienda_tipo: 'Propia' } });
    expect(h.emitted.at(-1)).toEqual({ type: 'notification', kind: 'saveFailed' });
  });

  it("a create sent again with 'Reintentar' carries the first one's key; a stored record's saves carry none", async () => {
    const h = start(INPUTS.publicNew, coverage.inspect);
    await play(h, { type: 'modal.closed' });
    await play(h, { type: 'tab.next', values: VALUES });
    const key = h.pending['create application'].at(-1)!.input.meta.create_key;
    expect(key).toMatch(UUID);
    // No answer came (it may have been stored all the same): the retry names the same create.
    await play(h, { type: 'xstate.error.actor.save', error: {} });
    expect(h.pending['create application']).toHaveLength(0);
    await play(h, { type: 'wizard.retried' });
    expect(h.pending['create application']).toHaveLength(1);
    expect(h.pending['create application'].at(-1)!.input.meta.create_key).toBe(key);
    await play(h, { type: 'xstate.done.actor.save', output: createdAnswer('abc', { last_index: 1 }) });
    expect(h.actor.getSnapshot().context.meta.create_key).toBeNull();
    await play(h, { type: 'tab.next', values: VALUES });
    expect(h.pending['update application'].at(-1)!.input.meta).not.toHaveProperty('create_key');
    // Another new application's key is its own.
    const other = start(INPUTS.publicNew, coverage.inspect);
    await play(other, { type: 'modal.closed' });
    await play(other, { type: 'tab.next', values: VALUES });
    expect(other.pending['create application'].at(-1)!.input.meta.create_key).toMatch(UUID);
    expect(other.pending['create application'].at(-1)!.input.meta.create_key).not.toBe(key);
  });

  it('a jump ahead saves with the tabs actually passed, and a record that cannot be modified moves on without saving', async () => {
    const h = start(INPUTS.publicByUuid, coverage.inspect);
    await play(h, { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { last_index: 0 }) });
    await play(h, { type: 'tab.selected', index: 2, values: VALUES });
    expect(h.pending['update application'].at(-1)!.input.meta.last_index).toBe(1);

    const readOnly = start(INPUTS.publicByUuid, coverage.inspect);
    await play(readOnly, { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { last_index: 0, editable: 'none' }) });
    await play(readOnly, { type: 'tab.next', values: VALUES });
    expect(readOnly.actor.getSnapshot().context.current).toBe(1);
    expect(readOnly.pending['update application']).toBeUndefined();
  });

  it('going back saves nothing, and flags the tab left when the form found it invalid', async () => {
    const h = start(INPUTS.publicByUuid, coverage.inspect);
    await play(h, { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { last_index: 2 }) });
    expect(h.actor.getSnapshot().context.current).toBe(2);
    await play(h, { type: 'fields.checked', valid: false });
    await play(h, { type: 'tab.previous', values: { nombre: '' } });
    const s = h.actor.getSnapshot();
    expect(s.context.current).toBe(1);
    expect(s.context.tabErrors).toEqual([2]);
    expect(h.pending['update application']).toBeUndefined();
  });

  it("a public finish without 'Acepto' asks for it and checks or saves nothing; staff have no statement to accept", async () => {
    const h = start(INPUTS.publicByUuid, coverage.inspect);
    await play(h, { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { last_index: 2 }) });
    await play(h, { type: 'wizard.finish', values: { ...VALUES, nombre: 'ANA LÓPEZ' } });
    expect(h.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(h.actor.getSnapshot().context.statement).toEqual({ accepted: false, asked: 1 });
    expect(h.actor.getSnapshot().context.model.nombre).toBe('ANA LÓPEZ');
    expect(h.pending['validate tab']).toBeUndefined();
    await play(h, { type: 'statement.changed', accepted: true });
    await play(h, { type: 'wizard.finish', values: VALUES });
    expect(h.pending['validate tab']).toHaveLength(1);

    const staff = start(INPUTS.staffByUuid, coverage.inspect);
    await play(staff, { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { last_index: 2 }) });
    await play(staff, { type: 'wizard.finish', values: VALUES });
    expect(staff.actor.getSnapshot().context.statement.asked).toBe(0);
    expect(staff.actor.getSnapshot().matches({ ready: 'idle' })).toBe(false);
  });

  it('finishing a stored record for the first time updates it and thanks the person', async () => {
    const h = start(INPUTS.publicByUuid, coverage.inspect);
    await play(h, { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { last_index: 2 }) });
    await play(h, { type: 'statement.changed', accepted: true });
    await play(h, { type: 'wizard.finish', values: VALUES });
    await play(h, { type: 'xstate.done.actor.validateGeneralData', output: { valid: true, errors: {} } });
    await play(h, { type: 'xstate.done.actor.save', output: updatedAnswer('u-1', STORED_MODEL, { last_index: 2, version: 2, complete: true }) });
    expect(h.actor.getSnapshot().context.modal).toEqual({ kind: 'finishSuccess' });
    await play(h, { type: 'modal.closed' });
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.emitted.at(-1)).toEqual({ type: 'finished', staff: false });
  });

  it('a failed create at finish returns to unstored cache with the spec message', async () => {
    const h = start(INPUTS.publicNew, coverage.inspect);
    // The first-use notice comes first; nothing else is taken while it is open.
    await play(h, { type: 'statement.changed', accepted: true });
    await play(h, { type: 'wizard.finish', values: VALUES });
    expect(h.pending['validate tab']).toBeUndefined();
    await play(h, { type: 'modal.closed' });
    await play(h, { type: 'statement.changed', accepted: true });
    await play(h, { type: 'wizard.finish', values: VALUES });
    await play(h, { type: 'xstate.done.actor.validateGeneralData', output: { valid: true, errors: {} } });
    expect(h.pending['create application'].at(-1)!.input.meta.complete).toBe(true);
    await play(h, { type: 'xstate.error.actor.save', error: { status: 500 } });
    const s = h.actor.getSnapshot();
    expect(s.context.modal).toEqual({ kind: 'finishStoredTemporarily' });
    expect(s.context.meta).toMatchObject({ store: false, cache: true });
  });
});

describe('PM scenarios', () => {
  it('a PM with incomplete guarantors names them and calls nothing, then finishes once every guarantor is complete', async () => {
    const h = start(INPUTS.pmByUuid, coverage.inspect);
    await play(h, { type: 'xstate.done.actor.load', output: loaded(STORED_PM, { last_index: 5 }) });
    expect(h.actor.getSnapshot().context.current).toBe(AVALES_TAB);
    await play(h, { type: 'statement.changed', accepted: true });
    await play(h, { type: 'wizard.finish', values: VALUES });
    let s = h.actor.getSnapshot();
    expect(s.matches({ ready: 'idle' })).toBe(true);
    expect(s.context.modal).toEqual({ kind: 'incompleteGuarantors', names: ['LUIS PÉREZ'] });
    expect(h.pending['validate tab']).toBeUndefined();
    expect(h.pending['update application']).toBeUndefined();
    expect(h.pending['create application']).toBeUndefined();

    await play(h, { type: 'modal.closed' });
    // The Avales tab's list now has the guarantor completed (back from its wizard).
    const completed = { ...INCOMPLETE_AVAL, data: { ...INCOMPLETE_AVAL.data, persona_completa: true } };
    await play(h, { type: 'statement.changed', accepted: true });
    await play(h, { type: 'wizard.finish', values: { avales: [COMPLETE_AVAL, completed] } });
    expect(pendingCall(h, 'validate tab').input).toMatchObject({ index: 0 });
    await play(h, { type: 'xstate.done.actor.validateGeneralData', output: { valid: true, errors: {} } });
    expect(pendingCall(h, 'update application').input).toMatchObject({ uuid: 'pm-1', meta: { complete: true } });
    await play(h, { type: 'xstate.done.actor.save', output: updatedAnswer('pm-1', { ...STORED_PM, avales: [COMPLETE_AVAL, completed] }, { last_index: 5, version: 2, complete: true }) });
    s = h.actor.getSnapshot();
    expect(s.value).toBe('finished');
    expect(s.context.modal).toEqual({ kind: 'finishSuccess' });
  });

  it('removing a guarantor asks first; cancelling calls nothing, confirming removes it and lists those left', async () => {
    const h = start(INPUTS.pmByUuid, coverage.inspect);
    await play(h, { type: 'xstate.done.actor.load', output: loaded(STORED_PM) });
    await play(h, REMOVAL);
    let s = h.actor.getSnapshot();
    expect(s.hasTag('blocking')).toBe(true);
    expect(s.context.modal).toEqual({ kind: 'confirmGuarantorRemoval', key: 'aval-2', name: 'LUIS PÉREZ' });
    await play(h, { type: 'modal.closed' });
    s = h.actor.getSnapshot();
    expect(s.matches({ ready: 'idle' })).toBe(true);
    expect(s.context.modal).toBeNull();
    expect(h.pending['remove guarantor']).toBeUndefined();
    expect(s.context.model.avales).toEqual([COMPLETE_AVAL, INCOMPLETE_AVAL]);

    await play(h, REMOVAL);
    await play(h, { type: 'guarantor.removalConfirmed' });
    expect(h.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(pendingCall(h, 'remove guarantor').input).toEqual({ parentUuid: 'pm-1', key: 'aval-2' });
    await play(h, { type: 'xstate.done.actor.removeGuarantor', output: { avales: [COMPLETE_AVAL] } });
    s = h.actor.getSnapshot();
    expect(s.matches({ ready: 'idle' })).toBe(true);
    expect(s.context.modal).toBeNull();
    expect(s.context.model.avales).toEqual([COMPLETE_AVAL]);
    expect(h.emitted).toEqual([{ type: 'notification', kind: 'guarantorRemoved' }]);
  });

  it("a new PM's first save links the guarantors saved before it, once", async () => {
    const h = start(INPUTS.pmNew, coverage.inspect);
    expect(h.actor.getSnapshot().context.model.avales).toEqual([PENDING_AVAL, INCOMPLETE_AVAL]);
    await play(h, { type: 'modal.closed' });
    await play(h, { type: 'tab.next', values: VALUES });
    expect(pendingCall(h, 'create application').input.meta.guarantors).toEqual(['aval-3', 'aval-2']);
    await play(h, { type: 'xstate.done.actor.save', output: createdAnswer('pm-9') });
    expect(h.actor.getSnapshot().context.meta.guarantors).toEqual([]);
    await play(h, { type: 'tab.next', values: VALUES });
    expect(pendingCall(h, 'update application').input.meta.guarantors).toEqual([]);
  });
});

describe('PLD scenarios (staff)', () => {
  const review = (h: WizardHarness) => h.actor.getSnapshot().children.pld as unknown as { send(event: unknown): void; getSnapshot(): any };

  /** Staff on 'Datos generales' of a stored record whose review found matches, leaving the tab. */
  async function leaveTabWithMatches() {
    const h = start(INPUTS.staffByUuid, coverage.inspect);
    await play(h, { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { last_index: 0 }) });
    await play(h, reviewSnapshot('pending'));
    await play(h, { type: 'tab.next', values: VALUES });
    return h;
  }

  it('leaving a tab with matches opens the review; the matches selected go with the save, validated', async () => {
    const h = await leaveTabWithMatches();
    let s = h.actor.getSnapshot();
    expect(s.matches({ ready: 'pldReview' })).toBe(true);
    expect(s.context.modal).toEqual({ kind: 'pldReview' });
    expect(review(h).getSnapshot().value).toBe('reviewing');
    expect(h.pending['update application']).toBeUndefined();

    review(h).send({ type: 'match.toggled', group: 'pf', index: 0 });
    // A confirmed match without its written reason is not saved: the review stays open.
    await play(h, { type: 'pld.saved' });
    expect(h.actor.getSnapshot().matches({ ready: 'pldReview' })).toBe(true);
    expect(h.pending['update application']).toBeUndefined();
    review(h).send({ type: 'reason.changed', group: 'pf', index: 0, text: 'Misma fecha de nacimiento.' });
    await play(h, { type: 'pld.saved' });
    s = h.actor.getSnapshot();
    expect(s.context.modal).toBeNull();
    expect(review(h).getSnapshot().value).toBe('validated');
    const save = pendingCall(h, 'update application');
    expect(save.input.pld).toMatchObject({ coincidencias_validadas: true, validar_coincidencias: false, validar_coincidencias_tipo: 'client' });
    expect(save.input.pld.users.pf).toHaveLength(1);
    expect(save.input.pld.users.pf[0].motivo).toBe('Misma fecha de nacimiento.');
    await play(h, { type: 'xstate.done.actor.save', output: updatedAnswer('u-2', STORED_MODEL, { version: 3 }) });
    expect(h.actor.getSnapshot().context.current).toBe(1);
  });

  it('closing the review stays on the tab and keeps the person there until they review', async () => {
    const h = await leaveTabWithMatches();
    await play(h, { type: 'modal.closed' });
    expect(h.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(h.actor.getSnapshot().context.current).toBe(0);
    expect(review(h).getSnapshot().value).toBe('pending');
  });

  it('a check under way is awaited before moving on; finishing screens the whole application first', async () => {
    const h = start(INPUTS.staffByUuid, coverage.inspect);
    await play(h, { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { last_index: 2 }) });
    await play(h, reviewSnapshot('checking'));
    await play(h, { type: 'tab.previous', values: VALUES });
    await play(h, { type: 'tab.next', values: VALUES });
    expect(h.actor.getSnapshot().matches({ ready: 'awaitingPld' })).toBe(true);
    await play(h, reviewSnapshot('validated'));
    expect(h.actor.getSnapshot().matches({ ready: 'saving' })).toBe(true);
    await play(h, { type: 'xstate.done.actor.save', output: updatedAnswer('u-2', STORED_MODEL, { version: 3 }) });

    await play(h, { type: 'statement.changed', accepted: true });
    await play(h, { type: 'wizard.finish', values: VALUES });
    expect(h.actor.getSnapshot().matches({ ready: 'screening' })).toBe(true);
    expect(h.pldReceived.at(-1)).toMatchObject({ type: 'pld.check', model: { nombre: 'ANA LÓPEZ' } });
    await play(h, reviewSnapshot('pending'));
    expect(h.actor.getSnapshot().context.modal).toEqual({ kind: 'pldReview' });
    await play(h, { type: 'pld.saved' });
    expect(h.actor.getSnapshot().matches({ ready: 'finishing' })).toBe(true);
  });
});
