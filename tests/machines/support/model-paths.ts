// Model-based testing support for our machines (DESIGN.md §1): xstate/graph finds, for the
// events a test offers, every step the machine can take and the shortest path to it; each is
// replayed on a real actor. Coverage is not counted here: the actors' inspect hook records the
// transition definitions that really ran (coverage-report.ts), against what each machine defines.
import { expect, it } from 'vitest';
import { getAdjacencyMap, getShortestPaths, adjacencyMapToArray } from 'xstate/graph';
import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';
import type { Inspect } from './coverage-report';
import { pathRecorderOf } from './test-paths-record';

type Snap = SnapshotFrom<AnyStateMachine>;

export interface Edge {
  /** `source --event--> target`, by state value: the step's test name (coverage is named by the definition, machines/lab/transitions.ts). */
  key: string;
  path: EventObject[];
  event: EventObject;
  source: Snap;
  target: Snap;
}

const valueOf = (snapshot: { value: unknown }) => JSON.stringify(snapshot.value);
const stepKey = (source: { value: unknown }, eventType: string, target: { value: unknown }) =>
  `${valueOf(source)} --${eventType}--> ${valueOf(target)}`;

export interface ModelOptions<TInput> {
  input: TInput;
  events: EventObject[];
  /** What identifies a distinct state for the traversal (state value plus the context that matters). */
  serializeState: (snapshot: Snap) => string;
  /**
   * Whether the real actors can produce `event` in `snapshot`: a call invoked by a state that stays
   * active after it settled (the e.firma packet's fetch) settles once, where the machine alone would take it again.
   */
  possible?: (snapshot: Snap, event: EventObject) => boolean;
}

/** Every enabled transition of the machine, each with the shortest event path that reaches its source. */
export function enumerateEdges<TInput>(machine: AnyStateMachine, options: ModelOptions<TInput>): Edge[] {
  const traversal = {
    input: options.input,
    events: options.events,
    serializeState: (snapshot: Snap) => options.serializeState(snapshot),
    // Any transition enabled, even one without target or actions (which `snapshot.can` leaves out).
    filterEvents: (snapshot: Snap, event: EventObject) =>
      snapshot.machine.getTransitionData(snapshot as never, event).length > 0 && (options.possible?.(snapshot, event) ?? true),
  };
  const adjacency = adjacencyMapToArray(getAdjacencyMap(machine, traversal as never));
  const paths = getShortestPaths(machine, traversal as never);
  const pathTo = new Map(paths.map((p) => [options.serializeState(p.state as Snap), p.steps.map((s) => s.event as EventObject)]));
  return adjacency.map(({ state, event, nextState }) => {
    const source = state as Snap;
    const target = nextState as Snap;
    const steps = pathTo.get(options.serializeState(source));
    if (!steps) throw new Error(`No path reaches ${options.serializeState(source)}`);
    return { key: stepKey(source, (event as EventObject).type, target), path: steps, event: event as EventObject, source, target };
  });
}

export interface Harness {
  actor: { getSnapshot(): Snap; stop(): void };
}

export interface EveryTransitionOptions<H extends Harness> {
  edges: Array<Edge & { input?: unknown }>;
  serializeState: (snapshot: Snap) => string;
  /** Starts a real actor (with fake services) for an edge, reporting to `inspect`. */
  start: (edge: Edge & { input?: unknown }, inspect: Inspect) => H;
  /** The test file's coverage hook (coverage-report.ts). */
  inspect: Inspect;
  /** Plays one event of a path: sends it, or settles the fake service it names. */
  play: (harness: H, event: EventObject) => Promise<void>;
  /** What the state reached means, checked after every step. */
  assertMeaning: (snapshot: Snap, harness: H) => void;
}

/**
 * Registers one test per step found: its shortest path replayed on a real actor, each state reached
 * checked for what it means. When `inspect` is a file's coverage hook, each path is recorded for the
 * lab (test-paths-record.ts): one step per event played (the first, `xstate.init`, holds what the
 * actor took as it started), each with the transitions it took and the state value it left.
 */
export function testEveryTransition<H extends Harness>({ edges, serializeState, start, play, assertMeaning, inspect }: EveryTransitionOptions<H>) {
  const recorder = pathRecorderOf(inspect);
  it.each(edges.map((edge) => [edge.key, edge] as const))('%s', async (key, edge) => {
    const path = recorder?.start(key);
    let harness: H | undefined;
    try {
      harness = start(edge, path ? path.inspect(inspect) : inspect);
      // The walk's paths open with `xstate.init`, the step that holds what the actor took as it started.
      if (edge.path[0]?.type !== 'xstate.init') path?.step({ type: 'xstate.init' }, harness.actor.getSnapshot());
      for (const event of [...edge.path, edge.event]) {
        await play(harness, event);
        path?.step(event, harness.actor.getSnapshot());
        assertMeaning(harness.actor.getSnapshot(), harness);
      }
      expect(serializeState(harness.actor.getSnapshot())).toBe(serializeState(edge.target));
    } finally {
      // A failed step leaves no actor running (its delays would fire into the next tests).
      harness?.actor.stop();
      path?.finish();
    }
  });
}

/**
 * A machine started without input, walked whole: its edges enumerated over `events`, and one test per
 * edge registered (testEveryTransition). `start` gets the file's coverage hook.
 */
export function walkEveryTransition<H extends Harness>(
  machine: AnyStateMachine,
  options: { events: EventObject[]; start: (inspect: Inspect) => H } & Pick<EveryTransitionOptions<H>, 'serializeState' | 'play' | 'assertMeaning' | 'inspect'>,
) {
  const edges = enumerateEdges(machine, { input: undefined, events: options.events, serializeState: options.serializeState });
  testEveryTransition({ ...options, edges, start: (_edge, inspect) => options.start(inspect) });
}
