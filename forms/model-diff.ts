// The changes between two models, field by field: the change history's and the unsaved draft's.
export interface FieldDifference {
  path: string;
  before: unknown;
  after: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isAbsent = (value: unknown) => value === null || value === undefined;
const hasObjects = (list: unknown[]) => list.some((item) => typeof item === 'object' && item !== null);

/** The neighbourhood lists the postal-code lookup keeps in the model are not the person's data. */
const IGNORED = /_catalogo$/;

/** Leaf paths whose values differ ('fisica.curp', 'representantes[1].rfc'); lists of scalars compare whole. */
export function diffModels(before: unknown, after: unknown, path = ''): FieldDifference[] {
  const found: FieldDifference[] = [];
  collect(before, after, path, found);
  return found;
}

// Runs on every save: one array for all the differences, and scalars compared without serialising.
function collect(before: unknown, after: unknown, path: string, found: FieldDifference[]) {
  if (path && IGNORED.test(path)) return;
  if ((isPlainObject(before) || isAbsent(before)) && (isPlainObject(after) || isAbsent(after)) && (isPlainObject(before) || isPlainObject(after))) {
    const from = (before ?? {}) as Record<string, unknown>;
    const to = (after ?? {}) as Record<string, unknown>;
    for (const key of Object.keys(from)) collect(from[key], to[key], path ? `${path}.${key}` : key, found);
    for (const key of Object.keys(to)) if (!(key in from)) collect(undefined, to[key], path ? `${path}.${key}` : key, found);
    return;
  }
  const fromList = Array.isArray(before) ? before : isAbsent(before) ? [] : null;
  const toList = Array.isArray(after) ? after : isAbsent(after) ? [] : null;
  if (fromList && toList && (Array.isArray(before) || Array.isArray(after)) && (hasObjects(fromList) || hasObjects(toList))) {
    const length = Math.max(fromList.length, toList.length);
    for (let i = 0; i < length; i++) collect(fromList[i], toList[i], `${path}[${i}]`, found);
    return;
  }
  const scalars = (before === null || typeof before !== 'object') && (after === null || typeof after !== 'object');
  const same = scalars ? (before ?? null) === (after ?? null) : JSON.stringify(before ?? null) === JSON.stringify(after ?? null);
  if (!same) found.push({ path, before: before ?? null, after: after ?? null });
}
