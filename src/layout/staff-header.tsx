// The staff header: name, last name and franchise, notifications, the role menu,
// preferences and sign-out (both in the main system; sign-out posts a form).
import { AnchorButton, Button, Menu, MenuDivider, MenuItem, Popover, Tag } from '@blueprintjs/core';
import { Cog, LogOut, Menu as MenuIcon, Notifications } from '@blueprintjs/icons';
import { useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { useRuntime } from '../session/runtime-context';
import { selectStaffUser } from '../session/selectors';
import { staffMenu } from './staff-menu';

export function StaffHeader() {
  const { session, config } = useRuntime();
  const user = useSelector(session, selectStaffUser);
  const navigate = useNavigate();
  if (!user) return null;
  const sections = staffMenu(user.roles, config.links);
  const unread = user.notificaciones;

  const menu = (
    <Menu aria-label="Menú del personal">
      {sections.map((section) => [
        <MenuDivider key={`${section.role}-title`} title={section.title} />,
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
                    navigate(entry.to);
                  }
            }
          />
        )),
      ])}
    </Menu>
  );

  return (
    <header className="staff-header">
      <a className="brand" href={config.links.mainSystemHome}>
        {config.company.name}
      </a>
      <div className="staff-user">
        <span className="staff-name">
          {[user.nombre, user.apellido_paterno, user.apellido_materno].filter(Boolean).join(' ')}
        </span>
        <span className="staff-franchise">Franquicia: {user.franquicia}</span>
      </div>
      <div className="staff-actions">
        <AnchorButton role="link"
          variant="minimal"
          icon={<Notifications />}
          href={config.links.mainSystemHome}
          aria-label={`Notificaciones: ${unread} sin leer`}
          className="notification-badge"
        >
          <Tag round intent={unread > 0 ? 'danger' : 'none'} aria-hidden="true">
            {unread}
          </Tag>
        </AnchorButton>
        <Popover content={menu} placement="bottom-end">
          <Button variant="minimal" icon={<MenuIcon />} text="Menú" />
        </Popover>
        <AnchorButton role="link" variant="minimal" icon={<Cog />} href={config.links.mainSystemPreferences} text="Preferencias" />
        {/* A POST form, not a link: another site could otherwise sign staff out with a GET (CSRF). */}
        <form className="staff-logout" method="post" action={config.links.mainSystemLogout}>
          <Button type="submit" variant="minimal" icon={<LogOut />} text="Cerrar sesión" />
        </form>
      </div>
    </header>
  );
}
