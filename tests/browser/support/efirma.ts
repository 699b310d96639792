// A packet signed through the real API, as a browser test's starting point: the packet (or the PDF
// signed so far) fetched from the server, signed here with the browser's own signing code (WebCrypto
// is Node's too) and the offline test credentials (tests/support/efirma/make-credentials.ts), and
// sent back as the signing dialog sends it.
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import type { WizardCode } from '../../../forms/contracts/application';
import type { EfirmaSignature } from '../../../forms/contracts/efirma';
import { readEfirmaCertificate } from '../../../forms/efirma/certificate';
import { openEfirmaKey } from '../../../services/efirma/efirma-key';
import { signPacket } from '../../../services/efirma/sign-packet';
import { efirmaCredentials, type TestCredential } from '../../support/efirma/make-credentials';

export const credentials = efirmaCredentials();

/** Adds `who`'s signature to the application's packet (over the signed PDF once there is one); answers the signatures kept. */
export async function signThroughApi(
  request: APIRequestContext,
  authorization: string,
  { code, uuid, who, reason }: { code: WizardCode; uuid: string; who: TestCredential; reason: string },
): Promise<EfirmaSignature[]> {
  const headers = { authorization };
  const signed = await request.get(`/api/${code}/firma/${uuid}/pdf`, { headers });
  const source = signed.ok() ? signed : await request.get(`/api/${code}/print/cliente/${uuid}/pdf`, { headers });
  expect(source.status()).toBe(200);
  const certificate = readEfirmaCertificate(new Uint8Array(readFileSync(who.cer)));
  const key = await openEfirmaKey(new Uint8Array(readFileSync(who.key)), credentials.password, certificate);
  const pdf = await signPacket(new Uint8Array(await source.body()), { key, certificate, reason });
  const response = await request.post(`/api/${code}/firma/${uuid}`, { headers: { ...headers, 'content-type': 'application/pdf' }, data: Buffer.from(pdf) });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data;
}
