// The staff menu: one section per role whose permission the signed-in user holds
// (forms/staff-permissions.ts, README "Staff roles"). Analista has no section: its PLD review
// lives in each application's 'Validaciones PLD' tab.
import { hasPermission, type StaffPermission } from '../../forms/staff-permissions';
import type { StaffRole } from '../../forms/contracts/session';
import type { ClientLinks } from '../../forms/contracts/client-config';

export interface StaffMenuEntry {
  label: string;
  /** An in-app route, or a URL of the main system when `external`. */
  to: string;
  external?: boolean;
  /** Shown only to whoever holds it too, when its section's permission is not enough. */
  permission?: StaffPermission;
}

export interface StaffMenuSection {
  role: StaffRole;
  /** Shown to whoever holds it. */
  permission: StaffPermission;
  title: string;
  entries: StaffMenuEntry[];
}

export function staffMenu(roles: StaffRole[], links: ClientLinks): StaffMenuSection[] {
  const sections: StaffMenuSection[] = [
    {
      role: 'usuario',
      permission: 'solicitudes',
      title: 'Usuario',
      entries: [
        { label: 'Nueva solicitud', to: '/' },
        { label: 'Registros sin terminar', to: '/list-cache' },
        { label: 'Solicitantes', to: '/list' },
        { label: 'Lista de clientes', to: links.clientList, external: true },
      ],
    },
    {
      role: 'administrador',
      permission: 'personal',
      title: 'Administrador',
      entries: [
        { label: 'Inicio del sistema principal', to: links.mainSystemHome, external: true },
        { label: 'Preferencias', to: links.mainSystemPreferences, external: true },
        { label: 'Laboratorio de máquinas', to: '/maquinas', permission: 'laboratorio' },
      ],
    },
  ];
  return sections
    .filter((section) => hasPermission(roles, section.permission))
    .map((section) => ({ ...section, entries: section.entries.filter((entry) => !entry.permission || hasPermission(roles, entry.permission)) }));
}
