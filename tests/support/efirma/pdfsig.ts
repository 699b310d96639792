// Reads a signed PDF's signatures as a PDF reader does, with Debian's `pdfsig` (poppler-utils).
// It exits 0 on a digest mismatch too, so its output is what tells. With an NSS database holding
// the test CA (certutil, libnss3-tools) it also says whether each certificate is trusted.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A new NSS database that trusts the CA of `caPem` for signing. */
export function nssDatabaseTrusting(caPem: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'nss-'));
  execFileSync('certutil', ['-N', '-d', `sql:${dir}`, '--empty-password']);
  execFileSync('certutil', ['-A', '-d', `sql:${dir}`, '-n', 'AC de pruebas', '-t', 'CT,C,C', '-i', caPem]);
  return dir;
}

/** pdfsig's report of the file's signatures; with `nssDir`, checked against that database. */
export function pdfsig(file: string, nssDir?: string): string {
  const result = spawnSync('pdfsig', [...(nssDir ? ['-nssdir', `sql:${nssDir}`] : []), file], { encoding: 'utf8' });
  return `${result.stdout}${result.stderr}`;
}

/** Each signature's block of pdfsig's report ('Signature #1:' …), in order. */
export const signatureBlocks = (report: string) => report.split(/^Signature #\d+:/m).slice(1);
