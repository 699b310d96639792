// A pager's links are disabled at its ends ('Siguiente' on the last page): the one just followed to an
// end would keep the focus, out of the Tab order and with no focus ring. The focus passes to the
// nearest control of the pager still enabled ('Anterior'), so a keyboard user stays in the pager, and
// the pager is kept in sight when the new page's rows push it down.
import { useEffect, type RefObject } from 'react';

const isDisabled = (control: Element) => control.getAttribute('aria-disabled') === 'true' || control.hasAttribute('disabled');

/** The pager's enabled control nearest `focused` in the pager's order; of two as near, the earlier. */
function nearestEnabled(pager: HTMLElement, focused: HTMLElement) {
  const controls = [...pager.querySelectorAll<HTMLElement>('a, button')];
  const at = controls.indexOf(focused);
  const distance = (control: HTMLElement) => Math.abs(controls.indexOf(control) - at);
  // A stable sort keeps the pager's order among controls as near.
  return controls.filter((control) => !isDisabled(control)).sort((a, b) => distance(a) - distance(b))[0];
}

export function useFocusKeptInPager(pager: RefObject<HTMLElement | null>) {
  // After every render: a new page, total or page size may each disable the focused link, and the rows
  // of a page just loaded move the pager. A list re-renders only as it navigates, so this never fights a scroll.
  useEffect(() => {
    const box = pager.current;
    const focused = document.activeElement;
    if (!box || !(focused instanceof HTMLElement) || !box.contains(focused)) return;
    const control = isDisabled(focused) ? nearestEnabled(box, focused) : focused;
    if (!control) return;
    if (control !== focused) control.focus({ preventScroll: true });
    control.scrollIntoView({ block: 'nearest' });
  });
}
