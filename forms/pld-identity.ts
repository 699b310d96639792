// Who the PLD-name-required rule watches in an applicant model (spec 01 §5, 02 §5): a natural
// person's name once name, both surnames and RFC are filled; a company's business name once its
// RFC is; each legal representative; each shareholder of a PM (a company by its name, a person once
// name and first surname are filled); the linked party when mantiene_vinculo_patrimonial is Si.
// Changing any of them makes a PLD review stale (spec 01 §4).
import { linkedPartyApplies } from './pf/empleo';
import { fullName } from './person-name';
import { tidyLine } from './rules/text';

type Model = Record<string, unknown>;

// Tidy, as the schema stores texts (a name stored before with a doubled space is the same name).
const text = (value: unknown) => (typeof value === 'string' ? tidyLine(value) : '');
const object = (value: unknown): Model => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Model) : {});
const list = (value: unknown): Model[] => (Array.isArray(value) ? value.map(object) : []);

/** A party of the model the rule applies to, and the field that shows its message. */
export interface PldParty {
  /** The model path of the field that names the party, e.g. 'nombre', 'representantes[1].nombre'. */
  path: string;
  nombre: string;
}

/** The parties of the model a PLD check screens now (the rule does not apply to the others yet). */
export function pldParties(model: Model): PldParty[] {
  const parties: PldParty[] = [];
  if (model.tipo_persona === 'Moral') {
    if (text(model.nombre) && text(object(model.moral).rfc)) parties.push({ path: 'nombre', nombre: text(model.nombre) });
  } else {
    const fisica = object(model.fisica);
    if ([model.nombre, fisica.apellido_paterno, fisica.apellido_materno, fisica.rfc].every((part) => text(part))) {
      parties.push({ path: 'nombre', nombre: fullName(model) });
    }
  }
  list(model.representantes).forEach((representative, index) => {
    if (text(representative.nombre)) parties.push({ path: `representantes[${index}].nombre`, nombre: text(representative.nombre) });
  });
  list(model.accionistas).forEach((shareholder, index) => {
    const nombre = shareholderName(shareholder);
    if (nombre) parties.push({ path: `accionistas[${index}].nombre`, nombre });
  });
  if (linkedPartyApplies(model.mantiene_vinculo_patrimonial) && text(model.involucrado_vinculo_patrimonial)) {
    parties.push({ path: 'involucrado_vinculo_patrimonial', nombre: text(model.involucrado_vinculo_patrimonial) });
  }
  return parties;
}

/** A shareholder's name as screened: a company's name; a person's name and surnames once the first surname is there. */
function shareholderName(shareholder: Model): string {
  if (text(shareholder.tipo_persona) === 'Moral') return text(shareholder.nombre);
  if (!text(shareholder.nombre) || !text(shareholder.apellido_paterno)) return '';
  return [shareholder.nombre, shareholder.apellido_paterno, shareholder.apellido_materno].map(text).filter(Boolean).join(' ');
}

/** Every field whose change makes a review stale, as one comparable string. */
export function pldIdentityKey(model: Model): string {
  const fisica = object(model.fisica);
  return JSON.stringify([
    text(model.nombre),
    text(fisica.apellido_paterno),
    text(fisica.apellido_materno),
    text(fisica.rfc),
    text(object(model.moral).rfc),
    list(model.representantes).map((representative) => [text(representative.nombre), text(representative.rfc)]),
    list(model.accionistas).map((shareholder) => [text(shareholder.tipo_persona), shareholderName(shareholder), text(shareholder.rfc)]),
    linkedPartyApplies(model.mantiene_vinculo_patrimonial) ? text(model.involucrado_vinculo_patrimonial) : '',
  ]);
}
