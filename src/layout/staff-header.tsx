// The staff header: name, last name and franchise, notifications (with the open PLD alerts), the role menu,
// preferences and sign-out (both in the main system; sign-out posts a form). Below 600 px it is
// one line (styles.css): the name shortened, and the franchise, preferences and sign-out in the menu.
import { AnchorButton, Button, Classes, Menu, MenuDivider, MenuItem, PopoverNext, Tag } from '@blueprintjs/core';
import { Cog, LogOut, Menu as MenuIcon, Notifications } from '@blueprintjs/icons';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useLinkClickHandler, useLocation, useNavigate } from 'react-router-dom';
import { useRuntime } from '../session/runtime-context';
import { selectStaffUser } from '../session/selectors';
import { KeyboardMenu } from '../components/keyboard-menu';
import { Brand } from './brand';
import { notificationBadge, PLD_ALERTS_ROUTE, staffMenu } from './staff-menu';

/**
 * A section's title in the menu, looking like Blueprint's titled MenuDivider but not an h6: the
 * menu opens over a page whose headings stop at h2 or h3, and a heading level may not be skipped.
 */
function MenuSectionTitle({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <li className={className ? `${Classes.MENU_HEADER} ${className}` : Classes.MENU_HEADER} role="separator">
      <span className="staff-menu-title">{children}</span>
    </li>
  );
}

export function StaffHeader() {
  const { session, config } = useRuntime();
  const user = useSelector(session, selectStaffUser);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // Closed, the menu gives the focus back to 'Menú', but not once an entry has led to another page: the
  // new page's title takes it then (route-focus.ts). Blueprint's popover closes with the props of its last
  // render open, so that choice is rendered before it closes; and its own Escape is off (KeyboardMenu's
  // closes it), since after an Escape the popover gives the focus back on the next close whatever it is told.
  const [returnFocus, setReturnFocus] = useState(true);
  const logout = useRef<HTMLFormElement>(null);
  // Escape anywhere while the menu is open closes it: KeyboardMenu sees only the keys pressed in the menu,
  // and a click on a section title leaves the focus on the popover around it.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  const toAlerts = useLinkClickHandler<HTMLAnchorElement>(PLD_ALERTS_ROUTE);
  if (!user) return null;
  const sections = staffMenu(user.roles, config.links);
  const badge = notificationBadge(user);
  const fullName = [user.nombre, user.apellido_paterno, user.apellido_materno].filter(Boolean).join(' ');
  const franchise = `Franquicia: ${user.franquicia}`;
  // An administrator's section links to the preferences already.
  const preferencesInSections = sections.some((section) => section.entries.some((entry) => entry.to === config.links.mainSystemPreferences));

  const menu = (
    <KeyboardMenu onEscape={() => setOpen(false)}>
      <Menu aria-label="Menú del personal">
        {/* What the narrow header leaves out comes first and last (hidden on wider screens, where the header shows it). */}
        <MenuSectionTitle className="staff-narrow-only">
          {fullName}
          <span className="staff-menu-franchise">{franchise}</span>
        </MenuSectionTitle>
        {sections.map((section) => [
          <MenuSectionTitle key={`${section.role}-title`}>{section.title}</MenuSectionTitle>,
          ...section.entries.map((entry) => (
            <MenuItem
              key={`${section.role}-${entry.label}`}
              text={entry.label}
              href={entry.to}
              onClick={
                entry.external
                  ? undefined
                  : (event) => {
                      event.preventDefault();
                      if (entry.to !== pathname) {
                        flushSync(() => setReturnFocus(false));
                        // The item goes away with the menu: the focus is let go, for the page change to find it nowhere.
                        event.currentTarget.blur();
                      }
                      navigate(entry.to);
                    }
              }
            />
          )),
        ])}
        <MenuDivider className="staff-narrow-only" />
        {!preferencesInSections && <MenuItem className="staff-narrow-only" icon={<Cog />} text="Preferencias" href={config.links.mainSystemPreferences} />}
        <MenuItem className="staff-narrow-only" icon={<LogOut />} text="Cerrar sesión" onClick={() => logout.current?.requestSubmit()} />
      </Menu>
    </KeyboardMenu>
  );

  return (
    <header className="staff-header">
      <Brand href={config.links.mainSystemHome} />
      <div className="staff-user">
        <span className="staff-name">{fullName}</span>
        <span className="staff-franchise">{franchise}</span>
      </div>
      <div className="staff-actions">
        <AnchorButton
          role="link"
          variant="minimal"
          icon={<Notifications />}
          href={badge.route ?? config.links.mainSystemHome}
          // Open PLD alerts are a page of this app (a modified click still opens a new tab).
          onClick={badge.route ? (event) => toAlerts(event as MouseEvent<HTMLAnchorElement>) : undefined}
          aria-label={badge.label}
          className="notification-badge"
        >
          <Tag round intent={badge.count > 0 ? 'danger' : 'none'} aria-hidden="true">
            {badge.count}
          </Tag>
        </AnchorButton>
        <PopoverNext
          content={menu}
          placement="bottom-end"
          isOpen={open}
          onInteraction={(next) => {
            if (next) setReturnFocus(true);
            setOpen(next);
          }}
          canEscapeKeyClose={false}
          shouldReturnFocusOnClose={returnFocus}
        >
          {/* Narrow, only the icon shows: the name stays the same. */}
          <Button variant="minimal" icon={<MenuIcon />} aria-label="Menú" text={<span className="staff-wide-only">Menú</span>} />
        </PopoverNext>
        <AnchorButton role="link" variant="minimal" icon={<Cog />} href={config.links.mainSystemPreferences} text="Preferencias" className="staff-wide-only" />
        {/* A POST form, not a link: another site could otherwise sign staff out with a GET (CSRF). */}
        <form ref={logout} className="staff-logout" method="post" action={config.links.mainSystemLogout}>
          <Button type="submit" variant="minimal" icon={<LogOut />} text="Cerrar sesión" className="staff-wide-only" />
        </form>
      </div>
    </header>
  );
}
