// The fields OCR reads filled, as the wizard keeps them (issue 15): per upload area, across tabs and
// steps, until the person undoes the fill; the form marks them from here.
import { describe, expect, it } from 'vitest';
import type { FillChange } from '../../forms/documents/ocr-fill';
import type { WizardInput } from '../../machines/wizard';
import { fileCoverage } from './support/coverage-report';
import { loaded, playWizard as play, startWizard } from './support/wizard-harness';

const coverage = fileCoverage('wizard (OCR fill)');

const BLANK = { clasificacion: 'Cliente', nombre: '', entidades_eliminadas: [] };
const BY_UUID: WizardInput = { code: 'wizardpf', tabCount: 3, uuid: 'u-1', franchise: null, staff: false, parentUuid: null, blankModel: BLANK };
const ID_FILL: FillChange[] = [
  { path: 'nombre', value: 'MARÍA JOSÉ', previous: '', uncertain: false },
  { path: 'fisica.curp', value: 'PENM900215MDFXXR09', previous: '', uncertain: true },
];
const HOME_FILL: FillChange[] = [{ path: 'vivienda.domicilio.codigo_postal', value: '03100', previous: '', uncertain: false }];

describe('the wizard and OCR fills', () => {
  it('keeps each area’s fill across a change of tab, and forgets the one undone', async () => {
    const h = startWizard(BY_UUID, coverage.inspect);
    await play(h, { type: 'xstate.done.actor.load', output: loaded(BLANK, { last_index: 1 }) });
    expect(h.actor.getSnapshot().context.ocrFills).toEqual({});
    await play(h, { type: 'ocr.filled', area: 'identification', changes: ID_FILL });
    await play(h, { type: 'ocr.filled', area: 'address:vivienda.colonia', changes: HOME_FILL });
    await play(h, { type: 'tab.previous', values: { nombre: 'MARÍA JOSÉ' } });
    const s = h.actor.getSnapshot();
    expect(s.context.current).toBe(0);
    expect(s.context.ocrFills).toEqual({ identification: ID_FILL, 'address:vivienda.colonia': HOME_FILL });
    await play(h, { type: 'ocr.undone', area: 'identification' });
    expect(h.actor.getSnapshot().context.ocrFills).toEqual({ 'address:vivienda.colonia': HOME_FILL });
    h.actor.stop();
  });

  it('replaces an area’s fill with its next read', async () => {
    const h = startWizard(BY_UUID, coverage.inspect);
    await play(h, { type: 'xstate.done.actor.load', output: loaded(BLANK, { last_index: 1 }) });
    await play(h, { type: 'ocr.filled', area: 'identification', changes: ID_FILL });
    await play(h, { type: 'ocr.filled', area: 'identification', changes: ID_FILL.slice(0, 1) });
    expect(h.actor.getSnapshot().context.ocrFills).toEqual({ identification: ID_FILL.slice(0, 1) });
    h.actor.stop();
  });
});
