// The staff menu's sections per role and the header's notification badge (src/layout/staff-menu.ts):
// staff who review PLD matches get the Analista section and their open alerts counted in the badge,
// which then leads to those alerts.
import { describe, expect, it } from 'vitest';
import type { ClientLinks } from '../../forms/contracts/client-config';
import { notificationBadge, staffMenu } from '../../src/layout/staff-menu';

const LINKS = { clientList: '/list', mainSystemHome: '/staff/inicio', mainSystemPreferences: '/staff/preferencias', mainSystemLogout: '/staff/logout' } as ClientLinks;

const shown = (roles: Parameters<typeof staffMenu>[0]) => staffMenu(roles, LINKS).map((section) => [section.title, section.entries.map((entry) => entry.label)]);

describe('staffMenu', () => {
  it('gives each role its section, Analista the PLD alerts, Administrador the outbox', () => {
    expect(shown(['usuario'])).toEqual([['Usuario', ['Nueva solicitud', 'Registros sin terminar', 'Solicitantes', 'Lista de clientes']]]);
    expect(shown(['usuario', 'analista'])).toEqual([
      ['Usuario', ['Nueva solicitud', 'Registros sin terminar', 'Solicitantes', 'Lista de clientes']],
      ['Analista', ['Alertas PLD']],
    ]);
    expect(shown(['administrador']).map(([title]) => title)).toEqual(['Usuario', 'Analista', 'Administrador']);
    expect(shown(['administrador'])[2]).toEqual(['Administrador', ['Inicio del sistema principal', 'Preferencias', 'Correos enviados', 'Laboratorio de máquinas']]);
    const alerts = staffMenu(['analista'], LINKS).find((section) => section.title === 'Analista')!.entries[0]!;
    expect(alerts).toEqual({ label: 'Alertas PLD', to: '/alertas-pld' });
  });
});

describe('notificationBadge', () => {
  it('counts only the unread notifications for staff without the PLD permission', () => {
    expect(notificationBadge({ roles: ['usuario'], notificaciones: 2, alertas_pld: 0 })).toEqual({ count: 2, label: 'Notificaciones: 2 sin leer', route: null });
  });

  it('adds the open PLD alerts for those who review them, in the singular or plural, and leads to them', () => {
    expect(notificationBadge({ roles: ['analista'], notificaciones: 2, alertas_pld: 1 })).toEqual({
      count: 3,
      label: 'Notificaciones: 2 sin leer, 1 alerta PLD abierta',
      route: '/alertas-pld',
    });
    expect(notificationBadge({ roles: ['administrador'], notificaciones: 0, alertas_pld: 4 })).toEqual({
      count: 4,
      label: 'Notificaciones: 0 sin leer, 4 alertas PLD abiertas',
      route: '/alertas-pld',
    });
    // None open: the badge keeps its link to the main system's notifications.
    expect(notificationBadge({ roles: ['analista'], notificaciones: 1, alertas_pld: 0 })).toEqual({
      count: 1,
      label: 'Notificaciones: 1 sin leer, 0 alertas PLD abiertas',
      route: null,
    });
  });
});
