// A field with a length limit says when an edit went past it: the browser's maxLength keeps the
// first characters of a paste, a drop or a typed character and drops the rest without a word.
import { useEffect, useRef, useState } from 'react';
import { textCut } from '../../../forms/messages';
import { insertionIsCut } from '../../../forms/rules/text';

/** The text an insertion brings ('beforeinput' carries it in `data`, a drop may carry it in `dataTransfer`). */
function insertedText(event: InputEvent): string {
  if (event.inputType === 'insertLineBreak' || event.inputType === 'insertParagraph') return '\n';
  return event.data ?? event.dataTransfer?.getData('text/plain') ?? '';
}

/**
 * `inputRef` goes on the control that carries `maxLength`; `notice` on its FieldFrame: '' until an edit
 * would go past the limit, then the notice, until the next edit that fits or until `value` (the field's
 * value) is replaced without an edit (a reset, an OCR fill, a copied address). Undefined without a limit.
 */
export function useCutNotice<T extends HTMLInputElement | HTMLTextAreaElement>(maxLength: number | undefined, value: unknown) {
  const inputRef = useRef<T>(null);
  const [cut, setCut] = useState(false);
  /** Whether the last change of `value` came from an edit in the control (its input event runs before React's onChange). */
  const edited = useRef(false);
  useEffect(() => {
    if (!edited.current) setCut(false);
    edited.current = false;
  }, [value]);
  useEffect(() => {
    const node = inputRef.current;
    if (!node || maxLength === undefined) return;
    const events: HTMLElement = node;
    const check = (event: InputEvent) => {
      // Text an input method is composing (some phone keyboards, Japanese input) is left unjudged: its
      // insertions replace the composed part, which the selection does not show.
      if (event.isComposing || event.inputType === 'insertCompositionText') return;
      const inserts = event.inputType.startsWith('insert');
      setCut(
        inserts &&
          insertionIsCut({ value: node.value, selectionStart: node.selectionStart, selectionEnd: node.selectionEnd, inserted: insertedText(event) }, maxLength),
      );
    };
    // A cut fills the field to its limit: an edit that left it shorter cut nothing (a safety check, for a
    // control that tells no selection).
    const confirm = () => {
      edited.current = true;
      if (node.value.length < maxLength) setCut(false);
    };
    events.addEventListener('beforeinput', check);
    events.addEventListener('input', confirm);
    return () => {
      events.removeEventListener('beforeinput', check);
      events.removeEventListener('input', confirm);
    };
  }, [maxLength]);
  return { inputRef, notice: maxLength === undefined ? undefined : cut ? textCut(maxLength) : '' };
}
