// How names and RFCs are compared by the screening engine: upper case without accents or
// punctuation, company forms (S.A. DE C.V., S. DE R.L., SAPI, SOFOM E.N.R. …) removed, and a
// phonetic form and consonant skeleton per word for typos and transliteration variants.

/**
 * Words that carry no identity in a name: dropped before matching. AL/EL and BIN/BEN/IBN stay
 * here on purpose: dropped on both sides they are equal whatever their spelling, and optional
 * (a query that leaves out BIN still matches); AL joined to a name (ALHARBI) is matched to the
 * bare name by the index (README, "PLD screening").
 */
const PARTICLES = new Set(['DE', 'DEL', 'LA', 'LAS', 'LOS', 'EL', 'Y', 'E', 'THE', 'OF', 'AND', 'AL', 'BIN', 'BEN', 'IBN', 'VAN', 'VON', 'DA', 'DI', 'DU']);

// Company forms written out in words become their abbreviations before the suffix is removed.
const SPELLED_FORMS: Array<[RegExp, string]> = [
  [/\bSOCIEDAD ANONIMA PROMOTORA DE INVERSION\b/g, 'SAPI'],
  [/\bSOCIEDAD ANONIMA BURSATIL\b/g, 'SAB'],
  [/\bSOCIEDAD ANONIMA\b/g, 'SA'],
  [/\bCAPITAL VARIABLE\b/g, 'CV'],
  [/\bSOCIEDAD DE RESPONSABILIDAD LIMITADA\b/g, 'S DE RL'],
  [/\bRESPONSABILIDAD LIMITADA\b/g, 'RL'],
  [/\bSOCIEDAD CIVIL\b/g, 'SC'],
  [/\bASOCIACION CIVIL\b/g, 'AC'],
  [/\bSOCIEDAD FINANCIERA DE OBJETO MULTIPLE\b/g, 'SOFOM'],
  [/\bENTIDAD NO REGULADA\b/g, 'ENR'],
  [/\bENTIDAD REGULADA\b/g, 'ER'],
  [/\bSOCIEDAD COOPERATIVA\b/g, 'SCOOP'],
  [/\bSOCIEDAD DE PRODUCCION RURAL\b/g, 'SPR'],
  [/\bSOCIEDAD POR ACCIONES SIMPLIFICADA\b/g, 'SAS'],
  [/\bSOCIEDAD EN NOMBRE COLECTIVO\b/g, 'SNC'],
  [/\bINSTITUCION DE BANCA MULTIPLE\b/g, 'IBM'],
  [/\bRESPONSABILIDAD LIMITADA MICROINDUSTRIAL\b/g, 'RLMI'],
  [/\bLIMITED LIABILITY COMPANY\b/g, 'LLC'],
  [/\bLIMITED\b/g, 'LTD'],
  [/\bINCORPORATED\b/g, 'INC'],
  [/\bCORPORATION\b/g, 'CORP'],
  [/\bCOMPANY\b/g, 'CO'],
];

/** Abbreviations that may end a company name (after single letters are joined: S A DE C V → SA DE CV). */
const COMPANY_FORMS = new Set([
  'SA', 'CV', 'RL', 'S', 'SAPI', 'SAB', 'SC', 'AC', 'SOFOM', 'ENR', 'ER', 'SPR', 'RI', 'RS', 'SCOOP', 'SCL', 'SAS', 'SNC', 'SCS',
  'SRL', 'SACV', 'SADECV', 'IBM', 'RLMI', 'MI', 'IAP', 'ABP', 'SOFIPO', 'SOFOL', 'SOCAP', 'UC', 'GF',
  'LLC', 'LTD', 'INC', 'CORP', 'CO', 'GMBH', 'AG', 'LLP', 'PLC', 'BV', 'NV', 'SL', 'SRO', 'LTDA', 'SPA', 'OOO', 'ZAO', 'OAO', 'PJSC', 'JSC', 'FZE', 'FZCO', 'FZC',
]);

/** Upper case, no accents (Ñ → N), punctuation and symbols as spaces, single spaces. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/&/g, ' Y ')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

// "S A DE C V" → "SA DE CV": runs of one-letter words are what dotted abbreviations become.
function joinInitials(words: string[]): string[] {
  const joined: string[] = [];
  let run = '';
  for (const word of words) {
    if (word.length === 1) run += word;
    else {
      if (run) joined.push(run);
      run = '';
      joined.push(word);
    }
  }
  if (run) joined.push(run);
  return joined;
}

// Company forms written with dots become runs of single letters (S.A. DE C.V. → S A DE C V).
const LETTER_FORMS = ['SAPI', 'SAB', 'SPR', 'ENR', 'SCL', 'SAS', 'SNC', 'IAP', 'SA', 'CV', 'RL', 'SC', 'AC', 'ER', 'RI', 'RS', 'MI', 'S'];

/**
 * Removes the company form at the end of a name: a chain of forms, with the DE that links them,
 * written as words (SA DE CV) or as dotted letters (S.A. DE C.V.). Before single letters are
 * joined, so 'M & M S.A.' keeps 'M Y M'.
 */
function stripCompanyForm(words: string[]): string[] {
  let end = words.length;
  let removedForm = false;
  outer: while (end > 1) {
    const word = words[end - 1];
    if (word.length > 1 && COMPANY_FORMS.has(word)) {
      end--;
      removedForm = true;
      continue;
    }
    if (word.length === 1) {
      for (const form of LETTER_FORMS) {
        const start = end - form.length;
        if (start < 1 || (form === 'S' && !removedForm)) continue;
        if (words.slice(start, end).join('') === form) {
          end = start;
          removedForm = true;
          continue outer;
        }
      }
    }
    // ED is DE mistyped (SA ED CV), VC is CV mistyped (SA DE VC).
    if (word === 'VC' && end === words.length) {
      end--;
      removedForm = true;
      continue;
    }
    if (removedForm && (word === 'DE' || word === 'ED' || word === 'EN' || word === 'Y')) end--;
    else break;
  }
  return words.slice(0, end);
}

/** The words of a name that identify it: folded, company form removed, particles dropped. */
export function nameWords(text: string): string[] {
  let folded = foldText(text);
  if (!folded) return [];
  for (const [pattern, abbreviation] of SPELLED_FORMS) folded = folded.replace(pattern, abbreviation);
  // ABD AL / ABD EL written apart is one name part, as ABDUL and ABDEL are.
  folded = folded.replace(/\bABD (AL|EL|UL)\b/g, 'ABD$1');
  const words = joinInitials(stripCompanyForm(folded.split(' ')));
  const kept = words.filter((word) => !PARTICLES.has(word));
  return kept.length > 0 ? kept : words;
}

/** The normalised name: its identifying words joined by spaces. */
export function normaliseName(text: string): string {
  return nameWords(text).join(' ');
}

/** A phonetic form of one word: spellings that sound alike in Spanish or transliterations meet. */
export function phonetic(word: string): string {
  let w = word
    .replace(/PH/g, 'F')
    .replace(/TH/g, 'T')
    .replace(/KH/g, 'J')
    .replace(/SH/g, 'X')
    .replace(/QU/g, 'K')
    .replace(/C([EI])/g, 'S$1')
    .replace(/GU([EI])/g, 'G$1')
    .replace(/C/g, 'K')
    .replace(/Q/g, 'K')
    .replace(/Z/g, 'S')
    .replace(/V/g, 'B')
    .replace(/W/g, 'U')
    .replace(/Y/g, 'I')
    .replace(/(?<!^)H/g, '')
    .replace(/^H/, '');
  w = w.replace(/(.)\1+/g, '$1');
  return w || word;
}

/** The consonants of the phonetic form: MUHAMMAD and MOHAMMED both give MMD. */
export function skeleton(word: string): string {
  return phonetic(word).replace(/[AEIOU]/g, '');
}

const TRANSPOSITION_SIMILARITY = 0.9;

/**
 * The masculine and feminine of one Spanish name (JUAN/JUANA, MARIO/MARIA, FRANCISCO/FRANCISCA):
 * one letter apart, yet another person.
 */
export function isGenderedPair(a: string, b: string): boolean {
  if (a.length < 3 || b.length < 3) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length === short.length + 1) return long === `${short}A` && !/[AEIOU]$/.test(short);
  if (long.length !== short.length) return false;
  const stem = short.slice(0, -1);
  return long.slice(0, -1) === stem && new Set([short.at(-1), long.at(-1)]).size === 2 && /[AO]/.test(short.at(-1)!) && /[AO]/.test(long.at(-1)!);
}

/** True when b is a with two adjacent letters swapped (PALMA, PAMLA). */
export function isAdjacentTransposition(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let i = 0;
  while (a[i] === b[i]) i++;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

// The letter rows of the keyboard (Ñ, after L, is folded to N before words are compared).
const KEYBOARD_ROWS = ['QWERTYUIOP', 'ASDFGHJKL', 'ZXCVBNM'];

/** True when two letters are neighbouring keys on a Spanish (QWERTY) keyboard: a finger slips to them. */
export function areNeighbourKeys(a: string, b: string): boolean {
  const at = (letter: string) => {
    const row = KEYBOARD_ROWS.findIndex((keys) => keys.includes(letter));
    return row < 0 ? undefined : ([row, KEYBOARD_ROWS[row].indexOf(letter)] as const);
  };
  const pa = at(a);
  const pb = at(b);
  if (!pa || !pb) return false;
  const [ra, ia] = pa;
  const [rb, ib] = pb;
  if (ra === rb) return Math.abs(ia - ib) === 1;
  if (Math.abs(ra - rb) !== 1) return false;
  // Each row sits half a key to the right of the one above: key i touches keys i and i+1 above.
  const [upper, lower] = ra < rb ? [ia, ib] : [ib, ia];
  return upper === lower || upper === lower + 1;
}

/** Consonants written for one another in Mexican names: XAVIER and JAVIER, GIMENEZ and JIMENEZ, SH and X. */
const SOUND_ALIKE = new Set(['XJ', 'GJ', 'SX']);

/**
 * One consonant put for another that is neither a neighbouring key nor alike in sound (SAVIÑON
 * for SAVIGON, LARA for LAMA): not a slip of the finger but another word.
 */
export function isUnlikelySlip(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let at = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (at >= 0) return false;
    at = i;
  }
  if (at < 0) return false;
  const [x, y] = [a[at], b[at]];
  const consonant = (letter: string) => /[B-DF-HJ-NP-TV-Z]/.test(letter);
  return consonant(x) && consonant(y) && !areNeighbourKeys(x, y) && !SOUND_ALIKE.has(x + y) && !SOUND_ALIKE.has(y + x);
}

// Rows reused by editDistance: it runs for every candidate word of every search.
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Damerau–Levenshtein distance (adjacent transpositions), stopping early above `limit`: only the
 * band of cells within `limit` of the diagonal is computed, the rest can only be further.
 */
export function editDistance(a: string, b: string, limit = 3): number {
  if (a === b) return 0;
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > limit) return limit + 1;
  if (rows[0].length < m + 2) rows = [new Int32Array(m + 2), new Int32Array(m + 2), new Int32Array(m + 2)];
  const far = limit + 1;
  let [prevPrev, prev, current] = rows;
  for (let j = 0; j <= m; j++) prev[j] = Math.min(j, far);
  for (let i = 1; i <= n; i++) {
    const lo = Math.max(1, i - limit);
    const hi = Math.min(m, i + limit);
    current[lo - 1] = lo === 1 ? Math.min(i, far) : far;
    let best = current[lo - 1];
    for (let j = lo; j <= hi; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(prev[j] + 1, current[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) value = Math.min(value, prevPrev[j - 2] + 1);
      current[j] = value;
      if (value < best) best = value;
    }
    if (hi < m) current[hi + 1] = far;
    if (best > limit) return far;
    [prevPrev, prev, current] = [prev, current, prevPrev];
  }
  return Math.min(prev[m], far);
}

/**
 * How alike two words are, 0 to 1: 1 for the same word, 0.95 for the same phonetic form, then
 * by edit distance (one edit from 4 letters, two from 8), 0.85 for the same consonant skeleton
 * of at least three consonants. Short words (up to 3 letters) must be equal in sound.
 */
export function wordSimilarity(a: string, b: string): number {
  return wordSimilarityOf(a, phonetic(a), b, phonetic(b));
}

/** wordSimilarity with the phonetic forms already computed (the index keeps them per listed word). */
export function wordSimilarityOf(a: string, pa: string, b: string, pb: string): number {
  if (a === b) return 1;
  if (pa === pb) return 0.95;
  if (isGenderedPair(a, b)) return 0;
  // One typing error even in a short word: PAMLA for PALMA, CHNA for CHAN.
  if (a.length >= 3 && isAdjacentTransposition(a, b)) return TRANSPOSITION_SIMILARITY;
  const shorter = Math.min(a.length, b.length);
  if (shorter <= 3) return 0;
  if (isUnlikelySlip(a, b) && isUnlikelySlip(pa, pb)) return 0;
  const allowed = shorter >= 8 ? 2 : 1;
  const distance = Math.min(editDistance(a, b, allowed), editDistance(pa, pb, allowed));
  let similarity = distance <= allowed ? 1 - distance / Math.max(a.length, b.length) : 0;
  if (similarity < 0.85 && a[0] === b[0]) {
    const sa = pa.replace(/[AEIOU]/g, '');
    if (sa.length >= 3 && sa === pb.replace(/[AEIOU]/g, '')) similarity = 0.85;
  }
  return similarity;
}

/** An RFC as compared: upper case, letters and digits only (OFAC writes DIB-771110-HQ1); '' for SAT's suppressed XXXXXXXXXXXX. */
export function normaliseRfc(rfc: string | null | undefined): string {
  const value = foldText(rfc ?? '').replace(/ /g, '');
  if (!/^[A-Z]{3,4}[0-9]{6}[A-Z0-9]{0,3}$/.test(value)) return '';
  return value;
}

/** The RFC without its homoclave: 4 letters and 6 digits for a person, 3 and 6 for a company. */
export function rfcStem(rfc: string): string {
  const letters = /^[A-Z]+/.exec(rfc)?.[0].length ?? 0;
  return rfc.slice(0, letters + 6);
}

/** Two normalised RFCs agree when equal, or when one lacks the homoclave and their stems are equal. */
export function rfcsAgree(a: string, b: string): boolean {
  if (a === b) return true;
  const stemA = rfcStem(a);
  const stemB = rfcStem(b);
  return stemA === stemB && (a.length === stemA.length || b.length === stemB.length);
}
