// When a control that had the focus goes away (its page, its row, the dialog it was in), the browser
// leaves the focus on the body: nowhere a keyboard or screen-reader user can start from. Whoever
// removed it gives the focus to a title then.
import { Classes } from '@blueprintjs/core';

/**
 * Whether the focus is lost: on the body, or, with `leavingDialog`, still in the portal of a dialog
 * that has just closed and is about to go with it.
 */
export function focusIsLost({ leavingDialog = false } = {}): boolean {
  const focused = document.activeElement;
  return !focused || focused === document.body || (leavingDialog && focused.closest(`.${Classes.PORTAL}`) !== null);
}
