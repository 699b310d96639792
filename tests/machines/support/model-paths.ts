// Model-based testing support for our machines (DESIGN.md §1): xstate/graph enumerates every
// transition the machine defines; each one is reached by the shortest path to its source
// state and replayed on a real actor, and the actor's inspect hook records the transitions
// that really ran, so coverage counts what executed rather than what was planned.
import { afterAll, expect, it } from 'vitest';
import { getAdjacencyMap, getShortestPaths, adjacencyMapToArray } from 'xstate/graph';
import { recordCoverage } from './coverage-report';
import type { AnyActorRef, AnyStateMachine, EventObject, InspectionEvent, SnapshotFrom } from 'xstate';

type Snap = SnapshotFrom<AnyStateMachine>;

export interface Edge {
  /** `source --event--> target`, by state value. */
  key: string;
  path: EventObject[];
  event: EventObject;
  source: Snap;
  target: Snap;
}

const valueOf = (snapshot: { value: unknown }) => JSON.stringify(snapshot.value);
export const transitionKey = (source: { value: unknown }, eventType: string, target: { value: unknown }) =>
  `${valueOf(source)} --${eventType}--> ${valueOf(target)}`;

export interface ModelOptions<TInput> {
  input: TInput;
  events: EventObject[];
  /** What identifies a distinct state for the traversal (state value plus the context that matters). */
  serializeState: (snapshot: Snap) => string;
}

/** Every enabled transition of the machine, each with the shortest event path that reaches its source. */
export function enumerateEdges<TInput>(machine: AnyStateMachine, options: ModelOptions<TInput>): Edge[] {
  const traversal = {
    input: options.input,
    events: options.events,
    serializeState: (snapshot: Snap) => options.serializeState(snapshot),
    filterEvents: (snapshot: Snap, event: EventObject) => snapshot.can(event),
  };
  const adjacency = adjacencyMapToArray(getAdjacencyMap(machine, traversal as never));
  const paths = getShortestPaths(machine, traversal as never);
  const pathTo = new Map(paths.map((p) => [options.serializeState(p.state as Snap), p.steps.map((s) => s.event as EventObject)]));
  return adjacency.map(({ state, event, nextState }) => {
    const source = state as Snap;
    const target = nextState as Snap;
    const steps = pathTo.get(options.serializeState(source));
    if (!steps) throw new Error(`No path reaches ${options.serializeState(source)}`);
    return { key: transitionKey(source, (event as EventObject).type, target), path: steps, event: event as EventObject, source, target };
  });
}

/** The distinct transitions (by state value and event type) among the edges. */
export const definedTransitions = (edges: Edge[]) => new Set(edges.map((e) => e.key));

/** Records the transitions a running root actor takes, through its inspect hook. */
export function transitionRecorder() {
  const seen = new Set<string>();
  let previous: { value: unknown } | undefined;
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.snapshot' || (event.actorRef as AnyActorRef).sessionId !== event.rootId) return;
    const snapshot = event.snapshot as Snap;
    if (previous && event.event.type !== 'xstate.init') seen.add(transitionKey(previous, event.event.type, snapshot));
    previous = snapshot;
  };
  return { inspect, seen };
}

export function coverageLine(name: string, defined: Set<string>, exercised: Set<string>): string {
  const hit = [...defined].filter((key) => exercised.has(key)).length;
  const missing = [...defined].filter((key) => !exercised.has(key));
  return `${name}: ${hit}/${defined.size} transitions exercised${missing.length ? ` (missing: ${missing.join('; ')})` : ''}`;
}

export interface Harness {
  actor: { getSnapshot(): Snap; stop(): void };
}

export interface EveryTransitionOptions<H extends Harness> {
  /** The machine's name in the coverage report. */
  name: string;
  edges: Array<Edge & { input?: unknown }>;
  serializeState: (snapshot: Snap) => string;
  /** Starts a real actor (with fake services) for an edge, recording through `inspect`. */
  start: (edge: Edge & { input?: unknown }, inspect: ReturnType<typeof transitionRecorder>['inspect']) => H;
  /** Plays one event of a path: sends it, or settles the fake service it names. */
  play: (harness: H, event: EventObject) => Promise<void>;
  /** What the state reached means, checked after every step. */
  assertMeaning: (snapshot: Snap, harness: H) => void;
}

/**
 * Registers one test per transition (its shortest path replayed on a real actor), records the
 * transitions that ran, and a last test that every defined transition was exercised.
 */
export function testEveryTransition<H extends Harness>({ name, edges, serializeState, start, play, assertMeaning }: EveryTransitionOptions<H>) {
  const defined = definedTransitions(edges);
  const exercised = new Set<string>();

  it.each(edges.map((edge) => [edge.key, edge] as const))('%s', async (_key, edge) => {
    const recorder = transitionRecorder();
    const harness = start(edge, recorder.inspect);
    for (const event of [...edge.path, edge.event]) {
      await play(harness, event);
      assertMeaning(harness.actor.getSnapshot(), harness);
    }
    expect(serializeState(harness.actor.getSnapshot())).toBe(serializeState(edge.target));
    for (const key of recorder.seen) exercised.add(key);
    harness.actor.stop();
  });

  afterAll(() => {
    recordCoverage(name, defined, exercised);
    console.log(coverageLine(name, defined, exercised));
  });

  it('exercises every defined transition', () => {
    expect([...defined].filter((key) => !exercised.has(key))).toEqual([]);
  });
}
