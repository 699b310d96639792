// Multi-row inserts of catalogue rows: one array parameter per column, expanded by `unnest`,
// so a batch of thousands of rows is one statement on PGlite and on PostgreSQL alike.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CatalogTable } from './catalog-sources';

type ColumnTypes<T extends CatalogTable> = { [C in keyof Database[T] & string]: 'int4' | 'text' };

const COLUMN_TYPES: { [T in CatalogTable]: ColumnTypes<T> } = {
  catalog_country: { id: 'int4', clave: 'text', iso_alpha3: 'text', nombre: 'text' },
  catalog_state: { id: 'int4', country_id: 'int4', codigo: 'text', nombre: 'text', abreviatura: 'text' },
  catalog_municipality: { id: 'int4', state_id: 'int4', clave: 'text', nombre: 'text' },
  catalog_settlement: {
    postal_code: 'text',
    colonia: 'text',
    tipo_asentamiento: 'text',
    municipio: 'text',
    estado: 'text',
    ciudad: 'text',
    zona: 'text',
    state_id: 'int4',
    municipality_id: 'int4',
    settlement_code: 'text',
  },
  catalog_economic_activity: { id: 'int4', scian_nivel: 'text', nombre: 'text' },
};

export const BATCH_ROWS = 20_000;

export async function insertRows<T extends CatalogTable>(db: Kysely<Database>, table: T, rows: Array<Database[T]>) {
  const columns = Object.entries(COLUMN_TYPES[table] as Record<string, string>);
  const names = sql.join(columns.map(([name]) => sql.ref(name)));
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS) as unknown as Array<Record<string, unknown>>;
    const arrays = columns.map(([name, type]) => sql`${batch.map((row) => row[name])}::${sql.raw(type)}[]`);
    await sql`insert into ${sql.table(table)} (${names}) select * from unnest(${sql.join(arrays)})`.execute(db);
  }
}
