// After a move to another page inside the app, the focus is nowhere when the control that moved it
// went away with its page (a dialog's button, a link of the old page): it goes to the new page's h1,
// so that a keyboard or screen-reader user starts from its title, not from the top of the document.
// A page that puts the focus somewhere itself (a wizard's first field, a staff page's title) keeps it.
// A new page also starts at its top, not where the old one was scrolled to (a guarantor opened from
// the foot of the Avales tab, the home page after a finish); a step back or forward in the browser's
// history leaves the scrolling to the browser, and a wizard's address following its record (/pm →
// /pm/{uuid} after its first save) is the same page.
import { useEffect, useRef, type RefObject } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';
import { focusIsLost } from '../components/lost-focus';
import { followsRecord } from './record-follow';

/** The id of the page's main element, where the skip link leads. */
export const MAIN_ID = 'contenido';

export function useNewPageStart(main: RefObject<HTMLElement | null>) {
  const { pathname, state } = useLocation();
  const navigationType = useNavigationType();
  // The first page is the browser's to start from (the skip link comes first); only a change of page
  // counts (an effect run twice for the same page, as React's StrictMode does, is none).
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // A history step returns to where that page was left (the browser's); the page's own rewrite stays put.
    if (navigationType !== NavigationType.Pop && !followsRecord(state)) window.scrollTo(0, 0);
    // After the new page's own effects.
    const frame = requestAnimationFrame(() => {
      // Unlike a staff page after its own dialog closed (focusTitleIfLost), focus inside a dialog is kept:
      // on a page change it is one the new page opened (a finished record's notice), not one leaving.
      focusTitleIfNowhere(main.current);
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, state, navigationType, main]);
}

/**
 * When the focus is nowhere (on the body), the page's h1 takes it (or `main` itself, without one).
 * `leavingDialog`: a dialog that has just closed still holds the focus in its portal, about to go with it.
 */
export function focusTitleIfNowhere(main: HTMLElement | null, { leavingDialog = false } = {}) {
  if (!focusIsLost({ leavingDialog })) return;
  const target = main?.querySelector<HTMLElement>('h1') ?? main;
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
