// Looks catalogue entries up by key (a postal code, a country id, a state id, or '' for whole
// lists), remembering every answer so going back to an earlier key costs nothing. A newer
// request supersedes one in flight. The fetch itself is an actor provided from services/.
import { assign, setup } from 'xstate';
import { notProvided } from './not-provided';

export interface CatalogLookupContext<TEntry> {
  key: string | null;
  entries: TEntry[];
  cache: Record<string, TEntry[]>;
}

export type CatalogLookupEvent = { type: 'lookup.requested'; key: string } | { type: 'lookup.cleared' } | { type: 'lookup.retried' };

export function createCatalogLookupMachine<TEntry>(id: string) {
  return setup({
    types: {
      context: {} as CatalogLookupContext<TEntry>,
      events: {} as CatalogLookupEvent,
      tags: {} as 'busy' | 'error' | 'empty',
    },
    actors: {
      'fetch entries': notProvided<TEntry[], { key: string }>('fetch entries'),
    },
    guards: {
      'is cached': ({ context, event }) => event.type === 'lookup.requested' && event.key in context.cache,
      'has no entries': ({ context }) => context.entries.length === 0,
    },
    actions: {
      'assign key': assign((_, params: { key: string }) => ({ key: params.key, entries: [] as TEntry[] })),
      'assign cached entries': assign(({ context }, params: { key: string }) => ({ key: params.key, entries: context.cache[params.key] })),
      'assign entries': assign(({ context }, params: { entries: TEntry[] }) => ({
        entries: params.entries,
        cache: { ...context.cache, [context.key!]: params.entries },
      })),
      'clear key': assign({ key: null, entries: [] as TEntry[] }),
    },
  }).createMachine({
    id,
    context: { key: null, entries: [], cache: {} },
    initial: 'idle',
    on: {
      'lookup.requested': [
        {
          guard: 'is cached',
          target: '.settled',
          actions: { type: 'assign cached entries', params: ({ event }) => ({ key: event.key }) },
        },
        { target: '.loading', reenter: true, actions: { type: 'assign key', params: ({ event }) => ({ key: event.key }) } },
      ],
      'lookup.cleared': { target: '.idle', actions: 'clear key' },
    },
    states: {
      idle: {},
      loading: {
        tags: 'busy',
        invoke: {
          id: 'fetch',
          src: 'fetch entries',
          input: ({ context }) => ({ key: context.key! }),
          onDone: { target: 'settled', actions: { type: 'assign entries', params: ({ event }) => ({ entries: event.output }) } },
          onError: 'failed',
        },
      },
      settled: {
        initial: 'checking',
        states: {
          checking: {
            always: [{ guard: 'has no entries', target: 'empty' }, { target: 'found' }],
          },
          found: {},
          empty: { tags: 'empty' },
        },
      },
      failed: {
        tags: 'error',
        on: { 'lookup.retried': 'loading' },
      },
    },
  });
}

export type CatalogLookupMachine<TEntry> = ReturnType<typeof createCatalogLookupMachine<TEntry>>;
