import { hasPermission } from '../../forms/staff-permissions';
import type { SessionSnapshot } from './runtime';

export const selectIsStaff = (s: SessionSnapshot) => s.context.authType === 'system_auth' && s.hasTag('authenticated');
export const selectStaffUser = (s: SessionSnapshot) => s.context.user;
export const selectParentUuid = (s: SessionSnapshot) => s.context.parentUuid;
/** Staff who review PLD matches (Analista and up, forms/staff-permissions.ts). */
export const selectIsPldReviewer = (s: SessionSnapshot) => selectIsStaff(s) && hasPermission(s.context.user?.roles, 'pld');
