// Blueprint's Dialog, with Tab kept on what the dialog holds. Blueprint's own focus trap has stops
// nobody sees: the dialog's box (tabIndex 0, so it can hold the focus while it opens) before the
// first control, and its start trap after the last control of a dialog with one control. Here the
// box is out of the tab order (still focusable by script, all Blueprint needs of it) and Tab from
// the last control, or Shift+Tab from the first, goes round to the other end itself. Every dialog
// of the app is this one (eslint.config.js).
import { Dialog as BlueprintDialog, type DialogProps } from '@blueprintjs/core';

/** What Tab stops on, the browser's way: enabled controls, links, and what asks for a stop. */
const TABBABLE = 'button, a[href], input:not([type="hidden"]), select, textarea, [tabindex]';

/** The dialog's own stops, in order: shown, enabled, not taken out of the tab order. */
const stopsOf = (box: HTMLElement) =>
  [...box.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.matches(':disabled') && (element.checkVisibility?.({ visibilityProperty: true }) ?? true),
  );

/** Tab past either end of the dialog goes round to the other end, never to a stop outside its controls. */
function keepTabInside(box: HTMLElement) {
  box.tabIndex = -1;
  box.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab' || event.defaultPrevented) return;
    const stops = stopsOf(box);
    const [first, last] = [stops[0], stops.at(-1)];
    if (!first || !last) return;
    const active = document.activeElement;
    const past = event.shiftKey ? active === first || active === box : active === last;
    if (!past) return;
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  });
}

export function Dialog({ onOpening, ...props }: DialogProps) {
  return (
    <BlueprintDialog
      {...props}
      onOpening={(box) => {
        keepTabInside(box);
        onOpening?.(box);
      }}
    />
  );
}
