// The chart the lab draws (machines/lab/chart.ts) against each machine's own state nodes, walked here
// without xstate/graph: every state with its type, initial mark, tags and invokes; every transition
// the coverage counts, with its guard and delay; and a few facts of the wizard known by heart.
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { chartOf, statesOf, type Chart, type ChartState } from '../../machines/lab/chart';
import { MACHINES } from '../../machines/lab/registry';
import { definedTransitions, guardName, transitionName } from '../../machines/lab/transitions';

function* nodesOf(node: AnyStateNode): Generator<AnyStateNode> {
  yield node;
  for (const child of Object.values(node.states ?? {}) as AnyStateNode[]) yield* nodesOf(child);
}

const transitionsOf = (node: AnyStateNode): AnyTransitionDefinition[] => [...[...node.transitions.values()].flat(), ...(node.always ?? [])];

/** Entered with its parent: every region of a parallel state, and the child the parent's `initial` names. */
const isInitial = (node: AnyStateNode) => !!node.parent && (node.parent.type === 'parallel' || (node.parent.config as { initial?: string }).initial === node.key);

const srcOf = (src: unknown) => (typeof src === 'string' ? src : 'inline');

const wizard = () => chartOf(MACHINES.find((entry) => entry.name === 'wizard')!.machine);
const stateOf = (chart: Chart, id: string): ChartState => {
  const state = [...statesOf(chart.root)].find((s) => s.id === id);
  if (!state) throw new Error(`No state ${id} in the chart of ${chart.id}`);
  return state;
};

describe.each(MACHINES.map((entry) => [entry.name, entry.machine] as const))('the chart of %s', (_name, machine: AnyStateMachine) => {
  const chart = chartOf(machine);
  const states = new Map([...statesOf(chart.root)].map((state) => [state.id, state]));
  const nodes = [...nodesOf(machine.root)];

  it('has every state node, with its type, initial mark, tags and invokes', () => {
    expect([...states.keys()].sort()).toEqual(nodes.map((node) => node.id).sort());
    for (const node of nodes) {
      const state = states.get(node.id)!;
      expect({ id: state.id, key: state.key, type: state.type, initial: state.initial, tags: [...state.tags].sort(), invokes: state.invokes.map((i) => i.src) }).toEqual({
        id: node.id,
        key: node.key,
        type: node.type,
        initial: isInitial(node),
        tags: [...node.tags].sort(),
        invokes: node.invoke.map((invoke) => srcOf(invoke.src)),
      });
      expect(state.children.map((child) => child.id)).toEqual(Object.values(node.states ?? {}).map((child) => (child as AnyStateNode).id));
    }
  });

  it('has every transition the coverage counts, and no other', () => {
    expect([...new Set(chart.edges.map((edge) => edge.transition))].sort()).toEqual([...definedTransitions(machine)].sort());
  });

  it('gives each transition its source, targets and guard', () => {
    for (const node of nodes) {
      for (const transition of transitionsOf(node)) {
        const edges = chart.edges.filter((edge) => edge.transition === transitionName(transition));
        const targets = transition.target?.length ? transition.target.map((target: AnyStateNode) => target.id) : [node.id];
        expect(edges.map((edge) => edge.target).sort()).toEqual([...targets].sort());
        for (const edge of edges) {
          expect(edge.source).toBe(node.id);
          expect(edge.targetless).toBe(!transition.target?.length);
          expect(edge.guard).toBe(transition.guard ? guardName(transition.guard) : null);
          expect(edge.kind === 'always').toBe(transition.eventType === '');
        }
      }
    }
  });

  it('gives every delayed transition its delay', () => {
    for (const node of nodes) {
      const delays = Object.keys((node.config as { after?: object }).after ?? {});
      const delayed = chart.edges.filter((edge) => edge.source === node.id && edge.kind === 'after');
      expect([...new Set(delayed.map((edge) => edge.delay))].sort()).toEqual(delays.sort());
      for (const edge of delayed) expect(edge.event).toBe(`tras ${edge.delay}`);
    }
    for (const edge of chart.edges.filter((e) => e.kind !== 'after')) expect(edge.delay).toBeNull();
  });
});

describe('the chart of the wizard, by heart', () => {
  const chart = wizard();

  it('loads by invoking load application, tagged busy', () => {
    const loading = stateOf(chart, 'wizard.loading');
    expect(loading.invokes).toEqual([{ id: 'load', src: 'load application' }]);
    expect(loading.tags).toContain('busy');
  });

  it('leaves opening by four always transitions, the first three guarded', () => {
    const always = chart.edges.filter((edge) => edge.source === 'wizard.opening' && edge.kind === 'always');
    expect(always.map((edge) => [edge.target, edge.guard])).toEqual([
      ['wizard.loading', 'has uuid'],
      ['wizard.checkingParent', 'is a new guarantor of a stored PM'],
      ['wizard.ready', 'is first use'],
      ['wizard.ready', null],
    ]);
    expect(stateOf(chart, 'wizard.opening').initial).toBe(true);
  });

  it('reads the context keys the actions assign', () => {
    expect(stateOf(chart, 'wizard.ready.idle').contextKeys).toEqual(expect.arrayContaining(['target', 'after']));
    expect(stateOf(chart, 'wizard.ready.saving').contextKeys).toEqual(expect.arrayContaining(['saved', 'serverErrors']));
  });

  it('tags saving busy and saving, and runs the PLD review while ready', () => {
    expect(stateOf(chart, 'wizard.ready.saving').tags).toEqual(expect.arrayContaining(['busy', 'saving']));
    expect(stateOf(chart, 'wizard.ready').invokes).toEqual([{ id: 'pld', src: 'pld review' }]);
    expect(stateOf(chart, 'wizard.finished').type).toBe('atomic');
  });
});

describe('delays read as events', () => {
  it('names the PLD review’s debounce as its delay', () => {
    const chart = chartOf(MACHINES.find((entry) => entry.name === 'pld-review')!.machine);
    const edge = chart.edges.find((e) => e.source === 'pldReview.scheduled' && e.kind === 'after')!;
    expect(edge).toMatchObject({ event: 'tras validation debounce', delay: 'validation debounce', target: 'pldReview.checking' });
  });
});
