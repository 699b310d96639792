// A menu's keys as WAI-ARIA's menu pattern has them, around a Blueprint Menu in a popover: opened, the
// focus on its first item; the arrows between the items shown, round; Home and End; Escape.
import { useCallback, type KeyboardEvent, type ReactNode } from 'react';

/** The menu's items a person can reach now (an item hidden by a media query, as the narrow header's on wide screens, is not). */
const shownItems = (menu: HTMLElement) => [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')].filter((item) => item.getClientRects().length > 0);

export interface KeyboardMenuProps {
  /** Escape pressed in the menu: the caller closes its popover (whose own Escape is off: src/layout/staff-header.tsx says why). */
  onEscape: () => void;
  children: ReactNode;
}

/**
 * WAI-ARIA's menu keys: opened, the menu takes the focus on its first item; ↓ and ↑ move between the
 * items (round), Home and End to the first and the last; Escape closes it.
 */
export function KeyboardMenu({ onEscape, children }: KeyboardMenuProps) {
  // A frame later: the popover notes the focused element when it opens (the button it gives the focus back to on Escape).
  const focusFirst = useCallback((menu: HTMLDivElement | null) => {
    if (menu) requestAnimationFrame(() => shownItems(menu)[0]?.focus({ preventScroll: true }));
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onEscape();
      return;
    }
    const items = shownItems(event.currentTarget);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at === -1 ? -1 : at - 1, Home: 0, End: items.length - 1 };
    if (!(event.key in moves) || items.length === 0) return;
    event.preventDefault();
    items[(moves[event.key] + items.length) % items.length]?.focus();
  };
  return (
    <div ref={focusFirst} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
