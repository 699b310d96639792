// The e.firma calls that read what was signed (forms/contracts/efirma.ts): an application's
// signatures, and its packet as signed after the last one. Light on purpose: the wizard imports
// them, and the signing code (services/efirma/sign-packet.ts) stays in its own lazy chunk.
import type { AxiosInstance } from 'axios';
import type { WizardCode } from '../../forms/contracts/application';
import type { EfirmaSignature, EfirmaSignaturesAnswer } from '../../forms/contracts/efirma';

export interface EfirmaTarget {
  code: WizardCode;
  uuid: string;
}

export const firmaPath = ({ code, uuid }: EfirmaTarget) => `/${code}/firma/${encodeURIComponent(uuid)}`;

/** The signatures kept for the application, first first; empty when nobody signed yet. */
export const fetchSignatures = async (http: AxiosInstance, target: EfirmaTarget): Promise<EfirmaSignature[]> =>
  (await http.get<EfirmaSignaturesAnswer>(firmaPath(target))).data.data;

/** The signed PDF as it stands after the last signature (a 404 when there is none). */
export const fetchSignedPdf = async (http: AxiosInstance, target: EfirmaTarget): Promise<Blob> =>
  (await http.get<Blob>(`${firmaPath(target)}/pdf`, { responseType: 'blob' })).data;
