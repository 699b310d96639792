// What an OCR read fills in a wizard's form (issue 15): each field read goes to its model path for
// the upload area it came from (the ID in Datos generales, the Constancia where the RFC is, the
// proof of address in its tab's address group). A field locked by the editable level is never
// filled, nor one the person changed after the upload started, nor one already holding the value.
// Each fill keeps the value it replaced, so the person can undo it while the field still holds it.
import type { OcrFields, OcrResult } from '../contracts/documents';
import { getPath } from '../dependent-fields';
import { isFieldLocked, type EditableLevel } from '../locking';
import { readCurp } from '../rules/curp';
import { isMexico } from '../rules/nationality';
import { ADDRESS_GROUPS, type AddressGroup } from '../schema/address';

/** Where an upload area's document fills. */
export type FillTarget =
  | { type: 'identification' }
  | { type: 'tax'; person: 'Física' | 'Moral' }
  /** `prefix`: the object holding the address (`vivienda`, `empleo`, `informacion_fiscal`). */
  | { type: 'address'; prefix: string; group: AddressGroup };

export interface FillChange {
  path: string;
  value: unknown;
  /** The value it replaces (restored by the undo). */
  previous: unknown;
  /** The engine was unsure of it: the person should confirm it. */
  uncertain: boolean;
  /**
   * A field the fill empties because one it fills changed (the birth municipality of a birth state
   * that changed): not counted nor marked as filled, given back by the undo.
   */
  emptied?: boolean;
}

type Source = keyof OcrFields;
/** Each path, from a field read or (`value`) worked out from the read. */
type Mapping = Array<{ path: string; from?: Source; value?: (fields: OcrFields) => unknown }>;

const NAME: Mapping = [
  { path: 'nombre', from: 'nombre' },
  { path: 'fisica.apellido_paterno', from: 'apellido_paterno' },
  { path: 'fisica.apellido_materno', from: 'apellido_materno' },
];

function mappingOf(target: FillTarget, result: OcrResult): Mapping {
  switch (target.type) {
    case 'identification':
      return [
        ...NAME,
        { path: 'fisica.curp', from: 'curp' },
        { path: 'fisica.sexo', from: 'sexo' },
        { path: 'fisica.fecha_nacimiento', from: 'fecha_nacimiento' },
        // The forms offer 'INE' for both credentials (an IFE is the INE's former name).
        ...(result.template === 'INE' || result.template === 'IFE' ? [{ path: 'fisica.identificacion', value: () => 'INE' }] : []),
      ];
    case 'tax':
      return target.person === 'Moral'
        ? [
            { path: 'moral.rfc', from: 'rfc' },
            { path: 'nombre', from: 'razon_social' },
            { path: 'email', from: 'email' },
            { path: 'informacion_fiscal.fecha_constitucion', from: 'fecha_constitucion' },
          ]
        : [...NAME, { path: 'fisica.rfc', from: 'rfc' }, { path: 'fisica.curp', from: 'curp' }, { path: 'email', from: 'email' }];
    case 'address': {
      const { domicilio } = ADDRESS_GROUPS[target.group];
      return [
        { path: `${target.prefix}.${domicilio}.calle`, from: 'calle' },
        { path: `${target.prefix}.${domicilio}.codigo_postal`, from: 'codigo_postal' },
        { path: `${target.prefix}.${target.group}`, from: 'colonia' },
        // A TELMEX receipt names the home's line.
        ...(target.prefix === 'vivienda' ? [{ path: 'vivienda.telefono.numero', from: 'telefonos' as const, value: (f: OcrFields) => f.telefonos?.[0] }] : []),
      ];
    }
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');
const isBlank = (value: unknown) => value === undefined || value === null || value === '';

export interface FillOptions {
  level: EditableLevel;
  /** The form's values when the upload started. */
  atStart: unknown;
  /** The form's values now. */
  now: unknown;
}

/** The changes a read makes to the form, in the order of its fields. */
export function planOcrFill(target: FillTarget, result: OcrResult, { level, atStart, now }: FillOptions): FillChange[] {
  if (result.data === 'empty') return [];
  const fields = result.data;
  const changes: FillChange[] = [];
  for (const { path, from, value: derive } of mappingOf(target, result)) {
    const value = derive ? derive(fields) : fields[from!];
    if (isBlank(value) || isFieldLocked(level, path)) continue;
    const current = getPath(now, path);
    // Typed after the upload started: the person's value stays.
    if (!same(current, getPath(atStart, path))) continue;
    if (same(current, value)) continue;
    changes.push({ path, value, previous: current ?? null, uncertain: from !== undefined && result.uncertain.includes(from) });
  }
  // The ID's CURP and a natural person's Constancia's: either may bring another person's.
  if (target.type === 'identification' || (target.type === 'tax' && target.person === 'Física')) changes.push(...birthStateChanges(changes, result, { level, atStart, now }));
  return changes;
}

/**
 * The birth state the read CURP names (as typing the CURP does, forms/dependent-fields.ts), when the
 * CURP was filled and the country of birth is Mexico (or not chosen): in place of no state, or of the
 * state the replaced CURP named (filled from it, by an earlier read or by typing it), whose
 * municipality then goes as a change of state takes it. A state the person chose against the CURP
 * stays, with its municipality: they see the new CURP's state on their own.
 */
function birthStateChanges(filled: FillChange[], result: OcrResult, { level, now }: FillOptions): FillChange[] {
  const curp = filled.find((change) => change.path === 'fisica.curp');
  const estado = curp && readCurp(curp.value)?.estado;
  if (!curp || !estado || isFieldLocked(level, 'fisica.estado')) return [];
  const pais = getPath(now, 'fisica.pais') as { clave?: string } | null | undefined;
  if (pais?.clave && !isMexico(pais)) return [];
  const current = getPath(now, 'fisica.estado') as { id_estado?: unknown } | null | undefined;
  const uncertain = result.uncertain.includes('curp');
  if (isBlank(current)) return [{ path: 'fisica.estado', value: estado, previous: null, uncertain }];
  const replacedCurpState = readCurp(curp.previous)?.estado;
  if (!replacedCurpState || replacedCurpState.id_estado !== current!.id_estado || estado.id_estado === current!.id_estado) return [];
  const changes: FillChange[] = [{ path: 'fisica.estado', value: estado, previous: current, uncertain }];
  const municipio = getPath(now, 'fisica.municipio');
  if (!isBlank(municipio) && !isFieldLocked(level, 'fisica.municipio')) changes.push({ path: 'fisica.municipio', value: null, previous: municipio, uncertain: false, emptied: true });
  return changes;
}

/** What a fill filled: its changes but the fields it emptied. */
export const filledBy = (changes: readonly FillChange[]) => changes.filter((change) => !change.emptied);

/**
 * The undo of a fill: each field still holding what the read put there gets its previous value back.
 * The birth state given back takes its municipality with it, as a change of state does: the one the
 * fill emptied when the municipality is still empty, or none (never one chosen in the other state).
 */
export function planOcrUndo(changes: FillChange[], now: unknown): Array<{ path: string; value: unknown }> {
  const undone = changes.filter((change) => !change.emptied && same(getPath(now, change.path), change.value)).map((change) => ({ path: change.path, value: change.previous }));
  if (!undone.some((change) => change.path === 'fisica.estado')) return undone;
  const municipio = getPath(now, 'fisica.municipio');
  const emptied = changes.find((change) => change.emptied && change.path === 'fisica.municipio');
  if (isBlank(municipio)) return emptied ? [...undone, { path: emptied.path, value: emptied.previous }] : undone;
  return [...undone, { path: 'fisica.municipio', value: null }];
}
