// What each staff role may do (the spec leaves roles open; README "Staff roles"). The roles are a
// ladder: Usuario fills and lists applications; Analista adds the PLD review and alerts;
// Administrador adds the list reload, staff management, the outbox and the machine lab.
// Every staff route of the server asks for one permission from here, and the browser reads the same table.
export type StaffRoleName = 'usuario' | 'analista' | 'administrador';

export type StaffPermission = 'solicitudes' | 'pld' | 'pld_recarga' | 'personal' | 'outbox' | 'laboratorio';

const GRANTS: Record<StaffRoleName, readonly StaffPermission[]> = {
  usuario: ['solicitudes'],
  analista: ['solicitudes', 'pld'],
  administrador: ['solicitudes', 'pld', 'pld_recarga', 'personal', 'outbox', 'laboratorio'],
};

/** The role a permission first comes with, named as staff read it. */
const FIRST_ROLE: Record<StaffPermission, string> = {
  solicitudes: 'Usuario',
  pld: 'Analista',
  pld_recarga: 'Administrador',
  personal: 'Administrador',
  outbox: 'Administrador',
  laboratorio: 'Administrador',
};

export function hasPermission(roles: readonly string[] | undefined, permission: StaffPermission): boolean {
  return (roles ?? []).some((role) => GRANTS[role as StaffRoleName]?.includes(permission) ?? false);
}

/** The 403 message of a staff member who lacks the permission. */
export function permissionRefusal(permission: StaffPermission): string {
  return `Esta acción requiere el rol ${FIRST_ROLE[permission]}.`;
}
