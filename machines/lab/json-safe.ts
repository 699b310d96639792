// A value as JSON and a BroadcastChannel can carry it: what the model-based tests write of each
// step they replay (tests/machines/support/test-paths-record.ts) and what a page publishes live to
// the machine lab (src/wizard/live-inspection.ts).

const isBlob = (value: object): value is { size: number; type: string; name?: unknown } =>
  typeof (value as { size?: unknown }).size === 'number' && typeof (value as { type?: unknown }).type === 'string' && typeof (value as { arrayBuffer?: unknown }).arrayBuffer === 'function';

/**
 * A value as JSON can hold it: functions, instances of classes (a machine, an actor), symbols and
 * undefined dropped; a File or Blob as `{ name, size, type }`, an Error as `{ name, message }`, a
 * Set as an array, a Map as an object, a reference to an enclosing object as '[circular]'.
 */
export function jsonSafe(value: unknown, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return String(value);
  if (typeof value !== 'object') return undefined;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  try {
    if (isBlob(value)) return { name: typeof value.name === 'string' ? value.name : null, size: value.size, type: value.type };
    if (value instanceof Error) return { name: value.name, message: value.message };
    if (value instanceof Date) return value.toISOString();
    if (Array.isArray(value) || value instanceof Set) return [...value].map((item) => jsonSafe(item, seen) ?? null);
    if (value instanceof Map) return jsonSafe(Object.fromEntries(value), seen);
    // An instance of any other class (a machine, an actor, a state node) is code, like a function.
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return undefined;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const safe = jsonSafe(item, seen);
      if (safe !== undefined) out[key] = safe;
    }
    return out;
  } finally {
    seen.delete(value);
  }
}
