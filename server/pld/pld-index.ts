// The in-memory screening index over every listed name and alias (DESIGN.md §7: an in-memory
// index answers in 1–2 ms where pg_trgm's p99 reaches seconds). Names are compared word by
// word, in any order: a query word finds the listed words alike to it (same word, same sound,
// one or two edits, same consonant skeleton) through a trigram index over the dictionary of
// listed words, and a listed name is scored by the words the two names share, each weighted by
// how rare it is in the lists. README, design notes: "PLD screening".
import type { ListedMatch } from '../../forms/pld';
import { PLD_SEARCH_WORDS_MAX } from '../../forms/contracts/pld';
import type { PldEntryTable } from './pld-tables';
import { nameWords, normaliseRfc, phonetic, rfcsAgree, rfcStem, skeleton, wordSimilarityOf } from './pld-normalise';
import { EQUIVALENT_SIMILARITY, GENERIC_COMPANY_WORDS, WORD_EQUIVALENTS, withoutArticle, wordMotive } from './pld-words';

/** A listed entry as the index holds it: its table row without the load and the SAT status. */
export type IndexEntry = Omit<PldEntryTable, 'load_id' | 'situacion' | 'cambiada'>;

export interface IndexName {
  entry_id: number;
  nombre: string;
}

export interface SearchQuery {
  /** The whole name: given names and surnames, or a business name. */
  name: string;
  rfc?: string | null;
  /** When the query and the listed entry both have an RFC, they must agree. */
  filterRFC?: boolean;
}

export interface PldIndex {
  /** Matches at or above the threshold, RFC hits first, then by score; at most `limit`. */
  search(query: SearchQuery, options?: { threshold?: number; limit?: number }): ListedMatch[];
  /** A search over some entries only (by id), each scored as the whole index scores it: ongoing monitoring's, over the new or changed ones. */
  restrictedTo(entryIds: ReadonlySet<number>): Pick<PldIndex, 'search'>;
  stats: { entries: number; names: number; words: number; buildMs: number };
}

/** Tuned on tests/pld-eval/tuning.json (npm run pld:eval -- --tune): see the README. */
export const DEFAULT_THRESHOLD = 0.82;
const DEFAULT_LIMIT = 25;
const MIN_WORD_SIMILARITY = 0.75;
/** A listed name that holds every word of the query (or the reverse) loses this much per extra word. */
const EXTRA_WORD_FACTOR = { individual: 0.93, entity: 0.8 } as const;
const SIMILAR_CACHE_LIMIT = 20_000;
/** An extra generic company word (GRUPO, SERVICIOS…) costs less than an extra distinctive one. */
const GENERIC_EXTRA_FACTOR = 0.97;
/** A company name whose distinctive word was replaced by another is a different company: its score is scaled down this much. */
const REPLACED_DISTINCTIVE_FACTOR = 0.75;
/** Below the threshold by more than rounding can explain: a name whose score bound is under it by this much is not scored. */
const BOUND_MARGIN = 1e-9;
/** factor ** k for k words, from a table: past its end, its last value (a larger bound, so still a bound). */
const powers = (factor: number) => Float64Array.from({ length: 256 }, (_, k) => factor ** k);
const GENERIC_EXTRA_POWERS = powers(GENERIC_EXTRA_FACTOR);
const INDIVIDUAL_EXTRA_POWERS = powers(EXTRA_WORD_FACTOR.individual);
const power = (table: Float64Array, k: number) => table[Math.min(k, table.length - 1)];

const trigramsOf = (word: string) => {
  const padded = ` ${word} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return [...grams];
};

/** A trigram of a sound of some length: words are looked up among those of about the query word's length only. */
const trigramKey = (gram: string, length: number) => gram + String.fromCharCode(48 + Math.min(length, 200));

/** The letters a word uses, as bits (A is bit 0); digits and the rest share bit 26. */
function letterSet(word: string): number {
  let set = 0;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i) - 65;
    set |= 1 << (code >= 0 && code < 26 ? code : 26);
  }
  return set;
}

function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest; rest &= rest - 1) count++;
  return count;
}

function push<K>(map: Map<K, number[]>, key: K, value: number) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const round = (value: number) => Math.round(value * 100) / 100;

/** 'SERV ≈ SERVICIOS (abreviatura); CABEL = CABEL (idéntica)': which words matched which, and why. */
export function explainWords(palabras: ListedMatch['palabras']): string {
  return palabras.map(({ consulta, lista, motivo }) => (motivo === 'idéntica' ? `${consulta} = ${lista}` : `${consulta} ≈ ${lista} (${motivo})`)).join('; ');
}

/** True when every word of `part` is in `whole` (as many times), and `whole` has more. */
function isPartOf(part: Int32Array, whole: Int32Array): boolean {
  if (part.length >= whole.length) return false;
  const left = [...whole];
  return part.every((word) => {
    const at = left.indexOf(word);
    if (at < 0) return false;
    left.splice(at, 1);
    return true;
  });
}

const WARM_UP_SEARCHES = 150;

/**
 * Searches some listed names, each with two letters swapped, on a cache of alike words of its
 * own: the engine compiles the search's code to its fast form before an applicant waits on it.
 */
async function warmUp(search: PldIndex['search'], names: string[]) {
  const step = Math.max(1, Math.floor(names.length / WARM_UP_SEARCHES));
  for (let i = 0; i < names.length; i += step) {
    if ((i / step) % 3 === 0) await breathe();
    const name = names[i];
    const at = Math.floor(name.length / 2);
    search({ name: name.slice(0, at - 1) + name[at] + name[at - 1] + name.slice(at + 1), rfc: null, filterRFC: i % 2 === 0 });
  }
}

/**
 * Lets the event loop answer what is waiting: the index takes a second or more of CPU to build
 * (at start, and on every instance when a new version of the lists is loaded), in steps of a few
 * tens of milliseconds so requests are answered meanwhile.
 */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function buildPldIndex(entries: IndexEntry[], names: IndexName[]): Promise<PldIndex> {
  const started = performance.now();
  const entryById = new Map(entries.map((entry) => [entry.id, entry]));

  // The dictionary of listed words.
  const wordIds = new Map<string, number>();
  const words: string[] = [];
  const wordId = (word: string) => {
    let id = wordIds.get(word);
    if (id === undefined) {
      id = words.length;
      words.push(word);
      wordIds.set(word, id);
    }
    return id;
  };

  // Every listed name as the word ids of its normalised words.
  const nameEntry: number[] = [];
  const nameText: string[] = [];
  const nameWordIds: Int32Array[] = [];
  const seenNames = new Set<string>();
  for (const [i, name] of names.entries()) {
    if (i % 2000 === 0) await breathe();
    const entry = entryById.get(name.entry_id);
    if (!entry) continue;
    const list = nameWords(name.nombre);
    if (list.length === 0) continue;
    const key = `${name.entry_id}|${list.join(' ')}`;
    if (seenNames.has(key)) continue;
    seenNames.add(key);
    nameEntry.push(name.entry_id);
    nameText.push(name.nombre);
    // A repeated word counts each time: 'LAZCANO LAZCANO, Heriberto' has three words, not two.
    nameWordIds.push(Int32Array.from(list.map(wordId)));
  }

  // A person's name that is part of another of theirs ('MEZA, Arturo' of 'MEZA GASPAR, Arturo'):
  // a query word it leaves unexplained is weighed against the fuller name, where another second
  // surname (GARZA for GASPAR) shows another person.
  const fullerNames = new Map<number, number[]>();
  {
    const namesOfEntry = new Map<number, number[]>();
    nameEntry.forEach((entryId, nameIndex) => {
      if (entryById.get(entryId)!.kind === 'individual') push(namesOfEntry, entryId, nameIndex);
    });
    for (const list of namesOfEntry.values()) {
      for (const part of list) {
        for (const whole of list) if (isPartOf(nameWordIds[part], nameWordIds[whole])) push(fullerNames, part, whole);
      }
    }
  }

  await breathe();
  const postings: number[][] = words.map(() => []);
  nameWordIds.forEach((ids, nameIndex) => new Set(ids).forEach((id) => postings[id].push(nameIndex)));
  const nameCount = nameWordIds.length;
  // Rare words weigh more: sharing 'GARCIA' says less than sharing 'GUZMAN'.
  const weight = Float64Array.from(postings, (list) => 1 + Math.log((nameCount + 1) / (list.length + 1)));
  const maxWeight = 1 + Math.log(nameCount + 1);
  const nameWeightOf = Float64Array.from(nameWordIds, (ids) => ids.reduce((sum, id) => sum + weight[id], 0));
  const nameLength = Int32Array.from(nameWordIds, (ids) => ids.length);
  const nameIsEntity = Uint8Array.from(nameEntry, (entryId) => (entryById.get(entryId)!.kind === 'individual' ? 0 : 1));

  await breathe();
  const phoneticOf = words.map(phonetic);
  const lettersOf = Int32Array.from(words, letterSet);
  const soundLettersOf = Int32Array.from(phoneticOf, letterSet);

  /** Where the words alike to a query word are looked for: among every listed word, or some of them. */
  interface WordTables {
    member: (id: number) => boolean;
    byPhonetic: Map<string, number[]>;
    bySkeleton: Map<string, number[]>;
    byTrigram: Map<string, number[]>;
    /** Listed words with the Arabic article joined (ALHARBI) by the bare name (HARBI). */
    byBareName: Map<string, number[]>;
  }
  const emptyTables = (member: (id: number) => boolean): WordTables => ({ member, byPhonetic: new Map(), bySkeleton: new Map(), byTrigram: new Map(), byBareName: new Map() });
  function wordTables(ids: Iterable<number>, member: (id: number) => boolean): WordTables {
    const tables = emptyTables(member);
    for (const id of ids) addWord(tables, id);
    return tables;
  }
  function addWord(tables: WordTables, id: number) {
    const word = words[id];
    const sound = phoneticOf[id];
    push(tables.byPhonetic, sound, id);
    const consonants = skeleton(word);
    if (consonants.length >= 3) push(tables.bySkeleton, consonants, id);
    if (word.length >= 4) for (const gram of trigramsOf(sound)) push(tables.byTrigram, trigramKey(gram, sound.length), id);
    const bare = withoutArticle(word);
    if (bare) push(tables.byBareName, bare, id);
  }

  const allWords = emptyTables(() => true);
  for (let id = 0; id < words.length; id++) {
    if (id % 2000 === 0) await breathe();
    addWord(allWords, id);
  }
  await breathe();
  const isGeneric = Uint8Array.from(words, (word) => (GENERIC_COMPANY_WORDS.has(word) ? 1 : 0));

  const rfcEntries = new Map<string, number[]>();
  for (const entry of entries) {
    const rfc = normaliseRfc(entry.rfc);
    if (!rfc) continue;
    push(rfcEntries, rfc, entry.id);
    const stem = rfcStem(rfc);
    if (stem !== rfc) push(rfcEntries, stem, entry.id);
  }

  const sharedCount = new Uint8Array(words.length);
  /** The listed words (of `tables`) alike to a query word, with their similarity; kept across searches. */
  function similarWordsIn(tables: WordTables) {
    const cache = new Map<string, Map<number, number>>();
    const { member, byPhonetic, bySkeleton, byTrigram, byBareName } = tables;
    const listed = (word: string) => {
      const id = wordIds.get(word);
      return id !== undefined && member(id) ? id : undefined;
    };
    return function similarWords(word: string): Map<number, number> {
      const cached = cache.get(word);
      if (cached) return cached;
      const similar = new Map<number, number>();
      const exact = listed(word);
      if (exact !== undefined) similar.set(exact, 1);
      // Abbreviations and transliterations of the same name part, both ways; AL joined or not.
      for (const other of WORD_EQUIVALENTS.get(word)?.keys() ?? []) {
        const id = listed(other);
        if (id !== undefined) similar.set(id, EQUIVALENT_SIMILARITY);
      }
      const bare = listed(withoutArticle(word));
      if (bare !== undefined && !similar.has(bare)) similar.set(bare, EQUIVALENT_SIMILARITY);
      for (const id of byBareName.get(word) ?? []) if (!similar.has(id)) similar.set(id, EQUIVALENT_SIMILARITY);
      // Two adjacent letters swapped share few trigrams: look each swap up directly.
      for (let k = 0; k + 1 < word.length; k++) {
        if (word[k] === word[k + 1]) continue;
        const id = listed(word.slice(0, k) + word[k + 1] + word[k] + word.slice(k + 2));
        if (id !== undefined && !similar.has(id)) similar.set(id, wordSimilarityOf(word, phonetic(word), words[id], phoneticOf[id]));
      }
      const sound = phonetic(word);
      const length = sound.length;
      const consider = (id: number) => {
        if (similar.has(id)) return;
        const sim = wordSimilarityOf(word, sound, words[id], phoneticOf[id]);
        if (sim >= MIN_WORD_SIMILARITY) similar.set(id, sim);
      };
      const letters = letterSet(word);
      const soundLetters = letterSet(sound);
      for (const id of byPhonetic.get(sound) ?? []) consider(id);
      if (word.length >= 4) {
        const consonants = skeleton(word);
        if (consonants.length >= 3) for (const id of bySkeleton.get(consonants) ?? []) consider(id);
        const grams = trigramsOf(sound);
        const allowed = word.length >= 8 ? 2 : 1;
        const needed = Math.max(1, grams.length - 3 * allowed);
        const touched: number[] = [];
        for (let other = Math.max(1, length - allowed); other <= length + allowed; other++) {
          for (const gram of grams) {
            for (const id of byTrigram.get(trigramKey(gram, other)) ?? []) {
              if (sharedCount[id] === 0) touched.push(id);
              sharedCount[id]++;
            }
          }
        }
        // Same sound, skeleton and swapped letters were looked up above: here only the edit distance
        // can make a word alike, and each edit changes at most two letters of the set of letters used.
        const changes = 2 * allowed;
        for (const id of touched) {
          if (sharedCount[id] >= needed && (bitCount(letters ^ lettersOf[id]) <= changes || bitCount(soundLetters ^ soundLettersOf[id]) <= changes)) consider(id);
          sharedCount[id] = 0;
        }
      }
      if (cache.size >= SIMILAR_CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      cache.set(word, similar);
      return similar;
    };
  }
  const similarWords = similarWordsIn(allWords);

  const seenSerial = new Int32Array(nameCount);
  const seenMask = new Int32Array(nameCount);
  let serial = 0;

  interface Scored {
    score: number;
    matched: number;
    nameWords: number;
    queryWords: number;
    /** Query word index → listed word id, for the explanation. */
    pairs: Array<[number, number]>;
  }

  function scoreName(nameIndex: number, query: Array<Map<number, number>>, queryWeights: number[], kind: string, queryGeneric: boolean[]): Scored {
    const ids = nameWordIds[nameIndex];
    const pairs: Array<[number, number, number]> = [];
    for (let i = 0; i < query.length; i++) {
      for (let j = 0; j < ids.length; j++) {
        const sim = query[i].get(ids[j]);
        if (sim) pairs.push([sim, i, j]);
      }
    }
    pairs.sort((a, b) => b[0] - a[0]);
    const usedQuery = new Set<number>();
    const usedName = new Set<number>();
    let sharedQueryWeight = 0;
    let sharedNameWeight = 0;
    for (const [sim, i, j] of pairs) {
      if (usedQuery.has(i) || usedName.has(j)) continue;
      usedQuery.add(i);
      usedName.add(j);
      sharedQueryWeight += sim * queryWeights[i];
      sharedNameWeight += sim * weight[ids[j]];
    }
    const matched = usedQuery.size;
    const matchedPairs: Array<[number, number]> = [];
    {
      const seenQ = new Set<number>();
      const seenN = new Set<number>();
      for (const [, i, j] of pairs) {
        if (seenQ.has(i) || seenN.has(j)) continue;
        seenQ.add(i);
        seenN.add(j);
        matchedPairs.push([i, ids[j]]);
      }
    }
    let queryWeight = 0;
    for (const w of queryWeights) queryWeight += w;
    let nameWeight = 0;
    for (const id of ids) nameWeight += weight[id];
    const dice = (sharedQueryWeight + sharedNameWeight) / (queryWeight + nameWeight);
    let score = dice;
    const shorter = Math.min(query.length, ids.length);
    const entity = kind !== 'individual';
    if (matched === shorter && shorter >= (entity ? 1 : 2)) {
      const coverage = query.length <= ids.length ? sharedQueryWeight / queryWeight : sharedNameWeight / nameWeight;
      let factor = 1;
      if (query.length <= ids.length) {
        for (let j = 0; j < ids.length; j++) if (!usedName.has(j)) factor *= entity && isGeneric[ids[j]] ? GENERIC_EXTRA_FACTOR : EXTRA_WORD_FACTOR[entity ? 'entity' : 'individual'];
      } else {
        for (let i = 0; i < query.length; i++) if (!usedQuery.has(i)) factor *= entity && queryGeneric[i] ? GENERIC_EXTRA_FACTOR : EXTRA_WORD_FACTOR[entity ? 'entity' : 'individual'];
      }
      if (shorter >= 2 || factor >= GENERIC_EXTRA_FACTOR ** 2) score = Math.max(score, coverage * factor);
    }
    if (entity) {
      // A distinctive word on each side left unmatched: one word was replaced by another.
      let queryDistinct = false;
      for (let i = 0; i < query.length; i++) if (!usedQuery.has(i) && !queryGeneric[i]) queryDistinct = true;
      let nameDistinct = false;
      for (let j = 0; j < ids.length; j++) if (!usedName.has(j) && !isGeneric[ids[j]]) nameDistinct = true;
      if (queryDistinct && nameDistinct) score *= REPLACED_DISTINCTIVE_FACTOR;
      else if (!queryDistinct && !nameDistinct && matchedPairs.some(([, id]) => !isGeneric[id])) {
        // Only generic words differ (GRUPO for SERVICIOS) and a distinctive one is shared: score the
        // rest, less a little per generic word. A name of generic words only gets no such leniency.
        let unmatchedWeight = 0;
        let unmatchedCount = 0;
        for (let i = 0; i < query.length; i++) if (!usedQuery.has(i)) (unmatchedWeight += queryWeights[i]), unmatchedCount++;
        for (let j = 0; j < ids.length; j++) if (!usedName.has(j)) (unmatchedWeight += weight[ids[j]]), unmatchedCount++;
        const rest = (sharedQueryWeight + sharedNameWeight) / (queryWeight + nameWeight - unmatchedWeight);
        score = Math.max(score, rest * GENERIC_EXTRA_FACTOR ** unmatchedCount);
      }
    }
    return { score, matched, nameWords: ids.length, queryWords: query.length, pairs: matchedPairs };
  }

  /** The search over the names in `namePostings` and the RFCs in `rfcIndex`: every listed name, or some entries' only. */
  const searchOver = (
    namePostings: number[][],
    rfcIndex: Map<string, number[]>,
    similarOf: (word: string) => Map<number, number>,
    /** The alike words among every listed word, which give a query word its weight. */
    similarAnywhere: (word: string) => Map<number, number> = similarWords,
  ) =>
    function search({ name, rfc, filterRFC = false }: SearchQuery, { threshold = DEFAULT_THRESHOLD, limit = DEFAULT_LIMIT } = {}): ListedMatch[] {
      const queryRfc = normaliseRfc(rfc);
      const best = new Map<number, ListedMatch & { rfcHit: boolean }>();
      const consider = (entryId: number, match: Omit<ListedMatch, 'nombre' | 'rfc' | 'lista' | 'id'>, rfcHit: boolean) => {
        const entry = entryById.get(entryId)!;
        const entryRfc = normaliseRfc(entry.rfc);
        if (filterRFC && queryRfc && entryRfc && !rfcsAgree(queryRfc, entryRfc)) return;
        const previous = best.get(entryId);
        if (previous?.rfcHit && !rfcHit) {
          if (!previous.reason.includes('; nombre')) previous.reason += `; ${match.reason}`; // the name agrees too
          return;
        }
        if (previous && (previous.rfcHit || previous.score >= match.score)) return;
        best.set(entryId, { nombre: entry.nombre, rfc: entry.rfc, lista: entry.lista, id: `${entry.lista}:${entry.source_id}`, ...match, rfcHit });
      };

      if (queryRfc) {
        for (const key of new Set([queryRfc, rfcStem(queryRfc)])) {
          for (const entryId of rfcIndex.get(key) ?? []) {
            const entryRfc = normaliseRfc(entryById.get(entryId)!.rfc);
            if (!rfcsAgree(queryRfc, entryRfc)) continue;
            const identical = entryRfc === queryRfc;
            consider(entryId, { score: identical ? 1 : 0.99, reason: identical ? 'RFC idéntico' : 'RFC coincide (sin homoclave)', coincide_con: entryRfc, palabras: [] }, true);
          }
        }
      }

      // A longer search is refused (forms/contracts/pld.ts); an application's party is screened on its first words.
      const queryWords = nameWords(name).slice(0, PLD_SEARCH_WORDS_MAX);
      // No listed word alike to any query word (common when some entries only are searched): no name to score.
      if (queryWords.length > 0 && queryWords.some((word) => similarOf(word).size > 0)) {
        const similar = queryWords.map(similarOf);
        // A query word's weight is the whole lists' (its listed twin's, or the heaviest alike listed word's), whatever names are searched.
        const queryWeights = queryWords.map((word) => {
          const exact = wordIds.get(word);
          if (exact !== undefined) return weight[exact];
          let best = 0;
          for (const id of similarAnywhere(word).keys()) best = Math.max(best, weight[id]);
          return best || maxWeight;
        });
        const queryWeight = queryWeights.reduce((sum, value) => sum + value, 0);
        // The heaviest word alike to each query word: the most it can add to a name's shared weight.
        const heaviestAlike = similar.map((map) => {
          let best = 0;
          for (const id of map.keys()) best = Math.max(best, weight[id]);
          return best;
        });
        const queryGeneric = queryWords.map((word) => GENERIC_COMPANY_WORDS.has(word));
        let distinctiveMask = 0;
        queryGeneric.forEach((generic, i) => {
          if (!generic) distinctiveMask |= 1 << i;
        });
        /**
         * The most scoreName can give a name sharing `count` words (those of its mask) with the
         * query, so a name that cannot reach the threshold is not scored: the weighted Dice
         * coefficient with every shared word at its heaviest; the coverage of a name that holds
         * every word of the shorter side, at most 1 and losing at least one extra word's factor
         * per word the lengths differ; a company's score over the rest, at most 1, less a generic
         * word's factor per word left unmatched on either side. A query of many words against
         * names of a few scores far below the threshold on all three: this bound is what keeps
         * it short (README, design notes: "PLD screening").
         */
        const scoreBound = (nameIndex: number, count: number, entity: boolean) => {
          const q = queryWords.length;
          const n = nameLength[nameIndex];
          const shorter = Math.min(q, n);
          let bound = 0;
          if (count >= shorter && shorter >= (entity ? 1 : 2)) bound = power(entity ? GENERIC_EXTRA_POWERS : INDIVIDUAL_EXTRA_POWERS, Math.abs(q - n));
          if (entity) {
            const matched = Math.min(count, shorter);
            bound = Math.max(bound, power(GENERIC_EXTRA_POWERS, q - matched + n - matched));
          }
          if (bound >= threshold) return bound;
          let sharedQuery = 0;
          let sharedName = 0;
          for (let mask = seenMask[nameIndex]; mask; mask &= mask - 1) {
            const i = 31 - Math.clz32(mask & -mask);
            sharedQuery += queryWeights[i];
            sharedName += heaviestAlike[i];
          }
          const nameWeight = nameWeightOf[nameIndex];
          return Math.max(bound, (sharedQuery + Math.min(sharedName, nameWeight)) / (queryWeight + nameWeight));
        };
        serial++;
        const touched: number[] = [];
        similar.forEach((map, i) => {
          for (const id of map.keys()) {
            for (const nameIndex of namePostings[id]) {
              if (seenSerial[nameIndex] !== serial) {
                seenSerial[nameIndex] = serial;
                seenMask[nameIndex] = 0;
                touched.push(nameIndex);
              }
              seenMask[nameIndex] |= 1 << i;
            }
          }
        });
        for (const nameIndex of touched) {
          let mask = seenMask[nameIndex];
          let count = 0;
          while (mask) {
            mask &= mask - 1;
            count++;
          }
          // Two words in common, or as many as the shorter name has; a company may share one, if
          // distinctive (SERVICIOS ZARCO for GRUPO ZARCO), which the scoring then weighs.
          const entity = nameIsEntity[nameIndex] === 1;
          if (count < Math.min(2, queryWords.length, nameLength[nameIndex]) && (count === 0 || !entity || !(seenMask[nameIndex] & distinctiveMask))) continue;
          if (scoreBound(nameIndex, count, entity) < threshold - BOUND_MARGIN) continue;
          const entryId = nameEntry[nameIndex];
          const entry = entryById.get(entryId)!;
          const scored = scoreName(nameIndex, similar, queryWeights, entry.kind, queryGeneric);
          if (scored.score < threshold) continue;
          const fuller = fullerNames.get(nameIndex);
          if (fuller && scored.matched < queryWords.length) {
            const best = Math.max(...fuller.map((whole) => scoreName(whole, similar, queryWeights, entry.kind, queryGeneric).score));
            scored.score = Math.min(scored.score, best);
            if (scored.score < threshold) continue;
          }
          const alias = nameText[nameIndex] !== entry.nombre;
          const palabras = scored.pairs
            .sort((a, b) => a[0] - b[0])
            .map(([i, id]) => ({ consulta: queryWords[i], lista: words[id], motivo: wordMotive(queryWords[i], words[id]) }));
          const reason =
            `nombre: ${scored.matched} de ${Math.max(scored.queryWords, scored.nameWords)} palabras, similitud ${round(scored.score).toFixed(2)}` +
            (alias ? `, por el alias '${nameText[nameIndex]}'` : '') +
            (palabras.length ? `: ${explainWords(palabras)}` : '');
          consider(entryId, { score: round(scored.score), reason, coincide_con: nameText[nameIndex], palabras }, false);
        }
      }

      return [...best.values()]
        .sort((a, b) => Number(b.rfcHit) - Number(a.rfcHit) || b.score - a.score || a.nombre.localeCompare(b.nombre))
        .slice(0, limit)
        .map(({ rfcHit: _rfcHit, ...match }) => match);
    };

  /** The same search, scored the same way (the words' weights are the whole lists'), over these entries only. */
  function restrictedTo(entryIds: ReadonlySet<number>) {
    const namePostings = postings.map((list) => list.filter((nameIndex) => entryIds.has(nameEntry[nameIndex])));
    const rfcIndex = new Map<string, number[]>();
    for (const [key, ids] of rfcEntries) {
      const kept = ids.filter((id) => entryIds.has(id));
      if (kept.length > 0) rfcIndex.set(key, kept);
    }
    // Only the words of these entries' names are looked for alike to a query word: a name no other word leads to.
    const present = new Set<number>();
    namePostings.forEach((list, id) => {
      if (list.length > 0) present.add(id);
    });
    return { search: searchOver(namePostings, rfcIndex, similarWordsIn(wordTables(present, (id) => present.has(id)))) };
  }

  const throwaway = similarWordsIn(allWords);
  await warmUp(searchOver(postings, rfcEntries, throwaway, throwaway), nameText);
  return { search: searchOver(postings, rfcEntries, similarWords), restrictedTo, stats: { entries: entries.length, names: nameCount, words: words.length, buildMs: performance.now() - started } };
}
