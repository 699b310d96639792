// The changes between two models, field by field, for the change history.
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
  if (path && IGNORED.test(path)) return [];
  if ((isPlainObject(before) || isAbsent(before)) && (isPlainObject(after) || isAbsent(after)) && (isPlainObject(before) || isPlainObject(after))) {
    const from = (before ?? {}) as Record<string, unknown>;
    const to = (after ?? {}) as Record<string, unknown>;
    const keys = new Set([...Object.keys(from), ...Object.keys(to)]);
    return [...keys].flatMap((key) => diffModels(from[key], to[key], path ? `${path}.${key}` : key));
  }
  const fromList = Array.isArray(before) ? before : isAbsent(before) ? [] : null;
  const toList = Array.isArray(after) ? after : isAbsent(after) ? [] : null;
  if (fromList && toList && (Array.isArray(before) || Array.isArray(after)) && hasObjects([...fromList, ...toList])) {
    const length = Math.max(fromList.length, toList.length);
    return Array.from({ length }, (_, i) => diffModels(fromList[i], toList[i], `${path}[${i}]`)).flat();
  }
  const same = JSON.stringify(before ?? null) === JSON.stringify(after ?? null);
  return same ? [] : [{ path, before: before ?? null, after: after ?? null }];
}
