// The facts of one person that the legal forms of a packet print (authorisations, bureau request,
// privacy notice), read from an applicant's or a guarantor's model of any person type. Every value
// is text as printed: a missing or malformed part is '', never 'undefined' or '[object Object]'.
import { OTHER_COLONIA } from '../limits';
import { PERSON_TYPE_PFAE, PERSON_TYPE_PM } from '../options';
import { fullName } from '../person-name';
import { entryName, phoneText, plain } from './format';

/** PF: natural person; PFAE: natural person with business activity; PM: legal entity. */
export type PersonKind = 'PF' | 'PFAE' | 'PM';

export interface PrintedPerson {
  kind: PersonKind;
  /** The person type as printed: 'Persona física', 'Persona moral', … */
  personType: string;
  /** A natural person's name and surnames, or a legal entity's business name. */
  name: string;
  rfc: string;
  /** A natural person's CURP; '' for a legal entity. */
  curp: string;
  /** One line: street, neighbourhood, municipality, state, postal code, country. The fiscal address
   * of a PM or PFAE, the home address of a PF; '' when none of it is known. */
  address: string;
  email: string;
  phone: string;
  /** A PM's first legal representative with a name; '' for natural persons. */
  representative: string;
}

/** The country every printed address and the bureau request carry. */
export const COUNTRY = 'México';

const PERSON_TYPE_TEXT: Record<PersonKind, string> = {
  PF: 'Persona física',
  PFAE: 'Persona física con actividad empresarial',
  PM: 'Persona moral',
};

/** The person kind of a `tipo_persona`; anything that is not PFAE or Moral is read as a PF. */
export function personKind(tipoPersona: unknown): PersonKind {
  if (tipoPersona === PERSON_TYPE_PM) return 'PM';
  if (tipoPersona === PERSON_TYPE_PFAE) return 'PFAE';
  return 'PF';
}

type Loose = Record<string, unknown>;

/** A nested object of the model, or an empty one when it is missing or not an object. */
const group = (value: unknown): Loose => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : {});

/** An address group as one line; `keys` name its street, neighbourhood and free-text neighbourhood. */
function addressLine(owner: Loose, keys: { domicilio: string; colonia: string; otra: string }): string {
  const street = group(owner[keys.domicilio]);
  const colonia = group(owner[keys.colonia]);
  const chosen = entryName(colonia.colonia);
  const neighbourhood = chosen === OTHER_COLONIA ? plain(owner[keys.otra]) : chosen;
  const postalCode = plain(street.codigo_postal);
  const parts = [
    plain(street.calle),
    neighbourhood && `Col. ${neighbourhood}`,
    entryName(colonia.municipio),
    entryName(colonia.estado),
    postalCode && `C.P. ${postalCode}`,
  ].filter(Boolean);
  return parts.length ? [...parts, COUNTRY].join(', ') : '';
}

const FISCAL = { domicilio: 'domicilio_fiscal', colonia: 'colonia_fiscal', otra: 'otra_colonia_fiscal' };
const HOME = { domicilio: 'domicilio', colonia: 'colonia', otra: 'otra_colonia' };

function firstRepresentative(representantes: unknown): string {
  if (!Array.isArray(representantes)) return '';
  return representantes.map((representante) => plain(group(representante).nombre)).find(Boolean) ?? '';
}

export function printedPerson(model: object): PrintedPerson {
  const record = model as Loose;
  const kind = personKind(record.tipo_persona);
  const common = { kind, personType: PERSON_TYPE_TEXT[kind], email: plain(record.email) };
  if (kind === 'PM') {
    const moral = group(record.moral);
    return {
      ...common,
      name: plain(record.nombre),
      rfc: plain(moral.rfc),
      curp: '',
      address: addressLine(group(record.informacion_fiscal), FISCAL),
      phone: phoneText(moral.telefono_numero, moral.telefono_extension),
      representative: firstRepresentative(record.representantes),
    };
  }
  const fisica = group(record.fisica);
  const vivienda = group(record.vivienda);
  return {
    ...common,
    name: fullName({ nombre: plain(record.nombre), fisica: { apellido_paterno: plain(fisica.apellido_paterno), apellido_materno: plain(fisica.apellido_materno) } }),
    rfc: plain(fisica.rfc),
    curp: plain(fisica.curp),
    address: kind === 'PFAE' ? addressLine(group(record.empleo), FISCAL) : addressLine(vivienda, HOME),
    phone: phoneText(group(record.celular)) || phoneText(group(vivienda.telefono)),
    representative: '',
  };
}
