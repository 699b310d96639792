// The CURP state codes (characters 12-13) and the state each names, from the INEGI catalogue of
// federal entities (entidades_federativas.csv: clave_curp, clave_inegi, abreviatura_comun, nombre_inegi).
// `id_estado` is the INEGI number and `codigo` the common abbreviation, as the states catalogue
// (`catalogs/st/{countryId}`) answers them: JC gives JAL, DF gives CDMX, NL gives NL.

export interface StateEntry {
  id_estado: number;
  codigo: string;
  nombre: string;
}

export const CURP_STATES: Readonly<Record<string, StateEntry>> = {
  AS: { id_estado: 1, codigo: 'AGS', nombre: 'Aguascalientes' },
  BC: { id_estado: 2, codigo: 'BC', nombre: 'Baja California' },
  BS: { id_estado: 3, codigo: 'BCS', nombre: 'Baja California Sur' },
  CC: { id_estado: 4, codigo: 'CAMP', nombre: 'Campeche' },
  CL: { id_estado: 5, codigo: 'COAH', nombre: 'Coahuila de Zaragoza' },
  CM: { id_estado: 6, codigo: 'COL', nombre: 'Colima' },
  CS: { id_estado: 7, codigo: 'CHIS', nombre: 'Chiapas' },
  CH: { id_estado: 8, codigo: 'CHIH', nombre: 'Chihuahua' },
  DF: { id_estado: 9, codigo: 'CDMX', nombre: 'Ciudad de México' },
  DG: { id_estado: 10, codigo: 'DGO', nombre: 'Durango' },
  GT: { id_estado: 11, codigo: 'GTO', nombre: 'Guanajuato' },
  GR: { id_estado: 12, codigo: 'GRO', nombre: 'Guerrero' },
  HG: { id_estado: 13, codigo: 'HGO', nombre: 'Hidalgo' },
  JC: { id_estado: 14, codigo: 'JAL', nombre: 'Jalisco' },
  MC: { id_estado: 15, codigo: 'MEX', nombre: 'México' },
  MN: { id_estado: 16, codigo: 'MICH', nombre: 'Michoacán de Ocampo' },
  MS: { id_estado: 17, codigo: 'MOR', nombre: 'Morelos' },
  NT: { id_estado: 18, codigo: 'NAY', nombre: 'Nayarit' },
  NL: { id_estado: 19, codigo: 'NL', nombre: 'Nuevo León' },
  OC: { id_estado: 20, codigo: 'OAX', nombre: 'Oaxaca' },
  PL: { id_estado: 21, codigo: 'PUE', nombre: 'Puebla' },
  QT: { id_estado: 22, codigo: 'QRO', nombre: 'Querétaro' },
  QR: { id_estado: 23, codigo: 'QROO', nombre: 'Quintana Roo' },
  SP: { id_estado: 24, codigo: 'SLP', nombre: 'San Luis Potosí' },
  SL: { id_estado: 25, codigo: 'SIN', nombre: 'Sinaloa' },
  SR: { id_estado: 26, codigo: 'SON', nombre: 'Sonora' },
  TC: { id_estado: 27, codigo: 'TAB', nombre: 'Tabasco' },
  TS: { id_estado: 28, codigo: 'TAMPS', nombre: 'Tamaulipas' },
  TL: { id_estado: 29, codigo: 'TLAX', nombre: 'Tlaxcala' },
  VZ: { id_estado: 30, codigo: 'VER', nombre: 'Veracruz de Ignacio de la Llave' },
  YN: { id_estado: 31, codigo: 'YUC', nombre: 'Yucatán' },
  ZS: { id_estado: 32, codigo: 'ZAC', nombre: 'Zacatecas' },
};

/** The code of a CURP issued to a person born abroad ('Nacido en el extranjero'): no Mexican state. */
export const CURP_BORN_ABROAD = 'NE';

/** Every code a CURP may carry in characters 12-13. */
export const CURP_STATE_CODES: readonly string[] = [...Object.keys(CURP_STATES), CURP_BORN_ABROAD];
