// The live staff sessions (staff-session-tables.ts): started at sign-in, ended at sign-out, and
// checked on every staff request, so no signed token outlives its sign-out or its account.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { StaffUser } from '../db/schema';

export function createStaffSessions(db: Db) {
  return {
    /** A new session of the account for `ttlSeconds`; answers its id, the tokens' `sid`. */
    async start(staffUserId: number, ttlSeconds: number): Promise<string> {
      const id = randomBytes(18).toString('base64url');
      await db.deleteFrom('staff_session').where('expires_at', '<', sql<Date>`now()`).execute();
      await db
        .insertInto('staff_session')
        .values({ id, staff_user_id: staffUserId, expires_at: sql<string>`now() + make_interval(secs => ${ttlSeconds})` })
        .execute();
      return id;
    },
    async end(id: string): Promise<void> {
      await db.updateTable('staff_session').set({ ended_at: sql<string>`now()` }).where('id', '=', id).where('ended_at', 'is', null).execute();
    },
    /** Ends every session of the account (it was disabled). */
    async endAllOf(staffUserId: number): Promise<void> {
      await db
        .updateTable('staff_session')
        .set({ ended_at: sql<string>`now()` })
        .where('staff_user_id', '=', staffUserId)
        .where('ended_at', 'is', null)
        .execute();
    },
    /** The account, when the session is live and belongs to it and the account is enabled. */
    async live(id: string, staffUserId: number): Promise<StaffUser | undefined> {
      return db
        .selectFrom('staff_session as s')
        .innerJoin('staff_user as u', 'u.id', 's.staff_user_id')
        .selectAll('u')
        .where('s.id', '=', id)
        .where('u.id', '=', staffUserId)
        .where('s.ended_at', 'is', null)
        .where('s.expires_at', '>', sql<Date>`now()`)
        .where('u.disabled_at', 'is', null)
        .executeTakeFirst();
    },
  };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;
