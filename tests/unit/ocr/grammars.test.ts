// The document grammars on text as tesseract recognised it from the generated documents (with its
// slips kept: 'sEXo', 'CLAVEDE ELECTOR', a stray O, 'INMEX'), and the template checks.
import { describe, expect, it } from 'vitest';
import { NOTICES } from '../../../forms/messages';
import { extractFields } from '../../../server/ocr/extract-fields';
import { splitFullName } from '../../../server/ocr/grammars/receipts';
import { postalCatalogue } from '../../support/documents/postal-catalogue';

const catalogue = postalCatalogue();

const INE_FRONT = `MÉXICO INSTITUTO NACIONAL ELECTORAL
CREDENCIAL PARA VOTAR
NOMBRE sEXo M
PEÑA
NÚÑEZ
MARÍA FERNANDA
DOMICILIO
CALLE LÓPEZ COTILLA 1520
COL AMERICANA 44160
GUADALAJARA, JAL.
CLAVEDE ELECTOR PENUMRO03110214M300
CURP PENM031102MJCXXRAS
AÑO DE REGISTRO 201201
FECHA DE NACIMIENTO 02/11/2003
SECCIÓN 1543 VIGENCIA 2022 - 2032`;

const IFE_FRONT = `INSTITUTO FEDERAL ELECTORAL
REGISTRO FEDERAL DE ELECTORES
CREDENCIAL PARA VOTAR

NOMBRE EDAD 58 SEXO M
ÁLVAREZ

IBARRA

SOFÍA

DOMICILIO

CALLE 5 DE MAYO 18

COL SAN FRANCISCO 72000

PUEBLA, PUE.

FOLIO 0000123456789

CLAVEDEELECTOR — ALIBSF68010521M500
CURP AAIS680105MPLLBFOS`;

const INE_BACK = `INSTITUTO NACIONAL ELECTORAL

FIRMA
INMEX1008503146<<8503140910000
8503149H3212312MEX<<<<<<<<<<<T
MUNOZ<GOMEZ<<JOSE<ANGEL<<<<<<<`;

const CSF_PERSON = `SERVICIO DE ADMINISTRACIÓN TRIBUTARIA
CONSTANCIA DE SITUACIÓN FISCAL
Datos de Identificación del Contribuyente:
RFC: PENM0311022L6
CURP: PENM031102MJCXXRA5
Nombre (s): MARÍA FERNANDA
Primer Apellido: PEÑA
Segundo Apellido: NÚÑEZ
Código Postal: 44160
Tipo de Vialidad: CALLE
Nombre de Vialidad: LÓPEZ COTILLA
Número Exterior: 1520
Nombre de la Colonia: AMERICANA
Regímenes:
Régimen Fecha Inicio
Régimen de Sueldos y Salarios e Ingresos Asimilados a Salarios 01/01/2020`;

const CSF_COMPANY = `SERVICIO DE ADMINISTRACIÓN TRIBUTARIA
CONSTANCIA DE SITUACIÓN FISCAL
RFC:
PAC1011094B7
Denominación/Razón Social: PEÑA Y ASOCIADOS CONSTRUCCIÓN
Régimen Capital: SOCIEDAD CIVIL
Fecha inicio de operaciones: 09/11/2010
Código Postal:O3100 Tipo de Vialidad: CALLE
Nombre de Vialidad: INSURGENTES SUR
Número Exterior: 1605
Nombre de la Colonia: INSURGENTES SAN BORJA`;

const CFE = `CFE Comisión Federal de Electricidad
SUMINISTRADOR DE SERVICIOS BÁSICOS
JOSÉ ÁNGEL MUÑOZ GÓMEZ
AV. PASEO DE LA REFORMA 222
COL. JUAREZ
C.P. 06600 CUAUHTÉMOC, CIUDAD DE MÉXICO
NO. DE SERVICIO: 504 170 402 133
CONSUMO: 245 kWh
TOTAL A PAGAR: $412`;

const TELMEX = `TELMEX Teléfonos de México, S.A.B. de C.V.
LUIS HERNÁNDEZ OCHOA
CALLE PADRE MIER 410 INT 3
COL. MONTERREY CENTRO
C.P. 64000 MONTERREY, NUEVO LEÓN
TELÉFONO: 81 8765 4321
TOTAL A PAGAR: $389.00`;

describe('INE and IFE', () => {
  it('reads the front by its labels: names, sex, birth date, CURP, clave, address with its colonia', () => {
    const result = extractFields(INE_FRONT, 'identification', catalogue);
    expect(result).toMatchObject({ template: 'INE', message: NOTICES.ocrSuccess, uncertain: [] });
    expect(result.data).toEqual({
      apellido_paterno: 'PEÑA',
      apellido_materno: 'NÚÑEZ',
      nombre: 'MARÍA FERNANDA',
      sexo: 'Femenino',
      fecha_nacimiento: '2003-11-02',
      curp: 'PENM031102MJCXXRA5',
      clave_elector: 'PENUMR03110214M300',
      calle: 'CALLE LÓPEZ COTILLA 1520',
      codigo_postal: '44160',
      colonia: { colonia: 'Americana', municipio: 'Guadalajara', estado: 'Jalisco' },
    });
  });

  it('an IFE: the CURP differentiator O is read as 0, the birth date and sex come from the CURP', () => {
    const result = extractFields(IFE_FRONT, 'identification', catalogue);
    expect(result.template).toBe('IFE');
    expect(result.data).toMatchObject({ curp: 'AAIS680105MPLLBF05', fecha_nacimiento: '1968-01-05', sexo: 'Femenino', apellido_paterno: 'ÁLVAREZ', clave_elector: 'ALIBSF68010521M500' });
    expect(result.data).toMatchObject({ colonia: { colonia: 'San Francisco', municipio: 'Puebla' } });
  });

  it('reads the back from its machine-readable zone; names without accents are marked to confirm', () => {
    const result = extractFields(INE_BACK, 'identification', catalogue);
    expect(result.template).toBe('INE');
    expect(result.data).toEqual({ fecha_nacimiento: '1985-03-14', sexo: 'Masculino', apellido_paterno: 'MUNOZ', apellido_materno: 'GOMEZ', nombre: 'JOSE ANGEL' });
    expect(result.uncertain.sort()).toEqual(['apellido_materno', 'apellido_paterno', 'nombre']);
  });

  it('a birth date whose check digit fails is repaired when one confusable digit explains it, and marked either way', () => {
    const repaired = extractFields(INE_BACK.replace('8503149H', '6503149H'), 'identification', catalogue);
    expect(repaired.data).toMatchObject({ fecha_nacimiento: '1985-03-14' });
    expect(repaired.uncertain).toContain('fecha_nacimiento');
    // 9 for 8 has more than one repair that the check digit accepts: the date stays as read, marked.
    const ambiguous = extractFields(INE_BACK.replace('8503149H', '9503149H'), 'identification', catalogue);
    expect(ambiguous.data).toMatchObject({ fecha_nacimiento: '1995-03-14' });
    expect(ambiguous.uncertain).toContain('fecha_nacimiento');
  });

  it('names that disagree with the CURP are filled but marked', () => {
    const result = extractFields(INE_FRONT.replace('NÚÑEZ', 'BÚÑEZ'), 'identification', catalogue);
    expect(result.uncertain).toEqual(expect.arrayContaining(['apellido_paterno', 'apellido_materno', 'nombre']));
  });
});

describe('Constancia de situación fiscal', () => {
  it("a person's: RFC, CURP, names, street, postal code, colonia, régimen", () => {
    const result = extractFields(CSF_PERSON, 'tax', catalogue);
    expect(result).toMatchObject({ template: 'CSF', uncertain: [] });
    expect(result.data).toEqual({
      rfc: 'PENM0311022L6',
      curp: 'PENM031102MJCXXRA5',
      nombre: 'MARÍA FERNANDA',
      apellido_paterno: 'PEÑA',
      apellido_materno: 'NÚÑEZ',
      calle: 'CALLE LÓPEZ COTILLA 1520',
      codigo_postal: '44160',
      colonia: { colonia: 'Americana', municipio: 'Guadalajara', estado: 'Jalisco' },
      regimen: 'RÉGIMEN DE SUELDOS Y SALARIOS E INGRESOS ASIMILADOS A SALARIOS',
    });
  });

  it("a company's: RFC on the next line, business name, constitution date; two labels on one line; O read as 0", () => {
    const result = extractFields(CSF_COMPANY, 'tax', catalogue);
    expect(result.data).toMatchObject({
      rfc: 'PAC1011094B7',
      razon_social: 'PEÑA Y ASOCIADOS CONSTRUCCIÓN',
      fecha_constitucion: '2010-11-09',
      calle: 'CALLE INSURGENTES SUR 1605',
      codigo_postal: '03100',
      colonia: { colonia: 'Insurgentes San Borja', municipio: 'Benito Juárez', estado: 'Ciudad de México' },
    });
  });
});

describe('proofs of address', () => {
  it('CFE: street, postal code, and the colonia chosen from the catalogue (accents restored)', () => {
    const result = extractFields(CFE, 'address', catalogue);
    expect(result).toMatchObject({ template: 'CFE', data: { calle: 'AV. PASEO DE LA REFORMA 222', codigo_postal: '06600', colonia: { colonia: 'Juárez', municipio: 'Cuauhtémoc' } } });
  });

  it('TELMEX: also the phone number', () => {
    const result = extractFields(TELMEX, 'address', catalogue);
    expect(result).toMatchObject({ template: 'TELMEX', data: { codigo_postal: '64000', colonia: { colonia: 'Monterrey Centro' }, telefonos: ['8187654321'] } });
  });

  it('a postal code the catalogue does not know is given to confirm, without a colonia', () => {
    const result = extractFields(CFE.replace('06600', '06999'), 'address', catalogue);
    expect(result.data).toMatchObject({ codigo_postal: '06999' });
    expect(result.data).not.toHaveProperty('colonia');
    expect(result.uncertain).toContain('codigo_postal');
  });
});

describe('templates (spec 01 §8)', () => {
  it.each([
    ['identification', CFE, NOTICES.ocrWrongId],
    ['tax', INE_FRONT, NOTICES.ocrWrongTax],
    ['address', CSF_PERSON, NOTICES.ocrWrongAddress],
    ['identification', 'Factura de venta número 123 a nombre de la empresa por servicios de consultoría', NOTICES.ocrWrongId],
  ] as const)('a %s upload of another document is refused with the spec message', (type, text, message) => {
    expect(() => extractFields(text, type, catalogue)).toThrow(message);
  });

  it('nothing readable answers empty with its message', () => {
    expect(extractFields(' \n ~ . ', 'identification', catalogue)).toEqual({ template: null, data: 'empty', uncertain: [], message: NOTICES.ocrEmpty });
  });
});

describe("a bill's holder", () => {
  it('reads the name above the street, split into given names and surnames, marked to confirm', () => {
    const result = extractFields(CFE, 'address', catalogue);
    expect(result.data).toMatchObject({ nombre: 'JOSÉ ÁNGEL', apellido_paterno: 'MUÑOZ', apellido_materno: 'GÓMEZ' });
    expect(result.uncertain).toEqual(expect.arrayContaining(['nombre', 'apellido_paterno', 'apellido_materno']));
  });

  it('keeps a particle with its surname', () => {
    expect(splitFullName('JUAN DE LA CRUZ LÓPEZ')).toEqual({ nombre: 'JUAN', apellido_paterno: 'DE LA CRUZ', apellido_materno: 'LÓPEZ' });
    expect(splitFullName('ANA MARÍA DEL RÍO SOTO')).toEqual({ nombre: 'ANA MARÍA', apellido_paterno: 'DEL RÍO', apellido_materno: 'SOTO' });
    expect(splitFullName('SOFÍA ÁLVAREZ')).toEqual({ nombre: 'SOFÍA', apellido_paterno: 'ÁLVAREZ' });
    expect(splitFullName('CALLE 5 DE MAYO 18')).toBeNull();
  });
});
