// A machine's context as a collapsible tree: objects and arrays as nested <details>, leaves as
// JSON-ish values with long strings cut. Used by the sandbox and the live-attach panel.
import { memo } from 'react';

export interface ContextTreeProps {
  value: unknown;
  /** Strings longer than this are cut, with their length said. Default 80. */
  maxString?: number;
  /** Levels open at first. Default 1 (the top keys are shown, their contents closed). */
  openDepth?: number;
}

function leafText(value: unknown, maxString: number): string {
  if (typeof value === 'string') {
    return value.length > maxString ? `${JSON.stringify(value.slice(0, maxString))}… (${value.length} caracteres)` : JSON.stringify(value);
  }
  if (value === undefined) return 'sin definir';
  if (typeof value === 'function') return `función ${value.name || 'anónima'}`;
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Date) return `Date ${value.toISOString()}`;
  if (typeof File !== 'undefined' && value instanceof File) return `File ${JSON.stringify(value.name)} (${value.size} bytes)`;
  if (ArrayBuffer.isView(value)) return `${value.constructor.name} (${value.byteLength} bytes)`;
  return String(value);
}

// Bytes are a leaf: a signed PDF in the context would otherwise be a branch of a million entries.
const isBranch = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && !(value instanceof Date) && !(typeof File !== 'undefined' && value instanceof File) && !ArrayBuffer.isView(value);

function summary(value: object): string {
  if (Array.isArray(value)) return `[${value.length}]`;
  if (value instanceof Map || value instanceof Set) return `${value.constructor.name} (${value.size})`;
  const keys = Object.keys(value).length;
  return `{${keys}}`;
}

function entriesOf(value: object): [string, unknown][] {
  if (value instanceof Map) return [...value.entries()].map(([k, v]) => [String(k), v]);
  if (value instanceof Set) return [...value.values()].map((v, i) => [String(i), v]);
  return Object.entries(value);
}

function Node({ name, value, depth, maxString, openDepth }: { name: string; value: unknown; depth: number; maxString: number; openDepth: number }) {
  if (!isBranch(value)) {
    return (
      <li>
        <span className="context-tree-key">{name}</span>: <code className={`context-tree-value context-tree-${value === null ? 'null' : typeof value}`}>{leafText(value, maxString)}</code>
      </li>
    );
  }
  const entries = entriesOf(value);
  return (
    <li>
      <details open={depth < openDepth}>
        <summary>
          <span className="context-tree-key">{name}</span> <span className="context-tree-summary">{summary(value)}</span>
        </summary>
        {entries.length > 0 && <Branch entries={entries} depth={depth + 1} maxString={maxString} openDepth={openDepth} />}
      </details>
    </li>
  );
}

function Branch({ entries, depth, maxString, openDepth }: { entries: [string, unknown][]; depth: number; maxString: number; openDepth: number }) {
  return (
    <ul className="context-tree-list">
      {entries.map(([key, inner]) => (
        <Node key={key} name={key} value={inner} depth={depth} maxString={maxString} openDepth={openDepth} />
      ))}
    </ul>
  );
}

export const ContextTree = memo(function ContextTree({ value, maxString = 80, openDepth = 1 }: ContextTreeProps) {
  if (!isBranch(value)) return <code className="context-tree-value">{leafText(value, maxString)}</code>;
  const entries = entriesOf(value);
  if (entries.length === 0) return <p className="context-tree-empty">(vacío)</p>;
  return (
    <div className="context-tree">
      <Branch entries={entries} depth={0} maxString={maxString} openDepth={openDepth} />
    </div>
  );
});
