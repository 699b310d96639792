// Every Spanish validation and error text of the specification (01 §5, §8; 02 §5, §8),
// character for character, typos included. Nothing else in the code spells these texts.
import { FILE_MAX_MB } from './limits';

export const MESSAGES = {
  required: '¡Este campo es requerido!',
  invalidNumber: '¡Número inválido!',
  /** `{0}` is replaced by the largest value allowed; see `tooBig`. */
  tooBigTemplate: '¡Número inválido, el valor máximo permitido es: {0}!',
  invalidDate: '¡Fecha inválida!',
  invalidEmail: '¡El email es inválido !',
  invalidEmailMoral: '¡Dirección de correo electrónico inválida!',
  rfcLength13: '¡El RFC debe tener 13 caracteres!',
  rfcLength12: '¡El RFC debe tener 12 caracteres!',
  rfcBirthDateMismatch: '¡El RFC no corresponde con la fecha de nacimiento o es incorrecto. Favor de verificarlo.!',
  rfcConstitutionDateMismatch: '¡El RFC no corresponde con la fecha de constitución o es incorrecto. Favor de verificarlo.!',
  curpLength: '¡El CURP debe tener 18 caracteres!',
  phoneLength: '¡El teléfono debe tener 10 caracteres!',
  postalCodeInvalid: '¡Asegúrate de agregar un código postal válido!',
  postalCodeNotFound: '¡Revisa tu código postal!',
  rfcDuplicate: 'El RFC se encuentra duplicado',
  rfcDuplicateGuarantor: 'El RFC ya se encuentra registrado para esta solicitud.',
  pldSelectionRequired: 'Se requiere selección de coincidencias PLD',
  fileType: 'La extensión del archivo no es válida',
  shareholdersTotal: '¡El total debe ser 100%!',
  // The spec gives no text for the cases below; these are ours (README, design notes).
  /** A text longer than its limit (inputs also carry maxLength). `{0}` is the limit. */
  tooLongTemplate: '¡El texto no debe exceder {0} caracteres!',
  /** A value of the wrong kind, or outside a fixed list of options (only reachable through the API). */
  invalidValue: '¡Valor inválido!',
  /** A text holding a control character (NUL, a line break in a one-line field…), only reachable through the API. */
  controlCharacters: '¡El texto contiene caracteres no permitidos!',
  /** A list longer than its limit (only reachable through the API). `{0}` is the limit. */
  tooManyItemsTemplate: '¡No se permiten más de {0} elementos!',
  /** A phone of 10 digits that starts with 0 or 1: no Mexican area code does ('01 33…' was a long-distance prefix). */
  phoneFirstDigit: '¡El teléfono no puede empezar con 0 ni con 1!',
  /** A CURP of 18 characters that does not follow the CURP format. */
  curpInvalid: '¡El CURP no tiene un formato válido!',
  /** Summary of a write refused by the server (422); `{0}` is how many fields are wrong. */
  validationFailedTemplate: 'La información no es válida: revisa los {0} campos marcados.',
  validationFailedOne: 'La información no es válida: revisa el campo marcado.',
} as const;

/** The 'too big' message with its `{0}` filled in. */
export const tooBig = (max: number | string) => MESSAGES.tooBigTemplate.replace('{0}', String(max));

/** The 'too long' message with its `{0}` filled in. */
export const tooLong = (max: number) => MESSAGES.tooLongTemplate.replace('{0}', String(max));

/** The 'too many items' message with its `{0}` filled in. */
export const tooManyItems = (max: number) => MESSAGES.tooManyItemsTemplate.replace('{0}', String(max));

/** The summary of a refused write. */
export const validationFailed = (fields: number) =>
  fields === 1 ? MESSAGES.validationFailedOne : MESSAGES.validationFailedTemplate.replace('{0}', String(fields));

export const NOTICES = {
  /** The public applicant finished without ticking 'Acepto' under the truthfulness statement. */
  statementRequired: 'Para finalizar, marca «Acepto» bajo la declaración de veracidad.',
  /** A step of the review before 'Finalizar' where nothing was entered. */
  reviewTabEmpty: 'No capturaste datos en este paso.',
  saveSuccessTitle: 'Éxito',
  saveSuccess: 'Datos almacenados correctamente',
  saveErrorTitle: 'Error',
  saveError: 'Ocurrió un error al almacenar los datos',
  /** A save that got no answer at all (no network, the server out of reach). */
  saveUnreachable: 'No fue posible comunicarse con el servidor. Revisa tu conexión e intenta de nuevo.',
  /** Said with a save the service could not take: nothing typed is lost. */
  saveKept: 'Tus datos siguen en esta pantalla; no se perdió nada de lo que escribiste.',
  /** Under a save refused because the record changed in another session: what the reload keeps. */
  keptOnReload:
    'Lo que escribiste se queda en este navegador: al recargar la página te lo ofrecemos de nuevo sobre la versión actual, y te decimos cuáles de los campos que escribiste se guardaron con otro valor en la otra sesión.',
  dropOutside: 'No se pueden subir archivos en esta zona',
  updateSuccess: 'Tu información fue actualizada éxitosamente.',
  finishSuccess: '¡Gracias! Has completado éxitosamente el registro de tu solicitud, favor de imprimir los documentos.',
  finishStoredTemporarily:
    'Ocurrió un error al finalizar. Tu información fue almacenada temporalmente para que puedas concluir el proceso más tarde.',
  finishGeneralDataInvalid: 'Ocurrió un error al finalizar. Existen errores el la forma de Datos generales.',
  updateError: 'Ocurrió un error al actualizar tu registro',
  guarantorRemoved: 'Aval eliminado correctamte',
  guarantorDeleteConfirm: '¿Está seguro que desea eliminar el aval?',
  incompleteGuarantors: '¡Avales incompletos!',
  parentRefusedTitle: 'No es posible registrar el aval',
  /** When the server gave no reason of its own. */
  parentRefused: 'La solicitud de Persona Moral no admite nuevos avales.',
  incorrectCodeTitle: 'Código incorrecto',
  incorrectCode: 'Lo sentimos la solicitud es incorrecta, por favor comience el registro nuevamente.',
  expiredCodeTitle: 'Código expirado',
  expiredCode: '...la solicitud ha expirado, por favor comience el registro nuevamente.',
  completeTitle: 'Registro completo',
  complete: 'La solicitud ha sido finalizada, por favor comience el registro nuevamente.',
  pldHeading: '¡Coincidencias personas de alto riesgo!',
  noMatches: 'No se encontraron coincidencias',
  noGuarantors: 'No existen avales relacionados',
  staffCreated:
    'Esta solicitud fue registrada por el personal de la empresa: puedes consultarla, pero no modificarla. Si necesitas cambiar algún dato, comunícate con tu asesor.',
  guarantorFromElsewhere: 'Registrado en otra sesión',
  guarantorsFromElsewhere:
    'Los avales registrados en otra sesión (desde otro navegador) se muestran con su nombre y su estado: no pueden editarse desde aquí, pero puedes eliminarlos y registrarlos de nuevo. Los registrados por el personal de la empresa no pueden editarse ni eliminarse desde aquí.',
  clientNotFound: 'Cliente no encontrado',
  ocrEmpty: 'No se pueden obtener los datos del documento, revisa calidad del mismo',
  ocrWrongId: 'Documento inválido, solo INE o IFE son aceptados',
  ocrWrongAddress: 'Documento inválido, solo TELMEX o CFE son aceptados',
  ocrWrongTax: 'Documento inválido, solo la Constancia de situación fiscal es aceptada',
  ocrSuccess: 'Datos obtenidos con OCR',
  ocrError: 'Error al intentar obtener datos con OCR',
  ocrReading: 'Obteniendo datos con OCR',
  uploading: 'Subiendo archivo',
  // The spec gives no text for the cases below; these are ours.
  /** A second file chosen or dropped while one is in flight, or several at once. */
  uploadOneAtATime: 'Solo se puede subir un archivo a la vez',
  /** The signing or the upload failed (network, storage): the person can retry. */
  uploadFailed: 'No se pudo subir el archivo, inténtalo de nuevo',
  /** Storage refused the file itself (S3's EntityTooLarge, EntityTooSmall): the person chooses another. Said so whatever language the storage answers in. */
  storageTooLarge: 'El archivo excede el tamaño permitido.',
  storageTooSmall: 'El archivo es más pequeño de lo permitido.',
  /** A file chosen over the size limit (spec 01 §6 gives the limit, not its text): the type's message would blame a good extension. */
  fileTooLarge: `El archivo pesa más de ${FILE_MAX_MB} MB, el máximo permitido; elige uno más ligero.`,
  /** A file of 0 bytes chosen. */
  fileEmpty: 'El archivo está vacío; elige otro.',
  /** A guarantor finished with 'Finalizar y regresar a PM'. */
  guarantorCompleted: 'Aval completado',
  /** Under a field whose paste, drop or typing went past its length limit: the browser kept only the first characters. `{0}` is the limit. */
  textCutTemplate: 'Se recortó el texto a {0} caracteres, el máximo permitido.',
} as const;

/** A neighbourhood's empty choice when there is none to choose, and why (neighbourhoodPrompt in forms/dependent-fields). */
export const NEIGHBOURHOOD_PROMPTS = {
  'postal code first': 'Escribe primero el código postal',
  'looking up': 'Buscando colonias…',
  'lookup failed': 'No se pudieron consultar las colonias',
  'none for the postal code': 'No hay colonias para este código postal',
} as const;

/** The 'text cut' notice with its `{0}` filled in. */
export const textCut = (max: number) => NOTICES.textCutTemplate.replace('{0}', String(max));

/** What an upload area says once a read filled `count` fields (`uncertain`: some must be confirmed). */
export const ocrFilledSummary = (count: number, uncertain: boolean) =>
  (count === 1 ? 'Se llenó 1 campo con OCR' : `Se llenaron ${count} campos con OCR`) + (uncertain ? '; confirma los marcados.' : '.');

/** The tab titles of the wizards (spec 01 §2, 02 §2). */
export const TAB_TITLES = {
  datosGenerales: 'Datos generales',
  vivienda: 'Vivienda',
  empleo: 'Empleo',
  activosPasivos: 'Activos y pasivos',
  referenciasPersonales: 'Referencias personales',
  contactos: 'Contactos',
  accionistas: 'Accionistas mayoritarios',
  proveedores: 'Referencias (Proveedores)',
  avales: 'Avales',
  validacionesPld: 'Validaciones PLD',
} as const;
