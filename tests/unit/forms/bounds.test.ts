// Every field of every model is bounded (issue 12, findings 1 and 8): the catalogue lists hold
// their entry shape and a size, lists are capped, texts refuse control characters. The same
// schemas run in the browser and on the server.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../forms/messages';
import { hasControlCharacters } from '../../../forms/rules/text';
import { validateModelSync } from '../../../forms/validate';
import { PF_WIZARD } from '../../../forms/wizards/pf';
import { PM_WIZARD } from '../../../forms/wizards/pm';
import { validPfModel, validPmModel } from './fixtures';

const nested = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

describe('bounded models', () => {
  // Thousands of levels never reach a schema: the server refuses such a body before parsing it (server/json-body.ts).
  it('a neighbourhood list holding anything but entries (here arrays nested 30 deep) is refused, not kept', () => {
    const model = validPfModel();
    const { valid, errors } = validateModelSync(PF_WIZARD.schema, { ...model, vivienda: { ...model.vivienda, colonia_catalogo: [nested(30)] } });
    expect(valid).toBe(false);
    expect(errors['vivienda.colonia_catalogo[0]']).toBe(MESSAGES.invalidValue);
  });

  it('a neighbourhood list longer than any postal code has is refused', () => {
    const model = validPfModel();
    const entry = { colonia: 'Centro', municipio: 'Guadalajara', estado: 'Jalisco' };
    const { errors } = validateModelSync(PF_WIZARD.schema, { ...model, vivienda: { ...model.vivienda, colonia_catalogo: Array(501).fill(entry) } });
    expect(errors['vivienda.colonia_catalogo']).toBe('¡No se permiten más de 500 elementos!');
  });

  it('a catalogue entry’s name is bounded and refuses control characters', () => {
    const model = validPfModel();
    const { errors } = validateModelSync(PF_WIZARD.schema, { ...model, fisica: { ...model.fisica, estado: { id_estado: 14, codigo: 'JC', nombre: 'J\u0000' } } });
    expect(errors['fisica.estado.nombre']).toBe(MESSAGES.controlCharacters);
  });

  it('a rule without a message of its own answers in Spanish (null where a list goes)', () => {
    expect(validateModelSync(PM_WIZARD.schema, { ...validPmModel(), avales: null }).errors.avales).toBe(MESSAGES.invalidValue);
  });

  it('representatives are capped at 20', () => {
    const model = validPmModel();
    const { errors } = validateModelSync(PM_WIZARD.schema, { ...model, representantes: Array(21).fill(model.representantes[0]) });
    expect(errors.representantes).toBe('¡No se permiten más de 20 elementos!');
  });

  it('a date is a date, not a long text that starts like one', () => {
    const model = validPfModel();
    const { errors } = validateModelSync(PF_WIZARD.schema, { ...model, fisica: { ...model.fisica, fecha_nacimiento: `1985-03-14T${'x'.repeat(5_000)}` } });
    expect(errors['fisica.fecha_nacimiento']).toBe(MESSAGES.invalidDate);
  });
});

describe('control characters in texts', () => {
  it.each(['\u0000', '\u0001', '\u001b', '\u007f', '\n', '\t', '\ud800'])('a one-line text refuses %j', (character) => {
    const { errors } = validateModelSync(PF_WIZARD.schema, { ...validPfModel(), nombre: `CAR${character}LOS` });
    expect(errors.nombre).toBe('¡El texto contiene caracteres no permitidos!');
  });

  it('the comments keep line breaks and tabs, and still refuse NUL', () => {
    expect(validateModelSync(PM_WIZARD.schema, { ...validPmModel(), comentarios: 'Primera línea\n\tSegunda\r\n' }).errors.comentarios).toBeUndefined();
    expect(validateModelSync(PM_WIZARD.schema, { ...validPmModel(), comentarios: 'a\u0000b' }).errors.comentarios).toBe(MESSAGES.controlCharacters);
  });

  it('accents, Ñ and emoji written as surrogate pairs are fine', () => {
    expect(hasControlCharacters('MUÑOZ PÉREZ 😀')).toBe(false);
    expect(hasControlCharacters('a\udc00')).toBe(true);
  });
});
