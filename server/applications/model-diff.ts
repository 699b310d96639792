// The changes between two models, field by field, for the change history.
export interface FieldDifference {
  path: string;
  before: unknown;
  after: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Leaf paths whose values differ ('fisica.curp', 'representantes[1].rfc'); lists of scalars compare whole. */
export function diffModels(before: unknown, after: unknown, path = ''): FieldDifference[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((key) => diffModels(before[key], after[key], path ? `${path}.${key}` : key));
  }
  if (Array.isArray(before) && Array.isArray(after) && [...before, ...after].some((item) => typeof item === 'object' && item !== null)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, i) => diffModels(before[i], after[i], `${path}[${i}]`)).flat();
  }
  const same = JSON.stringify(before ?? null) === JSON.stringify(after ?? null);
  return same ? [] : [{ path, before: before ?? null, after: after ?? null }];
}
