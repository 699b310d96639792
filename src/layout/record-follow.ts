// A wizard's rewrite of its own address to follow its record (/pm → /pm/{uuid} after the first save,
// a replace): the same page, not a new one. It keeps the wizard (WizardRoute), asks nothing before
// leaving (LeaveGuard), and keeps the focus and the scroll where they are (route-focus.ts). A step
// back or forward in the browser's history to an entry that was once such a rewrite is a new page.
import { NavigationType } from 'react-router-dom';

/** The history state of such a rewrite. */
export const FOLLOWS_RECORD = { followsRecord: true } as const;

/** Whether a location's state is such a rewrite. */
export const followsRecord = (state: unknown) => (state as { followsRecord?: unknown } | null)?.followsRecord === true;

/** Whether a navigation (its history action, its location's state) keeps the page: the page's own rewrite, never a history step. */
export const keepsPage = (action: NavigationType | `${NavigationType}`, state: unknown) => action !== NavigationType.Pop && followsRecord(state);
