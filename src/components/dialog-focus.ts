// A dialog opens with its answer focused (the button marked `data-autofocus`), so Enter answers it.
// Focused once the dialog has opened, not by React's autoFocus: Blueprint notes what had the focus
// when the dialog opened, to give it back on close, and must not note the dialog's own button.
export const ANSWER = { 'data-autofocus': true } as const;

export function focusAnswer(dialog: HTMLElement) {
  dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
}
