// Staff accounts (they stand in for the users of the provider's main system).
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { StaffRole, StaffUser } from '../db/schema';
import { hashPassword } from '../auth/passwords';

export const STAFF_ROLES: StaffRole[] = ['usuario', 'administrador', 'analista'];

export interface NewStaffUser {
  username: string;
  password: string;
  nombre: string;
  apellido_paterno: string;
  apellido_materno?: string;
  franquicia: string;
  roles: StaffRole[];
}

/** The demo account an empty database gets (DEMO_STAFF); its password is DEMO_STAFF_PASSWORD or a random one. */
export const DEMO_STAFF: Omit<NewStaffUser, 'password'> = {
  username: 'demo',
  nombre: 'María',
  apellido_paterno: 'González',
  apellido_materno: 'Ruiz',
  franquicia: 'Guadalajara Centro',
  roles: ['usuario', 'administrador', 'analista'],
};

export function createStaffRepository(db: Db) {
  return {
    async findByUsername(username: string): Promise<StaffUser | undefined> {
      return db.selectFrom('staff_user').selectAll().where('username', '=', username).executeTakeFirst();
    },
    async findById(id: number): Promise<StaffUser | undefined> {
      return db.selectFrom('staff_user').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async count(): Promise<number> {
      const row = await db.selectFrom('staff_user').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async create(user: NewStaffUser): Promise<StaffUser> {
      for (const role of user.roles) if (!STAFF_ROLES.includes(role)) throw new Error(`Unknown role ${role}`);
      return db
        .insertInto('staff_user')
        .values({
          username: user.username,
          password_hash: await hashPassword(user.password),
          nombre: user.nombre,
          apellido_paterno: user.apellido_paterno,
          apellido_materno: user.apellido_materno ?? '',
          franquicia: user.franquicia,
          roles: JSON.stringify(user.roles),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** Disables (or enables again) an account; answers false when there is none of that name. */
    async setDisabled(username: string, disabled: boolean): Promise<boolean> {
      const result = await db
        .updateTable('staff_user')
        .set({ disabled_at: disabled ? new Date().toISOString() : null })
        .where('username', '=', username)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async countUnreadNotifications(userId: number): Promise<number> {
      const row = await db
        .selectFrom('staff_notification')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('staff_user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async addNotification(userId: number, texto: string) {
      await db.insertInto('staff_notification').values({ staff_user_id: userId, texto }).execute();
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;

const DEMO_LOCK_KEY = 7_302_453; // the catalogue and PLD loaders use 7_302_451 and 7_302_452

/**
 * Creates the demo account and its welcome notification when the database has no staff account;
 * answers it, or undefined when there was one. Instances starting together on one empty PostgreSQL
 * database all find none: under the advisory lock one creates it and the others then see it (without
 * the lock, all but one stopped on the unique username).
 */
export async function createDemoStaffIfNone(db: Db, password: string): Promise<StaffUser | undefined> {
  if ((await createStaffRepository(db).count()) > 0) return undefined;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${DEMO_LOCK_KEY})`.execute(trx);
    const staff = createStaffRepository(trx);
    if ((await staff.count()) > 0) return undefined;
    const user = await staff.create({ ...DEMO_STAFF, password });
    await staff.addNotification(user.id, 'Bienvenida: esta es una cuenta de demostración.');
    return user;
  });
}
