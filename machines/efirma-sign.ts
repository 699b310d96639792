// The 'Firmar con e.firma' dialog (issue 20; README, "e.firma"). The person chooses the `.cer`: it
// is read and shown (holder, RFC, CURP, serial, validity), and refused at once when it is a CSD,
// out of its validity, or, when the record is at hand, not of someone who may sign it. With the
// `.key` and its password the signing runs in the browser: the key is opened (a non-extractable
// key from there on), the packet (fetched while the form is filled) is signed, and only the
// signed PDF is sent. The key's
// bytes and the password travel in the 'sign' event to the actor that opens the key, never into
// the context. A refusal, here or from the server, goes back to the form with its words and the
// files as chosen. Once kept, the signed PDF downloads; 'Agregar otra firma' starts over for the
// next signer (a guarantor, the company's representative). Fetching, reading, opening, signing,
// sending and saving are actors the dialog provides (services/efirma/).
import { assign, setup } from 'xstate';
import type { WizardCode } from '../forms/contracts/application';
import { EFIRMA_REFUSALS, SIGNER_ROLE_LABELS, type EfirmaSignature } from '../forms/contracts/efirma';
import type { EfirmaCertificate } from '../forms/efirma/certificate';
import type { OpenKeyInput, SignInput } from '../forms/efirma/signing-steps';
import { EFIRMA_PROBLEMS, EfirmaCertificateError, EfirmaKeyError, EfirmaRefusal } from '../forms/efirma/problems';
import { certificateDay, certificateValidity } from '../forms/efirma/certificate-validity';
import { signerRole, type SignerRole } from '../forms/efirma/signer-rule';
import { notProvided } from './not-provided';

type Model = Record<string, unknown>;

export interface EfirmaSignInput {
  code: WizardCode;
  uuid: string;
  /**
   * The record as its print answered it (a PM with its guarantors in `avales`), to refuse at once a
   * certificate of someone it does not name; null when not at hand (the server still decides).
   */
  record: Model | null;
}

/** What the dialog says is wrong, and beside which input. */
export interface EfirmaProblem {
  about: 'certificate' | 'key' | 'password' | 'signing';
  message: string;
}

export interface EfirmaSignContext extends EfirmaSignInput {
  certificate: EfirmaCertificate | null;
  /** The signer's role when the record tells it; null when it does not (the server tells). */
  role: SignerRole | null;
  problem: EfirmaProblem | null;
  /** The packet to sign, once fetched; and whether its fetch failed. */
  packet: Uint8Array | null;
  packetFailed: boolean;
  /** The opened key: it can sign but not be read. Dropped once the packet is signed. */
  key: CryptoKey | null;
  /** The signed packet, from its signing on. */
  pdf: Uint8Array | null;
  /** The signatures the server kept, this one the last; empty until it answers. */
  signatures: EfirmaSignature[];
}

export type EfirmaSignEvent =
  | { type: 'certificate.chosen'; file: Blob }
  | { type: 'credentials.changed' }
  | { type: 'sign'; keyFile: Blob; password: string }
  | { type: 'download' }
  | { type: 'again' };

/** The problem a certificate has for this application at `now`, or null when it may sign. */
function certificateProblem(certificate: EfirmaCertificate, { code, record }: EfirmaSignInput, now: Date): string | null {
  if (certificate.kind === 'csd') return EFIRMA_REFUSALS.csd;
  const validity = certificateValidity(certificate, now);
  if (validity === 'expired') return EFIRMA_REFUSALS.expired(certificateDay(certificate.notAfter));
  if (validity === 'not-yet-valid') return EFIRMA_REFUSALS.notYetValid(certificateDay(certificate.notBefore));
  if (!record) return null;
  const company = code === 'wizardpm';
  // Staff's print of a PM carries no guarantors: a guarantor's certificate is then the server's to judge.
  if (company && !Array.isArray(record.avales)) return null;
  if (roleOf(certificate, record)) return null;
  return company ? EFIRMA_REFUSALS.wrongSignerPm(certificate.rfc) : EFIRMA_REFUSALS.wrongSigner(certificate.rfc);
}

const roleOf = (certificate: EfirmaCertificate, record: Model | null): SignerRole | null =>
  record ? signerRole(record, Array.isArray(record.avales) ? (record.avales as Model[]) : [], certificate.rfc) : null;

/** An actor's failure in the dialog's words; `fallback` for a failure that says nothing (a network error). */
function problemOf(error: unknown, fallback: EfirmaProblem): EfirmaProblem {
  if (error instanceof EfirmaCertificateError) return { about: 'certificate', message: EFIRMA_PROBLEMS[error.problem] };
  if (error instanceof EfirmaKeyError) {
    return { about: error.problem === 'wrong-password' ? 'password' : 'key', message: EFIRMA_PROBLEMS[error.problem] };
  }
  if (error instanceof EfirmaRefusal) return { about: 'signing', message: error.refusal };
  return fallback;
}

const UNREADABLE: EfirmaProblem = { about: 'certificate', message: EFIRMA_PROBLEMS['unreadable-file'] };
const NO_PACKET: EfirmaProblem = { about: 'signing', message: EFIRMA_PROBLEMS['packet-unavailable'] };
const NOT_SIGNED: EfirmaProblem = { about: 'signing', message: EFIRMA_PROBLEMS['not-signed'] };
const NOT_SENT: EfirmaProblem = { about: 'signing', message: EFIRMA_PROBLEMS['not-sent'] };
const NO_CRYPTO: EfirmaProblem = { about: 'signing', message: EFIRMA_PROBLEMS['no-crypto'] };

export const efirmaSignMachine = setup({
  types: {
    input: {} as EfirmaSignInput,
    context: {} as EfirmaSignContext,
    events: {} as EfirmaSignEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** Reads the `.cer` (DER or PEM); rejects with EfirmaCertificateError. */
    'read certificate': notProvided<EfirmaCertificate, { file: Blob }>('read certificate'),
    /** Decrypts the `.key` with the password into a non-extractable key; rejects with EfirmaKeyError. */
    'open key': notProvided<CryptoKey, OpenKeyInput>('open key'),
    /** Fetches the packet to sign: the signed PDF kept after the last signature once someone signed, else the print's PDF. */
    'fetch packet': notProvided<Uint8Array, { code: WizardCode; uuid: string }>('fetch packet'),
    /** Adds the signature to the packet. */
    'sign packet': notProvided<Uint8Array, SignInput>('sign packet'),
    /** Sends the signed PDF; answers the signatures kept, or rejects with EfirmaRefusal. */
    'send signed': notProvided<EfirmaSignature[], { code: WizardCode; uuid: string; pdf: Uint8Array }>('send signed'),
    /** Saves the signed PDF on the device. */
    'save pdf': notProvided<void, { uuid: string; pdf: Uint8Array }>('save pdf'),
  },
  guards: {
    'can sign': ({ context }) => context.certificate !== null && context.problem?.about !== 'certificate',
    'has packet': ({ context }) => context.packet !== null,
    'packet failed': ({ context }) => context.packetFailed,
  },
  actions: {
    'forget certificate': assign({ certificate: null, role: null, problem: null }),
    'assign certificate': assign(({ context }, params: { certificate: EfirmaCertificate }) => {
      const message = certificateProblem(params.certificate, context, new Date());
      return {
        certificate: params.certificate,
        role: roleOf(params.certificate, context.record),
        problem: message ? ({ about: 'certificate', message } as const) : null,
      };
    }),
    'assign problem': assign((_, params: { problem: EfirmaProblem }) => ({ problem: params.problem })),
    /** A key or password changed: what was said of the last ones no longer holds. */
    'forget credentials problem': assign(({ context }) => ({ problem: context.problem?.about === 'certificate' ? context.problem : null })),
    /** A new try: the last one's failure is no longer shown while it runs (and is said again, anew, if it fails again). */
    'forget problem': assign({ problem: null }),
    'forget packet': assign({ packet: null, packetFailed: false }),
    'assign packet': assign((_, params: { packet: Uint8Array }) => ({ packet: params.packet })),
    'note packet failed': assign({ packetFailed: true }),
    'assign key': assign((_, params: { key: CryptoKey }) => ({ key: params.key })),
    'forget key': assign({ key: null }),
    'assign pdf': assign((_, params: { pdf: Uint8Array }) => ({ pdf: params.pdf })),
    'assign signatures': assign((_, params: { signatures: EfirmaSignature[] }) => ({ signatures: params.signatures })),
    'start over': assign({ certificate: null, role: null, problem: null, key: null, pdf: null, signatures: [] }),
  },
}).createMachine({
  id: 'efirmaSign',
  context: ({ input }) => ({ ...input, certificate: null, role: null, problem: null, packet: null, packetFailed: false, key: null, pdf: null, signatures: [] }),
  initial: 'preparing',
  states: {
    /**
     * The form, and meanwhile the packet to sign fetched (the server renders a PM's in about a
     * second): by the time the person has chosen the files and typed the password it is here.
     * Entered anew after a signature or a failure, since the packet to extend may have changed.
     */
    preparing: {
      initial: 'choosing',
      entry: 'forget packet',
      invoke: {
        id: 'packet',
        src: 'fetch packet',
        input: ({ context }) => ({ code: context.code, uuid: context.uuid }),
        onDone: { actions: { type: 'assign packet', params: ({ event }) => ({ packet: event.output }) } },
        onError: { actions: 'note packet failed' },
      },
      states: {
        choosing: {
          initial: 'idle',
          on: {
            'certificate.chosen': { target: '.readingCertificate', actions: 'forget certificate' },
            'credentials.changed': { actions: 'forget credentials problem' },
          },
          states: {
            idle: {
              on: { sign: { guard: 'can sign', target: '#efirmaSign.preparing.opening', actions: 'forget problem' } },
            },
            readingCertificate: {
              tags: 'busy',
              invoke: {
                id: 'certificate',
                src: 'read certificate',
                input: ({ event }) => ({ file: (event as Extract<EfirmaSignEvent, { type: 'certificate.chosen' }>).file }),
                onDone: { target: 'idle', actions: { type: 'assign certificate', params: ({ event }) => ({ certificate: event.output }) } },
                onError: { target: 'idle', actions: { type: 'assign problem', params: ({ event }) => ({ problem: problemOf(event.error, UNREADABLE) }) } },
              },
            },
          },
        },
        opening: {
          tags: 'busy',
          invoke: {
            id: 'key',
            src: 'open key',
            input: ({ context, event }) => {
              const { keyFile, password } = event as Extract<EfirmaSignEvent, { type: 'sign' }>;
              return { keyFile, password, certificate: context.certificate! };
            },
            onDone: { target: 'awaitingPacket', actions: { type: 'assign key', params: ({ event }) => ({ key: event.output }) } },
            // Anything but the key's own problems is a browser that cannot do the cryptography.
            onError: { target: 'choosing', actions: { type: 'assign problem', params: ({ event }) => ({ problem: problemOf(event.error, NO_CRYPTO) }) } },
          },
        },
        /** The key is open; the packet, if it is not here yet, is on its way. */
        awaitingPacket: {
          tags: 'busy',
          always: [
            { guard: 'has packet', target: '#efirmaSign.signing' },
            // Fetched again as the form comes back.
            { guard: 'packet failed', target: '#efirmaSign.preparing', reenter: true, actions: ['forget key', { type: 'assign problem', params: { problem: NO_PACKET } }] },
          ],
        },
      },
    },
    signing: {
      tags: 'busy',
      invoke: {
        id: 'signing',
        src: 'sign packet',
        input: ({ context }) => ({
          packet: context.packet!,
          key: context.key!,
          certificate: context.certificate!,
          reason: context.role ? `Firma de la solicitud: ${SIGNER_ROLE_LABELS[context.role]}` : 'Firma de la solicitud',
        }),
        onDone: { target: 'sending', actions: [{ type: 'assign pdf', params: ({ event }) => ({ pdf: event.output }) }, 'forget key'] },
        onError: { target: 'preparing', actions: ['forget key', { type: 'assign problem', params: ({ event }) => ({ problem: problemOf(event.error, NOT_SIGNED) }) }] },
      },
    },
    sending: {
      tags: 'busy',
      invoke: {
        id: 'send',
        src: 'send signed',
        input: ({ context }) => ({ code: context.code, uuid: context.uuid, pdf: context.pdf! }),
        onDone: { target: 'signed', actions: { type: 'assign signatures', params: ({ event }) => ({ signatures: event.output }) } },
        onError: { target: 'preparing', actions: [assign({ pdf: null }), { type: 'assign problem', params: ({ event }) => ({ problem: problemOf(event.error, NOT_SENT) }) }] },
      },
    },
    /** Kept by the server: the signed PDF downloads, and again on 'Descargar PDF firmado'. */
    signed: {
      initial: 'saving',
      on: { again: { target: 'preparing', actions: 'start over' } },
      states: {
        saving: {
          invoke: { id: 'save', src: 'save pdf', input: ({ context }) => ({ uuid: context.uuid, pdf: context.pdf! }), onDone: 'saved', onError: 'saved' },
        },
        saved: {
          on: { download: 'saving' },
        },
      },
    },
  },
});
