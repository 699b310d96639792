// Ongoing monitoring's search over some entries only (PldIndex.restrictedTo): over the real lists,
// every query answers what the whole index answers for those entries, with the same scores and
// reasons (the words' weights are the whole lists').
import { describe, expect, it } from 'vitest';
import { indexRows, readListEntries } from '../../server/pld/pld-files-index';
import { buildPldIndex } from '../../server/pld/pld-index';
import { readPairs } from '../pld-eval/evaluate';

describe('the index restricted to some entries', () => {
  it('answers, for those entries, exactly what the whole index answers', async () => {
    const { entries, names } = indexRows(await readListEntries());
    const index = await buildPldIndex(entries, names);
    const queries = readPairs().map((pair) => pair.query).slice(0, 600);
    // The entries some queries find, and every 97th entry besides: found and unfound ones alike.
    const chosen = new Set<number>(entries.filter((_, i) => i % 97 === 0).map((entry) => entry.id));
    const idOf = new Map(entries.map((entry) => [`${entry.lista}:${entry.source_id}`, entry.id]));
    queries.forEach((query, i) => {
      if (i % 3 === 0) for (const match of index.search({ name: query }, { limit: 3 })) chosen.add(idOf.get(match.id)!);
    });
    const restricted = index.restrictedTo(chosen);
    let compared = 0;
    for (const query of queries) {
      const whole = index.search({ name: query }, { limit: 1000 }).filter((match) => chosen.has(idOf.get(match.id)!));
      expect(restricted.search({ name: query }, { limit: 1000 }), query).toEqual(whole);
      compared += whole.length;
    }
    expect(compared).toBeGreaterThan(100);
  }, 60_000);
});
