// A chart (chart.ts) as a Mermaid `stateDiagram-v2`, written here rather than by the mermaid package:
// the docs of docs/machines/ embed it, and GitHub draws it. The whole machine is one block; each
// compound state a nested block, a parallel state's regions separated by `--`; states first, then
// every transition at the end (Mermaid links states by id wherever they were declared).
import type { Chart, ChartEdge, ChartState } from './chart';
import { statesOf } from './chart';

/**
 * The characters Mermaid reads as syntax inside a label (`:` ends a transition's source part, `;`
 * ends a statement, `#` starts an entity, braces open blocks, `"` closes a name) are written as
 * Mermaid's own entity codes, `#58;` for `:`, which it draws as the character.
 */
const ESCAPED = /[#:;{}"]/g;
export const escapeMermaid = (text: string) => text.replace(ESCAPED, (char) => `#${char.charCodeAt(0)};`);
export const unescapeMermaid = (text: string) => text.replace(/#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** A transition's label: its event, and ` [guard]` when guarded (unescaped). */
export const edgeLabel = (edge: Pick<ChartEdge, 'event' | 'guard'>) => (edge.guard ? `${edge.event} [${edge.guard}]` : edge.event);

/** The note lines of a state: what it invokes, its tags. */
export const noteLines = (state: Pick<ChartState, 'invokes' | 'tags'>) => [
  ...state.invokes.map((invoke) => `invoca: ${invoke.src}`),
  ...(state.tags.length ? [`etiquetas: ${state.tags.join(', ')}`] : []),
];

/** Each state id of the chart as a Mermaid id: anything but letters, digits and `_` becomes `_`, kept unique. */
export function mermaidIds(chart: Chart): Map<string, string> {
  const ids = new Map<string, string>();
  const used = new Set<string>();
  for (const state of statesOf(chart.root)) {
    const base = state.id.replace(/\W/g, '_');
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
    used.add(id);
    ids.set(state.id, id);
  }
  return ids;
}

export function mermaidOf(chart: Chart): string {
  const ids = mermaidIds(chart);
  const idOf = (stateId: string) => {
    const id = ids.get(stateId);
    if (!id) throw new Error(`The chart of '${chart.id}' has a transition to '${stateId}', which is none of its states`);
    return id;
  };
  const lines = ['stateDiagram-v2'];

  const write = (state: ChartState, depth: number) => {
    const indent = '  '.repeat(depth);
    const id = idOf(state.id);
    const declaration = `${indent}state "${escapeMermaid(state.key)}" as ${id}`;
    if (state.children.length === 0) lines.push(declaration);
    else {
      lines.push(`${declaration} {`);
      const inner = '  '.repeat(depth + 1);
      state.children.forEach((child, index) => {
        if (state.type === 'parallel' && index > 0) lines.push(`${inner}--`);
        if (child.initial) lines.push(`${inner}[*] --> ${idOf(child.id)}`);
        write(child, depth + 1);
        if (child.type === 'final') lines.push(`${inner}${idOf(child.id)} --> [*]`);
      });
      lines.push(`${indent}}`);
    }
    const notes = noteLines(state);
    if (notes.length) lines.push(`${indent}note right of ${id}`, ...notes.map((line) => `${indent}  ${escapeNote(line)}`), `${indent}end note`);
  };
  write(chart.root, 1);

  for (const edge of chart.edges) lines.push(`  ${idOf(edge.source)} --> ${idOf(edge.target)} : ${escapeMermaid(edgeLabel(edge))}`);
  return `${lines.join('\n')}\n`;
}

/** A note line keeps its `invoca:` / `etiquetas:` prefix as written; what follows is escaped. */
function escapeNote(line: string): string {
  const colon = line.indexOf(': ');
  return `${line.slice(0, colon + 2)}${escapeMermaid(line.slice(colon + 2))}`;
}
