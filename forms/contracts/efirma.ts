// The e.firma calls: POST /{code}/firma/{uuid} takes the packet signed in the browser (the PDF's own
// bytes, application/pdf) and answers the signatures kept; GET /{code}/firma/{uuid} answers them;
// GET /{code}/firma/{uuid}/pdf downloads the signed PDF as it stands after the last one.
import { array, boolean, mixed, number, object, string, type InferType } from 'yup';

/** The largest signed packet accepted (a PM packet with five guarantors is about 250 KB). */
export const SIGNED_PACKET_MAX_BYTES = 5 * 1024 * 1024;
/** How far the signing time may be from the server's clock, either way. */
export const SIGNING_TIME_TOLERANCE_MS = 10 * 60 * 1000;

export const SIGNER_ROLES = ['solicitante', 'representante', 'aval'] as const;
export const SIGNER_ROLE_LABELS: Record<(typeof SIGNER_ROLES)[number], string> = {
  solicitante: 'Solicitante',
  representante: 'Representante legal',
  aval: 'Aval',
};

const dateTime = (description: string) => string().required().meta({ description, openapi: { type: 'string', format: 'date-time' } });

export const efirmaSignatureSchema = object({
  orden: number().integer().required().meta({ description: '1 for the first signature, 2 for the next…' }),
  rfc: string().required().meta({ description: "the certificate's RFC: the signer's, or the company's for a company e.firma" }),
  rfc_representante: string().nullable().defined().meta({ description: "a company e.firma: its representative's RFC" }),
  nombre: string().required(),
  calidad: mixed<(typeof SIGNER_ROLES)[number]>().oneOf(SIGNER_ROLES).required().meta({ openapi: { type: 'string', enum: [...SIGNER_ROLES] } }),
  numero_certificado: string().required().meta({ description: 'the serial number as the SAT prints it' }),
  firmado_el: dateTime('the signing time the signature carries'),
  recibido_el: dateTime('when the server kept it'),
  cadena_verificada: boolean().required().meta({ description: "whether the certificate's chain was checked against the SAT's certificates (SAT_CA_DIR); false when the server has none configured" }),
  sha256: string().required().meta({ description: 'SHA-256 (hex) of the signed PDF kept after this signature' }),
  longitud: number().integer().required().meta({ description: 'its length in bytes' }),
});
export type EfirmaSignature = InferType<typeof efirmaSignatureSchema>;

/** The signatures of an application's packet, first first; empty when nobody signed yet. */
export const efirmaSignaturesAnswerSchema = object({ data: array(efirmaSignatureSchema.required()).required() });
export type EfirmaSignaturesAnswer = InferType<typeof efirmaSignaturesAnswerSchema>;

/** The body of POST /{code}/firma/{uuid}: the signed PDF's bytes. */
export const signedPacketBodySchema = string().meta({ openapi: { type: 'string', format: 'binary' } });

/** Why a signed packet is refused: each in the words the applicant reads. */
export const EFIRMA_REFUSALS = {
  notPdf: 'El archivo enviado no es un PDF.',
  unsigned: 'El documento no tiene firmas electrónicas: fírmalo con tu e.firma antes de enviarlo.',
  tooLarge: `El documento firmado no puede pesar más de ${SIGNED_PACKET_MAX_BYTES / 1024 / 1024} MB.`,
  wrongType: 'El documento firmado debe enviarse como PDF (application/pdf).',
  notThisApplication: 'El documento firmado no corresponde a la solicitud.',
  changed: 'El documento fue modificado después de firmarse, o una de sus firmas no es válida.',
  notWhole: 'El documento tiene cambios posteriores a su última firma.',
  notFromStored: 'El documento no parte del documento firmado que ya se guardó para esta solicitud: descárgalo de nuevo y fírmalo sobre él.',
  oneSignature: 'Cada envío debe agregar exactamente una firma al documento.',
  unsupportedDigest: 'La firma usa un algoritmo que no se acepta; firma de nuevo con la aplicación de la solicitud.',
  noCertificate: 'La firma no incluye un certificado del SAT con RFC.',
  csd: 'El certificado es un Certificado de Sello Digital (CSD), que sirve para facturar; para firmar la solicitud se necesita la e.firma (antes FIEL).',
  expired: (date: string) => `El certificado de la e.firma venció el ${date}; renuévalo en el SAT para poder firmar.`,
  notYetValid: (date: string) => `El certificado de la e.firma es válido a partir del ${date}.`,
  signingTime: 'La hora de la firma no coincide con la del servidor; revisa la fecha y hora de tu equipo y firma de nuevo.',
  untrusted: 'El certificado no fue emitido por el SAT.',
  wrongSigner: (rfc: string) => `El RFC del certificado (${rfc}) no es el del solicitante.`,
  wrongSignerPm: (rfc: string) => `El RFC del certificado (${rfc}) no es el de la empresa, ni el de uno de sus representantes legales o avales registrados en la solicitud.`,
  alreadySigned: 'Esta persona ya firmó el documento con su e.firma.',
  concurrent: 'Otra firma se guardó al mismo tiempo: descarga el documento firmado de nuevo y vuelve a firmar.',
  noSignedPdf: 'La solicitud aún no tiene un documento firmado con e.firma.',
} as const;
