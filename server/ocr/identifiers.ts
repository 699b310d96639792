// CURP, RFC and clave de elector read from recognised text and corrected by their structure: where
// a position demands a digit, O/I/S/B… become 0/1/5/8…, and the other way where it demands a
// letter; the check digit (forms/rules) then decides between what remains ambiguous. A value whose
// check digit still fails is given, but marked uncertain.
import { curpCheckDigit, readCurp } from '../../forms/rules/curp';
import { checkRfc, rfcCheckDigit } from '../../forms/rules/rfc';

const TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', I: '1', L: '1', T: '1', Z: '2', S: '5', G: '6', B: '8', A: '4' };
const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '4': 'A', '5': 'S', '6': 'G', '8': 'B' };
/** Confusions in positions that may hold either (the homoclave, the CURP's differentiator). */
const EITHER: Record<string, string[]> = { O: ['0'], '0': ['O'], I: ['1'], '1': ['I'], S: ['5'], '5': ['S'], B: ['8'], '8': ['B'], Z: ['2'], '2': ['Z'] };

type Kind = 'L' | 'D' | 'A';

function coerce(value: string, shape: Kind[]): string | null {
  let out = '';
  for (let i = 0; i < shape.length; i++) {
    const c = value[i]!;
    const kind = shape[i]!;
    if (kind === 'D') {
      const digit = /\d/.test(c) ? c : TO_DIGIT[c];
      if (!digit) return null;
      out += digit;
    } else if (kind === 'L') {
      const letter = /[A-ZÑ&]/.test(c) ? c : TO_LETTER[c];
      if (!letter) return null;
      out += letter;
    } else out += c;
  }
  return out;
}

/** Every spelling the ambiguous positions allow (at most 2^n for n confusable characters). */
function variants(value: string, positions: number[]): string[] {
  let all = [value];
  for (const position of positions) {
    const alternatives = EITHER[value[position]!] ?? [];
    all = all.flatMap((v) => [v, ...alternatives.map((a) => v.slice(0, position) + a + v.slice(position + 1))]);
  }
  return all;
}

export interface Corrected {
  value: string;
  /** False when no spelling carries a valid check digit: the person must confirm it. */
  sure: boolean;
}

const CURP_SHAPE: Kind[] = [...'LLLLDDDDDDLLLLLLAD'].map((k) => k as Kind);

/** A CURP from 18 recognised characters, or null when they cannot be one. */
export function correctCurp(raw: string): Corrected | null {
  const compact = raw.toUpperCase().replace(/[^A-Z0-9Ñ]/g, '');
  if (compact.length !== 18) return null;
  const shaped = coerce(compact, CURP_SHAPE);
  if (!shaped) return null;
  const sexFixed = shaped[10] === 'N' ? `${shaped.slice(0, 10)}M${shaped.slice(11)}` : shaped;
  // RENAPO gives a digit before 2000 and a letter from 2000, never O: an O there is a misread 0
  // (the check digit cannot tell them apart: O and 0 differ by 25 × 2, a multiple of ten).
  const differentiated = sexFixed[16] === 'O' ? `${sexFixed.slice(0, 16)}0${sexFixed.slice(17)}` : sexFixed;
  const candidates = variants(differentiated, [16]).filter((c) => readCurp(c) !== null);
  const checked = candidates.find((c) => curpCheckDigit(c.slice(0, 17)) === c[17]);
  if (checked) return { value: checked, sure: true };
  return candidates[0] ? { value: candidates[0], sure: false } : null;
}

/** A person's (13) or a company's (12) RFC from recognised characters, or null. */
export function correctRfc(raw: string): Corrected | null {
  const compact = raw.toUpperCase().replace(/[^A-Z0-9Ñ&]/g, '');
  const letters = compact.length === 13 ? 4 : compact.length === 12 ? 3 : 0;
  if (letters === 0) return null;
  const shape: Kind[] = [...Array<Kind>(letters).fill('L'), ...Array<Kind>(6).fill('D'), 'A', 'A', 'A'];
  const shaped = coerce(compact, shape);
  if (!shaped) return null;
  const kind = letters === 4 ? 'person' : 'company';
  const tail = [shaped.length - 3, shaped.length - 2, shaped.length - 1];
  const candidates = variants(shaped, tail).filter((c) => checkRfc(kind, c) === null);
  const checked = candidates.find((c) => rfcCheckDigit(c.slice(0, -1)) === c.slice(-1));
  if (checked) return { value: checked, sure: true };
  return candidates[0] ? { value: candidates[0], sure: false } : null;
}

const CLAVE_SHAPE: Kind[] = [...'LLLLLLDDDDDDDDLDDD'].map((k) => k as Kind);
const CLAVE = /^[A-Z]{6}\d{8}[HM]\d{3}$/;

/** The clave de elector: six letters, the birth date and state (8 digits), H or M, three digits. */
export function correctClaveElector(raw: string): string | null {
  const compact = raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (compact.length !== 18) return null;
  const shaped = coerce(compact, CLAVE_SHAPE);
  return shaped && CLAVE.test(shaped) ? shaped : null;
}

/**
 * The clave de elector in what follows its label: any 18 characters of it, or of it with one stray
 * character dropped (a mark read as a letter), that fit the shape. The birth date it carries
 * (characters 7-12) agreeing with the CURP's makes it sure; otherwise the closest to the shape wins.
 */
export function findClaveElector(text: string, curp?: string): Corrected | null {
  const compact = text.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 24);
  // Each spelling with whether it starts right after the label (the clave follows it directly).
  // A dropped character is likelier a stroke read as I, L, 1 or O than any other letter.
  const spellings: Array<[string, number]> = [];
  windows(compact, 18).forEach((window, start) => spellings.push([window, start === 0 ? 1 : 0]));
  windows(compact, 19).forEach((window, start) => {
    for (let i = 0; i < 19; i++) spellings.push([window.slice(0, i) + window.slice(i + 1), (start === 0 && i > 0 ? 1 : 0) + ('ILO1'.includes(window[i]!) ? 1 : 0)]);
  });
  let best: { value: string; score: number } | null = null;
  for (const [spelling, bonus] of spellings) {
    const value = correctClaveElector(spelling);
    if (!value) continue;
    const agrees = curp !== undefined && value.slice(6, 12) === curp.slice(4, 10) && value[14] === curp[10];
    const score = (agrees ? 4 : 0) + (CLAVE.test(spelling) ? 2 : 0) + bonus;
    if (!best || score > best.score) best = { value, score };
  }
  return best && { value: best.value, sure: best.score >= 4 };
}

/** Every window of `length` characters of a line without spaces, for finding an identifier anywhere. */
export function windows(line: string, length: number): string[] {
  const compact = line.toUpperCase().replace(/[^A-Z0-9Ñ&]/g, '');
  const all: string[] = [];
  for (let i = 0; i + length <= compact.length; i++) all.push(compact.slice(i, i + length));
  return all;
}

/** The best identifier found in some lines: a sure one first, then any. */
export function findIdentifier(lines: string[], length: number, correct: (raw: string) => Corrected | null): Corrected | null {
  let unsure: Corrected | null = null;
  for (const line of lines) {
    for (const window of windows(line, length)) {
      const found = correct(window);
      if (found?.sure) return found;
      if (found && !unsure) unsure = found;
    }
  }
  return unsure;
}
