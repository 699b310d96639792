// What the check of a signed upload (server/efirma/signed-packet-check.ts) reads from the stores
// besides the upload itself: the signed PDF kept after the last signature, and who may sign, from
// the application's model and, for a PM, its guarantors' (any of whose RFCs may sign the packet).
import { SIGNED_PACKET_MAX_BYTES } from '../../forms/contracts/efirma';
import { signerRole, type SignerRole } from '../../forms/efirma/signer-rule';
import { parseModel, type ApplicationRepository } from '../applications/application-repository';
import type { Application } from '../applications/application-tables';
import type { DocumentStorage } from '../storage/document-storage';
import type { EfirmaSignatureRow } from './efirma-tables';
import type { SignedPacketContext } from './signed-packet-check';

type Model = Record<string, unknown>;

/** The signed PDF kept after the last of the signatures `kept` (first first), and how many it holds; null before the first. */
export async function storedSignedPacket(storage: DocumentStorage, kept: EfirmaSignatureRow[]): Promise<SignedPacketContext['stored']> {
  const latest = kept.at(-1);
  if (!latest) return null;
  return { bytes: new Uint8Array(await storage.read(latest.bucket, latest.clave, SIGNED_PACKET_MAX_BYTES)), signatures: kept.length };
}

/** The role an RFC signs the application's packet in, null when neither the application nor (for a PM) a guarantor names it. */
export async function signerRolesOf(applications: ApplicationRepository, application: Application, isCompany: boolean): Promise<(rfc: string) => SignerRole | null> {
  const model = parseModel(application) as Model;
  const guarantors: Model[] = [];
  if (isCompany) {
    for (const { uuid } of await applications.guarantorsOf(application.uuid)) {
      const row = await applications.find(uuid);
      if (row) guarantors.push(parseModel(row) as Model);
    }
  }
  return (rfc) => signerRole(model, guarantors, rfc);
}
