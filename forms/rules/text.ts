// What a text may hold: no control characters (NUL and the other C0 controls, DEL), no lone
// surrogate halves; a multi-line text (comments) may hold line breaks and tabs. PostgreSQL refuses
// a NUL in a text, and none of these can be typed into a field.
const CONTROL = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `text` holds a character no field accepts (`multiline`: line breaks and tabs allowed). */
export const hasControlCharacters = (text: string, multiline = false): boolean => (multiline ? CONTROL_MULTILINE : CONTROL).test(text);

/** An insertion into a text field: its text, what is selected (replaced by it), and what is inserted. */
export interface TextInsertion {
  value: string;
  selectionStart: number | null;
  selectionEnd: number | null;
  inserted: string;
}

/** A field's text with `inserted` in place of its selection (at the end when it tells none), before any limit. */
export function textAfterInsertion({ value, selectionStart, selectionEnd, inserted }: TextInsertion): string {
  const start = selectionStart ?? value.length;
  const end = selectionEnd ?? start;
  return value.slice(0, start) + inserted + value.slice(end);
}

/**
 * How long a field's text would be with `inserted` in place of its selection, counted as the browser's
 * maxLength counts: a line break ('\r\n', '\r' or '\n') is one character (a one-line field turns it into a space).
 */
export function lengthAfterInsertion({ value, selectionStart, selectionEnd, inserted }: TextInsertion): number {
  const start = selectionStart ?? value.length;
  const end = selectionEnd ?? start;
  return value.length - (end - start) + inserted.replace(/\r\n?/g, '\n').length;
}

/** True when an insertion would go past `maxLength`: the browser keeps the first characters and drops the rest without a word. */
export const insertionIsCut = (insertion: TextInsertion, maxLength: number): boolean => lengthAfterInsertion(insertion) > maxLength;

/** A one-line text as it is kept: no spaces around it, one between words ('  josé   ñoño ' → 'josé ñoño'). */
export const tidyLine = (text: string): string => text.trim().replace(/ {2,}/g, ' ');
