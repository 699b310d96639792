// Business constants and limits of spec 01 §9 and 02 §9.

export const RFC_LENGTH_PERSON = 13;
export const RFC_LENGTH_COMPANY = 12;
export const CURP_LENGTH = 18;
export const POSTAL_CODE_LENGTH = 5;
export const PHONE_LENGTH = 10;
export const EXTENSION_MAX_DIGITS = 9;
export const NAME_MAX = 200;
export const SURNAME_MAX = 99;
export const EMAIL_MAX = 99;
export const STREET_MAX = 200;
export const OTHER_COLONIA_MAX = 99;
export const COMMENTS_MAX = 600;
export const EMPLOYEES_MAX_DIGITS = 5;
export const AMOUNT_MAX = 9999999999.99;
export const YEARS_KNOWN_MAX = 99;
export const PERCENTAGE_MAX = 99;
export const SHAREHOLDERS_TOTAL = 100;
/** Representatives, shareholders, supplier references: the spec sets no number; this bounds what a write may carry. */
export const LIST_ITEMS_MAX = 20;
/** Settlements of one postal code (SEPOMEX has at most 300) and the length of their names. */
export const NEIGHBOURHOODS_MAX = 500;
export const CATALOGUE_TEXT_MAX = 200;
/** Guarantors of one PM as its Avales tab lists them. */
export const GUARANTORS_MAX = 50;
/** Kept data without rules (the PLD review, the bureau form): its size as JSON text. */
export const KEPT_DATA_MAX_CHARS = 200_000;
/** An uploaded document's size at most, in MB (as people read it) and in bytes. */
export const FILE_MAX_MB = 10;
export const FILE_MAX_BYTES = FILE_MAX_MB * 1024 * 1024;
export const APPLICATION_VALID_DAYS = 30;
/** The same, in milliseconds. */
export const APPLICATION_VALID_MS = APPLICATION_VALID_DAYS * 24 * 3600 * 1000;
export const SAVED_GUARANTOR_PARENT_LAST_INDEX = 4;

/** Timings of the specification, in milliseconds. */
export const DELAYS = {
  validationDebounce: 1500,
  notification: 1000,
  ocrPolling: 3000,
  print: 1000,
} as const;

/** The colonia value that switches to the free-text `otra_colonia` field. */
export const OTHER_COLONIA = 'Otra';
export const COUNTRY_MEXICO = 'MX';
export const NATIONALITY_MEXICAN = 'Mexicana';
export const NATIONALITY_FOREIGN = 'Extranjera';
