// The e.firma signing statechart's actors (machines/efirma-sign.ts), run in the browser: the
// packet fetched, the certificate read, the key opened with its password, the packet signed, the
// signed PDF sent. The key and the password go no further than openEfirmaKey; the only call that sends
// anything is the signed PDF's. Loaded with the signing dialog, in a chunk of its own.
import type { AxiosInstance } from 'axios';
import { fromPromise } from 'xstate';
import type { EfirmaSignature, EfirmaSignaturesAnswer } from '../../forms/contracts/efirma';
import { readEfirmaCertificate, type EfirmaCertificate } from '../../forms/efirma/certificate';
import { EfirmaKeyError, EfirmaRefusal } from '../../forms/efirma/problems';
import type { OpenKeyInput, SignInput } from '../../forms/efirma/signing-steps';
import { callFailure } from '../http';
import { fetchPrintPdf } from '../print';
import { fetchSignatures, fetchSignedPdf, firmaPath, type EfirmaTarget } from './efirma-calls';
import { openEfirmaKey } from './efirma-key';
import { signPacket } from './sign-packet';

const bytesOf = async (file: Blob) => new Uint8Array(await file.arrayBuffer());

/**
 * The packet to sign: the signed PDF kept after the last signature once someone signed (the next
 * signature extends it), else the print's PDF, which the server notes as issued.
 */
async function packetToSign(http: AxiosInstance, target: EfirmaTarget): Promise<Uint8Array> {
  const signed = (await fetchSignatures(http, target)).length > 0;
  const pdf = signed ? await fetchSignedPdf(http, target) : await fetchPrintPdf(http, target);
  return new Uint8Array(await pdf.arrayBuffer());
}

/** Sends the signed PDF; a refusal with the server's words is an EfirmaRefusal, anything else a failure to send. */
async function sendSigned(http: AxiosInstance, { pdf, ...target }: EfirmaTarget & { pdf: Uint8Array }): Promise<EfirmaSignature[]> {
  try {
    // A buffer of the PDF's bytes alone: axios sends a typed array's whole buffer, which can be longer than the PDF.
    const body = pdf.slice().buffer;
    const { data } = await http.post<EfirmaSignaturesAnswer>(firmaPath(target), body, { headers: { 'Content-Type': 'application/pdf' } });
    return data.data;
  } catch (error) {
    const { status, message } = callFailure(error);
    if (status !== undefined && status >= 400 && status < 500 && message) throw new EfirmaRefusal(message);
    throw error;
  }
}

/** The actors, with `save` the page's way of keeping a file on the device. */
export const efirmaSigningActors = (http: AxiosInstance, save: (pdf: Blob, name: string) => void) => ({
  'read certificate': fromPromise<EfirmaCertificate, { file: Blob }>(async ({ input }) => readEfirmaCertificate(await bytesOf(input.file))),
  'open key': fromPromise<CryptoKey, OpenKeyInput>(async ({ input }) => {
    let keyFile: Uint8Array;
    try {
      keyFile = await bytesOf(input.keyFile);
    } catch {
      throw new EfirmaKeyError('not-a-key');
    }
    try {
      return await openEfirmaKey(keyFile, input.password, input.certificate);
    } finally {
      keyFile.fill(0);
    }
  }),
  'fetch packet': fromPromise<Uint8Array, EfirmaTarget>(({ input }) => packetToSign(http, input)),
  'sign packet': fromPromise<Uint8Array, SignInput>(({ input }) => signPacket(input.packet, { key: input.key, certificate: input.certificate, reason: input.reason })),
  'send signed': fromPromise<EfirmaSignature[], EfirmaTarget & { pdf: Uint8Array }>(({ input }) => sendSigned(http, input)),
  'save pdf': fromPromise<void, { uuid: string; pdf: Uint8Array }>(async ({ input }) =>
    save(new Blob([input.pdf.slice()], { type: 'application/pdf' }), `solicitud-${input.uuid}-firmada.pdf`),
  ),
});
