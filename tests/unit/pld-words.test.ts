import { describe, expect, it } from 'vitest';
import { isAdjacentTransposition, isGenderedPair, nameWords, normaliseName, wordSimilarity } from '../../server/pld/pld-normalise';
import { GENERIC_COMPANY_WORDS, WORD_EQUIVALENTS, withoutArticle, wordMotive } from '../../server/pld/pld-words';
import { buildPldIndex, explainWords } from '../../server/pld/pld-index';

describe('PLD word rules', () => {
  it('an abbreviation stands for its spelled-out words, both ways', () => {
    expect(WORD_EQUIVALENTS.get('SERV')?.get('SERVICIOS')).toBe('abreviatura');
    expect(WORD_EQUIVALENTS.get('CONSTRUCTORA')?.get('CONSTR')).toBe('abreviatura');
    expect(wordMotive('GPO', 'GRUPO')).toBe('abreviatura');
  });
  it('Arabic spellings of one name part are one class; ABD AL apart is joined', () => {
    expect(wordMotive('MOHAMMED', 'MUHAMMAD')).toBe('transliteración');
    expect(wordMotive('AHMAD', 'AHMED')).toBe('transliteración');
    expect(normaliseName('Abd al-Rahman')).toBe('ABDAL RAHMAN');
    expect(wordMotive('ABDAL', 'ABDUL')).toBe('transliteración');
    expect(normaliseName('Osama ibn Laden')).toBe(normaliseName('Osama bin Laden'));
  });
  it('AL joined to a name gives the bare name, never a short rest', () => {
    expect(withoutArticle('ALHARBI')).toBe('HARBI');
    expect(withoutArticle('ALI')).toBe('');
    expect(wordMotive('ALHARBI', 'HARBI')).toBe('transliteración');
  });
  it('two adjacent letters swapped are one error, even in a short word', () => {
    expect(isAdjacentTransposition('PALMA', 'PAMLA')).toBe(true);
    expect(isAdjacentTransposition('PALMA', 'PALAM')).toBe(true);
    expect(isAdjacentTransposition('PALMA', 'PLAMA')).toBe(true);
    expect(isAdjacentTransposition('PALMA', 'PALMA')).toBe(false);
    expect(wordSimilarity('CHAN', 'CHNA')).toBeGreaterThanOrEqual(0.9);
    expect(wordSimilarity('PECA', 'PCEA')).toBeGreaterThanOrEqual(0.9);
    expect(wordMotive('PAMLA', 'PALMA')).toBe('letras transpuestas');
  });
  it('the masculine and feminine of a name are different names, not a typo', () => {
    expect(isGenderedPair('JUAN', 'JUANA')).toBe(true);
    expect(isGenderedPair('MARIO', 'MARIA')).toBe(true);
    expect(isGenderedPair('FRANCISCA', 'FRANCISCO')).toBe(true);
    expect(isGenderedPair('MEDINA', 'MEDNA')).toBe(false);
    expect(wordSimilarity('JUAN', 'JUANA')).toBe(0);
    expect(wordSimilarity('GUTIERRES', 'GUTIERREZ')).toBeGreaterThan(0.9);
  });
  it('misspelt company forms are removed like the others', () => {
    for (const form of ['SA ED CV', 'SA DE VC', 'S.A DE C.V']) expect(nameWords(`GRUPO ZARCO ${form}`)).toEqual(['GRUPO', 'ZARCO']);
  });
  it('generic company words are listed, distinctive ones are not', () => {
    expect(GENERIC_COMPANY_WORDS.has('COMERCIALIZADORA')).toBe(true);
    expect(GENERIC_COMPANY_WORDS.has('MANTENIMIENTO')).toBe(true);
    expect(GENERIC_COMPANY_WORDS.has('PACIFICO')).toBe(false);
  });
});

describe('PLD index with the word rules', async () => {
  const index = await buildPldIndex(
    [
      { id: 1, lista: 'SAT 69-B', source_id: 'A', kind: 'entity', nombre: 'SERVICIOS DE MANTENIMIENTO Y EQUIPO PARA LA INDUSTRIA AGRICOLA, S.A. DE C.V.', rfc: null },
      { id: 2, lista: 'SAT 69-B', source_id: 'B', kind: 'entity', nombre: 'GRUPO ZARCO, S.A. DE C.V.', rfc: null },
      { id: 3, lista: 'ONU', source_id: 'C', kind: 'individual', nombre: 'ABDUL RAHMAN AL-HARBI', rfc: null },
      { id: 4, lista: 'SAT 69-B', source_id: 'D', kind: 'entity', nombre: 'OPERADORA INTEGRAL DE COMERCIO, S.A. DE C.V.', rfc: null },
      { id: 5, lista: 'SAT 69-B', source_id: 'E', kind: 'entity', nombre: 'GRUPO ENERGETICO ALTERNAL, S.A. DE C.V.', rfc: null },
    ],
    [
      { entry_id: 1, nombre: 'SERVICIOS DE MANTENIMIENTO Y EQUIPO PARA LA INDUSTRIA AGRICOLA, S.A. DE C.V.' },
      { entry_id: 2, nombre: 'GRUPO ZARCO, S.A. DE C.V.' },
      { entry_id: 3, nombre: 'ABDUL RAHMAN AL-HARBI' },
      { entry_id: 4, nombre: 'OPERADORA INTEGRAL DE COMERCIO, S.A. DE C.V.' },
      { entry_id: 5, nombre: 'GRUPO ENERGETICO ALTERNAL, S.A. DE C.V.' },
    ],
  );
  it('finds an abbreviated company and explains each word', () => {
    const [match] = index.search({ name: 'GPO ZARCO SA ED CV' });
    expect(match?.id).toBe('SAT 69-B:B');
    expect(match.palabras).toEqual([
      { consulta: 'GPO', lista: 'GRUPO', motivo: 'abreviatura' },
      { consulta: 'ZARCO', lista: 'ZARCO', motivo: 'idéntica' },
    ]);
    expect(match.reason).toContain('GPO ≈ GRUPO (abreviatura)');
  });
  it('finds a transliterated Arabic name', () => {
    const [match] = index.search({ name: 'Abd al-Rahman Alharbi' });
    expect(match?.id).toBe('ONU:C');
    expect(explainWords(match.palabras)).toContain('ABDAL ≈ ABDUL (transliteración)');
  });
  it('companies differing only in generic words match, unless nothing distinctive is shared', () => {
    expect(index.search({ name: 'SERVICIOS ENERGETICO ALTERNAL SA DE CV' })[0]?.id).toBe('SAT 69-B:E');
    expect(index.search({ name: 'ENERGETICO ALTERNAL' })[0]?.id).toBe('SAT 69-B:E');
    expect(index.search({ name: 'OPERADORA INTEGRAL DE SERVICIOS SA DE CV' })).toEqual([]);
  });
  it('a distinctive word replaced is another company', () => {
    expect(index.search({ name: 'SERVICIOS DE PACIFICO Y EQUIPO PARA LA INDUSTRIA AGRICOLA SA DE CV' })).toEqual([]);
  });
});
