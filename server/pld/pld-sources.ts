// The high-risk list files shipped in data/pld/ (see data/pld/SOURCES.md) and how each becomes
// list entries: a primary name, its aliases, the RFC when the list gives one, the list's name.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { OfficialFileError, readCsv, readXml, type XmlNode } from '../catalogs/official-file';
import { normaliseName, normaliseRfc } from './pld-normalise';

export const PLD_DATA_DIR = fileURLToPath(new URL('../../data/pld/', import.meta.url));

export type EntryKind = 'individual' | 'entity';

export interface ListEntry {
  /** The `lista` the review shows. */
  lista: string;
  /** The entry's id in its list (OFAC ent_num, UN DATAID, the RFC for SAT, a row number for SFP). */
  source_id: string;
  kind: EntryKind;
  nombre: string;
  rfc: string | null;
  /** SAT 69-B status; null for the other lists. */
  situacion: string | null;
  aliases: string[];
}

export interface ListFile {
  name: string;
  sha256: string;
  bytes: Buffer;
}

export interface ListSource {
  lista: string;
  /** The files it reads, in its folder. */
  files: string[];
  /** The list's own date, read from the file when it carries one. */
  vintage(files: ListFile[]): string | null;
  entries(files: ListFile[]): ListEntry[];
}

const text = (file: ListFile) => (file.name.endsWith('.gz') ? gunzipSync(file.bytes) : file.bytes).toString('utf8');

/** OFAC writes null as '-0-'. */
const ofacValue = (value: string | undefined) => {
  const trimmed = (value ?? '').trim();
  return trimmed === '-0-' ? '' : trimmed;
};

// OFAC: 'R.F.C. DIB-771110-HQ1 (Mexico)' in the remarks; a few entries carry two.
const OFAC_RFC = /R\.F\.C\. ([A-Z&Ñ]{3,4}-?[0-9]{6}(?:-?[A-Z0-9]{3})?)/g;

// OFAC's files have no header line: their columns as its documentation names them.
const SDN_COLUMNS = ['ent_num', 'SDN_Name', 'SDN_Type', 'Program', 'Title', 'Call_Sign', 'Vess_type', 'Tonnage', 'GRT', 'Vess_flag', 'Vess_owner', 'Remarks'];
const ALT_COLUMNS = ['ent_num', 'alt_num', 'alt_type', 'alt_name', 'alt_remarks'];

/** OFAC ends its files with a DOS end-of-file character. */
const ofacRows = (file: ListFile, columns: string[]) => readCsv(file.name, text(file).replace(/\x1a/g, ''), { columns }).records();

const ofacSdn: ListSource = {
  lista: 'OFAC SDN',
  files: ['ofac_sdn.csv.gz', 'ofac_alt.csv.gz'],
  vintage: () => null,
  entries([sdnFile, altFile]) {
    const entries = new Map<string, ListEntry>();
    for (const row of ofacRows(sdnFile, SDN_COLUMNS)) {
      const id = ofacValue(row.ent_num);
      const nombre = ofacValue(row.SDN_Name);
      if (!/^\d+$/.test(id) || !nombre) continue;
      const type = ofacValue(row.SDN_Type);
      const remarks = ofacValue(row.Remarks);
      const rfcs = [...remarks.matchAll(OFAC_RFC)].map((m) => normaliseRfc(m[1])).filter(Boolean);
      entries.set(id, {
        lista: 'OFAC SDN',
        source_id: id,
        kind: type === 'individual' ? 'individual' : 'entity',
        nombre,
        rfc: rfcs[0] ?? null,
        situacion: null,
        aliases: [],
      });
    }
    // The aliases file is newer than the primary one: an alias of an entity added since is listed as its own entry.
    for (const row of ofacRows(altFile, ALT_COLUMNS)) {
      const id = ofacValue(row.ent_num);
      const alias = ofacValue(row.alt_name);
      if (!/^\d+$/.test(id) || !alias) continue;
      const entry = entries.get(id);
      if (entry) entry.aliases.push(alias);
      else entries.set(id, { lista: 'OFAC SDN', source_id: id, kind: alias.includes(',') ? 'individual' : 'entity', nombre: alias, rfc: null, situacion: null, aliases: [] });
    }
    return [...entries.values()];
  },
};

// The UN consolidated list (sc-sanctions.xsd): CONSOLIDATED_LIST > INDIVIDUALS > INDIVIDUAL and
// ENTITIES > ENTITY, each with DATAID, FIRST_NAME to FOURTH_NAME and its *_ALIAS > ALIAS_NAME.
const UN_GROUPS = [
  { kind: 'individual', group: 'INDIVIDUALS', element: 'INDIVIDUAL', alias: 'INDIVIDUAL_ALIAS' },
  { kind: 'entity', group: 'ENTITIES', element: 'ENTITY', alias: 'ENTITY_ALIAS' },
] as const;
const UN_NAME_PARTS = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'];

const unText = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
/** Repeated elements; one holding only text becomes an empty element, so the checks below refuse it. */
const asNodes = (value: unknown): XmlNode[] => (Array.isArray(value) ? value : []).map((node) => (typeof node === 'object' && node !== null ? (node as XmlNode) : {}));

// Parsed once for both the vintage and the entries.
const unParsed = new WeakMap<ListFile, { vintage: string; entries: ListEntry[] }>();

function readUnList(file: ListFile) {
  const cached = unParsed.get(file);
  if (cached) return cached;
  const { root, lineOf } = readXml(file.name, text(file), [...UN_GROUPS.flatMap((g) => [g.element, g.alias]), 'ALIAS_NAME']);
  // `at` finds the element at fault in a fresh parse that knows positions.
  const fail = (at: (root: XmlNode) => unknown, detail: string): never => {
    throw new OfficialFileError(file.name, lineOf(at), detail);
  };
  const atList = (r: XmlNode) => r.CONSOLIDATED_LIST;
  const list = root.CONSOLIDATED_LIST;
  if (!list || typeof list !== 'object') fail(() => null, 'no CONSOLIDATED_LIST element');
  const listNode = list as XmlNode;
  const vintage = /^[0-9]{4}-[0-9]{2}-[0-9]{2}/.exec(unText(listNode['@_dateGenerated']))?.[0] ?? fail(atList, 'CONSOLIDATED_LIST has no dateGenerated date');
  const entries: ListEntry[] = [];
  for (const { kind, group, element, alias } of UN_GROUPS) {
    if (!(group in listNode)) fail(atList, `no ${group} element in CONSOLIDATED_LIST`);
    const groupNode = listNode[group];
    const members = groupNode && typeof groupNode === 'object' ? asNodes((groupNode as XmlNode)[element]) : [];
    members.forEach((member, index) => {
      const atMember = (r: XmlNode) => asNodes(((r.CONSOLIDATED_LIST as XmlNode)[group] as XmlNode)[element])[index];
      const sourceId = unText(member.DATAID) || fail(atMember, `${element} without DATAID`);
      if (!unText(member.FIRST_NAME)) fail(atMember, `${element} ${sourceId} without FIRST_NAME`);
      const nombre = UN_NAME_PARTS.map((part) => unText(member[part])).filter(Boolean).join(' ');
      const aliases = asNodes(member[alias]).flatMap((node) => (Array.isArray(node.ALIAS_NAME) ? node.ALIAS_NAME : [])).map(unText).filter(Boolean);
      entries.push({ lista: 'ONU', source_id: sourceId, kind, nombre, rfc: null, situacion: null, aliases });
    });
  }
  const parsed = { vintage, entries };
  unParsed.set(file, parsed);
  return parsed;
}

const un: ListSource = {
  lista: 'ONU',
  files: ['onu_consolidated.xml.gz'],
  vintage: ([file]) => readUnList(file).vintage,
  entries: ([file]) => readUnList(file).entries,
};

/** SAT 69-B statuses that clear the taxpayer: loaded for the record, not reported as matches. */
export const CLEARED_SAT_STATUSES = new Set(['Desvirtuado', 'Sentencia Favorable']);

const sat69b: ListSource = {
  lista: 'SAT 69-B',
  files: ['sat_69b_listado_completo.csv.gz'],
  vintage: () => null,
  entries([file]) {
    return readCsv(file.name, text(file), { required: ['rfc', 'nombre_contribuyente', 'situacion'] }).records().flatMap((row, i) => {
      const nombre = row.nombre_contribuyente.replace(/\s+/g, ' ').trim();
      if (!nombre) return [];
      const rfc = normaliseRfc(row.rfc) || null;
      return [{
        lista: 'SAT 69-B',
        source_id: rfc ?? `fila-${i + 2}`,
        kind: rfc?.length === 13 ? ('individual' as const) : ('entity' as const),
        nombre,
        rfc,
        situacion: row.situacion.trim() || null,
        aliases: [],
      }];
    });
  },
};

const sfp: ListSource = {
  lista: 'SFP',
  files: ['sfp_proveedores_contratistas_sancionados.csv.gz'],
  vintage: () => null,
  // One row per sanction: a supplier sanctioned twice is one entry.
  entries([file]) {
    const byName = new Map<string, ListEntry>();
    readCsv(file.name, text(file), { required: ['proveedor_contratista'] }).records().forEach((row, i) => {
      const nombre = row.proveedor_contratista.replace(/\s+/g, ' ').trim();
      const key = normaliseName(nombre);
      if (!key || byName.has(key)) return;
      const looksLikeCompany = /\b(S\.? ?A\.?|S\.? DE R\.? ?L\.?|S\.? ?C\.?|A\.? ?C\.?|SAPI|SOCIEDAD)\b/i.test(nombre) || nombre.includes(',');
      byName.set(key, { lista: 'SFP', source_id: `fila-${i + 2}`, kind: looksLikeCompany ? 'entity' : 'individual', nombre, rfc: null, situacion: null, aliases: [] });
    });
    return [...byName.values()];
  },
};

export const LIST_SOURCES: ListSource[] = [ofacSdn, un, sat69b, sfp];

export async function readListFile(dir: string, name: string): Promise<ListFile> {
  const bytes = await fs.readFile(path.join(dir, name));
  return { name, sha256: createHash('sha256').update(bytes).digest('hex'), bytes };
}
