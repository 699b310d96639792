// Failed checks, apart from the wizard's walk (wizard.test.ts), at the level of events and actor
// outcomes. The tab shown is checked by the form, which reports it (`fields.checked`): when those
// checks fail, going forward stays on the tab, saves nothing and has the form show every message;
// going back still goes back, with the tab left flagged. The finish's own check of 'Datos generales'
// failing to run (the 'validate tab' actor rejects, rather than answering that the tab is invalid)
// is taken as an invalid tab: the finish returns to 'Datos generales' with its message.
import { describe, expect, it } from 'vitest';
import type { WizardInput } from '../../machines/wizard';
import { fileCoverage } from './support/coverage-report';
import { loaded, pendingCall, playWizard as play, startWizard } from './support/wizard-harness';

const coverage = fileCoverage('wizard (validation failures)');

const BLANK = { clasificacion: 'Cliente', nombre: '', entidades_eliminadas: [] };
const STORED_MODEL = { clasificacion: 'Cliente', nombre: 'ANA', entidades_eliminadas: [] };
const VALUES = { nombre: 'ANA LÓPEZ' };
const BY_UUID: WizardInput = { code: 'wizardpf', tabCount: 3, uuid: 'u-1', franchise: null, staff: false, parentUuid: null, blankModel: BLANK };
const FAILURE = new Error('the schema could not be loaded');

/** A stored record opened at 'Vivienda' (tab 1). */
async function openAtSecondTab() {
  const h = startWizard(BY_UUID, coverage.inspect);
  await play(h, { type: 'xstate.done.actor.load', output: loaded(STORED_MODEL, { last_index: 1 }) });
  expect(h.actor.getSnapshot().context.current).toBe(1);
  return h;
}

const saves = (h: Awaited<ReturnType<typeof openAtSecondTab>>) => [...(h.pending['create application'] ?? []), ...(h.pending['update application'] ?? [])];

describe('the wizard when its checks fail', () => {
  it('going forward with fields the form refused stays on the tab, shows their messages and saves nothing', async () => {
    const h = await openAtSecondTab();
    await play(h, { type: 'fields.checked', valid: false });
    await play(h, { type: 'tab.next', values: VALUES });
    const s = h.actor.getSnapshot();
    expect(s.matches({ ready: 'idle' })).toBe(true);
    expect(s.hasTag('busy')).toBe(false);
    expect(s.context.current).toBe(1);
    expect(h.emitted.at(-1)).toEqual({ type: 'fieldsRefused' });
    // What was typed is kept.
    expect(s.context.model).toMatchObject(VALUES);
    expect(saves(h)).toEqual([]);
    h.actor.stop();
  });

  it('going forward waits for a field check under way, and stays when it fails', async () => {
    const h = await openAtSecondTab();
    await play(h, { type: 'fields.checking' });
    await play(h, { type: 'tab.next', values: VALUES });
    expect(h.actor.getSnapshot().matches({ ready: 'checkingFields' })).toBe(true);
    expect(h.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(saves(h)).toEqual([]);
    await play(h, { type: 'fields.checked', valid: false });
    const s = h.actor.getSnapshot();
    expect(s.matches({ ready: 'idle' })).toBe(true);
    expect(s.context.current).toBe(1);
    expect(h.emitted.at(-1)).toEqual({ type: 'fieldsRefused' });
    expect(saves(h)).toEqual([]);
    h.actor.stop();
  });

  it('going forward after a field check under way saves what was typed while it ran', async () => {
    const h = await openAtSecondTab();
    await play(h, { type: 'fields.checking' });
    await play(h, { type: 'tab.next', values: VALUES });
    await play(h, { type: 'fields.checked', valid: true, values: { ...VALUES, calle: 'TYPED MEANWHILE' } });
    expect(h.actor.getSnapshot().matches({ ready: 'saving' })).toBe(true);
    expect(saves(h)).toHaveLength(1);
    expect(saves(h)[0]!.input.model).toMatchObject({ nombre: 'ANA LÓPEZ', calle: 'TYPED MEANWHILE' });
    h.actor.stop();
  });

  it('going back with fields the form refused still goes back, with the tab left flagged', async () => {
    const h = await openAtSecondTab();
    await play(h, { type: 'fields.checked', valid: false });
    await play(h, { type: 'tab.previous', values: VALUES });
    const s = h.actor.getSnapshot();
    expect(s.hasTag('busy')).toBe(false);
    expect(s.context.current).toBe(0);
    expect(s.context.tabErrors).toEqual([1]);
    expect(saves(h)).toEqual([]);
    h.actor.stop();
  });

  it("finishing returns to 'Datos generales' and says it is invalid, saving nothing", async () => {
    const h = await openAtSecondTab();
    await play(h, { type: 'statement.changed', accepted: true });
    await play(h, { type: 'wizard.finish', values: VALUES });
    expect(pendingCall(h, 'validate tab').input).toMatchObject({ index: 0 });
    await play(h, { type: 'xstate.error.actor.validateGeneralData', error: FAILURE });
    const s = h.actor.getSnapshot();
    expect(s.hasTag('busy')).toBe(false);
    expect(s.context.current).toBe(0);
    expect(s.context.modal).toEqual({ kind: 'finishGeneralDataInvalid' });
    expect(s.context.meta.complete).toBe(false);
    expect(saves(h)).toEqual([]);
    h.actor.stop();
  });

  it('a step the server refuses for a field of a later tab only takes the person to that tab, flagged; one of the tab shown stays', async () => {
    const TAB_OF: Record<string, number> = { 'empleo.empresa_fecha_ingreso': 2, 'vivienda.vivienda_tipo': 1 };
    const h = startWizard({ ...BY_UUID, tabOfField: (path) => TAB_OF[path] ?? null }, coverage.inspect);
    await play(h, { type: 'xstate.done.actor.load', output: loaded({ ...STORED_MODEL, empleo: { empresa_fecha_ingreso: '31/02/2015' } }, { last_index: 2 }) });
    await play(h, { type: 'tab.selected', index: 1, values: VALUES });
    expect(h.actor.getSnapshot().context.current).toBe(1);
    const later = { 'empleo.empresa_fecha_ingreso': '¡Fecha inválida!' };
    await play(h, { type: 'fields.checked', valid: true });
    await play(h, { type: 'tab.next', values: VALUES });
    expect(h.actor.getSnapshot().matches({ ready: 'saving' })).toBe(true);
    await play(h, { type: 'xstate.error.actor.save', error: { status: 422, fieldErrors: later } });
    let s = h.actor.getSnapshot();
    expect(s.matches({ ready: 'idle' })).toBe(true);
    expect(s.context.current).toBe(2);
    expect(s.context.tabErrors).toContain(2);
    expect(s.context.serverErrors).toEqual(later);
    expect(s.context.model).toMatchObject({ ...VALUES, empleo: { empresa_fecha_ingreso: '31/02/2015' } });

    const both = { ...later, 'vivienda.vivienda_tipo': '¡Este campo es requerido!' };
    await play(h, { type: 'tab.selected', index: 1, values: VALUES });
    await play(h, { type: 'tab.next', values: VALUES });
    await play(h, { type: 'xstate.error.actor.save', error: { status: 422, fieldErrors: both } });
    s = h.actor.getSnapshot();
    expect(s.context.current).toBe(1);
    expect(s.context.serverErrors).toEqual(both);
    h.actor.stop();
  });
});
