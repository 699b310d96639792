// The Mermaid export (machines/lab/mermaid.ts) read back: every state, transition, invoke and tag of
// every machine's chart is in the text, where the chart puts it.
import { describe, expect, it } from 'vitest';
import { chartOf, statesOf, type Chart, type ChartState } from '../../machines/lab/chart';
import { edgeLabel, escapeMermaid, mermaidIds, mermaidOf, noteLines, unescapeMermaid } from '../../machines/lab/mermaid';
import { MACHINES } from '../../machines/lab/registry';
import { parseLabel, parseMermaid } from './support/mermaid-parser';

const sorted = <T>(items: T[]) => items.map((item) => JSON.stringify(item)).sort();

describe('Mermaid export', () => {
  describe.each(MACHINES.map((entry) => [entry.name, entry] as const))('%s', (_name, { machine }) => {
    const chart: Chart = chartOf(machine);
    const text = mermaidOf(chart);
    const parsed = parseMermaid(text);
    const ids = mermaidIds(chart);
    const idOf = (stateId: string) => ids.get(stateId)!;

    it('declares every state once, inside its parent, with its key, initial and final marks', () => {
      const parentOf = new Map<string, string | null>([[chart.root.id, null]]);
      for (const state of statesOf(chart.root)) for (const child of state.children) parentOf.set(child.id, state.id);
      const expected = [...statesOf(chart.root)].map((state) => ({
        id: idOf(state.id),
        key: state.key,
        parent: parentOf.get(state.id) === null ? null : idOf(parentOf.get(state.id)!),
        initial: state.initial,
        final: state.type === 'final',
      }));
      expect(sorted(parsed.states)).toEqual(sorted(expected));
    });

    it('draws every transition with its event and guard (a targetless one as a self-loop)', () => {
      const drawn = parsed.transitions.map(({ source, target, label }) => ({ source, target, ...parseLabel(label) }));
      const expected = chart.edges.map((edge) => ({ source: idOf(edge.source), target: idOf(edge.targetless ? edge.source : edge.target), event: edge.event, guard: edge.guard }));
      expect(sorted(drawn)).toEqual(sorted(expected));
    });

    it('notes what each state invokes and its tags', () => {
      for (const state of statesOf(chart.root)) {
        const notes = parsed.notes.get(idOf(state.id)) ?? [];
        expect(notes).toEqual(noteLines(state));
        for (const invoke of state.invokes) expect(notes).toContain(`invoca: ${invoke.src}`);
        if (state.tags.length) expect(notes).toContain(`etiquetas: ${state.tags.join(', ')}`);
      }
    });

    it('keeps out of labels the characters that break Mermaid', () => {
      for (const line of text.split('\n').filter((l) => l.includes(' --> ') && l.includes(' : '))) {
        const label = line.slice(line.indexOf(' : ') + 3);
        expect(label.replace(/#\d+;/g, '')).not.toMatch(/[:;#{}"]/);
      }
    });
  });

  it('writes the wizard as nested blocks, its first state entered from [*], its events labelled', () => {
    const text = mermaidOf(chartOf(MACHINES.find((m) => m.name === 'wizard')!.machine));
    expect(text.startsWith('stateDiagram-v2\n  state "wizard" as wizard {\n')).toBe(true);
    expect(text).toContain('    [*] --> wizard_opening\n');
    expect(text).toContain('wizard_opening --> wizard_loading : siempre [has uuid]\n');
    expect(text).toMatch(/note right of wizard_loading\n\s+invoca: load application\n/);
  });

  it('separates the regions of a parallel state with --', () => {
    const text = mermaidOf(chartOf(MACHINES.find((m) => m.name === 'print')!.machine));
    expect(text.split('\n').filter((line) => line.trim() === '--').length).toBeGreaterThan(0);
  });

  it('escapes label characters reversibly', () => {
    const label = 'error: save [and(a; b)] #1 {x} "y"';
    expect(escapeMermaid(label).replace(/#\d+;/g, '')).not.toMatch(/[:;#{}"]/);
    expect(unescapeMermaid(escapeMermaid(label))).toBe(label);
    expect(edgeLabel({ event: 'al terminar load', guard: 'is complete' })).toBe('al terminar load [is complete]');
  });

  it('keeps ids unique once dots become underscores', () => {
    const state = (id: string, children: ChartState[] = []): ChartState => ({
      id, key: id, type: children.length ? 'compound' : 'atomic', initial: false, tags: [], entry: [], exit: [], invokes: [], contextKeys: [], description: null, children,
    });
    const chart: Chart = { id: 'm', root: state('m', [state('m.a.b'), state('m.a_b')]), edges: [] };
    expect([...mermaidIds(chart).values()]).toEqual(['m', 'm_a_b', 'm_a_b_2']);
    expect(parseMermaid(mermaidOf(chart)).states.map((s) => s.key)).toEqual(['m', 'm.a.b', 'm.a_b']);
  });
});
