// The applications of the load run: complete PF, PFAE and PM models (with their guarantors'),
// varied by the applicant's number so that no two records are alike, and the models the wizard
// holds after each tab (the tabs before it filled in, the rest at their defaults).
import { beforeSubmit } from '../../../forms/before-submit';
import type { WizardCode } from '../../../forms/contracts/application';
import { withoutCatalogueLists } from '../../../server/validation/catalogue-lists';
import type { AnyWizard } from '../../../forms/wizards/wizard-for';
import { AVAL_PF_WIZARD, PF_WIZARD } from '../../../forms/wizards/pf';
import { AVAL_PFAE_WIZARD, PFAE_WIZARD } from '../../../forms/wizards/pfae';
import { AVAL_PM_WIZARD, PM_WIZARD } from '../../../forms/wizards/pm';
import { validAvalPfaeModel, validAvalPfModel, validAvalPmModel, validPfaeModel, validPfModel, validPmModel } from '../../unit/forms/fixtures';

export type Kind = 'pf' | 'pfae' | 'pm';
type Model = Record<string, unknown>;

export interface Application {
  code: WizardCode;
  wizard: AnyWizard;
  /** The complete model, as the wizard holds it once every tab is filled. */
  model: Model;
}

/** A number as capital letters (0 → A, 26 → BA): names take no digits. */
export function letters(n: number): string {
  let text = '';
  do {
    text = String.fromCharCode(65 + (n % 26)) + text;
    n = Math.floor(n / 26);
  } while (n > 0);
  return text;
}

const phone = (area: string, n: number) => {
  const digits = String(n % 10_000_000).padStart(7, '0');
  return `${area}-${digits.slice(0, 3)}-${digits.slice(3)}`;
};

/** A natural person's fields that differ per applicant `n` (name, e-mail, phones, street, amounts, references). */
function naturalPerson(model: Model, n: number, who: string): Model {
  const pf = model as ReturnType<typeof validPfModel>;
  const tag = letters(n);
  return {
    ...pf,
    nombre: `${who} ${tag}`,
    email: `${who.toLowerCase()}.${n}@example.com`,
    celular: { numero: phone('331', n), extension: '' },
    vivienda: { ...pf.vivienda, vivienda_valor_aproximado: 1_000_000 + n, domicilio: { ...pf.vivienda.domicilio, calle: `Av. Juárez ${n}` } },
    activos_pasivos: { ...pf.activos_pasivos, activos_valor_vivienda: 1_000_000 + n },
    referencia_familiar: { ...pf.referencia_familiar, nombre_completo: `FAMILIAR ${tag}` },
  };
}

/** A legal entity's fields that differ per applicant `n`. */
function legalEntity(model: Model, n: number, who: string): Model {
  const pm = model as ReturnType<typeof validPmModel>;
  const tag = letters(n);
  return {
    ...pm,
    nombre: `${who} ${tag} SA DE CV`,
    email: `${who.toLowerCase()}.${n}@example.com`,
    moral: { ...pm.moral, numero_empleados: 1 + (n % 5000), telefono_numero: phone('333', n) },
    referencias: pm.referencias.map((referencia, i) => ({ ...referencia, nombre_completo: `PROVEEDOR ${tag} ${letters(i)}` })),
  };
}

/** The applicant number `n`'s application of a kind. */
export function applicationOf(kind: Kind, n: number): Application {
  if (kind === 'pf') return { code: 'wizardpf', wizard: PF_WIZARD, model: naturalPerson(validPfModel(), n, 'CARLOS') };
  if (kind === 'pfae') return { code: 'wizardpfae', wizard: PFAE_WIZARD, model: naturalPerson(validPfaeModel(), n, 'SOFIA') };
  return { code: 'wizardpm', wizard: PM_WIZARD, model: legalEntity(validPmModel(), n, 'INDUSTRIAS') };
}

/** The `g`-th guarantor of the PM of applicant `n`: a PF, a PFAE or a PM guarantor, in turn. */
export function guarantorOf(n: number, g: number): Application {
  const tag = n * 10 + g;
  const kind = (n + g) % 3;
  if (kind === 0) return { code: 'wizardpf', wizard: AVAL_PF_WIZARD, model: naturalPerson(validAvalPfModel(), tag, 'AVAL') };
  if (kind === 1) return { code: 'wizardpfae', wizard: AVAL_PFAE_WIZARD, model: naturalPerson(validAvalPfaeModel(), tag, 'AVALAE') };
  return { code: 'wizardpm', wizard: AVAL_PM_WIZARD, model: legalEntity(validAvalPmModel(), tag, 'GARANTE') };
}

/** The model the wizard sends from tab `index`: the tabs up to it filled in, the later ones at their defaults, as the server takes it. */
export function modelAtTab({ wizard, model }: Application, index: number): Model {
  const shown: Model = { ...wizard.defaults(), tipo_persona: model.tipo_persona, clasificacion: model.clasificacion };
  for (const tab of wizard.tabs.slice(0, index + 1)) {
    for (const key of Object.keys(tab.schema.fields)) shown[key] = model[key];
  }
  if ('empresa_razon_social' in model) shown.empresa_razon_social = model.empresa_razon_social;
  return beforeSubmit(shown);
}

/** Fields the server sets itself (never taken from a body) or answers only to staff. */
const SERVER_FIELDS = new Set([
  'uuid',
  'editable',
  'entidades_eliminadas',
  'formatobce',
  'declaracion_aceptada',
  'cantidad_duplicados',
  'pld_coincidences',
  'pld_finalizacion',
  'persona_completa',
  'avales',
  'id_persona_datos_generales',
]);

/**
 * Where the record read back differs from what its applicant sent last, normalised as the server
 * stores it (the neighbourhood lists are the catalogue's and not stored); the fields the server sets
 * are left out. Empty when equal.
 */
export function differences(sent: Model, stored: Model): string[] {
  return Object.entries(withoutCatalogueLists(sent)).flatMap(([key, value]) => (SERVER_FIELDS.has(key) ? [] : differ(value, stored[key], key)));
}

function differ(sent: unknown, stored: unknown, path: string): string[] {
  if (Array.isArray(sent)) {
    if (!Array.isArray(stored) || stored.length !== sent.length) return [`${path}: sent ${JSON.stringify(sent)}, stored ${JSON.stringify(stored)}`];
    return sent.flatMap((item, i) => differ(item, stored[i], `${path}[${i}]`));
  }
  if (sent !== null && typeof sent === 'object') {
    if (stored === null || typeof stored !== 'object') return [`${path}: sent an object, stored ${JSON.stringify(stored)}`];
    return Object.entries(sent).flatMap(([key, value]) => differ(value, (stored as Model)[key], `${path}.${key}`));
  }
  return Object.is(sent, stored) ? [] : [`${path}: sent ${JSON.stringify(sent)}, stored ${JSON.stringify(stored)}`];
}
