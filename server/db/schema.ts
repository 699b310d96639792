// Table types for Kysely; the migrations in ./migrations.ts create exactly these.
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ApplicationChangeTable, ApplicationTable } from '../applications/application-tables';
import type { PldTables } from '../pld/pld-tables';
import type { PldAlertTables } from '../pld/pld-alert-tables';
import type { MailTables } from '../mail/mail-tables';
import type { StaffSessionTable } from '../auth/staff-session-tables';
import type { PrintTables } from '../print/company-tables';
import type { DocumentTables } from '../documents/document-tables';
import type { EfirmaTables } from '../efirma/efirma-tables';
import type { OcrJobTables } from '../ocr/ocr-job-tables';
import type { CatalogAnswerTables } from '../catalogs/catalog-answer-tables';

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
  /** Set: the account can no longer sign in, and its sessions stop at their next request. */
  disabled_at: ColumnType<Date | null, string | undefined, string | null>;
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

/** Countries of the SAT c_Pais catalogue; `id` is the ISO 3166 numeric code, `clave` the alpha-2 code. */
export interface CatalogCountryTable {
  id: number;
  clave: string;
  iso_alpha3: string;
  nombre: string;
}

/** States; `id` is the INEGI state code, `codigo` the RENAPO (CURP) two-letter code. */
export interface CatalogStateTable {
  id: number;
  country_id: number;
  codigo: string;
  nombre: string;
  abreviatura: string;
}

/** Municipalities; `id` is INEGI's CVEGEO (state code × 1000 + municipality code). */
export interface CatalogMunicipalityTable {
  id: number;
  state_id: number;
  clave: string;
  nombre: string;
}

/** SEPOMEX settlements (asentamientos), with the municipality and state names as SEPOMEX writes them. */
export interface CatalogSettlementTable {
  postal_code: string;
  colonia: string;
  tipo_asentamiento: string;
  municipio: string;
  estado: string;
  ciudad: string;
  zona: string;
  state_id: number;
  municipality_id: number;
  settlement_code: string;
}

/** Economic activities; `id` is the SCIAN code. */
export interface CatalogEconomicActivityTable {
  id: number;
  scian_nivel: string;
  nombre: string;
}

/** One row per catalogue load: which file, its digest, how many rows, when. */
export interface CatalogLoadTable {
  id: Generated<number>;
  catalog: string;
  source_file: string;
  source_sha256: string;
  row_count: number;
  loaded_at: ColumnType<Date, string | undefined, never>;
}

export interface Database extends PldTables, PldAlertTables, PrintTables, DocumentTables, MailTables, EfirmaTables, OcrJobTables, CatalogAnswerTables {
  staff_session: StaffSessionTable;
  staff_user: StaffUserTable;
  staff_notification: StaffNotificationTable;
  server_setting: ServerSettingTable;
  catalog_country: CatalogCountryTable;
  catalog_state: CatalogStateTable;
  catalog_municipality: CatalogMunicipalityTable;
  catalog_settlement: CatalogSettlementTable;
  catalog_economic_activity: CatalogEconomicActivityTable;
  catalog_load: CatalogLoadTable;
  application: ApplicationTable;
  application_change: ApplicationChangeTable;
}

export type StaffUser = Selectable<StaffUserTable>;
