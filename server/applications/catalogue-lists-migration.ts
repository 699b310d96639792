// Migration 0009: stored records lose their neighbourhood lists (`*_catalogo`), which are no longer
// stored (server/validation/catalogue-lists.ts). Before, a list held any JSON a body sent: a record
// nested thousands of levels deep there could not be read back (issue 12, finding 1). A row the
// database cannot rewrite is left as it was and reported, so the start never fails on one record.
// Frozen as it ran: the holders and the lists' keys written out, not read from the live forms.
import { sql, type Kysely, type Migration } from 'kysely';

const HOLDERS = ['vivienda', 'empleo', 'informacion_fiscal'];
const LISTS = ['colonia_catalogo', 'colonia_fiscal_catalogo', 'colonia_operativo_catalogo'];
const PATHS = HOLDERS.flatMap((holder) => LISTS.map((list) => `{${holder},${list}}`));

export const catalogueListsMigration: Migration = {
  async up(db: Kysely<any>) {
    const removal = PATHS.map((path) => `#- '${path}'`).join(' ');
    await sql
      .raw(
        `do $$
declare
  row_id integer;
begin
  for row_id in select id from application where strpos(data::text, '_catalogo"') > 0 loop
    begin
      update application set data = (data::jsonb ${removal})::json where id = row_id;
    exception when others then
      raise warning 'application %: neighbourhood lists not removed (%)', row_id, sqlerrm;
    end;
  end loop;
end
$$`,
      )
      .execute(db);
  },
};
