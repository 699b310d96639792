// Model-based testing support for our machines (DESIGN.md §1): xstate/graph enumerates every
// transition the machine defines; each one is reached by the shortest path to its source
// state and replayed on a real actor, and the actor's inspect hook records the transitions
// that really ran, so coverage counts what executed rather than what was planned.
import { getAdjacencyMap, getShortestPaths, adjacencyMapToArray } from 'xstate/graph';
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
