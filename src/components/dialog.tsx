// Blueprint's Dialog, with Tab kept on what the dialog holds. Blueprint's own focus trap has stops
// nobody sees: the dialog's box (tabIndex 0, so it can hold the focus while it opens) before the
// first control, and its start trap after the last control of a dialog with one control. Here the
// box is out of the tab order (still focusable by script, all Blueprint needs of it) and Tab from
// the last stop, or Shift+Tab from the first, goes round to the other end itself. Every dialog of
// the app is this one (eslint.config.js).
import { Dialog as BlueprintDialog, type DialogProps } from '@blueprintjs/core';

/** What Tab may stop on: controls, links, frames, editable text, media with controls, and what asks for a stop. */
const TABBABLE = 'button, a[href], input:not([type="hidden"]), select, textarea, iframe, summary, audio[controls], video[controls], [contenteditable]:not([contenteditable="false"]), [tabindex]';

const shown = (element: HTMLElement) => element.checkVisibility?.({ visibilityProperty: true }) ?? true;

/**
 * The dialog's own stops, in order, as the browser takes them: shown, enabled, in the tab order,
 * and of a group of radio buttons only the one checked (the first, with none checked).
 */
function stopsOf(box: HTMLElement): HTMLElement[] {
  const candidates = [...box.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.tabIndex >= 0 && !element.matches(':disabled') && shown(element));
  const radioStop = new Map<string, HTMLInputElement>();
  for (const element of candidates) {
    if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || !element.name) continue;
    const stop = radioStop.get(element.name);
    if (!stop || (element.checked && !stop.checked)) radioStop.set(element.name, element);
  }
  return candidates.filter((element) => !(element instanceof HTMLInputElement && element.type === 'radio' && element.name) || radioStop.get(element.name) === element);
}

/** Whether `active` stands at `stop`: the stop itself, or another radio button of its group. */
const standsAt = (active: Element | null, stop: HTMLElement) =>
  active === stop || (stop instanceof HTMLInputElement && stop.type === 'radio' && active instanceof HTMLInputElement && active.type === 'radio' && active.name === stop.name);

/** The boxes already listened to: a dialog opened again while it closes keeps its box. */
const kept = new WeakSet<HTMLElement>();

/** Tab past either end of the dialog goes round to the other end, never to a stop outside its controls. */
function keepTabInside(box: HTMLElement) {
  box.tabIndex = -1;
  if (kept.has(box)) return;
  kept.add(box);
  box.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab' || event.defaultPrevented) return;
    const stops = stopsOf(box);
    const [first, last] = [stops[0], stops.at(-1)];
    if (!first || !last) return;
    const active = document.activeElement;
    const past = event.shiftKey ? standsAt(active, first) || active === box : standsAt(active, last);
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
