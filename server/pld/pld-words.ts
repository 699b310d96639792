// Word-level knowledge the screening engine uses beyond spelling: the abbreviations of Mexican
// company words, the transliteration classes of Arabic name parts, the generic words of a
// company name, and why two words were taken as the same (README, "PLD screening").
import type { WordMotive } from '../../forms/pld';
import { isAdjacentTransposition, phonetic } from './pld-normalise';

/** Abbreviation → the words it abbreviates, as written in Mexican company names. */
export const COMPANY_ABBREVIATIONS: Record<string, string[]> = {
  SERV: ['SERVICIOS', 'SERVICIO'],
  SERVS: ['SERVICIOS'],
  CORP: ['CORPORACION', 'CORPORATIVO', 'CORPORATIVA'],
  INTL: ['INTERNACIONAL'],
  INTERNAL: ['INTERNACIONAL'],
  CONST: ['CONSTRUCCION', 'CONSTRUCCIONES', 'CONSTRUCTORA'],
  CONSTR: ['CONSTRUCCION', 'CONSTRUCCIONES', 'CONSTRUCTORA'],
  CIA: ['COMPANIA'],
  COM: ['COMERCIAL', 'COMERCIALIZADORA', 'COMERCIO'],
  COMERC: ['COMERCIAL', 'COMERCIALIZADORA', 'COMERCIO'],
  COMER: ['COMERCIAL', 'COMERCIALIZADORA'],
  DIST: ['DISTRIBUIDORA', 'DISTRIBUIDOR', 'DISTRIBUCIONES', 'DISTRIBUCION'],
  DISTR: ['DISTRIBUIDORA', 'DISTRIBUIDOR', 'DISTRIBUCIONES', 'DISTRIBUCION'],
  ADMON: ['ADMINISTRACION'],
  ADMIN: ['ADMINISTRACION', 'ADMINISTRADORA', 'ADMINISTRATIVOS'],
  ADMVOS: ['ADMINISTRATIVOS'],
  ADMVAS: ['ADMINISTRATIVAS'],
  GPO: ['GRUPO'],
  IND: ['INDUSTRIAL', 'INDUSTRIAS', 'INDUSTRIALES'],
  INDS: ['INDUSTRIAS'],
  INMOB: ['INMOBILIARIA'],
  TRANSP: ['TRANSPORTES', 'TRANSPORTE', 'TRANSPORTADORA'],
  ING: ['INGENIERIA', 'INGENIEROS'],
  PROD: ['PRODUCTOS', 'PRODUCTORA', 'PRODUCCION'],
  PRODS: ['PRODUCTOS'],
  DESARR: ['DESARROLLO', 'DESARROLLOS', 'DESARROLLADORA'],
  DESRR: ['DESARROLLO', 'DESARROLLOS'],
  ASES: ['ASESORIA', 'ASESORES'],
  CONSULT: ['CONSULTORIA', 'CONSULTORES'],
  ASOC: ['ASOCIADOS', 'ASOCIACION'],
  HNOS: ['HERMANOS'],
  SOLUC: ['SOLUCIONES'],
  MANTTO: ['MANTENIMIENTO'],
  MTTO: ['MANTENIMIENTO'],
  NAL: ['NACIONAL'],
  MEX: ['MEXICO', 'MEXICANA', 'MEXICANO'],
  SIST: ['SISTEMAS'],
  OPER: ['OPERADORA'],
  PROF: ['PROFESIONALES'],
  ARREND: ['ARRENDADORA', 'ARRENDAMIENTO'],
  EDIF: ['EDIFICACIONES'],
  URB: ['URBANIZADORA', 'URBANIZACION'],
  TEC: ['TECNOLOGIA', 'TECNOLOGIAS'],
  EQ: ['EQUIPOS', 'EQUIPO'],
  MAT: ['MATERIALES'],
  AGROP: ['AGROPECUARIA'],
  FIN: ['FINANCIERA'],
};

/** Spellings of one Arabic name part in the UN and OFAC lists; the first is the class's name. */
export const TRANSLITERATION_CLASSES: string[][] = [
  ['MUHAMMAD', 'MOHAMAD', 'MOHAMMAD', 'MOHAMMED', 'MOHAMED', 'MUHAMAD', 'MUHAMMED', 'MUHAMED', 'MOHAMMET', 'MOHD', 'MOHAMMEED', 'MUHAMMET', 'MAHAMAT', 'MOHAMAED'],
  ['AHMAD', 'AHMED', 'AHMET', 'AHMAED'],
  ['ABDUL', 'ABDEL', 'ABDAL', 'ABDOUL', 'ABDOL', 'ABD'],
  ['ABDULLAH', 'ABDALLAH', 'ABDELLAH', 'ABDULLA', 'ABDALLA', 'ABDOULLAH', 'ABDALLAH'],
  ['BIN', 'BEN', 'IBN'],
  ['HUSSEIN', 'HUSAYN', 'HUSEIN', 'HUSSAIN', 'HOSSEIN', 'HUSAIN', 'HUSEYN'],
  ['HASSAN', 'HASAN', 'HASSEN'],
  ['MAHMOUD', 'MAHMUD', 'MAHMOOD', 'MEHMOOD'],
  ['OSAMA', 'USAMA', 'OUSSAMA', 'USAMAH'],
  ['OMAR', 'UMAR', 'OMER'],
  ['OTHMAN', 'UTHMAN', 'OSMAN', 'USMAN', 'OUTHMANE'],
  ['YOUSSEF', 'YUSUF', 'YOUSEF', 'YOUSIF', 'YUSSUF', 'YOUSUF', 'YUSEF'],
  ['IBRAHIM', 'EBRAHIM', 'IBRAHEEM', 'BRAHIM'],
  ['KHALID', 'KHALED'],
  ['RAHMAN', 'REHMAN', 'RAHMANE'],
  ['ABU', 'ABOU', 'ABO'],
  ['MUSTAFA', 'MOSTAFA', 'MUSTAPHA', 'MOSTAPHA'],
  ['MUSA', 'MOUSSA', 'MOUSA', 'MOUSSA'],
  ['NASIR', 'NASSER', 'NASER', 'NASR'],
  ['ISMAIL', 'ISMAEL', 'ESMAIL'],
  ['HAMID', 'HAMED'],
  ['FAISAL', 'FAYSAL', 'FEISAL'],
  ['SULEIMAN', 'SULAYMAN', 'SOLIMAN', 'SULAIMAN', 'SLEIMAN'],
  ['YASIN', 'YASSIN', 'YASEEN', 'YASSINE'],
  ['ABDULRAHMAN', 'ABDELRAHMAN', 'ABDURRAHMAN', 'ABDALRAHMAN'],
  ['HAJJI', 'HAJI', 'HADJI', 'HADJ'],
  ['SAYED', 'SAYYID', 'SAYYED', 'SAYED', 'SEYED', 'SAYID'],
];

/** The words of a company name that say what kind of business it is, not which one. */
export const GENERIC_COMPANY_WORDS = new Set([
  'GRUPO', 'COMERCIALIZADORA', 'COMERCIAL', 'COMERCIO', 'SERVICIOS', 'SERVICIO', 'CORPORACION', 'CORPORATIVO', 'CORPORATIVA',
  'INTERNACIONAL', 'CONSTRUCCION', 'CONSTRUCCIONES', 'CONSTRUCTORA', 'COMPANIA', 'DISTRIBUIDORA', 'DISTRIBUIDOR', 'DISTRIBUCIONES',
  'ADMINISTRACION', 'ADMINISTRADORA', 'ADMINISTRATIVOS', 'INDUSTRIAL', 'INDUSTRIAS', 'INDUSTRIALES', 'INMOBILIARIA', 'TRANSPORTES',
  'INGENIERIA', 'PRODUCTOS', 'DESARROLLO', 'DESARROLLOS', 'DESARROLLADORA', 'ASESORIA', 'ASESORES', 'CONSULTORIA', 'CONSULTORES',
  'SOLUCIONES', 'INTEGRALES', 'INTEGRAL', 'OPERADORA', 'EMPRESARIAL', 'EMPRESARIALES', 'PROYECTOS', 'NEGOCIOS', 'SISTEMAS',
  'ASOCIADOS', 'HERMANOS', 'MEXICO', 'MEXICANA', 'NACIONAL', 'GENERALES', 'ESPECIALIZADOS', 'PROFESIONALES', 'EMPRESA',
  'MULTISERVICIOS', 'CONSORCIO', 'INVERSIONES', 'TRADING', 'INTERNATIONAL', 'GROUP', 'HOLDING', 'HOLDINGS', 'ENTERPRISES', 'COMPANY',
  'GLOBAL', 'MAQUILADORA', 'ABASTECEDORA', 'ARRENDADORA', 'EDIFICACIONES', 'TECNOLOGIA', 'TECNOLOGIAS', 'MANTENIMIENTO',
  ...Object.keys(COMPANY_ABBREVIATIONS),
]);

/** Each abbreviation and transliteration word with the words it stands for, both ways, and why. */
export const WORD_EQUIVALENTS: Map<string, Map<string, WordMotive>> = (() => {
  const map = new Map<string, Map<string, WordMotive>>();
  const link = (a: string, b: string, motive: WordMotive) => {
    if (a === b) return;
    if (!map.has(a)) map.set(a, new Map());
    map.get(a)!.set(b, motive);
  };
  for (const [abbreviation, words] of Object.entries(COMPANY_ABBREVIATIONS)) {
    for (const word of words) {
      link(abbreviation, word, 'abreviatura');
      link(word, abbreviation, 'abreviatura');
    }
  }
  for (const members of TRANSLITERATION_CLASSES) for (const a of members) for (const b of members) link(a, b, 'transliteración');
  return map;
})();

/** Similarity given to an abbreviation or a transliteration of the same name part. */
export const EQUIVALENT_SIMILARITY = 0.97;

/** A word with the Arabic article joined (ALHARBI, ELMASRY) gives the rest (HARBI); '' otherwise. */
export function withoutArticle(word: string): string {
  return /^(AL|EL)[A-Z]{3,}$/.test(word) ? word.slice(2) : '';
}

/** Why two words were taken as the same: the first rule that explains it. */
export function wordMotive(query: string, listed: string): WordMotive {
  if (query === listed) return 'idéntica';
  const known = WORD_EQUIVALENTS.get(query)?.get(listed);
  if (known) return known;
  if (withoutArticle(query) === listed || withoutArticle(listed) === query) return 'transliteración';
  if (isAdjacentTransposition(query, listed)) return 'letras transpuestas';
  if (phonetic(query) === phonetic(listed)) return 'fonética';
  return 'error de escritura';
}
