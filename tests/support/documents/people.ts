// The known people, companies and addresses the generated test documents carry: names with Ñ and
// accents, CURPs of both centuries (character 17 a digit before 2000, a letter from 2000), person
// and company RFCs with their check digits, real postal codes and colonias of the shipped catalogue.
import { curpCheckDigit } from '../../../forms/rules/curp';
import { rfcCheckDigit } from '../../../forms/rules/rfc';

export interface Address {
  calle: string;
  codigo_postal: string;
  colonia: { colonia: string; municipio: string; estado: string };
}

export interface Person {
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  sexo: 'Masculino' | 'Femenino';
  fecha_nacimiento: string;
  curp: string;
  rfc: string;
  clave_elector: string;
  address: Address;
  telefono: string;
}

export interface Company {
  razon_social: string;
  regimen: string;
  rfc: string;
  fecha_constitucion: string;
  address: Address;
}

const withCurpDigit = (first17: string) => first17 + curpCheckDigit(first17);
const withRfcDigit = (body: string) => body + rfcCheckDigit(body);

const ADDRESSES: Address[] = [
  { calle: 'AV. PASEO DE LA REFORMA 222', codigo_postal: '06600', colonia: { colonia: 'Juárez', municipio: 'Cuauhtémoc', estado: 'Ciudad de México' } },
  { calle: 'CALLE LÓPEZ COTILLA 1520', codigo_postal: '44160', colonia: { colonia: 'Americana', municipio: 'Guadalajara', estado: 'Jalisco' } },
  { calle: 'CALLE PADRE MIER 410 INT 3', codigo_postal: '64000', colonia: { colonia: 'Monterrey Centro', municipio: 'Monterrey', estado: 'Nuevo León' } },
  { calle: 'CALLE 5 DE MAYO 18', codigo_postal: '72000', colonia: { colonia: 'San Francisco', municipio: 'Puebla', estado: 'Puebla' } },
  { calle: 'AV. GUADALUPE 6730', codigo_postal: '45050', colonia: { colonia: 'Jardines Del Sol', municipio: 'Zapopan', estado: 'Jalisco' } },
  { calle: 'CALLE INSURGENTES SUR 1605', codigo_postal: '03100', colonia: { colonia: 'Insurgentes San Borja', municipio: 'Benito Juárez', estado: 'Ciudad de México' } },
];

const person = (p: Omit<Person, 'curp' | 'rfc'> & { curp17: string; homoclave: string }): Person => {
  const { curp17, homoclave, ...rest } = p;
  return { ...rest, curp: withCurpDigit(curp17), rfc: withRfcDigit(curp17.slice(0, 10) + homoclave) };
};

export const PEOPLE: Person[] = [
  person({ nombre: 'JOSÉ ÁNGEL', apellido_paterno: 'MUÑOZ', apellido_materno: 'GÓMEZ', sexo: 'Masculino', fecha_nacimiento: '1985-03-14', curp17: 'MUGA850314HDFXMN0', homoclave: 'K7', clave_elector: 'MNGMAN85031409H100', address: ADDRESSES[0]!, telefono: '5512345678' }),
  person({ nombre: 'MARÍA FERNANDA', apellido_paterno: 'PEÑA', apellido_materno: 'NÚÑEZ', sexo: 'Femenino', fecha_nacimiento: '2003-11-02', curp17: 'PENM031102MJCXXRA', homoclave: '2L', clave_elector: 'PENUMR03110214M300', address: ADDRESSES[1]!, telefono: '3398765432' }),
  person({ nombre: 'LUIS', apellido_paterno: 'HERNÁNDEZ', apellido_materno: 'OCHOA', sexo: 'Masculino', fecha_nacimiento: '1972-07-30', curp17: 'HEOL720730HNLRCS0', homoclave: 'T4', clave_elector: 'HROCLS72073019H700', address: ADDRESSES[2]!, telefono: '8187654321' }),
  person({ nombre: 'SOFÍA', apellido_paterno: 'ÁLVAREZ', apellido_materno: 'IBARRA', sexo: 'Femenino', fecha_nacimiento: '1968-01-05', curp17: 'AAIS680105MPLLBF0', homoclave: 'Q9', clave_elector: 'ALIBSF68010521M500', address: ADDRESSES[3]!, telefono: '2221234567' }),
  person({ nombre: 'BRENDA', apellido_paterno: 'SÁNCHEZ', apellido_materno: 'OSORIO', sexo: 'Femenino', fecha_nacimiento: '2001-09-19', curp17: 'SAOB010919MDFNSRB', homoclave: 'H3', clave_elector: 'SNOSBR01091909M800', address: ADDRESSES[4]!, telefono: '5587654321' }),
];

export const COMPANIES: Company[] = [
  { razon_social: 'AGROCOMERCIAL DEL NORTE', regimen: 'SOCIEDAD ANONIMA DE CAPITAL VARIABLE', rfc: withRfcDigit('ACN150612K3'), fecha_constitucion: '2015-06-12', address: ADDRESSES[2]! },
  { razon_social: 'PEÑA Y ASOCIADOS CONSTRUCCIÓN', regimen: 'SOCIEDAD CIVIL', rfc: withRfcDigit('PAC1011094B'), fecha_constitucion: '2010-11-09', address: ADDRESSES[5]! },
];
