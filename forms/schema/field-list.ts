// The model paths a schema owns ('fisica.curp', 'vivienda.domicilio.codigo_postal',
// 'representantes[].rfc'), read from the schema itself so the list never drifts from the rules.
import type { Schema } from 'yup';
import { kindOf } from './fields';

interface Walkable {
  type: string;
  fields?: Record<string, Schema>;
  innerType?: Schema;
}

/** Every field path under `schema`: catalogue entries are one field, catalogue lists and kept data none. */
export function fieldList(schema: Schema, prefix = ''): string[] {
  const node = schema as unknown as Walkable;
  const kind = kindOf(schema);
  if (kind === 'list' || kind === 'data') return [];
  if (node.type === 'object' && kind !== 'entry' && node.fields) {
    return Object.entries(node.fields).flatMap(([key, child]) => fieldList(child, prefix ? `${prefix}.${key}` : key));
  }
  if (node.type === 'array' && node.innerType) return fieldList(node.innerType, `${prefix}[]`);
  return prefix ? [prefix] : [];
}

/** Every path of `schema` whose leaf is of `kind` (e.g. every phone), with '[]' for list positions. */
export function pathsOfKind(schema: Schema, kind: string, prefix = ''): string[] {
  const node = schema as unknown as Walkable;
  if (kindOf(schema) === kind) return [prefix];
  if (node.type === 'object' && node.fields) {
    return Object.entries(node.fields).flatMap(([key, child]) => pathsOfKind(child, kind, prefix ? `${prefix}.${key}` : key));
  }
  if (node.type === 'array' && node.innerType) return pathsOfKind(node.innerType, kind, `${prefix}[]`);
  return [];
}
