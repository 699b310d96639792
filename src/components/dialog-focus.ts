// A dialog opens with its answer focused (the button marked `data-autofocus`), so Enter answers it.
// Focused once the dialog has opened, not by React's autoFocus: Blueprint notes what had the focus
// when the dialog opened, to give it back on close, and must not note the dialog's own button.
import { Classes } from '@blueprintjs/core';

export const ANSWER = { 'data-autofocus': true } as const;

/**
 * A dialog to read, longer than a phone's screen, opens on its title instead (focusable, out of the tab
 * order): focusing a button at its foot would open it scrolled to the end, its title and first lines out of view.
 */
export const OPENING_TITLE = { 'data-autofocus': true, tabIndex: -1 } as const;

/** What a person focuses by hand: a control, not the dialog's box or Blueprint's focus trap. */
const CONTROL = 'button, a[href], input, select, textarea';

/**
 * Focuses the answer of a dialog that has opened (Blueprint's `onOpened`, its 300 ms transition timer run out),
 * unless the person got there first: a control of the dialog already taken ('Firmar con e.firma'
 * pressed while the finish message appeared), or a dialog opened over it that holds the focus. Then
 * the focus stays where they put it: the answer taking it would steal it, and what the dialog over
 * it gives back on closing.
 */
export function focusAnswer(dialog: HTMLElement) {
  const active = document.activeElement;
  const overlay = dialog.closest(`.${Classes.OVERLAY}`) ?? dialog;
  const taken = active instanceof HTMLElement && dialog.contains(active) && active.matches(CONTROL);
  const over = active instanceof HTMLElement && !overlay.contains(active) && active.closest(`.${Classes.OVERLAY_OPEN}`) !== null;
  if (taken || over) return;
  dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
}
