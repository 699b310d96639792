// The staff menu: one section per role whose permission the signed-in user holds
// (forms/staff-permissions.ts, README "Staff roles"), and the header's notification badge. Analista's
// section holds the PLD alerts of ongoing monitoring; its review of an application lives in that
// application's 'Validaciones PLD' tab.
import { hasPermission, type StaffPermission } from '../../forms/staff-permissions';
import type { StaffProfile, StaffRole } from '../../forms/contracts/session';
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

/** The in-app page of the open PLD alerts. */
export const PLD_ALERTS_ROUTE = '/alertas-pld';

export interface NotificationBadge {
  /** The number the badge shows. */
  count: number;
  /** What it says to screen readers: 'Notificaciones: 2 sin leer, 1 alerta PLD abierta'. */
  label: string;
  /** The page of the open alerts when there are some; null for the main system's notifications. */
  route: string | null;
}

/**
 * The header's badge: the main system's unread notifications, plus the open PLD alerts for staff who
 * review them (permission `pld`), whose badge then leads to those alerts.
 */
export function notificationBadge({ roles, notificaciones, alertas_pld }: Pick<StaffProfile, 'roles' | 'notificaciones' | 'alertas_pld'>): NotificationBadge {
  const unread = `Notificaciones: ${notificaciones} sin leer`;
  if (!hasPermission(roles, 'pld')) return { count: notificaciones, label: unread, route: null };
  const alerts = alertas_pld === 1 ? '1 alerta PLD abierta' : `${alertas_pld} alertas PLD abiertas`;
  return { count: notificaciones + alertas_pld, label: `${unread}, ${alerts}`, route: alertas_pld > 0 ? PLD_ALERTS_ROUTE : null };
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
      role: 'analista',
      permission: 'pld',
      title: 'Analista',
      entries: [{ label: 'Alertas PLD', to: PLD_ALERTS_ROUTE }],
    },
    {
      role: 'administrador',
      permission: 'personal',
      title: 'Administrador',
      entries: [
        { label: 'Inicio del sistema principal', to: links.mainSystemHome, external: true },
        { label: 'Preferencias', to: links.mainSystemPreferences, external: true },
        { label: 'Correos enviados', to: '/correos', permission: 'outbox' },
        { label: 'Laboratorio de máquinas', to: '/maquinas', permission: 'laboratorio' },
      ],
    },
  ];
  return sections
    .filter((section) => hasPermission(roles, section.permission))
    .map((section) => ({ ...section, entries: section.entries.filter((entry) => !entry.permission || hasPermission(roles, entry.permission)) }));
}
