// Model-based tests of the catalogue lookup machine: every transition replayed on a real actor.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { createCatalogLookupMachine } from '../../machines/catalog-lookup';
import { fileCoverage, type Inspect } from './support/coverage-report';
import { walkEveryTransition } from './support/model-paths';

const machine = createCatalogLookupMachine<{ colonia: string }>('lookup');
type Snapshot = SnapshotFrom<typeof machine>;

const FOUND = [{ colonia: 'Americana' }];
const EVENTS = [
  { type: 'lookup.requested', key: '44160' },
  { type: 'lookup.requested', key: '99999' },
  { type: 'lookup.cleared' },
  { type: 'lookup.retried' },
  { type: 'xstate.done.actor.fetch', output: FOUND },
  { type: 'xstate.done.actor.fetch', output: [] },
  { type: 'xstate.error.actor.fetch', error: new Error('network') },
];

const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.key, Object.keys(s.context.cache).sort()]);

const coverage = fileCoverage('catalog-lookup');

function start(inspect: Inspect = coverage.inspect) {
  const calls: Array<{ key: string; resolve: (v: unknown) => void; reject: (e: unknown) => void }> = [];
  const actor = createActor(
    machine.provide({
      actors: {
        'fetch entries': fromPromise<any, { key: string }>(({ input }) => new Promise((resolve, reject) => calls.push({ key: input.key, resolve, reject }))),
      },
    }),
    { inspect },
  ).start();
  return { actor, calls };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function play(h: ReturnType<typeof start>, event: any) {
  if (event.type === 'xstate.done.actor.fetch') h.calls.at(-1)!.resolve(event.output);
  else if (event.type === 'xstate.error.actor.fetch') h.calls.at(-1)!.reject(event.error);
  else h.actor.send(event);
  await flush();
}

function assertMeaning(s: Snapshot, h: ReturnType<typeof start>) {
  if (s.matches('idle')) {
    expect(s.context.key).toBeNull();
    expect(s.context.entries).toEqual([]);
  } else if (s.matches('loading')) {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.calls.at(-1)!.key).toBe(s.context.key);
  } else if (s.matches({ settled: 'found' })) {
    expect(s.context.entries.length).toBeGreaterThan(0);
    expect(s.context.cache[s.context.key!]).toBe(s.context.entries);
  } else if (s.matches({ settled: 'empty' })) {
    expect(s.hasTag('empty')).toBe(true);
    expect(s.context.entries).toEqual([]);
  } else if (s.matches('failed')) {
    expect(s.hasTag('error')).toBe(true);
  } else throw new Error(`Unchecked state ${JSON.stringify(s.value)}`);
}

describe('catalogue lookup machine, every transition', () => {
  walkEveryTransition(machine, {
    events: EVENTS,
    serializeState: serializeState as never,
    start,
    play,
    assertMeaning: assertMeaning as never,
    inspect: coverage.inspect,
  });

  it('answers a key it has seen from memory, without a request', async () => {
    const h = start();
    await play(h, { type: 'lookup.requested', key: '44160' });
    await play(h, { type: 'xstate.done.actor.fetch', output: FOUND });
    await play(h, { type: 'lookup.requested', key: '99999' });
    await play(h, { type: 'lookup.requested', key: '44160' });
    expect(h.calls.map((c) => c.key)).toEqual(['44160', '99999']);
    expect(h.actor.getSnapshot().matches({ settled: 'found' })).toBe(true);
  });
});

coverage.expectEveryTransition(machine);
