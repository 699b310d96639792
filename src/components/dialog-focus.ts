// A dialog opens with its answer focused (the button marked `data-autofocus`), so Enter answers it.
// Focused once the dialog has opened, not by React's autoFocus: Blueprint notes what had the focus
// when the dialog opened, to give it back on close, and must not note the dialog's own button.
export const ANSWER = { 'data-autofocus': true } as const;

/**
 * A dialog to read, longer than a phone's screen, opens on its title instead (focusable, out of the tab
 * order): focusing a button at its foot would open it scrolled to the end, its title and first lines out of view.
 */
export const OPENING_TITLE = { 'data-autofocus': true, tabIndex: -1 } as const;

export function focusAnswer(dialog: HTMLElement) {
  dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
}
