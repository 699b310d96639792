// Migration 0006: the text the staff lists search, kept folded beside each record (its name and
// RFC, upper case, accents folded) so a search compares plain text instead of folding every row
// on every request (on PGlite, folding 7,500 rows took 250 ms a query; the stored column, 10 ms).
// Each migration writes its accent table out as it ran: a later change of SEARCH_FOLD_* in
// forms/list-query.ts must not give a fresh database another expression than a migrated one (such a
// change needs a migration of its own that redefines these columns).
import { sql, type Kysely, type Migration } from 'kysely';

export const applicationListsMigration: Migration = {
  async up(db: Kysely<any>) {
    // A generated column: PostgreSQL computes it on every write, whoever writes the row.
    await sql`
      alter table application add column busqueda text not null
      generated always as (upper(translate(nombre || ' ' || coalesce(rfc, ''), 'ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãåéèêëíìîïóòôöõúùûüñç', 'AAAAAAEEEEIIIIOOOOOUUUUNCAAAAAAEEEEIIIIOOOOOUUUUNC'))) stored
    `.execute(db);
  },
};

/**
 * Migration 0020: the key the lists sort names by, in Spanish alphabetical order: as `busqueda`
 * (upper case, accents folded, compared byte by byte), but Ñ after every N and before O ('N~': '~'
 * follows every letter), so PENSADO comes before PEÑA and NORMA before ÑOÑO.
 */
export const applicationNameOrderMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`
      alter table application add column orden_nombre text not null
      generated always as (upper(translate(replace(replace(nombre || ' ' || coalesce(rfc, ''), 'ñ', 'N~'), 'Ñ', 'N~'), 'ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãåéèêëíìîïóòôöõúùûüñç', 'AAAAAAEEEEIIIIOOOOOUUUUNCAAAAAAEEEEIIIIOOOOOUUUUNC'))) stored
    `.execute(db);
  },
};
