// How long a text field's text would be after an insertion, as the browser's maxLength counts it.
import { describe, expect, it } from 'vitest';
import { insertionIsCut, lengthAfterInsertion } from '../../../forms/rules/text';

describe('an insertion into a text field', () => {
  it('replaces the selection, or adds at the end when the field tells none', () => {
    expect(lengthAfterInsertion({ value: 'abcdef', selectionStart: 2, selectionEnd: 4, inserted: 'xyz' })).toBe(7);
    expect(lengthAfterInsertion({ value: 'abcdef', selectionStart: 6, selectionEnd: 6, inserted: 'xyz' })).toBe(9);
    expect(lengthAfterInsertion({ value: 'abcdef', selectionStart: null, selectionEnd: null, inserted: 'xyz' })).toBe(9);
  });

  it('counts a line break as one character, whichever way it is written', () => {
    expect(lengthAfterInsertion({ value: '', selectionStart: 0, selectionEnd: 0, inserted: 'ab\r\ncd\ne\rf' })).toBe(9);
  });

  it('is cut only past the limit', () => {
    expect(insertionIsCut({ value: 'a'.repeat(190), selectionStart: 190, selectionEnd: 190, inserted: 'b'.repeat(10) }, 200)).toBe(false);
    expect(insertionIsCut({ value: 'a'.repeat(190), selectionStart: 190, selectionEnd: 190, inserted: 'b'.repeat(11) }, 200)).toBe(true);
    expect(insertionIsCut({ value: 'a'.repeat(200), selectionStart: 0, selectionEnd: 200, inserted: 'b'.repeat(200) }, 200)).toBe(false);
  });
});
