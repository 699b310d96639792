// The e.firma's tables: each packet PDF the server handed out (its length and SHA-256, so a signed
// upload can be matched to a packet issued for that very application), and each signature kept,
// with the signed PDF stored after it (document storage) and who signed.
import type { SignerRole } from '../../forms/efirma/signer-rule';
import { sql, type ColumnType, type Generated, type Kysely, type Migration, type Selectable } from 'kysely';

export interface PacketIssueTable {
  id: Generated<number>;
  application_uuid: string;
  longitud: number;
  sha256: string;
  emitido_el: ColumnType<Date, string | undefined, string>;
}


export interface EfirmaSignatureTable {
  id: Generated<number>;
  application_uuid: string;
  /** 1 for the first signature, 2 for the one added after it…: one row per step, unique per application. */
  orden: number;
  rfc: string;
  /** A company's e.firma: the representative who holds it. */
  rfc_representante: string | null;
  nombre: string;
  /** Who signed, as the signer rule found them in the application. */
  calidad: SignerRole;
  numero_certificado: string;
  firmado_el: ColumnType<Date, string, never>;
  /** Whether the certificate's chain was checked against SAT_CA_DIR (false: not configured). */
  cadena_verificada: boolean;
  /** The signed PDF kept after this signature: where, how long, its SHA-256. */
  bucket: string;
  clave: string;
  longitud: number;
  sha256: string;
  /** 'public' or 'staff:<id>'. */
  actor: string;
  recibido_el: ColumnType<Date, string | undefined, never>;
}

export interface EfirmaTables {
  packet_issue: PacketIssueTable;
  efirma_signature: EfirmaSignatureTable;
}

export type EfirmaSignatureRow = Selectable<EfirmaSignatureTable>;

export const efirmaMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('packet_issue')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('application_uuid', 'text', (c) => c.notNull().references('application.uuid').onDelete('cascade'))
      .addColumn('longitud', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('emitido_el', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('packet_issue_once', ['application_uuid', 'sha256'])
      .execute();
    await db.schema
      .createTable('efirma_signature')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('application_uuid', 'text', (c) => c.notNull().references('application.uuid').onDelete('cascade'))
      .addColumn('orden', 'integer', (c) => c.notNull())
      .addColumn('rfc', 'text', (c) => c.notNull())
      .addColumn('rfc_representante', 'text')
      .addColumn('nombre', 'text', (c) => c.notNull())
      .addColumn('calidad', 'text', (c) => c.notNull())
      .addColumn('numero_certificado', 'text', (c) => c.notNull())
      .addColumn('firmado_el', 'timestamptz', (c) => c.notNull())
      .addColumn('cadena_verificada', 'boolean', (c) => c.notNull())
      .addColumn('bucket', 'text', (c) => c.notNull())
      .addColumn('clave', 'text', (c) => c.notNull())
      .addColumn('longitud', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('recibido_el', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('efirma_signature_step', ['application_uuid', 'orden'])
      .execute();
  },
};
