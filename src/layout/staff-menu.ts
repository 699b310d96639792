// The staff menu: one section per role the signed-in user holds. What each role may do is
// not specified (spec 01 §6); these entries are the design note's decision.
import type { StaffRole } from '../../machines/session';
import type { ClientLinks } from '../../services/client-config';

export interface StaffMenuEntry {
  label: string;
  /** An in-app route, or a URL of the main system when `external`. */
  to: string;
  external?: boolean;
}

export interface StaffMenuSection {
  role: StaffRole;
  title: string;
  entries: StaffMenuEntry[];
}

export function staffMenu(roles: StaffRole[], links: ClientLinks): StaffMenuSection[] {
  const sections: StaffMenuSection[] = [
    {
      role: 'usuario',
      title: 'Usuario',
      entries: [
        { label: 'Nueva solicitud', to: '/' },
        { label: 'Registros sin terminar', to: '/list-cache' },
      ],
    },
    {
      role: 'analista',
      title: 'Analista',
      entries: [
        { label: 'Solicitantes', to: '/list' },
        { label: 'Lista de clientes', to: links.clientList, external: true },
      ],
    },
    {
      role: 'administrador',
      title: 'Administrador',
      entries: [
        { label: 'Inicio del sistema principal', to: links.mainSystemHome, external: true },
        { label: 'Preferencias', to: links.mainSystemPreferences, external: true },
      ],
    },
  ];
  return sections.filter((section) => roles.includes(section.role));
}
