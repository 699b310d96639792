// The PLD matcher over a small made-up list: order, missing surnames, typos, company forms,
// the RFC rules, scores and reasons.
import { describe, expect, it } from 'vitest';
import { PLD_SEARCH_WORDS_MAX } from '../../forms/contracts/pld';
import { screenParties } from '../../server/pld/pld-blacklist';
import { buildPldIndex, DEFAULT_THRESHOLD } from '../../server/pld/pld-index';

const entries = [
  { id: 1, lista: 'OFAC SDN', source_id: '100', kind: 'individual', nombre: 'ROBLES QUINTERO, Ramiro Ernesto', rfc: 'ROQR700101' },
  { id: 2, lista: 'SAT 69-B', source_id: 'CMA140411CQ2', kind: 'entity', nombre: 'COMERCIALIZADORA MAZATTI, S. DE R.L. DE C.V.', rfc: 'CMA140411CQ2' },
  { id: 3, lista: 'ONU', source_id: '7', kind: 'individual', nombre: 'MUHAMMAD TAHER ANWARI', rfc: null },
  { id: 4, lista: 'SFP', source_id: 'fila-2', kind: 'entity', nombre: 'CONSTRUCTORA DEL NORTE, S.A. DE C.V.', rfc: null },
  { id: 5, lista: 'SAT 69-B', source_id: 'GAHM800101AB1', kind: 'individual', nombre: 'GARCIA HERNANDEZ MARIA', rfc: 'GAHM800101AB1' },
  { id: 6, lista: 'OFAC SDN', source_id: '200', kind: 'individual', nombre: 'LAZCANO LAZCANO, Heriberto', rfc: null },
];
const names = [...entries.map((e) => ({ entry_id: e.id, nombre: e.nombre })), { entry_id: 3, nombre: 'Mohammad Taher Anwari' }];
const index = await buildPldIndex(entries, names);
const top = (name: string, rfc?: string, filterRFC = false) => index.search({ name, rfc, filterRFC })[0];

describe('the PLD matcher', () => {
  it('matches a person in any word order, without accents or the second surname', () => {
    expect(top('Ramiro Ernesto Robles Quintero')).toMatchObject({ nombre: 'ROBLES QUINTERO, Ramiro Ernesto', score: 1, reason: 'nombre: 4 de 4 palabras, similitud 1.00: RAMIRO = RAMIRO; ERNESTO = ERNESTO; ROBLES = ROBLES; QUINTERO = QUINTERO' });
    const partial = top('Ramiro Robles');
    expect(partial.nombre).toBe('ROBLES QUINTERO, Ramiro Ernesto');
    expect(partial.score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(partial.reason).toMatch(/^nombre: 2 de 4 palabras/);
  });

  it('tolerates small typos and transliterations, naming the alias that matched', () => {
    expect(top('Ramiro Ernesto Robles Kintero')?.nombre).toBe('ROBLES QUINTERO, Ramiro Ernesto');
    // MOHAMED and MUHAMMAD are one transliteration class: the primary name matches as well as the alias.
    expect(top('Mohamed Tahir Anwari')).toMatchObject({ nombre: 'MUHAMMAD TAHER ANWARI', lista: 'ONU' });
    expect(top('Mohamed Tahir Anwari').reason).toContain('MOHAMED ≈ MUHAMMAD (transliteración)');
    // TAHER is spelt only in the alias's way: the alias is named.
    expect(top('Mohammad Taher Anwari')).toMatchObject({ coincide_con: 'Mohammad Taher Anwari' });
    expect(top('Mohammad Taher Anwari').reason).toContain("por el alias 'Mohammad Taher Anwari'");
  });

  it('matches a company whatever its form, but not a company differing by a word', () => {
    expect(top('Comercializadora Mazatti SA de CV')).toMatchObject({ id: 'SAT 69-B:CMA140411CQ2', score: 1 });
    expect(top('Constructora del Norte S.A.P.I.')?.nombre).toBe('CONSTRUCTORA DEL NORTE, S.A. DE C.V.');
    expect(index.search({ name: 'Constructora del Sur SA de CV' })).toEqual([]);
    expect(index.search({ name: 'Comercializadora Mazatlan SA de CV' })).toEqual([]);
  });

  it('counts a repeated surname twice: the same first name with one of the surnames is someone else', () => {
    expect(top('Heriberto Lazcano Lazcano')).toMatchObject({ nombre: 'LAZCANO LAZCANO, Heriberto', score: 1 });
    expect(index.search({ name: 'Heriberto Lozano Lazcano' })).toEqual([]);
  });

  it('does not match another person who shares both surnames', () => {
    expect(index.search({ name: 'Pedro Robles Quintero' })).toEqual([]);
    expect(index.search({ name: 'Juan Garcia Hernandez' })).toEqual([]);
  });

  it('ranks an RFC hit first: identical, or equal without the homoclave', () => {
    expect(top('Otra Persona', 'CMA140411CQ2')).toMatchObject({ nombre: 'COMERCIALIZADORA MAZATTI, S. DE R.L. DE C.V.', score: 1, reason: 'RFC idéntico' });
    expect(top('Otra Persona', 'ROQR700101XY1')).toMatchObject({ id: 'OFAC SDN:100', score: 0.99, reason: 'RFC coincide (sin homoclave)' });
    expect(top('Comercializadora Mazatti', 'CMA140411CQ2').reason).toBe(
      'RFC idéntico; nombre: 2 de 2 palabras, similitud 1.00: COMERCIALIZADORA = COMERCIALIZADORA; MAZATTI = MAZATTI',
    );
  });

  it('with filterRFC, drops an entry whose RFC disagrees, and keeps entries without one', () => {
    expect(index.search({ name: 'Maria Garcia Hernandez', rfc: 'GAHM900202CD2', filterRFC: true })).toEqual([]);
    expect(top('Maria Garcia Hernandez', 'GAHM900202CD2', false)?.nombre).toBe('GARCIA HERNANDEZ MARIA');
    expect(top('Muhammad Taher Anwari', 'MUTA700101AB1', true)?.nombre).toBe('MUHAMMAD TAHER ANWARI');
  });

  it("weighs a query's extra surname against the person's fuller name, not against a shorter alias", async () => {
    const person = { id: 1, lista: 'OFAC SDN', source_id: '10615', kind: 'individual', nombre: 'MEZA GASPAR, Arturo', rfc: null };
    const aliased = await buildPldIndex([person], [{ entry_id: 1, nombre: person.nombre }, { entry_id: 1, nombre: 'MEZA, Arturo' }]);
    // GARZA is not GASPAR: another person, though 'MEZA, Arturo' holds every other word.
    expect(aliased.search({ name: 'Arturo Mesa Garza' })).toEqual([]);
    expect(aliased.search({ name: 'Arturo Meza' })[0]).toMatchObject({ coincide_con: 'MEZA, Arturo', score: 1 });
    expect(aliased.search({ name: 'Arturo Meza Gaspar' })[0]).toMatchObject({ coincide_con: 'MEZA GASPAR, Arturo', score: 1 });
  });

  it('answers nothing for an empty name and no RFC', () => {
    expect(index.search({ name: '   ' })).toEqual([]);
  });

  it("screens an application's party whose name runs past 30 words on its first 30, never refusing it", () => {
    expect(PLD_SEARCH_WORDS_MAX).toBe(30);
    // Distinct made-up words: none is listed, none is a particle.
    const made = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `TLA${String.fromCharCode(65 + ((from + i) % 26))}${String.fromCharCode(65 + Math.floor((from + i) / 26))}CO`);
    const nombre = ['MARIA', ...made(29)].join(' ');
    const model = { tipo_persona: 'Física', nombre, fisica: { apellido_paterno: 'GARCIA', apellido_materno: 'HERNANDEZ', rfc: 'GAHM800101AB1' } };
    const [party] = screenParties(index, model, []).pf;
    // The surnames are the 31st and 32nd words: not read, so no name match; the RFC is screened whatever the name's length.
    expect(party.nombre.split(' ')).toHaveLength(32);
    expect(party.coincidencias).toHaveLength(1);
    expect(party.coincidencias[0]).toMatchObject({ nombre: 'GARCIA HERNANDEZ MARIA', reason: 'RFC idéntico' });
    // Words past the 30th change nothing; a name of 30 words or fewer is read whole.
    const thirty = ['ROBLES', 'QUINTERO', ...made(28)].join(' ');
    expect(index.search({ name: `${thirty} ${made(20, 100).join(' ')}` }, { threshold: 0.05 })).toEqual(index.search({ name: thirty }, { threshold: 0.05 }));
    const twentyNine = ['ROBLES', 'QUINTERO', ...made(27)].join(' ');
    const [withRamiro] = index.search({ name: `${twentyNine} RAMIRO` }, { threshold: 0.05 });
    expect(withRamiro.palabras.map((word) => word.lista)).toEqual(['ROBLES', 'QUINTERO', 'RAMIRO']);
    expect(index.search({ name: `${thirty} RAMIRO` }, { threshold: 0.05 })[0].palabras.map((word) => word.lista)).toEqual(['ROBLES', 'QUINTERO']);
    const withSurnames = { ...model, nombre: 'MARIA', fisica: { ...model.fisica, rfc: '' } };
    expect(screenParties(index, withSurnames, []).pf[0].coincidencias[0]).toMatchObject({ nombre: 'GARCIA HERNANDEZ MARIA', score: 1 });
  });
});
