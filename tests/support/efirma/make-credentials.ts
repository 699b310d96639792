// SAT-like e.firma credentials for the tests, made offline with openssl into tests/.cache/efirma/:
// a test CA and, issued by it, certificates laid out as the SAT lays out its own (the holder's
// RFC in x500UniqueIdentifier 2.5.4.45, the CURP in serialNumber 2.5.4.5, a company's
// representative after ' / ', the serial number ASCII digits, a CSD told apart by its OU), each
// with its private key as the SAT hands it over: PKCS#8 EncryptedPrivateKeyInfo, PBES2 with
// PBKDF2 (HMAC-SHA1, 2048 iterations) and DES-EDE3-CBC, DER.
// Idempotent: a set younger than a week with this script's version is reused as it is; a new one
// is built in a folder of its own and renamed into place, so parallel test files never see half a set.
// Run alone: node --import tsx tests/support/efirma/make-credentials.ts
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The password of every test key (the one the SAT's own test certificates use). */
export const EFIRMA_TEST_PASSWORD = '12345678a';

const VERSION = '2';
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;
export const EFIRMA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.cache/efirma');

export interface TestCredential {
  /** The certificate, DER, as the SAT's `.cer`. */
  cer: string;
  /** The encrypted private key, DER, as the SAT's `.key` (password EFIRMA_TEST_PASSWORD). */
  key: string;
  /** The holder's name (CN, name and O). */
  name: string;
  /** The RFC the certificate carries first: the holder's, or the company's for a PM. */
  rfc: string;
  /** A PM's: its legal representative's RFC and CURP. */
  representativeRfc?: string;
  /** A PF's CURP, or a PM representative's. */
  curp: string;
  /** The serial number as the SAT prints it (the ASCII digits the certificate's serial encodes). */
  serial: string;
  notBefore: Date;
  notAfter: Date;
}

export interface TestCredentials {
  dir: string;
  password: string;
  /** The test CA: DER and PEM (for an NSS database or SAT_CA_DIR). */
  ca: { cer: string; pem: string };
  /** Another CA, which issued `foreign`. */
  foreignCa: { cer: string; pem: string };
  /** A natural person's e.firma: the applicant of the PF fixtures (tests/unit/forms/fixtures.ts). */
  pf: TestCredential;
  /** A company's e.firma (PM) held by its legal representative: the PM fixtures' company and first representative. */
  pm: TestCredential;
  /** That representative's own e.firma as a natural person. */
  representative: TestCredential;
  /** Another natural person (a guarantor), whose name carries an Ñ. */
  guarantor: TestCredential;
  /** The PF applicant's e.firma, expired a month ago. */
  expired: TestCredential;
  /** The PF applicant's e.firma, valid only from a year ahead. */
  notYetValid: TestCredential;
  /** The PF applicant's CSD (certificado de sello digital, for invoices): an OU with the branch, no e-mail or client use. */
  csd: TestCredential;
  /** The PF applicant's e.firma issued by another CA, one the server does not trust. */
  foreign: TestCredential;
  /** The PF applicant's `.cer` with a key that is not its own. */
  mismatched: { cer: string; key: string };
}

interface Spec {
  file: string;
  /** Issued by the other CA. */
  foreign?: boolean;
  name: string;
  rfc: string;
  representativeRfc?: string;
  curp: string;
  serial: string;
  /** Days from today. */
  from: number;
  to: number;
  branch?: string;
  email: string;
}

const PF = { name: 'CARLOS GARCIA RAMIREZ', rfc: 'GARC850314AB1', curp: 'GARC850314HJCRRL09', email: 'carlos@example.com' };
const SPECS: Spec[] = [
  { file: 'pf', ...PF, serial: '00001000000700000001', from: -1, to: 4 * 365 },
  {
    file: 'pm',
    name: 'INDUSTRIAS DEL OCCIDENTE SA DE CV',
    rfc: 'IOC100512AB3',
    representativeRfc: 'LOPE800101XY1',
    curp: 'LOPE800101HJCPRN01',
    email: 'rep1@empresa.com.mx',
    serial: '00001000000700000002',
    from: -1,
    to: 4 * 365,
  },
  { file: 'representative', name: 'REPRESENTANTE UNO LOPEZ', rfc: 'LOPE800101XY1', curp: 'LOPE800101HJCPRN01', email: 'rep1@empresa.com.mx', serial: '00001000000700000003', from: -1, to: 4 * 365 },
  { file: 'guarantor', name: 'ANA MUÑOZ PEREZ', rfc: 'MUPA880707QR5', curp: 'MUPA880707MJCXRN03', email: 'ana@example.com', serial: '00001000000700000004', from: -1, to: 4 * 365 },
  { file: 'expired', ...PF, serial: '00001000000700000005', from: -4 * 365 - 30, to: -30 },
  { file: 'not-yet-valid', ...PF, serial: '00001000000700000006', from: 365, to: 5 * 365 },
  { file: 'csd', ...PF, serial: '00001000000700000007', from: -1, to: 4 * 365, branch: 'CSD01_GARC850314AB1' },
  { file: 'foreign', ...PF, serial: '00001000000700000008', from: -1, to: 4 * 365, foreign: true },
];

// The CA's database, its policy (every attribute kept as the request has it, in its order), and
// the two profiles: an e.firma as the SAT issues it (its key usage and e-mail and client-authentication
// purposes) and a CSD (digital signature and non-repudiation only).
const CONFIG = `
[ca]
default_ca = test_ca
[test_ca]
dir = .
database = index.txt
serial = serial
new_certs_dir = .
default_md = sha256
policy = any
unique_subject = no
email_in_dn = yes
preserve = yes
string_mask = default
[any]
commonName = optional
name = optional
organizationName = optional
organizationalUnitName = optional
countryName = optional
emailAddress = optional
x500UniqueIdentifier = optional
serialNumber = optional
[ca_ext]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[efirma_ext]
basicConstraints = critical, CA:FALSE
keyUsage = digitalSignature, nonRepudiation, dataEncipherment, keyAgreement
extendedKeyUsage = emailProtection, clientAuth
authorityKeyIdentifier = keyid
[csd_ext]
basicConstraints = critical, CA:FALSE
keyUsage = digitalSignature, nonRepudiation
authorityKeyIdentifier = keyid
[req]
distinguished_name = dn
string_mask = default
utf8 = yes
[dn]
`;

const CA_SUBJECT = '/CN=AC DE PRUEBAS E.FIRMA (NO ES DEL SAT)/O=Solicitud en linea, pruebas/OU=Pruebas de firma/C=MX';
const FOREIGN_CA_SUBJECT = '/CN=AC DESCONOCIDA DE PRUEBAS/O=Nadie/C=MX';

/** openssl's time for -startdate/-enddate: GeneralizedTime, to the second. */
const asn1Time = (date: Date) => date.toISOString().replace(/[-:T]/g, '').replace(/\.\d+Z$/, 'Z');
/** The SAT's serial: its ASCII digits, as hex. */
const serialHex = (digits: string) => Buffer.from(digits, 'ascii').toString('hex').toUpperCase();
/** A subject for -subj: slashes and backslashes inside values escaped. */
const subject = (pairs: Array<[string, string]>) => pairs.map(([type, value]) => `/${type}=${value.replace(/[\\/]/g, (c) => `\\${c}`)}`).join('');

function build(dir: string, today: Date) {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  writeFileSync(path.join(dir, 'openssl.cnf'), CONFIG);
  writeFileSync(path.join(dir, 'index.txt'), '');
  const cnf = ['-config', 'openssl.cnf'];
  const newKey = (file: string) => openssl('genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', file);
  const sign = (csr: string, out: string, serial: string, from: Date, to: Date, extensions: string, ca: string, selfSign = false) => {
    writeFileSync(path.join(dir, 'serial'), `${serial}\n`);
    openssl('ca', ...cnf, '-batch', '-notext', '-preserveDN', '-utf8', '-keyfile', `${ca}-key.pem`, ...(selfSign ? ['-selfsign'] : ['-cert', `${ca}.pem`]),
      '-startdate', asn1Time(from), '-enddate', asn1Time(to), '-extensions', extensions, '-in', csr, '-out', out);
    openssl('x509', '-in', out, '-outform', 'DER', '-out', out.replace(/\.pem$/, '.cer'));
  };
  const days = (n: number) => new Date(today.getTime() + n * DAY_MS);

  // The CAs, valid well before and after every certificate they issue.
  for (const [ca, caSubject, serial] of [['ca', CA_SUBJECT, '01'], ['foreign-ca', FOREIGN_CA_SUBJECT, '02']] as const) {
    newKey(`${ca}-key.pem`);
    openssl('req', ...cnf, '-new', '-utf8', '-key', `${ca}-key.pem`, '-subj', caSubject, '-out', `${ca}.csr`);
    sign(`${ca}.csr`, `${ca}.pem`, serial, days(-10 * 365), days(20 * 365), 'ca_ext', ca, true);
  }

  const encrypt = (pem: string, out: string) =>
    openssl('pkcs8', '-topk8', '-v2', 'des3', '-v2prf', 'hmacWithSHA1', '-iter', '2048', '-outform', 'DER', '-in', pem, '-out', out, '-passout', `pass:${EFIRMA_TEST_PASSWORD}`);

  for (const spec of SPECS) {
    newKey(`${spec.file}-key.pem`);
    // As the SAT's: name three times, the RFC (a company's then its representative's, ' / '
    // between them), the CURP (after ' / ' for a company), and for a CSD the branch in OU.
    const pairs: Array<[string, string]> = [
      ['CN', spec.name],
      ['name', spec.name],
      ['O', spec.name],
      ['C', 'MX'],
      ['emailAddress', spec.email],
      ['x500UniqueIdentifier', spec.representativeRfc ? `${spec.rfc} / ${spec.representativeRfc}` : spec.rfc],
      ['serialNumber', spec.representativeRfc ? ` / ${spec.curp}` : spec.curp],
      ...(spec.branch ? ([['OU', spec.branch]] as Array<[string, string]>) : []),
    ];
    openssl('req', ...cnf, '-new', '-utf8', '-key', `${spec.file}-key.pem`, '-subj', subject(pairs), '-out', `${spec.file}.csr`);
    sign(`${spec.file}.csr`, `${spec.file}.pem`, serialHex(spec.serial), days(spec.from), days(spec.to), spec.branch ? 'csd_ext' : 'efirma_ext', spec.foreign ? 'foreign-ca' : 'ca');
    encrypt(`${spec.file}-key.pem`, `${spec.file}.key`);
  }
  // A key of nobody's certificate.
  newKey('other-key.pem');
  encrypt('other-key.pem', 'other.key');
  // What only the making needed.
  for (const name of readdirSync(dir)) if (/\.(csr|old|attr)$|^index\.txt|^serial$|^[0-9A-F]+\.pem$|^openssl\.cnf$/.test(name)) rmSync(path.join(dir, name));
  writeFileSync(path.join(dir, 'made.json'), JSON.stringify({ version: VERSION, today: today.toISOString() }));
}

function describe(dir: string): TestCredentials {
  const made = new Date((JSON.parse(readFileSync(path.join(dir, 'made.json'), 'utf8')) as { today: string }).today);
  const credential = (file: string): TestCredential => {
    const spec = SPECS.find((candidate) => candidate.file === file)!;
    return {
      cer: path.join(dir, `${file}.cer`),
      key: path.join(dir, `${file}.key`),
      name: spec.name,
      rfc: spec.rfc,
      ...(spec.representativeRfc ? { representativeRfc: spec.representativeRfc } : {}),
      curp: spec.curp,
      serial: spec.serial,
      notBefore: new Date(Math.floor((made.getTime() + spec.from * DAY_MS) / 1000) * 1000),
      notAfter: new Date(Math.floor((made.getTime() + spec.to * DAY_MS) / 1000) * 1000),
    };
  };
  return {
    dir,
    password: EFIRMA_TEST_PASSWORD,
    ca: { cer: path.join(dir, 'ca.cer'), pem: path.join(dir, 'ca.pem') },
    foreignCa: { cer: path.join(dir, 'foreign-ca.cer'), pem: path.join(dir, 'foreign-ca.pem') },
    pf: credential('pf'),
    pm: credential('pm'),
    representative: credential('representative'),
    guarantor: credential('guarantor'),
    expired: credential('expired'),
    notYetValid: credential('not-yet-valid'),
    csd: credential('csd'),
    foreign: credential('foreign'),
    mismatched: { cer: path.join(dir, 'pf.cer'), key: path.join(dir, 'other.key') },
  };
}

function isCurrent(dir: string): boolean {
  try {
    const made = JSON.parse(readFileSync(path.join(dir, 'made.json'), 'utf8')) as { version: string; today: string };
    return made.version === VERSION && Date.now() - new Date(made.today).getTime() < MAX_AGE_MS;
  } catch {
    return false;
  }
}

/** The test credentials, made first when missing or stale. */
export function efirmaCredentials(dir = EFIRMA_DIR): TestCredentials {
  if (!isCurrent(dir)) {
    mkdirSync(path.dirname(dir), { recursive: true });
    const building = mkdtempSync(`${dir}.building-`);
    try {
      build(building, new Date());
      if (existsSync(dir) && !isCurrent(dir)) rmSync(dir, { recursive: true, force: true });
      try {
        renameSync(building, dir);
      } catch (error) {
        // Another process put a set in place meanwhile: use that one.
        if (!isCurrent(dir)) throw error;
      }
    } finally {
      if (existsSync(building)) rmSync(building, { recursive: true, force: true });
    }
  }
  return describe(dir);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const credentials = efirmaCredentials();
  console.log(`${credentials.dir} (${Math.round(performance.now() - started)} ms, ${statSync(credentials.pf.cer).size} B per .cer)`);
}
