// The PLD name and RFC normaliser: accents, Ñ, punctuation, company forms, phonetic forms.
import { describe, expect, it } from 'vitest';
import { areNeighbourKeys, editDistance, isUnlikelySlip, nameWords, normaliseName, normaliseRfc, phonetic, rfcsAgree, wordSimilarity } from '../../server/pld/pld-normalise';

describe('normaliseName', () => {
  it('upper-cases, strips accents and punctuation, turns Ñ into N and drops particles', () => {
    expect(normaliseName('José de Jesús Núñez-Peña')).toBe('JOSE JESUS NUNEZ PENA');
    expect(normaliseName('GUZMAN LOERA, Joaquin')).toBe('GUZMAN LOERA JOAQUIN');
  });

  it.each([
    ['INDUSTRIAS DEL OCCIDENTE, S.A. DE C.V.', 'INDUSTRIAS OCCIDENTE'],
    ['Industrias del Occidente SA de CV', 'INDUSTRIAS OCCIDENTE'],
    ['Industrias del Occidente, Sociedad Anónima de Capital Variable', 'INDUSTRIAS OCCIDENTE'],
    ['TRANSPORTES DEL BAJIO S. DE R.L. DE C.V.', 'TRANSPORTES BAJIO'],
    ['ARRENDADORA X, S.A.P.I. DE C.V., SOFOM, E.N.R.', 'ARRENDADORA X'],
    ['CORRALES SAN IGNACIO S.P.R. DE R.L. DE C.V.', 'CORRALES SAN IGNACIO'],
    ['DESPACHO MARTINEZ Y ASOCIADOS, S.C.', 'DESPACHO MARTINEZ ASOCIADOS'],
    ['FUNDACION MANOS UNIDAS, A.C.', 'FUNDACION MANOS UNIDAS'],
    ['FATEH ASEMAN SHARIF COMPANY', 'FATEH ASEMAN SHARIF'],
  ])('removes the company form of %s', (name, expected) => {
    expect(normaliseName(name)).toBe(expected);
  });

  it('keeps initials that are part of the name apart from the company form', () => {
    expect(nameWords('COMUNICACIONES M & M S.A. DE C.V.')).toEqual(['COMUNICACIONES', 'MYM']);
    expect(nameWords('Comunicaciones M&M')).toEqual(['COMUNICACIONES', 'MYM']);
  });

  it('keeps a name made only of particles or forms rather than answer nothing', () => {
    expect(nameWords('DE LA O')).toEqual(['O']);
    expect(nameWords('')).toEqual([]);
  });
});

describe('word similarity', () => {
  it('gives the same phonetic form to spellings that sound alike', () => {
    expect(phonetic('GUTIERREZ')).toBe(phonetic('GUTIERES'));
    expect(phonetic('YLLADES')).toBe(phonetic('ILLADES'));
    expect(phonetic('JOVANNY')).toBe(phonetic('JOVANI'));
  });

  it('scores one typo, transliterations and different words', () => {
    expect(wordSimilarity('GUZMAN', 'GUZMAN')).toBe(1);
    expect(wordSimilarity('VALDEZ', 'VALDES')).toBe(0.95);
    expect(wordSimilarity('HERNADEZ', 'HERNANDEZ')).toBeCloseTo(8 / 9);
    expect(wordSimilarity('MOHAMMED', 'MUHAMMAD')).toBeGreaterThanOrEqual(0.75);
    expect(wordSimilarity('ROBERTO', 'HERIBERTO')).toBe(0);
    expect(wordSimilarity('ANA', 'ANO')).toBe(0);
  });

  it('takes one consonant for another as a typing error only from a neighbouring key or a like sound', () => {
    expect(areNeighbourKeys('X', 'Z')).toBe(true);
    expect(areNeighbourKeys('N', 'M')).toBe(true);
    expect(areNeighbourKeys('G', 'T')).toBe(true);
    expect(areNeighbourKeys('G', 'B')).toBe(true);
    expect(areNeighbourKeys('N', 'G')).toBe(false);
    expect(areNeighbourKeys('A', 'P')).toBe(false);
    expect(wordSimilarity('SANCHEX', 'SANCHEZ')).toBeGreaterThan(0.8);
    expect(wordSimilarity('RADCHEM', 'RADCHEN')).toBeGreaterThan(0.8);
    expect(wordSimilarity('XAVIER', 'JAVIER')).toBeGreaterThan(0.8);
    // A vowel for another stays a typing error (AMAU for AMAO); a far consonant makes another word.
    expect(wordSimilarity('AMAU', 'AMAO')).toBeGreaterThan(0.7);
    expect(isUnlikelySlip('SAVINON', 'SAVIGON')).toBe(true);
    expect(wordSimilarity('SAVINON', 'SAVIGON')).toBe(0);
    expect(wordSimilarity('LARA', 'LAMA')).toBe(0);
    expect(isUnlikelySlip('MEDNA', 'MEDINA')).toBe(false);
  });

  it('counts an adjacent transposition as one edit', () => {
    expect(editDistance('BIOESPORT', 'BIOESPROT')).toBe(1);
    expect(editDistance('ABCDEF', 'UVWXYZ', 2)).toBe(3);
  });
});

describe('RFC', () => {
  it('normalises the way the lists write it and refuses what is not an RFC', () => {
    expect(normaliseRfc('DIB-771110-HQ1')).toBe('DIB771110HQ1');
    expect(normaliseRfc('auam-530929')).toBe('AUAM530929');
    expect(normaliseRfc('XXXXXXXXXXXX')).toBe('');
    expect(normaliseRfc(null)).toBe('');
  });

  it('agrees when equal, or when one side lacks the homoclave', () => {
    expect(rfcsAgree('AUAM530929', 'AUAM530929AB1')).toBe(true);
    expect(rfcsAgree('AUAM530929XY2', 'AUAM530929AB1')).toBe(false);
    expect(rfcsAgree('DIB771110HQ1', 'DIB771110HQ1')).toBe(true);
  });
});
