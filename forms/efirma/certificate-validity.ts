// When a certificate may sign: within its validity, and the day each end of it falls on as the
// dialog and the server's refusals say it.
import { shortDate } from '../print/format';
import type { EfirmaCertificate } from './certificate';

export type CertificateValidity = 'valid' | 'expired' | 'not-yet-valid';

/** Whether the certificate is within its validity at `at`. */
export function certificateValidity(certificate: Pick<EfirmaCertificate, 'notBefore' | 'notAfter'>, at: Date): CertificateValidity {
  if (at.getTime() < certificate.notBefore.getTime()) return 'not-yet-valid';
  if (at.getTime() > certificate.notAfter.getTime()) return 'expired';
  return 'valid';
}

/** The day a certificate's validity starts or ends, as the dialog and the server's refusals say it (UTC, dd/MM/yyyy). */
export const certificateDay = (date: Date) => shortDate(date.toISOString().slice(0, 10));
