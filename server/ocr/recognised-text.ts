// Recognised text as the grammars read it: upper-case lines without repeated spaces, labels found
// with or without their accents and spaces (OCR drops both: 'CLAVEDEELECTOR', 'CODIGO POSTAL').

export type Lines = string[];

export const withoutAccents = (value: string) => value.normalize('NFD').replace(/[\u0300-\u0302\u0304-\u036f]/g, '').normalize('NFC');

/** Upper case without accents, but with Ñ (the tilde of Ñ is kept: it is a letter, not an accent). */
export const fold = (value: string) => withoutAccents(value.toUpperCase().replace(/Ñ/g, '\u0000')).replace(/\u0000/g, 'Ñ');

export function toLines(text: string): Lines {
  return text
    .split(/\r?\n|\f/)
    .map((line) => line.toUpperCase().replace(/[|_]+/g, ' ').replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
}

/** A label as a pattern that tolerates missing spaces, missing accents and a trailing colon or dot. */
export function labelPattern(label: string): RegExp {
  const letters = fold(label).replace(/[^A-ZÑ0-9 /()]/g, '');
  const body = letters
    .split(' ')
    .map((word) => word.replace(/[()/]/g, (c) => `\\${c}`))
    .join('\\s*');
  return new RegExp(`${body}\\s*[:.;]?\\s*`);
}

/** Whether any line carries the mark (accents and spaces tolerated). */
export const hasMark = (lines: Lines, mark: string) => {
  const pattern = labelPattern(mark);
  return lines.some((line) => pattern.test(fold(line)));
};

/** The index of the first line carrying the label, and what follows it on that line. */
export function findLabel(lines: Lines, label: string, from = 0): { index: number; rest: string } | null {
  const pattern = labelPattern(label);
  for (let index = from; index < lines.length; index++) {
    const folded = fold(lines[index]!);
    const match = pattern.exec(folded);
    if (match) {
      // The same offsets hold in the original line: folding keeps one character per character.
      return { index, rest: lines[index]!.slice(match.index + match[0].length).trim() };
    }
  }
  return null;
}

/**
 * The value of a label: what follows it on its line (cut at the next known label), or the next
 * line when nothing follows it.
 */
export function labelledValue(lines: Lines, label: string, otherLabels: string[] = []): string | null {
  const found = findLabel(lines, label);
  if (!found) return null;
  const cut = (value: string) => {
    let end = value.length;
    const folded = fold(value);
    for (const other of otherLabels) {
      const match = labelPattern(other).exec(folded);
      if (match && match.index < end) end = match.index;
    }
    return value.slice(0, end).trim();
  };
  const same = cut(found.rest);
  if (same !== '') return same;
  const next = lines[found.index + 1];
  if (next === undefined) return null;
  // The next line is a value only when it is not itself a label.
  const nextFolded = fold(next);
  if (otherLabels.some((other) => labelPattern(other).exec(nextFolded)?.index === 0)) return null;
  return cut(next) || null;
}

/** Only letters (with accents and Ñ) and single spaces: a name as the forms keep it. */
export const cleanName = (value: string) =>
  value
    .toUpperCase()
    .replace(/[^A-ZÁÉÍÓÚÜÑ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export const lettersCount = (text: string) => (text.match(/[A-Za-zÁÉÍÓÚÑáéíóúñ]/g) ?? []).length;
