// The catalogues answered from memory: every answer already serialised to the JSON the API sends
// (DESIGN.md §7: 25,000 answers/s against 1,950 with a PGlite query per request). Built from the
// database rows once per catalogue load and kept in the database (catalog-answer-tables.ts): a
// start reads them back, in parts of about 1 MB, instead of sorting and serialising 155,847 settlements.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { readAnswersFile, writeAnswersFile, type AnswerLookup } from './catalog-answer-file';
import { readStoredAnswers, storedStamp, storeAnswers } from './catalog-answer-tables';

export interface CatalogIndex {
  /** GET catalogs/ct */
  countries: string;
  /** GET catalogs/ea */
  economicActivities: string;
  /** GET catalogs/st/:countryId; '[]' for a country without a state catalogue. */
  statesOf(countryId: number): string;
  /** GET catalogs/mp/:stateId; '[]' for an unknown state. */
  municipalitiesOf(stateId: number): string;
  /** GET catalogs/zc/:postalCode; '[]' for a code without settlements. */
  neighbourhoodsOf(postalCode: string): string;
  /** `stored`: read back as a previous build kept them (`fromFile`: from a copy as a file); otherwise built from the rows (and kept). */
  stats: { postalCodes: number; settlements: number; buildMs: number; stored: boolean; fromFile: boolean };
}

/** The answers' copies as files beside an embedded database (catalog-answer-file.ts). */
export interface AnswerFiles {
  /** Beside the data (none for a database in memory): read first, and written whenever the answers came from elsewhere. */
  own?: string;
  /** The build's, beside its fresh database image (read only). */
  shipped?: string;
}

const EMPTY = '[]';
const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

function groupBy<R, K>(rows: R[], key: (row: R) => K): Map<K, R[]> {
  const groups = new Map<K, R[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

function serialiseGroups<R, K>(groups: Map<K, R[]>, entry: (row: R) => unknown, name: (row: R) => string): Map<K, string> {
  const answers = new Map<K, string>();
  for (const [k, rows] of groups) {
    rows.sort((a, b) => collator.compare(name(a), name(b)));
    answers.set(k, JSON.stringify(rows.map(entry)));
  }
  return answers;
}

interface SettlementEntry {
  postal_code: string;
  colonia: string;
  municipio: string;
  estado: string;
}

// One text value instead of 155,847 rows: PGlite decodes one row in about 0.1 s where the rows
// take 1.2 s. Fields are joined by the ASCII unit separator and rows by the record separator.
async function readSettlements(db: Kysely<Database>): Promise<SettlementEntry[]> {
  const { rows } = await sql<{ all: string | null }>`
    select string_agg(concat_ws(chr(31), postal_code, colonia, municipio, estado), chr(30)) as all
    from catalog_settlement`.execute(db);
  const all = rows[0]?.all;
  if (!all) return [];
  return all.split('\x1e').map((line) => {
    const [postal_code, colonia, municipio, estado] = line.split('\x1f');
    return { postal_code, colonia, municipio, estado };
  });
}

/** Every answer by its key: 'ct', 'ea', 'st/<country id>', 'mp/<state id>', 'zc/<postal code>'. */
type Answers = AnswerLookup;

// An answer as stored: `key US json`. JSON escapes the separators (US, and RS between stored answers), so no answer holds one.
// Sorted by key, so any two builds from the same rows are the same text.
const serialise = (answers: Map<string, string>) =>
  Array.from(answers.keys())
    .sort()
    .map((key) => `${key}\x1f${answers.get(key)}`);

function parse(entries: string[]): Map<string, string> {
  const answers = new Map<string, string>();
  for (const entry of entries) {
    const at = entry.indexOf('\x1f');
    answers.set(entry.slice(0, at), entry.slice(at + 1));
  }
  return answers;
}

/** The answers sorted and serialised from the catalogue rows. */
async function answersFromRows(db: Kysely<Database>): Promise<{ answers: Map<string, string>; settlements: number }> {
  const [countries, states, municipalities, settlements, activities] = await Promise.all([
    db.selectFrom('catalog_country').select(['id', 'clave', 'nombre']).execute(),
    db.selectFrom('catalog_state').select(['id', 'country_id', 'codigo', 'nombre']).execute(),
    db.selectFrom('catalog_municipality').select(['id', 'state_id', 'nombre']).execute(),
    readSettlements(db),
    db.selectFrom('catalog_economic_activity').select(['id', 'nombre']).execute(),
  ]);

  countries.sort((a, b) => collator.compare(a.nombre, b.nombre));
  activities.sort((a, b) => collator.compare(a.nombre, b.nombre));
  const statesByCountry = serialiseGroups(
    groupBy(states, (s) => s.country_id),
    (s) => ({ id_estado: s.id, codigo: s.codigo, nombre: s.nombre }),
    (s) => s.nombre,
  );
  const municipalitiesByState = serialiseGroups(
    groupBy(municipalities, (m) => m.state_id),
    (m) => ({ id_municipio: m.id, nombre: m.nombre }),
    (m) => m.nombre,
  );

  const answers = new Map<string, string>([
    ['ct', JSON.stringify(countries.map((c) => ({ id_pais: c.id, clave: c.clave, nombre: c.nombre })))],
    ['ea', JSON.stringify(activities.map((a) => ({ id_empresa_actividad: a.id, nombre: a.nombre })))],
  ]);
  for (const [id, json] of statesByCountry) answers.set(`st/${id}`, json);
  for (const [id, json] of municipalitiesByState) answers.set(`mp/${id}`, json);
  // A code can list the same name twice under two settlement types; the answer carries no
  // type, so identical entries are given once.
  for (const [code, rows] of groupBy(settlements, (s) => s.postal_code)) {
    const seen = new Set<string>();
    const entries = [];
    rows.sort((a, b) => collator.compare(a.colonia, b.colonia) || collator.compare(a.municipio, b.municipio));
    for (const row of rows) {
      const key = `${row.colonia}|${row.municipio}|${row.estado}`;
      if (seen.has(key)) continue;
      seen.add(key);
      entries.push({ colonia: row.colonia, municipio: row.municipio, estado: row.estado });
    }
    answers.set(`zc/${code}`, JSON.stringify(entries));
  }
  return { answers, settlements: settlements.length };
}

/**
 * The index of every answer: read back from a copy in `files` of the set the database holds, or
 * from the database (and copied to `files.own`), or built from the catalogue rows (and kept).
 */
export async function buildCatalogIndex(db: Kysely<Database>, files?: AnswerFiles): Promise<CatalogIndex> {
  const started = performance.now();
  const { loadId, kept, fromFile } = await keptAnswers(db, files);
  let answers: Answers;
  let settlements: number;
  if (kept) {
    ({ answers, settlements } = kept);
  } else {
    const rows = await answersFromRows(db);
    ({ answers, settlements } = rows);
    // Keeping them only spares the next start this build: a failure to is said, and the server goes on.
    if (loadId !== null) {
      const built = { settlements, answers: serialise(rows.answers) };
      const stored = await storeAnswers(db, loadId, built).then(
        () => true,
        (error: Error) => (console.error(`The catalogue answers were not kept (${error.message}); the next start builds them again.`), false),
      );
      const own = files?.own;
      const keptStamp = stored && own ? (await storedStamp(db)).stamp : null;
      if (own && keptStamp?.loadId === loadId) writeAnswersFile(own, keptStamp, built);
    }
  }
  const answer = (key: string) => answers.get(key) ?? EMPTY;
  let postalCodes = 0;
  for (const key of answers.keys()) if (key.startsWith('zc/')) postalCodes++;
  return {
    countries: answer('ct'),
    economicActivities: answer('ea'),
    statesOf: (countryId) => answer(`st/${countryId}`),
    municipalitiesOf: (stateId) => answer(`mp/${stateId}`),
    neighbourhoodsOf: (postalCode) => answer(`zc/${postalCode}`),
    stats: { postalCodes, settlements, buildMs: performance.now() - started, stored: !!kept, fromFile },
  };
}

/**
 * The answers some instance kept for the newest load, if any: from a copy as a file (this
 * database's own, then the one shipped with its image), else from the database (then copied to
 * `files.own`, so the next start reads the file).
 */
async function keptAnswers(db: Kysely<Database>, files?: AnswerFiles): Promise<{ loadId: number | null; kept?: { settlements: number; answers: Answers }; fromFile: boolean }> {
  const { loadId, stamp } = await storedStamp(db);
  if (!stamp) return { loadId, fromFile: false };
  const copied = (files?.own ? readAnswersFile(files.own, stamp) : undefined) ?? (files?.shipped ? readAnswersFile(files.shipped, stamp) : undefined);
  if (copied) return { loadId, kept: copied, fromFile: true };
  const stored = await readStoredAnswers(db, stamp.loadId);
  if (!stored) return { loadId, fromFile: false };
  if (files?.own) writeAnswersFile(files.own, stamp, stored);
  return { loadId, kept: { settlements: stored.settlements, answers: parse(stored.answers) }, fromFile: false };
}
