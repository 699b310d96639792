// Model-based tests of the 'Firmar con e.firma' statechart: every transition replayed on a real actor
// with fake calls, for a PF record at hand (so a certificate of someone else is refused before any
// key is opened); then who may sign a company's record, and records not at hand.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { EFIRMA_REFUSALS, type EfirmaSignature } from '../../forms/contracts/efirma';
import type { EfirmaCertificate } from '../../forms/efirma/certificate';
import { EFIRMA_PROBLEMS, EfirmaCertificateError, EfirmaKeyError, EfirmaRefusal } from '../../forms/efirma/problems';
import { efirmaSignMachine, type EfirmaProblem, type EfirmaSignInput } from '../../machines/efirma-sign';
import { fileCoverage, type Inspect } from './support/coverage-report';
import { enumerateEdges, testEveryTransition } from './support/model-paths';

type Snapshot = SnapshotFrom<typeof efirmaSignMachine>;
type Context = Snapshot['context'];

const UUID = '0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10';
const PF_RFC = 'PEPC800101ABA';
const OTHER_RFC = 'GOMA750505CD2';
const PF_RECORD = { tipo_persona: 'Física', nombre: 'CARLOS', fisica: { apellido_paterno: 'PÉREZ', apellido_materno: 'PÉREZ', rfc: PF_RFC } };
const INPUT: EfirmaSignInput = { code: 'wizardpf', uuid: UUID, record: PF_RECORD };

const COMPANY_RFC = 'ACM010101AB0';
const REPRESENTATIVE_RFC = 'LOLU800101AB6';
const GUARANTOR_RFC = 'JUMA800101AB5';
/** A PM as the public's print answers it: its guarantors in `avales`. */
const PM_RECORD = {
  tipo_persona: 'Moral',
  nombre: 'ACME SA DE CV',
  moral: { rfc: COMPANY_RFC },
  representantes: [{ nombre: 'LUISA LÓPEZ', rfc: REPRESENTATIVE_RFC }],
  avales: [{ tipo_persona: 'Física', nombre: 'JUAN', fisica: { apellido_paterno: 'MARTÍNEZ', rfc: GUARANTOR_RFC } }],
};
/** The same PM as staff's print answers it: no guarantors. */
const { avales: _guarantors, ...PM_RECORD_FOR_STAFF } = PM_RECORD;

const DAY = 24 * 60 * 60 * 1000;
const certificate = (changes: Partial<EfirmaCertificate>): EfirmaCertificate => ({
  holderName: 'CARLOS PÉREZ PÉREZ',
  rfc: PF_RFC,
  representativeRfc: null,
  curp: 'PEPC800101HDFRRR09',
  serial: '00001000000504465028',
  notBefore: new Date(Date.now() - 365 * DAY),
  notAfter: new Date(Date.now() + 3 * 365 * DAY),
  kind: 'efirma',
  issuer: 'AC DEL SERVICIO DE ADMINISTRACION TRIBUTARIA',
  // The fakes never read it.
  der: new Uint8Array(),
  ...changes,
});

const VALID = certificate({});
/** The person's own certificate for invoices. */
const CSD = certificate({ kind: 'csd', serial: '00001000000700000001' });
const EXPIRED = certificate({ notBefore: new Date('2017-03-15T18:00:00Z'), notAfter: new Date('2021-03-15T18:00:00Z') });
const NOT_YET_VALID = certificate({ notBefore: new Date('2090-06-01T18:00:00Z'), notAfter: new Date('2094-06-01T18:00:00Z') });
const SOMEONE_ELSE = certificate({ holderName: 'MARÍA GÓMEZ', rfc: OTHER_RFC, curp: 'GOMM750505MDFMRR01' });
const CERTIFICATES = new Map<EfirmaCertificate, string>([
  [VALID, 'valid'],
  [CSD, 'csd'],
  [EXPIRED, 'expired'],
  [NOT_YET_VALID, 'not yet valid'],
  [SOMEONE_ELSE, 'someone else'],
]);
/** What the dialog says of each certificate chosen for the PF record, before any key is asked for. */
const CERTIFICATE_PROBLEMS = new Map<EfirmaCertificate, string | null>([
  [VALID, null],
  [CSD, EFIRMA_REFUSALS.csd],
  [EXPIRED, 'El certificado de la e.firma venció el 15/03/2021; renuévalo en el SAT para poder firmar.'],
  [NOT_YET_VALID, 'El certificado de la e.firma es válido a partir del 01/06/2090.'],
  [SOMEONE_ELSE, `El RFC del certificado (${OTHER_RFC}) no es el del solicitante.`],
]);

const CER_FILE = new Blob([new Uint8Array([0x30, 0x82, 0x06, 0x1f])], { type: 'application/pkix-cert' });
const KEY_FILE = new Blob([new Uint8Array([0x30, 0x82, 0x05, 0x0e])], { type: 'application/octet-stream' });
const PASSWORD = 'Contraseña-Secreta-42';
/** Stands for the non-extractable key the browser opens; the fakes only pass it along. */
const KEY = { type: 'private', extractable: false, algorithm: { name: 'RSASSA-PKCS1-v1_5' }, usages: ['sign'] } as unknown as CryptoKey;
const PACKET = new TextEncoder().encode('%PDF-1.7 packet');
const SIGNED_PDF = new TextEncoder().encode('%PDF-1.7 signed');
const SIGNATURES: EfirmaSignature[] = [
  {
    orden: 1,
    rfc: PF_RFC,
    rfc_representante: null,
    nombre: 'CARLOS PÉREZ PÉREZ',
    calidad: 'solicitante',
    numero_certificado: VALID.serial,
    firmado_el: '2026-02-10T17:00:00.000Z',
    recibido_el: '2026-02-10T17:00:01.000Z',
    cadena_verificada: true,
    sha256: 'ab'.repeat(32),
    longitud: SIGNED_PDF.length,
  },
];
const SERVER_WORDS = EFIRMA_REFUSALS.alreadySigned;

const NOT_A_CERTIFICATE = new EfirmaCertificateError('not-a-certificate');
const NOT_FROM_SAT = new EfirmaCertificateError('not-a-sat-certificate');
const UNREADABLE = new Error('NotReadableError');
const WRONG_PASSWORD = new EfirmaKeyError('wrong-password');
const KEY_MISMATCH = new EfirmaKeyError('key-mismatch');
const NOT_A_KEY = new EfirmaKeyError('not-a-key');
const NO_CRYPTO = new Error('SubtleCrypto unavailable');
const PACKET_GONE = new Error('Request failed with status code 500');
const SIGN_FAILED = new Error('OperationError');
const REFUSED = new EfirmaRefusal(SERVER_WORDS);
const SEND_NETWORK = new Error('Network Error');
const SAVE_BLOCKED = new Error('blocked');

/** What the dialog says after each failure, and beside which input. */
const FAILURE_PROBLEMS = new Map<unknown, EfirmaProblem>([
  [NOT_A_CERTIFICATE, { about: 'certificate', message: EFIRMA_PROBLEMS['not-a-certificate'] }],
  [NOT_FROM_SAT, { about: 'certificate', message: EFIRMA_PROBLEMS['not-a-sat-certificate'] }],
  [UNREADABLE, { about: 'certificate', message: EFIRMA_PROBLEMS['unreadable-file'] }],
  [WRONG_PASSWORD, { about: 'password', message: EFIRMA_PROBLEMS['wrong-password'] }],
  [KEY_MISMATCH, { about: 'key', message: EFIRMA_PROBLEMS['key-mismatch'] }],
  [NOT_A_KEY, { about: 'key', message: EFIRMA_PROBLEMS['not-a-key'] }],
  [NO_CRYPTO, { about: 'signing', message: EFIRMA_PROBLEMS['no-crypto'] }],
  [PACKET_GONE, { about: 'signing', message: EFIRMA_PROBLEMS['packet-unavailable'] }],
  [SIGN_FAILED, { about: 'signing', message: EFIRMA_PROBLEMS['not-signed'] }],
  [REFUSED, { about: 'signing', message: SERVER_WORDS }],
  [SEND_NETWORK, { about: 'signing', message: EFIRMA_PROBLEMS['not-sent'] }],
]);

const settle = (id: CallId, outcome: 'done' | 'error', value: unknown) =>
  ({ type: `xstate.${outcome}.actor.${id}`, [outcome === 'done' ? 'output' : 'error']: value }) as EventObject;

const SIGN = { type: 'sign', keyFile: KEY_FILE, password: PASSWORD } as const;

const EVENTS: EventObject[] = [
  { type: 'certificate.chosen', file: CER_FILE } as EventObject,
  { type: 'credentials.changed' },
  SIGN as EventObject,
  { type: 'download' },
  { type: 'again' },
  settle('packet', 'done', PACKET),
  settle('packet', 'error', PACKET_GONE),
  ...[...CERTIFICATES.keys()].map((chosen) => settle('certificate', 'done', chosen)),
  settle('certificate', 'error', NOT_A_CERTIFICATE),
  settle('certificate', 'error', NOT_FROM_SAT),
  settle('certificate', 'error', UNREADABLE),
  settle('key', 'done', KEY),
  settle('key', 'error', WRONG_PASSWORD),
  settle('key', 'error', KEY_MISMATCH),
  settle('key', 'error', NOT_A_KEY),
  settle('key', 'error', NO_CRYPTO),
  settle('signing', 'done', SIGNED_PDF),
  settle('signing', 'error', SIGN_FAILED),
  settle('send', 'done', SIGNATURES),
  settle('send', 'error', REFUSED),
  settle('send', 'error', SEND_NETWORK),
  settle('save', 'done', undefined),
  settle('save', 'error', SAVE_BLOCKED),
];

const serializeState = (s: Snapshot) => {
  const { certificate: chosen, role, problem, packet, packetFailed, key, pdf, signatures } = s.context;
  return JSON.stringify([s.value, chosen && (CERTIFICATES.get(chosen) ?? chosen.rfc), role, problem, packet !== null, packetFailed, key !== null, pdf !== null, signatures.length]);
};

const coverage = fileCoverage('efirma-sign');

type CallId = 'packet' | 'certificate' | 'key' | 'signing' | 'send' | 'save';
type Call = { input: any; signal: AbortSignal; resolve: (value?: unknown) => void; reject: (error: unknown) => void };

function start(input: EfirmaSignInput = INPUT, inspect: Inspect = coverage.inspect) {
  const calls: Record<CallId, Call[]> = { packet: [], certificate: [], key: [], signing: [], send: [], save: [] };
  const fake = (id: CallId) =>
    fromPromise<any, any>(({ input: given, signal }) => new Promise((resolve, reject) => calls[id].push({ input: given, signal, resolve, reject })));
  const actor = createActor(
    efirmaSignMachine.provide({
      actors: { 'fetch packet': fake('packet'), 'read certificate': fake('certificate'), 'open key': fake('key'), 'sign packet': fake('signing'), 'send signed': fake('send'), 'save pdf': fake('save') },
    }),
    { input, inspect },
  ).start();
  return { actor, calls, last: null as EventObject | null, before: actor.getSnapshot().context as Context, beforeState: actor.getSnapshot() as Snapshot };
}

type Harness = ReturnType<typeof start>;

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function play(h: Harness, event: EventObject) {
  h.before = h.actor.getSnapshot().context;
  h.beforeState = h.actor.getSnapshot();
  h.last = event;
  const settled = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (settled) {
    const call = h.calls[settled[2] as CallId].at(-1)!;
    if (settled[1] === 'done') call.resolve((event as { output?: unknown }).output);
    else call.reject((event as { error?: unknown }).error);
  } else {
    h.actor.send(event as never);
  }
  await flush();
}

/** The context as JSON would carry it, bytes as text and the key file marked, to search it for what must not be there. */
function contextText(context: Context): string {
  return JSON.stringify(context, (_key, value: unknown) => {
    if (value === KEY_FILE) return '[the key file]';
    if (value instanceof Uint8Array) return new TextDecoder('latin1').decode(value);
    if (value instanceof Blob) return `[Blob ${value.size} ${value.type}]`;
    return value;
  });
}

const roleFor = (chosen: EfirmaCertificate) => (chosen.rfc === PF_RFC ? 'solicitante' : null);

function assertMeaning(s: Snapshot, h: Harness) {
  const { context } = s;
  const event = h.last!;
  // The password and the key's bytes travel in 'sign' to the actor that opens the key, never into the context.
  const text = contextText(context);
  expect(text).not.toContain(PASSWORD);
  expect(text).not.toContain('[the key file]');
  // The opened key lives only until the packet is signed.
  if (!s.matches('signing') && !s.matches({ preparing: 'awaitingPacket' })) expect(context.key).toBeNull();
  // Each time the form is entered (at the start, after a signature or a failure) the packet to extend is fetched anew.
  if (s.matches('preparing') && !h.beforeState.matches('preparing')) {
    expect(context).toMatchObject({ packet: null, packetFailed: false });
    expect(h.calls.packet.at(-1)!.input).toEqual({ code: 'wizardpf', uuid: UUID });
    expect(h.calls.packet.at(-1)!.signal.aborted).toBe(false);
  }
  // 'Firmar' is refused while the certificate has a problem: no key is opened for it.
  if (context.problem?.about === 'certificate') expect(s.can(SIGN)).toBe(false);

  const settled = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (settled?.[2] === 'packet') {
    // Fetched meanwhile: kept for the signing; a failure is said only when the signing waits for it.
    if (settled[1] === 'done') expect(context.packet).toBe(PACKET);
    else if (h.beforeState.matches({ preparing: 'awaitingPacket' })) {
      expect(s.matches({ preparing: { choosing: 'idle' } })).toBe(true);
      expect(context.problem).toEqual({ about: 'signing', message: EFIRMA_PROBLEMS['packet-unavailable'] });
      expect(context.certificate).toBe(h.before.certificate);
      return;
    } else {
      expect(context.packetFailed).toBe(true);
      expect(context.problem).toEqual(h.before.problem);
    }
  }

  if (s.matches({ preparing: { choosing: 'idle' } })) {
    expect(s.hasTag('busy')).toBe(false);
    expect(context.pdf).toBeNull();
    expect(context.signatures).toEqual([]);
    if (settled?.[2] === 'packet') {
      // Checked above.
    } else if (event.type === 'xstate.init' || event.type === 'again') {
      // Ready for the next signer: nothing of the last one is left.
      expect(context).toMatchObject({ certificate: null, role: null, problem: null, packet: null, packetFailed: false, key: null, pdf: null, signatures: [] });
    } else if (event.type === 'credentials.changed') {
      // What was said of the last key or password no longer holds; what was said of the certificate does.
      expect(context.certificate).toBe(h.before.certificate);
      expect(context.problem).toEqual(h.before.problem?.about === 'certificate' ? h.before.problem : null);
    } else if (settled?.[1] === 'done' && settled[2] === 'certificate') {
      const chosen = (event as unknown as { output: EfirmaCertificate }).output;
      expect(context.certificate).toBe(chosen);
      expect(context.role).toBe(roleFor(chosen));
      const message = CERTIFICATE_PROBLEMS.get(chosen)!;
      expect(context.problem).toEqual(message === null ? null : { about: 'certificate', message });
      expect(s.can(SIGN)).toBe(message === null);
    } else if (settled?.[1] === 'error') {
      const error = (event as unknown as { error: unknown }).error;
      expect(context.problem).toEqual(FAILURE_PROBLEMS.get(error));
      // A certificate that could not be read is none; a failure further on keeps the one chosen, to try again.
      expect(context.certificate).toBe(settled[2] === 'certificate' ? null : VALID);
      if (settled[2] !== 'certificate') expect(s.can(SIGN)).toBe(true);
    } else if (settled?.[1] === 'done' && settled[2] === 'key') {
      // The key opened after the packet's fetch had failed: said, and the packet fetched again.
      expect(h.before.packetFailed).toBe(true);
      expect(context).toMatchObject({ certificate: VALID, key: null, problem: { about: 'signing', message: EFIRMA_PROBLEMS['packet-unavailable'] } });
    } else throw new Error(`Unchecked way into choosing.idle: ${event.type}`);
  } else if (s.matches({ preparing: { choosing: 'readingCertificate' } })) {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.calls.certificate.at(-1)!.input).toEqual({ file: CER_FILE });
    // The certificate shown before is gone while the new one is read, and so is what was said of it.
    expect(context).toMatchObject({ certificate: null, role: null, problem: null });
  } else if (s.matches({ preparing: 'opening' })) {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.calls.key.at(-1)!.input).toEqual({ keyFile: KEY_FILE, password: PASSWORD, certificate: VALID });
    // A new try: the last one's failure is no longer shown.
    expect(context.problem).toBeNull();
  } else if (s.matches({ preparing: 'awaitingPacket' })) {
    // The key is open and the packet is on its way.
    expect(s.hasTag('busy')).toBe(true);
    expect(context.key).toBe(KEY);
    expect(context.packet).toBeNull();
    expect(context.packetFailed).toBe(false);
  } else if (s.matches('signing')) {
    expect(s.hasTag('busy')).toBe(true);
    expect(context.key).toBe(KEY);
    expect(context.problem).toBeNull();
    expect(h.calls.signing.at(-1)!.input).toEqual({ packet: PACKET, key: KEY, certificate: VALID, reason: 'Firma de la solicitud: Solicitante' });
  } else if (s.matches('sending')) {
    expect(s.hasTag('busy')).toBe(true);
    expect(context.pdf).toBe(SIGNED_PDF);
    expect(context.problem).toBeNull();
    expect(h.calls.send.at(-1)!.input).toEqual({ code: 'wizardpf', uuid: UUID, pdf: SIGNED_PDF });
  } else if (s.matches({ signed: 'saving' })) {
    expect(s.hasTag('busy')).toBe(false);
    expect(context.signatures).toEqual(SIGNATURES);
    expect(h.calls.save.at(-1)!.input).toEqual({ uuid: UUID, pdf: SIGNED_PDF });
  } else if (s.matches({ signed: 'saved' })) {
    // Kept, also when the download failed: 'Descargar PDF firmado' tries again with the same PDF.
    expect(context.signatures).toEqual(SIGNATURES);
    expect(context.pdf).toBe(SIGNED_PDF);
    expect(context.certificate).toBe(VALID);
  } else throw new Error(`Unchecked state ${JSON.stringify(s.value)}`);
}

describe('e.firma signing statechart, every transition', () => {
  testEveryTransition({
    edges: enumerateEdges(efirmaSignMachine, {
      input: INPUT,
      events: EVENTS,
      serializeState: serializeState as never,
      // The packet's fetch settles once each time the form is entered; the machine alone would take it again.
      possible: (snapshot, event) => !/\.actor\.packet$/.test(event.type) || (snapshot.context.packet === null && !snapshot.context.packetFailed),
    }),
    serializeState: serializeState as never,
    start: (_edge, inspect) => start(INPUT, inspect),
    play: play as never,
    assertMeaning: assertMeaning as never,
    inspect: coverage.inspect,
  });
});

describe('e.firma signing statechart, what the person sees', () => {
  async function chosen(h: Harness, read: EfirmaCertificate) {
    await play(h, { type: 'certificate.chosen', file: CER_FILE } as EventObject);
    await play(h, settle('certificate', 'done', read));
  }

  async function signedUpTo(h: Harness, step: 'opened' | 'signed' | 'kept') {
    await play(h, settle('packet', 'done', PACKET));
    await chosen(h, VALID);
    await play(h, SIGN as EventObject);
    await play(h, settle('key', 'done', KEY));
    if (step === 'opened') return;
    await play(h, settle('signing', 'done', SIGNED_PDF));
    if (step === 'signed') return;
    await play(h, settle('send', 'done', SIGNATURES));
  }

  it('opens no key for a certificate it refused', async () => {
    for (const refused of [CSD, EXPIRED, NOT_YET_VALID, SOMEONE_ELSE]) {
      const h = start();
      await chosen(h, refused);
      await play(h, SIGN as EventObject);
      await play(h, { type: 'credentials.changed' });
      await play(h, SIGN as EventObject);
      expect(h.actor.getSnapshot().matches({ preparing: { choosing: 'idle' } })).toBe(true);
      expect(h.actor.getSnapshot().context.problem).toEqual({ about: 'certificate', message: CERTIFICATE_PROBLEMS.get(refused) });
      expect(h.calls.key).toHaveLength(0);
      h.actor.stop();
    }
  });

  it('opens no key before a certificate is read, nor for a file that is not one', async () => {
    const h = start();
    await play(h, SIGN as EventObject);
    await play(h, { type: 'certificate.chosen', file: CER_FILE } as EventObject);
    await play(h, SIGN as EventObject);
    await play(h, settle('certificate', 'error', NOT_A_CERTIFICATE));
    await play(h, SIGN as EventObject);
    expect(h.calls.key).toHaveLength(0);
    expect(h.actor.getSnapshot().context.problem).toEqual({ about: 'certificate', message: EFIRMA_PROBLEMS['not-a-certificate'] });
  });

  it('reads the last certificate chosen: a slower read of the one before is dropped', async () => {
    const h = start();
    await play(h, { type: 'certificate.chosen', file: CER_FILE } as EventObject);
    const second = new Blob([new Uint8Array([0x30, 0x82, 0x01])]);
    await play(h, { type: 'certificate.chosen', file: second } as EventObject);
    expect(h.calls.certificate).toHaveLength(2);
    expect(h.calls.certificate[0]!.signal.aborted).toBe(true);
    expect(h.calls.certificate[1]!.input).toEqual({ file: second });
    h.calls.certificate[0]!.resolve(SOMEONE_ELSE);
    await flush();
    expect(h.actor.getSnapshot().matches({ preparing: { choosing: 'readingCertificate' } })).toBe(true);
    await play(h, settle('certificate', 'done', VALID));
    expect(h.actor.getSnapshot().context).toMatchObject({ certificate: VALID, problem: null, role: 'solicitante' });
  });

  it('keeps the certificate after a refusal, and signs again with the key file and password given again', async () => {
    const h = start();
    await signedUpTo(h, 'signed');
    await play(h, settle('send', 'error', REFUSED));
    expect(h.actor.getSnapshot().context).toMatchObject({ certificate: VALID, role: 'solicitante', problem: { about: 'signing', message: SERVER_WORDS }, pdf: null });
    await play(h, SIGN as EventObject);
    expect(h.calls.key).toHaveLength(2);
    expect(h.calls.key[1]!.input).toEqual({ keyFile: KEY_FILE, password: PASSWORD, certificate: VALID });
  });

  it('fetches the packet while the form is filled; a key opened first waits for it, then signs it', async () => {
    const h = start();
    expect(h.calls.packet).toHaveLength(1);
    await chosen(h, VALID);
    await play(h, SIGN as EventObject);
    await play(h, settle('key', 'done', KEY));
    expect(h.actor.getSnapshot().matches({ preparing: 'awaitingPacket' })).toBe(true);
    expect(h.calls.signing).toHaveLength(0);
    await play(h, settle('packet', 'done', PACKET));
    expect(h.actor.getSnapshot().matches('signing')).toBe(true);
    expect(h.calls.signing[0]!.input).toMatchObject({ packet: PACKET, key: KEY });
  });

  it('says a packet that could not be fetched only when the signing needs it, and fetches it again', async () => {
    const h = start();
    await play(h, settle('packet', 'error', PACKET_GONE));
    expect(h.actor.getSnapshot().context.problem).toBeNull();
    await chosen(h, VALID);
    await play(h, SIGN as EventObject);
    await play(h, settle('key', 'done', KEY));
    const snapshot = h.actor.getSnapshot();
    expect(snapshot.matches({ preparing: { choosing: 'idle' } })).toBe(true);
    expect(snapshot.context).toMatchObject({ certificate: VALID, key: null, problem: { about: 'signing', message: EFIRMA_PROBLEMS['packet-unavailable'] } });
    expect(h.calls.packet).toHaveLength(2);
    await play(h, settle('packet', 'done', PACKET));
    await play(h, SIGN as EventObject);
    await play(h, settle('key', 'done', KEY));
    expect(h.calls.signing[0]!.input).toMatchObject({ packet: PACKET });
  });

  it('drops the opened key once the packet is signed, and when signing fails', async () => {
    const h = start();
    await signedUpTo(h, 'opened');
    expect(h.actor.getSnapshot().context.key).toBe(KEY);
    await play(h, settle('signing', 'done', SIGNED_PDF));
    expect(h.actor.getSnapshot().context.key).toBeNull();

    const failed = start();
    await signedUpTo(failed, 'opened');
    await play(failed, settle('signing', 'error', SIGN_FAILED));
    expect(failed.actor.getSnapshot().context.key).toBeNull();
  });

  it('downloads the signed PDF once kept, and again on each Descargar', async () => {
    const h = start();
    await signedUpTo(h, 'signed');
    expect(h.calls.save).toHaveLength(0);
    await play(h, settle('send', 'done', SIGNATURES));
    expect(h.calls.save).toHaveLength(1);
    await play(h, { type: 'download' });
    expect(h.calls.save).toHaveLength(1);
    await play(h, settle('save', 'error', SAVE_BLOCKED));
    await play(h, { type: 'download' });
    expect(h.calls.save).toHaveLength(2);
    expect(h.calls.save[1]!.input).toEqual({ uuid: UUID, pdf: SIGNED_PDF });
  });

  it("starts over for the next signer on 'Agregar otra firma'", async () => {
    const h = start();
    await signedUpTo(h, 'kept');
    await play(h, { type: 'again' });
    expect(h.actor.getSnapshot().value).toEqual({ preparing: { choosing: 'idle' } });
    expect(h.actor.getSnapshot().context).toEqual({ ...INPUT, certificate: null, role: null, problem: null, packet: null, packetFailed: false, key: null, pdf: null, signatures: [] });
    // The packet to extend is now the one just signed: fetched again.
    expect(h.calls.packet).toHaveLength(2);
    await play(h, SIGN as EventObject);
    expect(h.calls.key).toHaveLength(1);
  });
});

describe('e.firma signing statechart, who may sign', () => {
  const PM: EfirmaSignInput = { code: 'wizardpm', uuid: UUID, record: PM_RECORD };

  async function signWith(input: EfirmaSignInput, read: EfirmaCertificate) {
    const h = start(input);
    await play(h, settle('packet', 'done', PACKET));
    await play(h, { type: 'certificate.chosen', file: CER_FILE } as EventObject);
    await play(h, settle('certificate', 'done', read));
    const { problem, role } = h.actor.getSnapshot().context;
    await play(h, SIGN as EventObject);
    if (h.calls.key.length > 0) await play(h, settle('key', 'done', KEY));
    const reason = h.calls.signing[0]?.input.reason as string | undefined;
    h.actor.stop();
    return { problem, role, reason };
  }

  const company = certificate({ holderName: 'ACME SA DE CV', rfc: COMPANY_RFC, representativeRfc: REPRESENTATIVE_RFC, curp: null });
  const representative = certificate({ holderName: 'LUISA LÓPEZ', rfc: REPRESENTATIVE_RFC });
  const guarantor = certificate({ holderName: 'JUAN MARTÍNEZ', rfc: GUARANTOR_RFC });
  const stranger = certificate({ holderName: 'MARÍA GÓMEZ', rfc: OTHER_RFC });

  it("signs a company's record with its own e.firma, a representative's or a guarantor's, each named in the signature", async () => {
    expect(await signWith(PM, company)).toEqual({ problem: null, role: 'solicitante', reason: 'Firma de la solicitud: Solicitante' });
    expect(await signWith(PM, representative)).toEqual({ problem: null, role: 'representante', reason: 'Firma de la solicitud: Representante legal' });
    expect(await signWith(PM, guarantor)).toEqual({ problem: null, role: 'aval', reason: 'Firma de la solicitud: Aval' });
  });

  it("refuses at once, in the company's words, a certificate of someone the record does not name", async () => {
    expect(await signWith(PM, stranger)).toEqual({
      problem: { about: 'certificate', message: `El RFC del certificado (${OTHER_RFC}) no es el de la empresa, ni el de uno de sus representantes legales o avales registrados en la solicitud.` },
      role: null,
      reason: undefined,
    });
  });

  it("leaves to the server a certificate it cannot place: staff's print of a company (no guarantors), or no record at hand", async () => {
    const staffPrint: EfirmaSignInput = { code: 'wizardpm', uuid: UUID, record: PM_RECORD_FOR_STAFF };
    expect(await signWith(staffPrint, guarantor)).toEqual({ problem: null, role: null, reason: 'Firma de la solicitud' });
    // What it can place it still names.
    expect(await signWith(staffPrint, representative)).toEqual({ problem: null, role: 'representante', reason: 'Firma de la solicitud: Representante legal' });
    expect(await signWith({ code: 'wizardpm', uuid: UUID, record: null }, stranger)).toEqual({ problem: null, role: null, reason: 'Firma de la solicitud' });
    expect(await signWith({ code: 'wizardpf', uuid: UUID, record: null }, stranger)).toEqual({ problem: null, role: null, reason: 'Firma de la solicitud' });
  });

  it('refuses a CSD and a certificate out of its validity also without a record', async () => {
    for (const refused of [CSD, EXPIRED, NOT_YET_VALID]) {
      expect(await signWith({ code: 'wizardpf', uuid: UUID, record: null }, refused)).toEqual({
        problem: { about: 'certificate', message: CERTIFICATE_PROBLEMS.get(refused) },
        role: null,
        reason: undefined,
      });
    }
  });
});

coverage.expectEveryTransition(efirmaSignMachine);
