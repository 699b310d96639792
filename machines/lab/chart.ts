// A machine as the lab draws it and the Mermaid export writes it: xstate/graph's `toDirectedGraph`
// gives the state tree and every event transition (a targetless one pointing back at its source);
// the eventless `always` transitions, which it leaves out, are added from each state node. Each
// transition keeps the coverage name (transitions.ts), so the lab can mark the ones the tests took.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { guardName, transitionName } from './transitions';

export type ChartStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartInvoke {
  id: string;
  src: string;
}

export interface ChartState {
  /** The state node's id: `wizard.tab.editing`; the machine's own id for the root. */
  id: string;
  key: string;
  type: ChartStateType;
  /** The state its parent enters first (a parallel state's regions all are). */
  initial: boolean;
  tags: string[];
  entry: string[];
  exit: string[];
  invokes: ChartInvoke[];
  /** The context keys its entry, exit and own transitions assign, read from the actions' code. */
  contextKeys: string[];
  description: string | null;
  children: ChartState[];
}

export type ChartEdgeKind = 'event' | 'always' | 'after' | 'done' | 'error' | 'snapshot';

export interface ChartEdge {
  /** Unique within the chart: the coverage name, plus the target when a transition has several. */
  id: string;
  /** The coverage name (transitions.ts): what the tests record when they take it. */
  transition: string;
  source: string;
  /** The source itself for a transition without a target. */
  target: string;
  /** A transition without a target: it runs its actions and stays. */
  targetless: boolean;
  kind: ChartEdgeKind;
  /** The event as a person reads it, XState's own events in Spanish: `tab.next`, `siempre`, `tras 400`, `al terminar load`, `al fallar save`. */
  event: string;
  guard: string | null;
  delay: string | null;
  actions: string[];
  reenter: boolean;
}

export interface Chart {
  id: string;
  root: ChartState;
  edges: ChartEdge[];
}

/** An action's name as the machine names it: its type in `setup`, or what XState calls a built-in. */
export function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') return (action as { type?: string }).type ?? (action.name || 'inline');
  if (action && typeof action === 'object' && 'type' in action) return String((action as { type: unknown }).type);
  return 'inline';
}

const names = (actions: readonly unknown[] | undefined) => (actions ?? []).map(actionName);

/** `xstate.done.actor.load` → `al terminar load`; `xstate.after.400.wizard.x` → `tras 400`; `''` → `siempre`. */
function describeEvent(transition: AnyTransitionDefinition): { kind: ChartEdgeKind; event: string; delay: string | null } {
  const type = transition.eventType;
  if (type === '') return { kind: 'always', event: 'siempre', delay: null };
  const delay = (transition as { delay?: string | number }).delay;
  if (type.startsWith('xstate.after.')) return { kind: 'after', event: `tras ${String(delay)}`, delay: String(delay) };
  for (const [prefix, kind, word] of [
    ['xstate.done.actor.', 'done', 'al terminar'],
    ['xstate.error.actor.', 'error', 'al fallar'],
    ['xstate.snapshot.', 'snapshot', 'al cambiar'],
  ] as const) {
    if (type.startsWith(prefix)) return { kind, event: `${word} ${type.slice(prefix.length)}`, delay: null };
  }
  if (type.startsWith('xstate.done.state.')) return { kind: 'done', event: 'al completarse', delay: null };
  return { kind: 'event', event: type, delay: null };
}

/**
 * The keys of the object literals an assigner returns, read from its code: `assign({ a: …})`
 * directly; `assign(() => ({ a, b: … }))`, `return { … }` and `enqueue.assign({ … })` by reading
 * the literal's top-level keys. Code it cannot read (a spread of a variable) adds nothing.
 */
function keysOfSource(source: string, starts: RegExp): string[] {
  const keys = new Set<string>();
  for (let match = starts.exec(source); match; match = starts.exec(source)) {
    let depth = 0;
    let token = '';
    let expectKey = true;
    for (let i = match.index + match[0].length; i < source.length; i++) {
      const char = source[i]!;
      if ('{[('.includes(char)) depth++;
      else if ('}])'.includes(char)) {
        if (depth === 0) {
          if (expectKey && /^\w+$/.test(token.trim())) keys.add(token.trim());
          break;
        }
        depth--;
      } else if (depth === 0 && char === ':' && expectKey) {
        if (/^\w+$/.test(token.trim())) keys.add(token.trim());
        expectKey = false;
      } else if (depth === 0 && char === ',') {
        if (expectKey && /^\w+$/.test(token.trim())) keys.add(token.trim());
        expectKey = true;
        token = '';
        continue;
      }
      if (expectKey && depth === 0) token += char;
    }
  }
  return [...keys];
}

/** The context keys a named action assigns, read from the machine's implementation of it. */
function assignedKeys(machine: AnyStateMachine, action: unknown): string[] {
  const implementation = typeof action === 'function' ? action : (machine.implementations.actions as Record<string, unknown>)[actionName(action)];
  if (typeof implementation !== 'function') return [];
  const { type, assignment } = implementation as { type?: string; assignment?: unknown };
  if (type === 'xstate.assign') {
    if (assignment && typeof assignment === 'object') return Object.keys(assignment);
    if (typeof assignment !== 'function') return [];
    const source = String(assignment);
    // An arrow returning a literal: that literal; a body: the literals it returns.
    const literal = /^\s*(?:\([^()]*\)|\w+)\s*=>\s*\(\s*\{/;
    return keysOfSource(source, literal.test(source) ? new RegExp(literal, 'g') : /return\s*\{/g);
  }
  if (type === 'xstate.enqueueActions') return keysOfSource(String((implementation as { collect?: unknown }).collect ?? implementation), /\bassign\(\s*\{/g);
  return [];
}

function allTransitions(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

function toState(graph: DirectedGraphNode, machine: AnyStateMachine): ChartState {
  const node = graph.stateNode as AnyStateNode;
  const parent = node.parent;
  const initial = parent ? parent.type === 'parallel' || parent.initial?.target?.includes(node) === true : false;
  const touched = [...node.entry, ...node.exit, ...allTransitions(node).flatMap((t) => t.actions ?? [])].flatMap((a) => assignedKeys(machine, a));
  return {
    id: node.id,
    key: node.key,
    type: node.type as ChartStateType,
    initial,
    tags: [...node.tags],
    entry: names(node.entry),
    exit: names(node.exit),
    invokes: node.invoke.map((invoke) => ({ id: invoke.id, src: typeof invoke.src === 'string' ? invoke.src : 'inline' })),
    contextKeys: [...new Set(touched)].sort(),
    description: node.description ?? null,
    children: graph.children.map((child) => toState(child, machine)),
  };
}

function edgeOf(node: AnyStateNode, transition: AnyTransitionDefinition, target: AnyStateNode, several: boolean): ChartEdge {
  const name = transitionName(transition);
  const { kind, event, delay } = describeEvent(transition);
  return {
    id: several ? `${name} @${target.id}` : name,
    transition: name,
    source: node.id,
    target: target.id,
    targetless: !transition.target?.length,
    kind,
    event,
    guard: transition.guard ? guardName(transition.guard) : null,
    delay,
    actions: names(transition.actions),
    reenter: transition.reenter,
  };
}

/** toDirectedGraph's edges of a state (one per target; a targetless one points at the state), then its `always` ones. */
function toEdges(graph: DirectedGraphNode): ChartEdge[] {
  const node = graph.stateNode as AnyStateNode;
  const several = (transition: AnyTransitionDefinition) => (transition.target?.length ?? 0) > 1;
  const evented = graph.edges.map((edge) => edgeOf(node, edge.transition as AnyTransitionDefinition, edge.target as AnyStateNode, several(edge.transition as AnyTransitionDefinition)));
  const eventless = (node.always ?? []).flatMap((transition: AnyTransitionDefinition) =>
    (transition.target?.length ? transition.target : [node]).map((target: AnyStateNode) => edgeOf(node, transition, target, several(transition))),
  );
  return [...evented, ...eventless];
}

function* graphNodes(graph: DirectedGraphNode): Generator<DirectedGraphNode> {
  yield graph;
  for (const child of graph.children) yield* graphNodes(child);
}

/** The chart of a machine: its state tree and every transition, in document order. */
export function chartOf(machine: AnyStateMachine): Chart {
  const graph = toDirectedGraph(machine);
  const edges = [...graphNodes(graph)].flatMap(toEdges);
  return { id: machine.id, root: toState(graph, machine), edges };
}

export function* statesOf(state: ChartState): Generator<ChartState> {
  yield state;
  for (const child of state.children) yield* statesOf(child);
}

/** The ids of the states a snapshot's value names active, ancestors included: `{ ready: 'idle' }` → wizard, wizard.ready, wizard.ready.idle. */
export function activeStateIds(chart: Chart, value: unknown): Set<string> {
  const active = new Set<string>([chart.root.id]);
  const walk = (state: ChartState, value: unknown) => {
    if (typeof value === 'string') {
      const child = state.children.find((c) => c.key === value);
      if (child) active.add(child.id);
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      const child = state.children.find((c) => c.key === key);
      if (!child) continue;
      active.add(child.id);
      walk(child, inner);
    }
  };
  walk(chart.root, value);
  return active;
}
