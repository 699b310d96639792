// Searching a catalogue by any word of its names: accents, case and punctuation do not count, each
// typed word matches the start of a word of the name ('cria ganado' finds 'Cría y explotación de
// ganado'), and only the first matches are kept so a long list stays fast.

/** A catalogue's entries with their names broken into searchable words, built once per list. */
export interface CatalogIndex<T> {
  entries: readonly T[];
  words: readonly string[][];
}

/** 'Cría, y explotación' → ['cria', 'y', 'explotacion']. */
export const searchWords = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

export const indexCatalog = <T>(entries: readonly T[], nameOf: (entry: T) => string): CatalogIndex<T> => ({
  entries,
  words: entries.map((entry) => searchWords(nameOf(entry))),
});

export interface CatalogMatches<T> {
  /** The first `limit` matches, those whose name starts with the first word typed before the rest. */
  shown: T[];
  /** How many entries match in all. */
  total: number;
}

/** The entries every typed word of `query` is the start of a word of; all of them (up to `limit`) when nothing is typed. */
export function searchCatalog<T>({ entries, words }: CatalogIndex<T>, query: string, limit: number): CatalogMatches<T> {
  const typed = searchWords(query);
  const first: T[] = [];
  const rest: T[] = [];
  entries.forEach((entry, i) => {
    const name = words[i]!;
    if (!typed.every((word) => name.some((part) => part.startsWith(word)))) return;
    (typed.length > 0 && name[0]?.startsWith(typed[0]!) ? first : rest).push(entry);
  });
  const all = first.concat(rest);
  return { shown: all.slice(0, limit), total: all.length };
}
