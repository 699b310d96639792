import type { SessionSnapshot } from './runtime';

export const selectIsStaff = (s: SessionSnapshot) => s.context.authType === 'system_auth' && s.hasTag('authenticated');
export const selectStaffUser = (s: SessionSnapshot) => s.context.user;
export const selectParentUuid = (s: SessionSnapshot) => s.context.parentUuid;
