// What an OCR read fills: the right paths per document and wizard, never a locked field nor one
// typed after the upload started, uncertain fields marked, and an undo that gives back what was there.
import { describe, expect, it } from 'vitest';
import type { OcrResult } from '../../../forms/contracts/documents';
import { applyChanges } from '../../../forms/dependent-fields';
import { filledBy, planOcrFill, planOcrUndo } from '../../../forms/documents/ocr-fill';

const INE: OcrResult = {
  template: 'INE',
  data: {
    nombre: 'MARÍA JOSÉ',
    apellido_paterno: 'PEÑA',
    apellido_materno: 'NÚÑEZ',
    curp: 'PENM900215MDFXXR09',
    sexo: 'Femenino',
    fecha_nacimiento: '1990-02-15',
    clave_elector: 'PNNZMR90021509M100',
  },
  uncertain: ['apellido_materno'],
  message: 'Datos obtenidos con OCR',
};
const BLANK_PF = { nombre: '', email: '', fisica: { apellido_paterno: '', apellido_materno: '', curp: '', sexo: '', fecha_nacimiento: null, rfc: '', identificacion: '', estado: null } };

const byPath = (changes: Array<{ path: string; value: unknown }>) => Object.fromEntries(changes.map((c) => [c.path, c.value]));

describe('OCR fill', () => {
  it('fills the ID into Datos generales, with INE as the identification, and marks what the engine doubted', () => {
    const changes = planOcrFill({ type: 'identification' }, INE, { level: 'all', atStart: BLANK_PF, now: BLANK_PF });
    expect(byPath(changes)).toEqual({
      nombre: 'MARÍA JOSÉ',
      'fisica.apellido_paterno': 'PEÑA',
      'fisica.apellido_materno': 'NÚÑEZ',
      'fisica.curp': 'PENM900215MDFXXR09',
      'fisica.sexo': 'Femenino',
      'fisica.fecha_nacimiento': '1990-02-15',
      'fisica.identificacion': 'INE',
      // DF in the CURP: born in Mexico City.
      'fisica.estado': { id_estado: 9, codigo: 'CDMX', nombre: 'Ciudad de México' },
    });
    expect(changes.filter((c) => c.uncertain).map((c) => c.path)).toEqual(['fisica.apellido_materno']);
  });

  it("fills the birth state from the CURP only when none is chosen and the country of birth is Mexico", () => {
    const jalisco = { id_estado: 14, codigo: 'JAL', nombre: 'Jalisco' };
    const chosen = { ...BLANK_PF, fisica: { ...BLANK_PF.fisica, estado: jalisco, municipio: { id_municipio: 39, nombre: 'Guadalajara' } } };
    expect(byPath(planOcrFill({ type: 'identification' }, INE, { level: 'all', atStart: chosen, now: chosen }))).not.toHaveProperty('fisica.estado');
    const abroad = { ...BLANK_PF, fisica: { ...BLANK_PF.fisica, pais: { clave: 'US', nombre: 'Estados Unidos' } } };
    expect(byPath(planOcrFill({ type: 'identification' }, INE, { level: 'all', atStart: abroad, now: abroad }))).not.toHaveProperty('fisica.estado');
    const bornAbroad = { ...INE, data: { ...(INE.data as object), curp: 'PENM900215MNEXXR09' } } as OcrResult;
    expect(byPath(planOcrFill({ type: 'identification' }, bornAbroad, { level: 'all', atStart: BLANK_PF, now: BLANK_PF }))).not.toHaveProperty('fisica.estado');
  });

  it("replacing the ID with another person's moves the birth state the replaced CURP named, emptying its municipality; a state chosen against that CURP stays", () => {
    const jalisco = { id_estado: 14, codigo: 'JAL', nombre: 'Jalisco' };
    const guadalajara = { id_municipio: 39, nombre: 'Guadalajara' };
    // The first ID's fill: a CURP of Jalisco (JC) and its state, then a municipality chosen.
    const first = { ...BLANK_PF, nombre: 'MARÍA FERNANDA', fisica: { ...BLANK_PF.fisica, curp: 'PENM031102MJCXXRA5', estado: jalisco, municipio: guadalajara } };
    const changes = planOcrFill({ type: 'identification' }, INE, { level: 'all', atStart: first, now: first });
    expect(byPath(changes)).toMatchObject({ 'fisica.curp': 'PENM900215MDFXXR09', 'fisica.estado': { id_estado: 9, codigo: 'CDMX' }, 'fisica.municipio': null });
    // The municipality is emptied, not filled: the count and the marks leave it out; the undo gives both back.
    expect(filledBy(changes).map((c) => c.path)).not.toContain('fisica.municipio');
    expect(filledBy(changes)).toHaveLength(changes.length - 1);
    const after = applyChanges(first, changes.map((c) => ({ name: c.path, value: c.value })));
    expect(byPath(planOcrUndo(changes, after))).toMatchObject({ 'fisica.estado': jalisco, 'fisica.municipio': guadalajara, 'fisica.curp': 'PENM031102MJCXXRA5' });
    // Another state chosen since: the undo leaves it, and its empty municipality, alone.
    const oaxaca = { id_estado: 20, codigo: 'OAX', nombre: 'Oaxaca' };
    const moved = applyChanges(after, [{ name: 'fisica.estado', value: oaxaca }]);
    expect(byPath(planOcrUndo(changes, moved))).not.toHaveProperty('fisica.estado');
    expect(byPath(planOcrUndo(changes, moved))).not.toHaveProperty('fisica.municipio');
    // A municipality of the new state chosen since: the state goes back, and that municipality with it.
    const cuauhtemoc = applyChanges(after, [{ name: 'fisica.municipio', value: { id_municipio: 15, nombre: 'Cuauhtémoc' } }]);
    expect(byPath(planOcrUndo(changes, cuauhtemoc))).toMatchObject({ 'fisica.estado': jalisco, 'fisica.municipio': null });

    // Jalisco chosen while the CURP says Puebla (PL): the person's choice, kept with its municipality.
    const chosen = { ...first, fisica: { ...first.fisica, curp: 'AAIS680105MPLLBF05' } };
    const kept = byPath(planOcrFill({ type: 'identification' }, INE, { level: 'all', atStart: chosen, now: chosen }));
    expect(kept).toHaveProperty('fisica.curp');
    expect(kept).not.toHaveProperty('fisica.estado');
    expect(kept).not.toHaveProperty('fisica.municipio');
    // The same state in both CURPs: nothing to change, the municipality stays.
    const sameState = { ...first, fisica: { ...first.fisica, curp: 'GARC850314HDFRRL09', estado: { id_estado: 9, codigo: 'CDMX', nombre: 'Ciudad de México' } } };
    const same = byPath(planOcrFill({ type: 'identification' }, INE, { level: 'all', atStart: sameState, now: sameState }));
    expect(same).not.toHaveProperty('fisica.estado');
    expect(same).not.toHaveProperty('fisica.municipio');
  });

  it("a natural person's Constancia with another person's CURP moves the birth state the same way", () => {
    const jalisco = { id_estado: 14, codigo: 'JAL', nombre: 'Jalisco' };
    const first = { ...BLANK_PF, fisica: { ...BLANK_PF.fisica, curp: 'PENM031102MJCXXRA5', estado: jalisco } };
    const constancia = { ...INE, template: 'CSF', data: { rfc: 'AAIS680105Q91', curp: 'AAIS680105MPLLBF05' }, uncertain: [] } as unknown as OcrResult;
    const changes = byPath(planOcrFill({ type: 'tax', person: 'Física' }, constancia, { level: 'all', atStart: first, now: first }));
    expect(changes).toMatchObject({ 'fisica.curp': 'AAIS680105MPLLBF05', 'fisica.estado': { id_estado: 21, codigo: 'PUE' } });
  });

  it('keeps what the person typed after the upload started, and a value already there', () => {
    const now = { ...BLANK_PF, nombre: 'MARIA', fisica: { ...BLANK_PF.fisica, sexo: 'Femenino' } };
    const changes = planOcrFill({ type: 'identification' }, INE, { level: 'all', atStart: BLANK_PF, now });
    expect(changes.map((c) => c.path)).not.toContain('nombre');
    expect(changes.map((c) => c.path)).not.toContain('fisica.sexo');
    expect(changes.map((c) => c.path)).toContain('fisica.curp');
  });

  it('fills nothing the editable level locks', () => {
    // general_fields locks the identity fields; of the ID, only sex, birth date and identification remain.
    const general = planOcrFill({ type: 'identification' }, INE, { level: 'general_fields', atStart: BLANK_PF, now: BLANK_PF });
    expect(general.map((c) => c.path).sort()).toEqual(['fisica.fecha_nacimiento', 'fisica.identificacion', 'fisica.sexo']);
    expect(planOcrFill({ type: 'identification' }, INE, { level: 'none', atStart: BLANK_PF, now: BLANK_PF })).toEqual([]);
    const api = planOcrFill({ type: 'identification' }, INE, { level: 'api_fields', atStart: BLANK_PF, now: BLANK_PF });
    expect(api.map((c) => c.path).sort()).toEqual(['fisica.apellido_materno', 'fisica.apellido_paterno', 'fisica.curp', 'nombre']);
  });

  it('fills a Constancia into the RFC of a natural person or of a company', () => {
    const csf: OcrResult = { template: 'CSF', data: { rfc: 'PENM900215AB1', curp: 'PENM900215MDFXXR09' }, uncertain: [], message: 'Datos obtenidos con OCR' };
    expect(byPath(planOcrFill({ type: 'tax', person: 'Física' }, csf, { level: 'all', atStart: BLANK_PF, now: BLANK_PF }))).toEqual({
      'fisica.rfc': 'PENM900215AB1',
      'fisica.curp': 'PENM900215MDFXXR09',
      // Its CURP's state, as the ID's fills it.
      'fisica.estado': { id_estado: 9, codigo: 'CDMX', nombre: 'Ciudad de México' },
    });
    const company: OcrResult = { template: 'CSF', data: { rfc: 'AÑO010203XY4', razon_social: 'COMERCIALIZADORA ÁGUILA SA DE CV' }, uncertain: [], message: '' };
    const pm = { nombre: '', moral: { rfc: '' } };
    expect(byPath(planOcrFill({ type: 'tax', person: 'Moral' }, company, { level: 'all', atStart: pm, now: pm }))).toEqual({
      'moral.rfc': 'AÑO010203XY4',
      nombre: 'COMERCIALIZADORA ÁGUILA SA DE CV',
    });
  });

  it("fills a proof of address into its tab's address group, colonia included", () => {
    const colonia = { colonia: 'Del Valle Centro', municipio: 'Benito Juárez', estado: 'Ciudad de México' };
    const cfe: OcrResult = { template: 'CFE', data: { calle: 'AV. INSURGENTES SUR 1234', codigo_postal: '03100', colonia }, uncertain: [], message: '' };
    const home = { vivienda: { domicilio: { calle: '', codigo_postal: '' }, colonia: null } };
    expect(byPath(planOcrFill({ type: 'address', prefix: 'vivienda', group: 'colonia' }, cfe, { level: 'all', atStart: home, now: home }))).toEqual({
      'vivienda.domicilio.calle': 'AV. INSURGENTES SUR 1234',
      'vivienda.domicilio.codigo_postal': '03100',
      'vivienda.colonia': colonia,
    });
    const fiscal = { informacion_fiscal: { domicilio_fiscal: { calle: '', codigo_postal: '' }, colonia_fiscal: null } };
    expect(
      planOcrFill({ type: 'address', prefix: 'informacion_fiscal', group: 'colonia_fiscal' }, cfe, { level: 'general_fields', atStart: fiscal, now: fiscal }).map((c) => c.path),
    ).toEqual(['informacion_fiscal.domicilio_fiscal.calle', 'informacion_fiscal.domicilio_fiscal.codigo_postal', 'informacion_fiscal.colonia_fiscal']);
  });

  it('fills nothing from an empty read', () => {
    expect(planOcrFill({ type: 'identification' }, { template: null, data: 'empty', uncertain: [], message: '' }, { level: 'all', atStart: BLANK_PF, now: BLANK_PF })).toEqual([]);
  });

  it('undoes the fill, except a field the person has changed since', () => {
    const start = { ...BLANK_PF, nombre: 'MARIA' };
    const changes = planOcrFill({ type: 'identification' }, { ...INE, data: { ...(INE.data as object), nombre: 'MARÍA' } }, { level: 'all', atStart: start, now: start });
    const filled = applyChanges(start, changes.map((c) => ({ name: c.path, value: c.value })));
    const edited = applyChanges(filled, [{ name: 'fisica.curp', value: 'PENM900215MDFXXR01' }]);
    const undone = applyChanges(edited, planOcrUndo(changes, edited).map((u) => ({ name: u.path, value: u.value })));
    expect(undone).toEqual({ ...start, fisica: { ...BLANK_PF.fisica, curp: 'PENM900215MDFXXR01' } });
  });
});
