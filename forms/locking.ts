// Which fields a person may change under each editable level (spec 01 §4, 02 §4), as data
// that both the views (disabled inputs, hidden add/remove buttons) and the server read.

export type EditableLevel = 'all' | 'api_fields' | 'general_fields' | 'none';
export const EDITABLE_LEVELS: EditableLevel[] = ['all', 'api_fields', 'general_fields', 'none'];

/**
 * The identity fields, the ones sent to the external APIs (bureau, OCR, PLD). Under
 * general_fields they are locked and the rest stays editable; under api_fields they are the
 * only editable fields ("all fields are locked except that set", spec 02 §4), which is why
 * api_fields shows only the identity and tax upload areas and general_fields only the address one.
 */
export const IDENTITY_FIELDS = [
  'nombre',
  'fisica.apellido_paterno',
  'fisica.apellido_materno',
  'fisica.curp',
  'fisica.rfc',
  'fisica.pais',
  'fisica.nacionalidad',
  'moral.rfc',
] as const;

/** `representantes[0].rfc` → `representantes.rfc`: list positions do not change a field's lock. */
export const fieldPattern = (path: string) => path.replace(/\[\d+\]/g, '');

const isIdentityField = (path: string) => {
  const pattern = fieldPattern(path);
  return IDENTITY_FIELDS.some((field) => pattern === field || pattern.startsWith(`${field}.`));
};

/** Whether the field at `path` is locked under `level`. */
export function isFieldLocked(level: EditableLevel, path: string): boolean {
  switch (level) {
    case 'all':
      return false;
    case 'none':
      return true;
    case 'general_fields':
      return isIdentityField(path);
    case 'api_fields':
      return !isIdentityField(path);
  }
}

/**
 * The errors of the fields the person may change. A locked field is not theirs to fill or to mend:
 * neither the browser nor the server holds its rules against them (a record the main system locked
 * with a required field blank is saved with it blank, as it holds it).
 */
export function errorsOfUnlocked<E extends Record<string, string>>(level: EditableLevel, errors: E): E {
  if (level === 'all') return errors;
  return Object.fromEntries(Object.entries(errors).filter(([path]) => !isFieldLocked(level, path))) as E;
}

/** Add and remove buttons of list items (representatives, shareholders, guarantors…). */
export const canAddOrRemoveItems = (level: EditableLevel) => level === 'all' || level === 'general_fields';

/** Which upload areas are shown (spec 01 §2 'Global behaviour'). */
export function uploadAreasShown(level: EditableLevel): { identification: boolean; tax: boolean; address: boolean } {
  return {
    identification: level === 'all' || level === 'api_fields',
    tax: level === 'all' || level === 'api_fields',
    address: level === 'all' || level === 'general_fields',
  };
}

/** The banner each level shows. */
export const EDITABLE_BANNERS: Record<EditableLevel, string | null> = {
  all: null,
  api_fields: 'Solo puedes modificar los datos que se envían para la consulta; el resto de la información está bloqueada.',
  general_fields:
    'Algunos datos de esta solicitud no se pueden modificar. Si necesitas cambiarlos, comunícate con el líder de tu agencia.',
  none: 'Existe una solicitud aprobada para este cliente: no es posible modificar sus datos.',
};

/**
 * Applies the locks to a write: every locked path keeps its stored value. The server calls this
 * before validating, so a locked field can never be changed through the API.
 */
export function keepLockedValues<T extends Record<string, unknown>>(level: EditableLevel, stored: T, incoming: T): T {
  if (level === 'all') return incoming;
  if (level === 'none') return stored;
  // general_fields: start from what came and put back the stored identity; api_fields: the reverse.
  const [base, identitySource] = level === 'general_fields' ? [incoming, stored] : [stored, incoming];
  const result = structuredClone(base) as Record<string, unknown>;
  for (const field of IDENTITY_FIELDS) {
    const keys = field.split('.');
    const from = keys.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], identitySource);
    const last = keys.at(-1)!;
    const parent = keys.slice(0, -1).reduce<Record<string, unknown> | undefined>(
      (node, key) => (node && typeof node[key] === 'object' && node[key] !== null ? (node[key] as Record<string, unknown>) : undefined),
      result,
    );
    if (from === undefined) {
      if (parent) delete parent[last];
      continue;
    }
    let target = result;
    for (const key of keys.slice(0, -1)) {
      if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
      target = target[key] as Record<string, unknown>;
    }
    target[last] = structuredClone(from);
  }
  return result as T;
}
