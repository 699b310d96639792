// Writes generated-pairs.txt: labelled name pairs drawn deterministically (a seeded generator,
// the lists in file order) from the real lists, for the kinds of variant issue 18 names.
//   node --import tsx tests/pld-eval/generate.ts
import fs from 'node:fs';
import { readListEntries } from '../../server/pld/pld-files-index';
import type { ListEntry } from '../../server/pld/pld-sources';

// The abbreviations, written here independently of the engine's dictionary.
const ABBREVIATE: Record<string, string[]> = {
  SERVICIOS: ['SERV', 'SERVS'], CORPORACION: ['CORP'], CORPORATIVO: ['CORP'], INTERNACIONAL: ['INTL'],
  CONSTRUCCION: ['CONST', 'CONSTR'], CONSTRUCTORA: ['CONST', 'CONSTR'], COMPAÑIA: ['CIA'], COMPANIA: ['CIA'],
  COMERCIAL: ['COM', 'COMERC'], COMERCIALIZADORA: ['COM', 'COMERC'], DISTRIBUIDORA: ['DIST'], ADMINISTRACION: ['ADMON'],
  ADMINISTRACIÓN: ['ADMON'], ADMINISTRATIVOS: ['ADMVOS'], GRUPO: ['GPO'], INDUSTRIAL: ['IND'], INDUSTRIAS: ['IND'],
  INMOBILIARIA: ['INMOB'], TRANSPORTES: ['TRANSP'], INGENIERIA: ['ING'], INGENIERÍA: ['ING'], PRODUCTOS: ['PROD'],
  DESARROLLO: ['DESARR'], DESARROLLOS: ['DESARR'],
};
const EXPAND: Record<string, string> = {
  SERV: 'SERVICIOS', SERVS: 'SERVICIOS', CORP: 'CORPORACION', INTL: 'INTERNACIONAL', CONST: 'CONSTRUCTORA', CONSTR: 'CONSTRUCCIONES',
  CIA: 'COMPAÑIA', COMERC: 'COMERCIALIZADORA', DIST: 'DISTRIBUIDORA', ADMON: 'ADMINISTRACION', ADMVOS: 'ADMINISTRATIVOS', GPO: 'GRUPO',
  IND: 'INDUSTRIAL', INMOB: 'INMOBILIARIA', TRANSP: 'TRANSPORTES', ING: 'INGENIERIA', PROD: 'PRODUCTOS', DESARR: 'DESARROLLO',
};
const ARABIC: string[][] = [
  ['ABD AL', 'ABDUL', 'ABDEL', 'ABD EL', 'ABD-AL'],
  ['MOHAMAD', 'MUHAMMAD', 'MOHAMMED', 'MOHAMMAD'],
  ['AHMAD', 'AHMED'],
  ['BIN', 'BEN', 'IBN'],
];
const GENERIC = ['GRUPO', 'COMERCIALIZADORA', 'SERVICIOS'];
const FORM_TYPOS = ['SA ED CV', 'SA DE VC', 'S.A DE C.V', 'S.A. DE C.V', 'SA DE C.V.', 'S.A DE CV'];
const DISTINCT = /^(?!(?:GRUPO|COMERCIALIZADORA|SERVICIOS|COMERCIAL|CORPORATIVO|CORPORACION|CONSTRUCTORA|DISTRIBUIDORA|INDUSTRIAL|INMOBILIARIA|TRANSPORTES|INTERNACIONAL|DE|DEL|LA|LOS|LAS|Y|E|EN|EL|SA|CV|RL|S|C|V|A|R|L|SC|SAPI|SPR|CIA)$)[A-ZÑÁÉÍÓÚ]{4,}$/;

// mulberry32: the same pairs on every run.
let seed = 18;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
const shuffled = <T>(list: T[]) => {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
};

const FORM_END = /,?\s*(S\.?\s?A\.?\s?(DE\s)?C\.?\s?V\.?|S\.?\s?DE\s?R\.?\s?L\.?(\s?DE\s?C\.?\s?V\.?)?|S\.?\s?C\.?|S\.?\s?A\.?)\s*$/;
const core = (name: string) => name.replace(FORM_END, '').trim();
// A name's words, commas as spaces; a company's without its form (a person's SOSA keeps its SA).
const wordsOf = (entry: ListEntry) => tokens((entry.kind === 'entity' ? core(entry.nombre) : entry.nombre).replace(/,/g, ' '));
const tokens = (text: string) => text.split(/\s+/).filter(Boolean);

function companyPairs(companies: ListEntry[], out: string[]) {
  const abbreviated: string[] = [];
  const expanded: string[] = [];
  const formTypos: string[] = [];
  const generic: string[] = [];
  const distinctive: string[] = [];
  // A distinctive word is a rare one: in at most 20 of the listed company names.
  const frequency = new Map<string, number>();
  for (const c of companies) for (const w of new Set(tokens(core(c.nombre).replace(/[,.]/g, ' ')))) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const rare = (w: string) => DISTINCT.test(w) && (frequency.get(w) ?? 0) <= 20;
  const vocabulary = [...frequency.keys()].filter(rare).sort();
  for (const company of shuffled(companies)) {
    const name = company.nombre;
    const words = wordsOf(company);
    if (words.length < 2 || words[words.length - 1].length === 1) continue;
    const abbreviable = words.filter((w) => ABBREVIATE[w]);
    const short = words.filter((w) => EXPAND[w.replace(/\.$/, '')]);
    if (company.lista === 'OFAC SDN') {
      if (short.length && expanded.length < 200) expanded.push(`+|abreviatura-inversa|${words.map((w) => EXPAND[w.replace(/\.$/, '')] ?? w).join(' ')}|${name}`);
      continue;
    }
    if (abbreviable.length && abbreviated.length < 420 && words.length - abbreviable.length >= 1) {
      const query = words.map((w) => (ABBREVIATE[w] && random() < 0.8 ? pick(ABBREVIATE[w]) : w));
      if (query.join(' ') !== words.join(' ')) abbreviated.push(`+|abreviatura|${query.join(' ')} SA DE CV|${name}`);
    }
    if (short.length && expanded.length < 200) expanded.push(`+|abreviatura-inversa|${words.map((w) => EXPAND[w.replace(/\.$/, '')] ?? w).join(' ')}|${name}`);
    if (/S\.?\s?A\.?\s?DE\s?C\.?\s?V\.?\s*$/.test(name) && formTypos.length < 250) formTypos.push(`+|forma-mal-escrita|${words.join(' ')} ${pick(FORM_TYPOS)}|${name}`);
    const distinct = words.map((w, i) => [w, i] as const).filter(([w]) => rare(w));
    if (generic.length < 250 && distinct.length >= 2) {
      const hasGeneric = words.findIndex((w) => GENERIC.includes(w));
      const query =
        hasGeneric >= 0 ? words.map((w, i) => (i === hasGeneric ? pick(GENERIC.filter((g) => g !== w)) : w)) : [pick(GENERIC), ...words];
      generic.push(`+|empresa-palabra-generica|${query.join(' ')} SA DE CV|${name}`);
    }
    if (distinctive.length < 420 && distinct.length >= 1 && words.length >= 2) {
      const [word, at] = pick(distinct);
      let other = pick(vocabulary);
      for (let tries = 0; tries < 10 && (other[0] === word[0] || Math.abs(other.length - word.length) < 1); tries++) other = pick(vocabulary);
      if (other[0] === word[0]) continue;
      distinctive.push(`-|empresa-palabra-distintiva|${words.map((w, i) => (i === at ? other : w)).join(' ')} SA DE CV|${name}`);
    }
  }
  out.push(...abbreviated, ...expanded, ...formTypos, ...generic, ...distinctive);
}

function arabicPairs(people: ListEntry[], out: string[]) {
  const pairs: string[] = [];
  for (const person of shuffled(people)) {
    if (pairs.length >= 350) break;
    const name = person.nombre.toUpperCase();
    for (const spellings of ARABIC) {
      const found = spellings.find((s) => new RegExp(`(^|[\\s-])${s}([\\s-]|$)`).test(name));
      if (!found) continue;
      const other = pick(spellings.filter((s) => s !== found));
      let query = name.replace(new RegExp(`(^|[\\s-])${found}([\\s-]|$)`), `$1${other}$2`);
      // AL- / EL- before a name: joined, apart or hyphenated.
      query = query.replace(/\b(AL|EL)[- ]([A-Z]{3,})/g, (_m, article: string, rest: string) => pick([`${article}-${rest}`, `${article} ${rest}`, `${article}${rest}`]));
      pairs.push(`+|transliteracion-arabe|${query}|${person.nombre}`);
      break;
    }
  }
  out.push(...pairs);
}

function transpositionPairs(entries: ListEntry[], out: string[]) {
  const pairs: string[] = [];
  for (const entry of shuffled(entries)) {
    if (pairs.length >= 300) break;
    const words = wordsOf(entry);
    const candidates = words.map((w, i) => [w, i] as const).filter(([w]) => /^[A-Z]{4,}$/.test(w) && !['GRUPO', 'SERVICIOS'].includes(w));
    if (words.length < 2 || candidates.length === 0) continue;
    const [word, at] = pick(candidates);
    const k = 1 + Math.floor(random() * (word.length - 2));
    if (word[k] === word[k + 1]) continue;
    const swapped = word.slice(0, k) + word[k + 1] + word[k] + word.slice(k + 2);
    pairs.push(`+|letras-transpuestas|${words.map((w, i) => (i === at ? swapped : w)).join(' ')}|${entry.nombre}`);
  }
  out.push(...pairs);
}

const entries = (await readListEntries()).filter((e) => !e.nombre.includes('|') && e.situacion !== 'Sentencia Favorable' && e.situacion !== 'Desvirtuado');
const companies = entries.filter((e) => e.kind === 'entity' && (e.lista === 'SAT 69-B' || e.lista === 'SFP' || e.lista === 'OFAC SDN'));
const arabicLists = entries.filter((e) => e.kind === 'individual' && (e.lista === 'ONU' || e.lista === 'OFAC SDN'));
const lines: string[] = [
  '# Generated by tests/pld-eval/generate.ts from the lists in data/pld (do not edit; run it again).',
  '# label | kind | query | listed name (exactly as the list writes it)',
];
companyPairs(companies, lines);
arabicPairs(arabicLists, lines);
transpositionPairs(entries.filter((e) => e.lista !== 'OFAC SDN' || e.kind === 'individual'), lines);
fs.writeFileSync(new URL('./generated-pairs.txt', import.meta.url), `${lines.join('\n')}\n`);
console.log(`${lines.length - 2} pairs written`);
