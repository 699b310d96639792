// What a field would hold after a paste, before its native maxLength cuts it: the digit fields take
// a paste whole and keep its digits themselves.
import type { ClipboardEvent } from 'react';
import { textAfterInsertion } from '../../../forms/rules/text';

/** The control's text with the clipboard's text in place of its selection. */
export function pastedText(event: ClipboardEvent<HTMLInputElement>): string {
  const node = event.currentTarget;
  return textAfterInsertion({ value: node.value, selectionStart: node.selectionStart, selectionEnd: node.selectionEnd, inserted: event.clipboardData.getData('text/plain') });
}

/**
 * An onPaste handler that takes the paste whole: the browser inserts nothing, and `apply` gets the
 * text the field would hold (the field keeps its digits and makes its change). A paste that
 * `replaces` (a whole phone number) is given alone, in place of everything the field held, and
 * `apply` is told so.
 */
export const pasteWhole =
  (apply: (text: string, replacing: boolean) => void, { replaces }: { replaces?: (pasted: string) => boolean } = {}) =>
  (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text/plain');
    const replacing = replaces?.(pasted) === true;
    apply(replacing ? pasted : pastedText(event), replacing);
  };
