// The transitions a machine defines, read from its own definition (DESIGN.md §1): every state
// node's `transitions` (its `on` events, the done and error events of the actors it invokes, their
// snapshots, its delayed `after` events, its own `onDone`) and its eventless `always`, each guarded
// alternative one by one. Each gets a readable, stable name, so a transition the tests never take
// is listed by name; the name of a transition taken is computed from the definition the running
// actor reports (the `@xstate.microstep` inspection event), so the two always agree.
import { and, not, or, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition, type InspectionEvent } from 'xstate';

/** XState's guard combinators, known by their `check` (a minifier renames the functions, not what they hold). */
const COMBINATORS: ReadonlyArray<[string, unknown]> = [
  ['and', (and([]) as unknown as { check: unknown }).check],
  ['or', (or([]) as unknown as { check: unknown }).check],
  ['not', (not('x') as unknown as { check: unknown }).check],
];

/** A guard's name: its type, or the combination `and(a, b)` / `or(...)` / `not(...)` of named guards. */
export function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const { guards: inner, check } = guard as { guards?: unknown[]; check?: unknown };
    const combinator = COMBINATORS.find(([, known]) => known === check)?.[0];
    return inner ? `${combinator ?? guard.name}(${inner.map(guardName).join(', ')})` : guard.name || 'inline';
  }
  if (guard && typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline';
}

/** `xstate.after.<delay>.<state id>` reads `after <delay>`: the state id is already in the name. */
function eventName(transition: AnyTransitionDefinition): string {
  if (transition.eventType === '') return 'always';
  const delayed = `.${transition.source.id}`;
  if (transition.eventType.startsWith('xstate.after.') && transition.eventType.endsWith(delayed)) {
    return `after ${transition.eventType.slice('xstate.after.'.length, -delayed.length)}`;
  }
  return transition.eventType;
}

/** The alternatives a transition is one of: the list it was defined in on its source node. */
function alternativesOf(transition: AnyTransitionDefinition): AnyTransitionDefinition[] {
  const node = transition.source;
  const list = transition.eventType === '' ? node.always : node.transitions.get(transition.eventType);
  if (!list?.includes(transition)) throw new Error(`A transition of #${node.id} on '${transition.eventType}' that its definition does not hold`);
  return list;
}

/**
 * `<state id> --<event>[ guard <name> | #<index>]--> <targets>`: a guarded alternative is named by
 * its guard (and its position when two share one), an unguarded one among alternatives by its position.
 */
export function transitionName(transition: AnyTransitionDefinition): string {
  const alternatives = alternativesOf(transition);
  const index = alternatives.indexOf(transition);
  let which = '';
  if (transition.guard) {
    const name = guardName(transition.guard);
    const shared = alternatives.filter((t) => t.guard && guardName(t.guard) === name).length > 1;
    which = ` guard ${name}${shared ? ` #${index}` : ''}`;
  } else if (alternatives.length > 1) which = ` #${index}`;
  const targets = transition.target?.length ? transition.target.map((node: AnyStateNode) => `#${node.id}`).join(', ') : '(no target)';
  return `${transition.source.id} --${eventName(transition)}${which}--> ${targets}${transition.reenter ? ' (reenter)' : ''}`;
}

/** A state node and every node below it, in document order. */
export function* stateNodes(node: AnyStateNode): Generator<AnyStateNode> {
  yield node;
  for (const child of Object.values(node.states ?? {}) as AnyStateNode[]) yield* stateNodes(child);
}

/** Every transition the machine defines, by name, in document order. */
export function definedTransitions(machine: AnyStateMachine): string[] {
  const names: string[] = [];
  for (const node of stateNodes(machine.root)) {
    for (const list of node.transitions.values()) names.push(...list.map(transitionName));
    names.push(...(node.always ?? []).map(transitionName));
  }
  if (new Set(names).size !== names.length) throw new Error(`Two transitions of '${machine.id}' share a name: ${names.filter((n, i) => names.indexOf(n) !== i).join('; ')}`);
  return names;
}

/** The transitions an inspection event reports taken (a `@xstate.microstep`'s), by machine id and name; none for any other event. */
export function microstepTransitions(event: InspectionEvent): Array<{ machine: string; transition: string }> {
  if (event.type !== '@xstate.microstep') return [];
  return (event as { _transitions: AnyTransitionDefinition[] })._transitions.map((transition) => ({
    machine: transition.source.machine.id as string,
    transition: transitionName(transition),
  }));
}

/**
 * Records, through an actor's `inspect` hook, every transition taken by the actor and the
 * actors it invokes (a microstep reports the transition definitions it took), grouped by the
 * id of the machine that defines them.
 */
export function takenTransitions() {
  const taken = new Map<string, Set<string>>();
  const inspect = (event: InspectionEvent) => {
    for (const { machine, transition } of microstepTransitions(event)) {
      if (!taken.has(machine)) taken.set(machine, new Set());
      taken.get(machine)!.add(transition);
    }
  };
  return { inspect, taken };
}

export type TakenTransitions = ReturnType<typeof takenTransitions>['taken'];
