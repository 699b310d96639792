// What can keep an e.firma from signing, found in the browser before anything is sent, and the
// words the signing dialog says for each. The server's own refusals, with their words, are
// forms/contracts/efirma.ts's EFIRMA_REFUSALS; the dialog shows those as the server sends them.
// The errors live here, apart from the code that reads certificates and keys, so the signing
// statechart can tell them apart without loading that code.

export type EfirmaCertificateProblem = 'not-a-certificate' | 'not-a-sat-certificate';

/** A `.cer` that is not a SAT certificate. */
export class EfirmaCertificateError extends Error {
  constructor(readonly problem: EfirmaCertificateProblem) {
    super(problem === 'not-a-certificate' ? 'The file is not an X.509 certificate' : 'The certificate carries no RFC');
    this.name = 'EfirmaCertificateError';
  }
}

export type EfirmaKeyProblem = 'not-a-key' | 'wrong-password' | 'key-mismatch' | 'not-rsa';

/** A `.key` that cannot sign: not a key, not opened by the password, or not the certificate's. */
export class EfirmaKeyError extends Error {
  constructor(readonly problem: EfirmaKeyProblem) {
    super(`The private key cannot be used: ${problem}`);
    this.name = 'EfirmaKeyError';
  }
}

/** The dialog's words for each problem found in the browser. */
export const EFIRMA_PROBLEMS = {
  'no-certificate': 'Elige el archivo .cer de tu e.firma.',
  'no-key': 'Elige el archivo .key de tu e.firma.',
  'no-password': 'Escribe la contraseña de tu llave privada.',
  'not-a-certificate': 'El archivo no es un certificado. Elige el archivo .cer de tu e.firma.',
  'not-a-sat-certificate': 'El certificado no es de una e.firma del SAT: no incluye un RFC.',
  'not-a-key': 'El archivo no es la llave privada de una e.firma. Elige el archivo .key que el SAT te entregó con tu certificado.',
  'wrong-password': 'La contraseña no abre la llave privada. Revísala (distingue mayúsculas y minúsculas) e intenta de nuevo.',
  'key-mismatch': 'La llave privada no corresponde al certificado: elige la llave .key que se generó junto con este .cer.',
  'not-rsa': 'La llave privada no es del tipo que emite el SAT (RSA).',
  'unreadable-file': 'No se pudo leer el archivo. Elígelo de nuevo.',
  'not-loaded': 'No se pudo cargar la firma con e.firma. Revisa tu conexión e intenta de nuevo.',
  'not-signed': 'No se pudo firmar el documento en este navegador. Intenta de nuevo; si vuelve a ocurrir, usa una versión reciente de Chrome, Edge, Firefox o Safari.',
  'packet-unavailable': 'No se pudo obtener el documento para firmarlo. Revisa tu conexión e intenta de nuevo.',
  'not-sent': 'No se pudo enviar el documento firmado. Revisa tu conexión e intenta de nuevo; tu firma no se guardó.',
  'no-crypto': 'Este navegador no permite firmar con e.firma. Usa una versión reciente de Chrome, Edge, Firefox o Safari.',
} as const;

export type EfirmaProblemCode = keyof typeof EFIRMA_PROBLEMS;

/** A refusal the server answered (its Spanish message), as the signing statechart reads it. */
export class EfirmaRefusal extends Error {
  constructor(readonly refusal: string) {
    super(refusal);
    this.name = 'EfirmaRefusal';
  }
}
