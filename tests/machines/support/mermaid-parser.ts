// Reads back exactly what machines/lab/mermaid.ts writes (not Mermaid in general), so a test can
// compare the text with the chart it came from.
import { unescapeMermaid } from '../../../machines/lab/mermaid';

export interface ParsedState {
  id: string;
  /** The name it is drawn with (the state's key). */
  key: string;
  /** The id of the block it is declared in; null at the top. */
  parent: string | null;
  initial: boolean;
  final: boolean;
}

export interface ParsedTransition {
  source: string;
  target: string;
  /** Unescaped: `event` or `event [guard]`. */
  label: string;
}

export interface ParsedMermaid {
  states: ParsedState[];
  transitions: ParsedTransition[];
  /** The note lines of each state, unescaped. */
  notes: Map<string, string[]>;
}

const ID = '(\\w+)';
const DECLARATION = new RegExp(`^state "([^"]*)" as ${ID}( \\{)?$`);
const INITIAL = new RegExp(`^\\[\\*\\] --> ${ID}$`);
const FINAL = new RegExp(`^${ID} --> \\[\\*\\]$`);
const TRANSITION = new RegExp(`^${ID} --> ${ID} : (.+)$`);
const NOTE = new RegExp(`^note right of ${ID}$`);

export function parseMermaid(text: string): ParsedMermaid {
  const lines = text.split('\n').map((line) => line.trim());
  if (lines[0] !== 'stateDiagram-v2') throw new Error(`Not a stateDiagram-v2: '${lines[0]}'`);
  const states = new Map<string, ParsedState>();
  const transitions: ParsedTransition[] = [];
  const notes = new Map<string, string[]>();
  const blocks: string[] = [];
  const initials = new Set<string>();
  const finals = new Set<string>();
  let note: string | null = null;

  lines.slice(1).forEach((line, index) => {
    if (note !== null) {
      if (line === 'end note') note = null;
      else notes.get(note)!.push(unescapeMermaid(line));
      return;
    }
    let match: RegExpMatchArray | null;
    if (line === '' || line === '--') return;
    if (line === '}') {
      if (!blocks.pop()) throw new Error(`Line ${index + 2}: a '}' closing no block`);
    } else if ((match = line.match(DECLARATION))) {
      const [, key, id, opens] = match as unknown as [string, string, string, string | undefined];
      if (states.has(id)) throw new Error(`Line ${index + 2}: '${id}' declared twice`);
      states.set(id, { id, key: unescapeMermaid(key), parent: blocks.at(-1) ?? null, initial: false, final: false });
      if (opens) blocks.push(id);
    } else if ((match = line.match(INITIAL))) initials.add(match[1]!);
    else if ((match = line.match(FINAL))) finals.add(match[1]!);
    else if ((match = line.match(TRANSITION))) transitions.push({ source: match[1]!, target: match[2]!, label: unescapeMermaid(match[3]!) });
    else if ((match = line.match(NOTE))) {
      note = match[1]!;
      notes.set(note, [...(notes.get(note) ?? [])]);
    } else throw new Error(`Line ${index + 2}: '${line}' is nothing mermaid.ts writes`);
  });
  if (blocks.length) throw new Error(`Unclosed blocks: ${blocks.join(', ')}`);
  if (note !== null) throw new Error(`Unclosed note of ${note}`);
  for (const id of [...initials, ...finals, ...transitions.flatMap((t) => [t.source, t.target]), ...notes.keys()]) {
    if (!states.has(id)) throw new Error(`'${id}' is used but never declared`);
  }
  for (const state of states.values()) {
    state.initial = initials.has(state.id);
    state.final = finals.has(state.id);
  }
  return { states: [...states.values()], transitions, notes };
}

/** `event [guard]` → its parts. */
export function parseLabel(label: string): { event: string; guard: string | null } {
  const match = label.match(/^(.*?) \[(.*)\]$/);
  return match ? { event: match[1]!, guard: match[2]! } : { event: label, guard: null };
}
