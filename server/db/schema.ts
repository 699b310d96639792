// Table types for Kysely; the migrations in ./migrations.ts create exactly these.
import type { ColumnType, Generated, Selectable } from 'kysely';

export type StaffRole = 'usuario' | 'administrador' | 'analista';

export interface StaffUserTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  franquicia: string;
  roles: ColumnType<StaffRole[], string, string>;
  created_at: ColumnType<Date, string | undefined, never>;
}

export interface StaffNotificationTable {
  id: Generated<number>;
  staff_user_id: number;
  texto: string;
  created_at: ColumnType<Date, string | undefined, never>;
  read_at: Date | null;
}

export interface ServerSettingTable {
  key: string;
  value: string;
}

export interface Database {
  staff_user: StaffUserTable;
  staff_notification: StaffNotificationTable;
  server_setting: ServerSettingTable;
}

export type StaffUser = Selectable<StaffUserTable>;
