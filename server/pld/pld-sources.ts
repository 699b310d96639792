// The high-risk list files shipped in data/pld/ (see data/pld/SOURCES.md) and how each becomes
// list entries: a primary name, its aliases, the RFC when the list gives one, the list's name.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parseCsv, parseCsvRecords } from '../catalogs/csv';
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

const ofacSdn: ListSource = {
  lista: 'OFAC SDN',
  files: ['ofac_sdn.csv.gz', 'ofac_alt.csv.gz'],
  vintage: () => null,
  entries([sdnFile, altFile]) {
    const entries = new Map<string, ListEntry>();
    for (const row of parseCsv(text(sdnFile).replace(/\x1a/g, ''))) {
      const id = ofacValue(row[0]);
      const nombre = ofacValue(row[1]);
      if (!/^\d+$/.test(id) || !nombre) continue;
      const type = ofacValue(row[2]);
      const remarks = ofacValue(row[11]);
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
    for (const row of parseCsv(text(altFile).replace(/\x1a/g, ''))) {
      const id = ofacValue(row[0]);
      const alias = ofacValue(row[3]);
      if (!/^\d+$/.test(id) || !alias) continue;
      const entry = entries.get(id);
      if (entry) entry.aliases.push(alias);
      else entries.set(id, { lista: 'OFAC SDN', source_id: id, kind: alias.includes(',') ? 'individual' : 'entity', nombre: alias, rfc: null, situacion: null, aliases: [] });
    }
    return [...entries.values()];
  },
};

const xmlText = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

const tagValue = (block: string, tag: string) => {
  const match = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(block);
  return match ? xmlText(match[1]) : '';
};

const un: ListSource = {
  lista: 'ONU',
  files: ['onu_consolidated.xml.gz'],
  vintage: ([file]) => /dateGenerated='([0-9-]{10})/.exec(text(file).slice(0, 1000))?.[1] ?? null,
  entries([file]) {
    const xml = text(file);
    const entries: ListEntry[] = [];
    for (const [kind, tag] of [['individual', 'INDIVIDUAL'], ['entity', 'ENTITY']] as const) {
      for (const match of xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))) {
        const block = match[1];
        const nombre = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'].map((t) => tagValue(block, t)).filter(Boolean).join(' ');
        if (!nombre) continue;
        const aliases = [...block.matchAll(/<ALIAS_NAME>([^<]*)<\/ALIAS_NAME>/g)].map((m) => xmlText(m[1])).filter(Boolean);
        entries.push({ lista: 'ONU', source_id: tagValue(block, 'DATAID'), kind, nombre, rfc: null, situacion: null, aliases });
      }
    }
    return entries;
  },
};

/** SAT 69-B statuses that clear the taxpayer: loaded for the record, not reported as matches. */
export const CLEARED_SAT_STATUSES = new Set(['Desvirtuado', 'Sentencia Favorable']);

const sat69b: ListSource = {
  lista: 'SAT 69-B',
  files: ['sat_69b_listado_completo.csv.gz'],
  vintage: () => null,
  entries([file]) {
    return parseCsvRecords(text(file)).flatMap((row, i) => {
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
    parseCsvRecords(text(file)).forEach((row, i) => {
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
