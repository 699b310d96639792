// A packet signed in sequence (applicant, then a company's representative) with the browser's
// signing code, checked by the server's reader and by poppler's pdfsig (with the test CA in an NSS
// database); what a change after signing, an appended update or a CMS without the
// signing-certificate attribute does to each signature; the packet before any signature.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as asn1js from 'asn1js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEfirmaCertificate } from '../../../forms/efirma/certificate';
import { buildPacket } from '../../../forms/print/packet';
import { pdfDate, readPdfSignatures, unsignedOriginal, type PdfSignature } from '../../../server/efirma/pdf-signatures';
import { packetPdf } from '../../../server/print/packet-pdf';
import { openEfirmaKey } from '../../../services/efirma/efirma-key';
import { signPacket } from '../../../services/efirma/sign-packet';
import { efirmaCredentials, type TestCredential } from '../../support/efirma/make-credentials';
import { nssDatabaseTrusting, pdfsig as pdfsigOf } from '../../support/efirma/pdfsig';
import { validPfModel } from '../forms/fixtures';
import { TEST_COMPANY } from '../print/test-company';

const credentials = efirmaCredentials();
const work = mkdtempSync(path.join(tmpdir(), 'efirma-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const signAs = async (pdf: Uint8Array, who: TestCredential, reason: string, signingTime = new Date()) => {
  const certificate = readEfirmaCertificate(new Uint8Array(readFileSync(who.cer)));
  const key = await openEfirmaKey(new Uint8Array(readFileSync(who.key)), credentials.password, certificate);
  return signPacket(pdf, { key, certificate, reason, signingTime });
};

/** pdfsig's report on the bytes (it exits 0 even when a signature fails: the text says how each went). */
const pdfsig = (pdf: Uint8Array, nss?: string) => {
  const file = path.join(work, `check-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return pdfsigOf(file, nss);
};

/** The signature's /Contents replaced by another CMS, padded with zeros to the same size. */
const withContents = (pdf: Uint8Array, signature: PdfSignature, cms: Uint8Array) => {
  const [, gapStart, gapEnd] = signature.byteRange;
  const room = gapEnd - gapStart - 2;
  const hex = Buffer.from(cms).toString('hex').padEnd(room, '0');
  if (hex.length > room) throw new Error('CMS larger than the placeholder');
  const changed = new Uint8Array(pdf);
  changed.set(new TextEncoder().encode(hex), gapStart + 1);
  return changed;
};

/** A CMS over the bytes the signature covers, made by openssl instead of the browser code. */
const opensslCms = (pdf: Uint8Array, signature: PdfSignature, cades: boolean) => {
  const [, gapStart, gapEnd, tail] = signature.byteRange;
  const data = path.join(work, 'covered.bin');
  writeFileSync(data, Buffer.concat([pdf.subarray(0, gapStart), pdf.subarray(gapEnd, gapEnd + tail)]));
  const pem = (file: string) => file.replace(/\.cer$/, '.pem');
  const out = path.join(work, 'signature.der');
  execFileSync('openssl', ['cms', '-sign', '-binary', '-in', data, '-signer', pem(credentials.pf.cer), '-inkey', credentials.pf.cer.replace(/\.cer$/, '-key.pem'),
    '-md', 'sha256', '-nosmimecap', '-outform', 'DER', '-out', out, ...(cades ? ['-cades'] : [])]);
  return new Uint8Array(readFileSync(out));
};

let original: Uint8Array;
let once: Uint8Array;
let twice: Uint8Array;
const firstTime = new Date(Date.UTC(2026, 10, 26, 17, 30, 5));
const secondTime = new Date(Date.UTC(2026, 10, 26, 17, 45, 0));

beforeAll(async () => {
  const today = new Date(2026, 10, 26);
  original = new Uint8Array(await packetPdf(buildPacket({ record: validPfModel() as unknown as Record<string, unknown>, guarantors: [], customBureau: null }, { company: TEST_COMPANY, today }), today));
  once = await signAs(original, credentials.pf, 'Solicitante', firstTime);
  twice = await signAs(once, credentials.pm, 'Representante legal', secondTime);
});

describe('readPdfSignatures', () => {
  it('reads both signatures in the order they were added, each holding, with its signer and time', async () => {
    const signatures = await readPdfSignatures(twice);
    expect(signatures.map(({ problem, subFilter, coversWholeFile, signingTime, certificate }) => ({ problem, subFilter, coversWholeFile, signingTime, rfc: certificate?.rfc, serial: certificate?.serial }))).toEqual([
      { problem: null, subFilter: 'ETSI.CAdES.detached', coversWholeFile: false, signingTime: firstTime, rfc: 'GARC850314AB1', serial: credentials.pf.serial },
      { problem: null, subFilter: 'ETSI.CAdES.detached', coversWholeFile: true, signingTime: secondTime, rfc: 'IOC100512AB3', serial: credentials.pm.serial },
    ]);
    // The first signature covers what there was when it was made, to its last byte.
    expect(signatures[0]!.signedLength).toBe(once.length);
    expect(signatures[1]!.signedLength).toBe(twice.length);
    expect(signatures[0]!.certificateDer).toEqual(new Uint8Array(readFileSync(credentials.pf.cer)));
  });

  it('finds none in the unsigned packet', async () => {
    expect(await readPdfSignatures(original)).toEqual([]);
  });

  it('throws for bytes that are not a PDF', async () => {
    await expect(readPdfSignatures(new TextEncoder().encode('no soy un PDF'))).rejects.toThrow();
  });

  it('finds a byte changed after signing: the digest of both signatures no longer matches', async () => {
    const changed = new Uint8Array(twice);
    changed[original.length - 200] ^= 0x01;
    expect((await readPdfSignatures(changed)).map((signature) => signature.problem)).toEqual(['digest-mismatch', 'digest-mismatch']);
  });

  it('finds a signature value its certificate did not make', async () => {
    const [first] = await readPdfSignatures(once);
    // The RSA signature value is the CMS's last 256 bytes: change one of them.
    const cms = Buffer.from(new TextDecoder().decode(once.subarray(first!.byteRange[1] + 1, first!.byteRange[2] - 1)), 'hex');
    const cmsLength = asn1js.fromBER(cms.buffer.slice(cms.byteOffset, cms.byteOffset + cms.length)).offset;
    const at = first!.byteRange[1] + 1 + 2 * (cmsLength - 10);
    const changed = new Uint8Array(once);
    changed[at] = changed[at] === 0x30 ? 0x31 : 0x30;
    expect((await readPdfSignatures(changed))[0]!.problem).toBe('bad-signature');
  });

  it('finds a byte range that does not leave out exactly its /Contents malformed', async () => {
    const text = Buffer.from(once).toString('latin1');
    const [range, prefix, start] = /(\/ByteRange\s*\[\s*0\s+)(\d+)/.exec(text.slice(original.length))!;
    // One byte later: as wide, so every offset stays where it was.
    const shifted = `${prefix}${String(Number(start) + 1).padStart(start!.length, '0')}`;
    expect(shifted).toHaveLength(range.length);
    const changed = new Uint8Array(Buffer.from(text.slice(0, original.length) + text.slice(original.length).replace(range, shifted), 'latin1'));
    expect((await readPdfSignatures(changed))[0]!.problem).toBe('malformed');
  });

  it('tells an update appended after the last signature: no signature covers the whole file', async () => {
    const appended = new Uint8Array([...twice, ...new TextEncoder().encode('\n% una revisión sin firmar\n')]);
    expect((await readPdfSignatures(appended)).map((signature) => [signature.problem, signature.coversWholeFile])).toEqual([
      [null, false],
      [null, false],
    ]);
  });

  it("accepts a CMS made by openssl with the signing-certificate attribute (-cades), and refuses one without it", async () => {
    const [first] = await readPdfSignatures(once);
    expect((await readPdfSignatures(withContents(once, first!, opensslCms(once, first!, true))))[0]!.problem).toBeNull();
    expect((await readPdfSignatures(withContents(once, first!, opensslCms(once, first!, false))))[0]!.problem).toBe('signing-certificate');
  });
});

describe('unsignedOriginal', () => {
  it('is the packet as issued: its length and SHA-256', async () => {
    const sha256 = createHash('sha256').update(original).digest('hex');
    expect(unsignedOriginal(twice, await readPdfSignatures(twice))).toEqual({ length: original.length, sha256 });
    expect(unsignedOriginal(once, await readPdfSignatures(once))).toEqual({ length: original.length, sha256 });
    expect(Buffer.compare(Buffer.from(twice.subarray(0, original.length)), Buffer.from(original))).toBe(0);
  });

  it('is nothing for an unsigned PDF', () => {
    expect(unsignedOriginal(original, [])).toBeNull();
  });
});

describe('pdfsig (poppler) on the signed packet', () => {
  let nss: string;
  beforeAll(() => {
    nss = nssDatabaseTrusting(credentials.ca.pem);
  });

  it('finds both signatures valid, names their signers, and with the test CA trusts both certificates', () => {
    const report = pdfsig(twice, nss);
    expect(report.match(/Signature Validation: Signature is Valid\./g)).toHaveLength(2);
    expect(report.match(/Certificate Validation: Certificate is Trusted\./g)).toHaveLength(2);
    expect(report).toContain('Signer Certificate Common Name: CARLOS GARCIA RAMIREZ');
    expect(report).toContain('Signer Certificate Common Name: INDUSTRIAS DEL OCCIDENTE SA DE CV');
    expect(report.match(/Signature Type: ETSI\.CAdES\.detached/g)).toHaveLength(2);
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
  });

  it("does not trust the signers' certificates without the test CA", () => {
    expect(pdfsig(twice)).not.toContain('Certificate is Trusted');
  });

  it('reports a one-byte change as a digest mismatch', () => {
    const changed = new Uint8Array(twice);
    changed[original.length - 200] ^= 0x01;
    const report = pdfsig(changed, nss);
    expect(report.match(/Signature Validation: Digest Mismatch\./g)).toHaveLength(2);
    expect(report).not.toContain('Signature is Valid');
  });
});

describe('pdfDate', () => {
  it('reads UTC and offset times', () => {
    expect(pdfDate('D:20261126173005Z')).toEqual(new Date(Date.UTC(2026, 10, 26, 17, 30, 5)));
    expect(pdfDate("D:20261126113005-06'00'")).toEqual(new Date(Date.UTC(2026, 10, 26, 17, 30, 5)));
    expect(pdfDate('D:2026')).toEqual(new Date(Date.UTC(2026, 0, 1)));
    expect(pdfDate('ayer')).toBeNull();
  });
});
