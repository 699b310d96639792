// Model-based tests of the wizard statechart in its guarantor configuration ('Finalizar y regresar
// a PM', spec 02 §2 and §4): a new guarantor of a stored PM, a stored guarantor opened by uuid and
// a guarantor of a PM not stored yet, every transition replayed on a real actor with fake calls.
import { describe, expect, it } from 'vitest';
import type { WizardInput } from '../../machines/wizard';
import { isTabActive } from '../../forms/wizard-state';
import { NOTICES } from '../../forms/messages';
import { fileCoverage } from './support/coverage-report';
import {
  callsOfStep,
  createdAnswer,
  loaded,
  pendingCall,
  playWizard as play,
  reviewSnapshot,
  startWizard as start,
  statePath,
  testEveryWizardTransition,
  updatedAnswer,
  type WizardHarness,
  type WizardSnapshot as Snapshot,
} from './support/wizard-harness';

const PARENT = 'pm-1';
// A guarantor is an 'Obligado': it never gets the first-use notice of a 'Cliente'.
const BLANK = { clasificacion: 'Obligado', tipo_persona: 'Física', nombre: '', persona_completa: false, entidades_eliminadas: [] };
const STORED_GUARANTOR = { ...BLANK, nombre: 'LUIS', uuid: 'g-1' };
const VALUES = { nombre: 'LUIS PÉREZ' };
/** A completion refused for fields of two tabs: Empleo (2) and Vivienda (1). */
const FIELD_ERRORS = { 'empleo.empresa_nombre': '¡Este campo es requerido!', 'vivienda.vivienda_tipo': '¡Este campo es requerido!' };
const TAB_OF: Record<string, number> = { 'empleo.empresa_nombre': 2, 'vivienda.vivienda_tipo': 1 };

const guarantor = (uuid: string | null, parentUuid: string | null): WizardInput => ({
  code: 'wizardpf',
  // Datos generales, Vivienda, Empleo, Activos y pasivos, Referencias personales: no PLD or truthfulness tab.
  tabCount: 5,
  uuid,
  franchise: null,
  staff: false,
  parentUuid,
  blankModel: BLANK,
  guarantor: true,
  tabOfField: (path) => TAB_OF[path] ?? null,
});

const INPUTS: Record<string, WizardInput> = {
  newOfStoredPm: guarantor(null, PARENT),
  storedByUuid: guarantor('g-1', PARENT),
  ofUnstoredPm: guarantor(null, null),
  // Staff review the guarantor's PLD matches too; completing it leaves the last tab.
  staffByUuid: { ...guarantor('g-1', PARENT), staff: true },
};

const VALID = { valid: true, errors: {} };
const UNAVAILABLE = 'El servicio no está disponible por el momento, intenta de nuevo en unos segundos.';
const PM_FINISHED = 'La solicitud de Persona Moral ya fue finalizada y no puede modificarse.';
const PM_FULL = 'La solicitud de Persona Moral ya tiene 50 avales, el máximo permitido.';

const EVENTS = [
  { type: 'tab.next', values: VALUES },
  { type: 'tab.previous', values: VALUES },
  { type: 'tab.selected', index: 0, values: VALUES },
  { type: 'tab.selected', index: 2, values: VALUES },
  { type: 'wizard.finish', values: VALUES },
  { type: 'modal.closed' },
  // The form's checks of the tab shown, as the view reports them.
  { type: 'fields.checking' },
  { type: 'fields.checked', valid: false },
  { type: 'fields.checked', valid: true },
  // The one save: the server's answers to a create and an update, on the way forward and at the completion.
  { type: 'xstate.done.actor.save', output: createdAnswer('g-new', { parent_uuid: PARENT }) },
  { type: 'xstate.done.actor.save', output: updatedAnswer('g-1', { ...STORED_GUARANTOR, ...VALUES }, { parent_uuid: PARENT, version: 3 }) },
  { type: 'xstate.done.actor.save', output: updatedAnswer('g-1', { ...STORED_GUARANTOR, ...VALUES, persona_completa: true }, { parent_uuid: PARENT, version: 4 }) },
  { type: 'xstate.error.actor.save', error: { status: 500 } },
  { type: 'xstate.error.actor.save', error: { status: 422, fieldErrors: FIELD_ERRORS } },
  { type: 'xstate.error.actor.save', error: { status: 409, message: 'La solicitud se modificó desde otra sesión.' } },
  // The service could not take it (the database out of reach), or nothing answered; then 'Reintentar'.
  { type: 'xstate.error.actor.save', error: { status: 503, message: UNAVAILABLE } },
  { type: 'xstate.error.actor.save', error: {} },
  { type: 'wizard.retried' },
  // An applicant's finish: offered to the walk, never taken by a guarantor.
  { type: 'xstate.done.actor.validateGeneralData', output: VALID },
];

const EVENTS_BY_INPUT: Record<string, any[]> = {
  // Its PM is asked first whether it takes a guarantor: yes; closed, full or unknown; or no answer.
  newOfStoredPm: [
    { type: 'xstate.done.actor.checkParent' },
    { type: 'xstate.error.actor.checkParent', error: { status: 403, code: 'parent_closed', message: PM_FINISHED } },
    { type: 'xstate.error.actor.checkParent', error: { status: 403, code: 'forbidden', message: 'No es posible agregar o quitar avales de esta solicitud.' } },
    { type: 'xstate.error.actor.checkParent', error: { status: 409, message: PM_FULL } },
    { type: 'xstate.error.actor.checkParent', error: { status: 404, message: 'No existe la solicitud de Persona Moral de este aval.' } },
    { type: 'xstate.error.actor.checkParent', error: { status: 503, message: UNAVAILABLE } },
  ],
  storedByUuid: [
    { type: 'xstate.done.actor.load', output: loaded(STORED_GUARANTOR, { parent_uuid: PARENT }) },
    // A guarantor opened by uuid meets the same openings as an applicant: complete, expired, read-only, a wrong code, a failed load.
    { type: 'xstate.done.actor.load', output: loaded(STORED_GUARANTOR, { parent_uuid: PARENT, complete: true }) },
    { type: 'xstate.done.actor.load', output: loaded(STORED_GUARANTOR, { parent_uuid: PARENT, expired: true }) },
    { type: 'xstate.done.actor.load', output: loaded(STORED_GUARANTOR, { parent_uuid: PARENT, editable: 'none' }) },
    { type: 'xstate.error.actor.load', error: { status: 404 } },
    { type: 'xstate.error.actor.load', error: { status: 503 } },
    { type: 'wizard.retried' },
  ],
  ofUnstoredPm: [],
  staffByUuid: [
    { type: 'xstate.done.actor.load', output: loaded(STORED_GUARANTOR, { parent_uuid: PARENT }) },
    reviewSnapshot('checking'),
    reviewSnapshot('pending'),
    reviewSnapshot('validated'),
    { type: 'pld.saved' },
  ],
};

const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.current,
    s.matches({ ready: 'idle' }) ? null : s.context.target,
    s.context.meta.store,
    s.context.meta.last_index,
    s.context.meta.editable,
    s.context.meta.uuid !== null,
    s.context.modal?.kind ?? null,
    s.context.tabErrors.includes(s.context.current),
    s.context.model.persona_completa,
    Object.keys(s.context.serverErrors).length > 0,
    s.context.pld.busy,
    s.context.pld.blocking,
    s.context.pld.validated,
    s.context.fields.checking,
    s.context.fields.valid,
  ]);

/** A save that failed while completing the guarantor. */
const completionFailed = (h: WizardHarness) => h.last?.type === 'xstate.error.actor.save' && h.before?.context.after === 'complete';

/** What each state, and the step that reached it, means for a guarantor. */
function assertMeaning(s: Snapshot, h: WizardHarness) {
  const { context } = s;
  const parent = h.input.parentUuid;
  expect(isTabActive(context, context.current)).toBe(true);
  expect(context.meta.parent_uuid).toBe(parent);
  // A guarantor is not an applicant: no first-use notice, no finish, no 'finished'.
  expect(context.modal?.kind).not.toBe('firstUse');
  expect(s.matches({ ready: 'finishing' }) || s.matches('finished') || s.matches('done')).toBe(false);
  expect(h.emitted.filter((e) => e.type === 'finished')).toEqual([]);

  const completing = s.matches({ ready: 'saving' }) && context.after === 'complete';
  if (completing) {
    expect(s.hasTag('busy')).toBe(true);
    // Matches waiting for review hold the guarantor: its completion opens the review first.
    if (!h.before?.matches({ ready: 'saving' })) expect(context.pld.blocking || context.pld.busy).toBe(false);
  }
  if (s.matches({ ready: 'pldReview' })) expect(context.modal).toEqual({ kind: 'pldReview' });
  if (context.modal?.kind === 'complete' || context.modal?.kind === 'expired' || context.modal?.kind === 'incorrect') {
    // A blocked opening leaves a blank guarantor of the same PM, and no record.
    expect(context.model).toEqual(BLANK);
    expect(context.meta.uuid).toBeNull();
  }
  // A record that cannot be modified is only read: finishing says so, completing nothing.
  if (context.modal?.kind === 'notEditable') expect(context.meta.editable).toBe('none');
  const saving = completing ? pendingCall(h, context.meta.store ? 'update application' : 'create application') : null;
  if (saving) {
    // The guarantor is saved as complete, with its parent, and what was typed on the tab shown.
    expect(saving.input.model).toMatchObject({ ...VALUES, persona_completa: true });
    expect(saving.input.meta).toMatchObject({ complete: true, parent_uuid: parent });
    expect(context.model.persona_completa).toBe(true);
    if (context.meta.store) expect(saving.input.uuid).toBe(context.meta.uuid);
  }
  if (h.last?.type === 'wizard.finish' && h.before?.matches({ ready: 'idle' }) && !h.before.context.fields.valid && !h.before.context.fields.checking && h.before.context.modal === null) {
    // An invalid tab is not completed: nothing is saved or marked, and the form shows every message.
    expect(s.matches({ ready: 'idle' })).toBe(true);
    expect(context.model.persona_completa).toBe(h.before!.context.model.persona_completa);
    expect(h.emitted.at(-1)).toEqual({ type: 'fieldsRefused' });
  }
  if (completionFailed(h)) {
    // A refused completion undoes the mark, keeps the per-field messages and says so, naming the parent;
    // one the service could not take says what happened and offers to send it again.
    const unavailable = h.last.error.status === 503 || h.last.error.status === undefined;
    expect(s.matches({ ready: unavailable ? 'saveUnavailable' : 'idle' })).toBe(true);
    expect(context.model.persona_completa).toBe(false);
    expect(context.modal).toEqual(
      unavailable
        ? { kind: 'guarantorFinishFailed', parentUuid: parent, message: null, unavailable: h.last.error.status === 503 ? UNAVAILABLE : NOTICES.saveUnreachable }
        : { kind: 'guarantorFinishFailed', parentUuid: parent, message: h.last.error.message ?? null },
    );
    expect(context.serverErrors).toEqual(h.last.error.fieldErrors ?? h.before!.context.serverErrors);
    // The person is taken to the first tab refused that they can open, and each of those is flagged.
    const refused = [1, 2].filter((index) => isTabActive(context, index));
    if (h.last.error.fieldErrors && refused.length > 0) {
      expect(context.current).toBe(refused[0]);
      expect(context.tabErrors).toEqual(expect.arrayContaining(refused));
    } else expect(context.current).toBe(h.before!.context.current);
  }
  // A guarantor of no stored PM is kept by the browser, as last saved, for the next PM; one with a parent never is.
  if (parent === null && context.meta.uuid !== null && h.last?.type === 'xstate.done.actor.save') {
    expect(h.kept.at(-1)).toMatchObject({ uuid: context.meta.uuid, data: { nombre: context.model.nombre, persona_completa: context.model.persona_completa === true } });
  }
  if (parent !== null) expect(h.kept).toEqual([]);
  expect(h.forgotten).toEqual([]);
  if (s.matches('returned')) {
    expect(s.status).toBe('done');
    expect(context.meta.uuid).not.toBeNull();
    expect(h.emitted.filter((e) => e.type === 'returnToParent')).toEqual([{ type: 'returnToParent', parentUuid: parent, uuid: context.meta.uuid }]);
  } else expect(h.emitted.filter((e) => e.type === 'returnToParent')).toEqual([]);
  // Every state a guarantor can be in is known here: a state this check never heard of fails.
  switch (statePath(s.value)) {
    case 'ready.idle':
      expect(s.hasTag('busy')).toBe(false);
      break;
    case 'loading':
      expect(pendingCall(h, 'load application').input).toEqual({ code: context.code, uuid: context.meta.uuid, flag: context.staff ? 0 : 1 });
      break;
    case 'checkingParent':
      // A new guarantor of a stored PM opens by asking the PM whether it takes one; nothing can be typed meanwhile.
      expect(s.hasTag('busy')).toBe(true);
      expect(pendingCall(h, 'check parent').input).toEqual({ parentUuid: parent });
      expect(context.meta.uuid).toBeNull();
      break;
    case 'parentRefused':
      // The PM takes none: the server's reason, said at once; a full PM is offered to go back to; nothing is saved, nothing leaves.
      expect(s.hasTag('blocking')).toBe(true);
      expect(h.last.type).toBe('xstate.error.actor.checkParent');
      // A PM closed to this session (finished, expired, staff's) or unknown is no way out; one still open is (full, its lists locked).
      expect(context.modal).toEqual({
        kind: 'parentRefused',
        message: h.last.error.message,
        parentUuid: h.last.error.status === 404 || h.last.error.code === 'parent_closed' ? null : parent,
      });
      expect(context.model).toEqual(BLANK);
      expect(h.calls.filter((name) => name !== 'check parent')).toEqual([]);
      break;
    case 'loadFailed':
      // A failed load that is not a wrong code keeps the record, to retry.
      expect(s.hasTag('blocking')).toBe(true);
      expect(context.modal).toEqual({ kind: 'loadFailed' });
      expect(context.meta.uuid).not.toBeNull();
      break;
    case 'ready.checkingFields':
      // Forward or at the completion, the form's own checks are still running: the wizard is busy and waits, calling nothing.
      expect(s.hasTag('busy')).toBe(true);
      expect(context.fields.checking).toBe(true);
      expect(context.after).not.toBe('finish');
      expect(callsOfStep(h)).toEqual([]);
      break;
    case 'ready.saving':
      expect(s.hasTag('saving')).toBe(true);
      // A step forward saves the guarantor as it stands, with its parent, not yet complete, and the tab it reaches.
      if (context.after === 'step') {
        const call = pendingCall(h, context.meta.store ? 'update application' : 'create application');
        expect(call.input.meta).toMatchObject({ parent_uuid: parent, last_index: context.current + 1 });
        expect(call.input.meta.complete).toBeUndefined();
      } else expect(context.after).toBe('complete');
      break;
    case 'ready.saveUnavailable':
      // A save the service could not take: offered again ('Reintentar') over the tab and what was typed.
      expect(s.hasTag('blocking')).toBe(true);
      if (context.after === 'step') expect(context.modal?.kind).toBe('saveUnavailable');
      else expect(context.modal).toMatchObject({ kind: 'guarantorFinishFailed', unavailable: expect.any(String) });
      break;
    case 'ready.awaitingPld':
    case 'ready.screening':
      expect(s.hasTag('busy')).toBe(true);
      expect(context.pld.busy).toBe(true);
      break;
    case 'ready.pldReview':
    case 'returned':
      // Checked above.
      break;
    case 'ready.finishing':
    case 'finished':
    case 'done':
    case 'ready.confirmingGuarantorRemoval':
    case 'ready.removingGuarantor':
      // An applicant's finish, a PM's guarantors: never a guarantor's.
      throw new Error(`A guarantor wizard reached ${statePath(s.value)}`);
    case 'opening':
    case 'ready.choosingFinish':
    case 'ready.checkingPld':
      // Choices the wizard passes through at once: it never rests there.
      throw new Error(`The wizard rests in ${statePath(s.value)}, a state it only passes through`);
    default:
      throw new Error(`Unknown guarantor wizard state ${JSON.stringify(s.value)}`);
  }
}

const coverage = fileCoverage('wizard (guarantor)');

describe('wizard (guarantor), every transition', () => {
  testEveryWizardTransition({
    inputs: INPUTS,
    eventsOf: (name) => [...EVENTS, ...EVENTS_BY_INPUT[name]],
    serializeState,
    assertMeaning,
    inspect: coverage.inspect,
  });
});

describe('guarantor scenarios', () => {
  it('completing a new guarantor of a stored PM saves it complete and returns to the PM', async () => {
    const h = start(INPUTS.newOfStoredPm, coverage.inspect);
    expect(pendingCall(h, 'check parent').input).toEqual({ parentUuid: PARENT });
    await play(h, { type: 'xstate.done.actor.checkParent' });
    expect(h.actor.getSnapshot().context.modal).toBeNull();
    await play(h, { type: 'wizard.finish', values: VALUES });
    const create = pendingCall(h, 'create application');
    expect(create.input.model).toMatchObject({ nombre: 'LUIS PÉREZ', persona_completa: true });
    expect(create.input.meta).toMatchObject({ complete: true, parent_uuid: PARENT });
    await play(h, { type: 'xstate.done.actor.save', output: createdAnswer('g-9', { parent_uuid: PARENT }) });
    const s = h.actor.getSnapshot();
    expect(s.status).toBe('done');
    expect(s.value).toBe('returned');
    expect(h.emitted).toEqual([{ type: 'returnToParent', parentUuid: PARENT, uuid: 'g-9' }]);
  });

  it('a refused completion sets persona_completa back to false, keeps the field errors and says so', async () => {
    const h = start(INPUTS.storedByUuid, coverage.inspect);
    await play(h, { type: 'xstate.done.actor.load', output: loaded({ ...STORED_GUARANTOR, persona_completa: false }, { parent_uuid: PARENT }) });
    await play(h, { type: 'wizard.finish', values: VALUES });
    expect(pendingCall(h, 'update application').input).toMatchObject({ uuid: 'g-1', model: { persona_completa: true }, meta: { complete: true } });
    await play(h, { type: 'xstate.error.actor.save', error: { status: 422, fieldErrors: FIELD_ERRORS } });
    const s = h.actor.getSnapshot();
    expect(s.matches({ ready: 'idle' })).toBe(true);
    expect(s.context.model).toMatchObject({ nombre: 'LUIS PÉREZ', persona_completa: false });
    expect(s.context.serverErrors).toEqual(FIELD_ERRORS);
    expect(s.context.modal).toEqual({ kind: 'guarantorFinishFailed', parentUuid: PARENT, message: null });
    expect(h.emitted).toEqual([]);
  });

  it('an invalid tab at completion has the form show its messages, and nothing is saved', async () => {
    const h = start(INPUTS.ofUnstoredPm, coverage.inspect);
    await play(h, { type: 'fields.checked', valid: false });
    await play(h, { type: 'wizard.finish', values: { nombre: '' } });
    const s = h.actor.getSnapshot();
    expect(s.matches({ ready: 'idle' })).toBe(true);
    expect(h.emitted).toEqual([{ type: 'fieldsRefused' }]);
    expect(s.context.model.persona_completa).toBe(false);
    expect(h.pending['create application']).toBeUndefined();
  });
});
