// The before-submit transform of spec 01 §5 and 02 §5, one pure function: phones without dashes,
// dates as YYYY-MM-DD, clonar_domicilo_fiscal reset to false when the person is not Física, and each
// representative given its position as index (spec 02 §3). The phone and date paths come from the
// schema of the model's wizard, so a new phone field is transformed without touching this file.
import type { Schema } from 'yup';
import { stripPhone } from './masks';
import { PERSON_TYPE_PF } from './options';
import { toIsoDate } from './rules/date';
import { pathsOfKind } from './schema/field-list';
import { wizardFor, WIZARDS } from './wizards/wizard-for';

const pathCache = new WeakMap<Schema, { phones: string[][]; dates: string[][] }>();

const split = (path: string) => path.split('.').flatMap((part) => (part.endsWith('[]') ? [part.slice(0, -2), '[]'] : [part]));

function pathsOf(schema: Schema) {
  let paths = pathCache.get(schema);
  if (!paths) {
    paths = { phones: pathsOfKind(schema, 'phone').map(split), dates: pathsOfKind(schema, 'date').map(split) };
    pathCache.set(schema, paths);
  }
  return paths;
}

/** Applies `update` to the value at `keys` inside `node` (already a copy), through arrays ('[]'). */
function updateAt(node: unknown, keys: string[], update: (value: unknown) => unknown): void {
  if (node === null || typeof node !== 'object') return;
  const [key, ...rest] = keys;
  if (key === '[]') {
    if (Array.isArray(node)) node.forEach((_, i) => (rest.length ? updateAt(node[i], rest, update) : (node[i] = update(node[i]))));
    return;
  }
  const holder = node as Record<string, unknown>;
  if (!(key in holder)) return;
  if (rest.length === 0) holder[key] = update(holder[key]);
  else updateAt(holder[key], rest, update);
}

/** The model as it is sent: a new object, the input untouched. */
export function beforeSubmit<T extends Record<string, unknown>>(model: T): T {
  const result = structuredClone(model) as Record<string, unknown>;
  const wizard = wizardFor(result.tipo_persona, result.clasificacion) ?? WIZARDS[0];
  const { phones, dates } = pathsOf(wizard.schema);
  for (const keys of phones) updateAt(result, keys, (value) => (typeof value === 'string' ? stripPhone(value) : value));
  for (const keys of dates) updateAt(result, keys, (value) => toIsoDate(value));
  if (result.tipo_persona !== PERSON_TYPE_PF && 'clonar_domicilo_fiscal' in result) result.clonar_domicilo_fiscal = false;
  if (Array.isArray(result.representantes)) {
    result.representantes = result.representantes.map((representante, index) =>
      representante && typeof representante === 'object' ? { ...representante, index } : representante,
    );
  }
  return result as T;
}
