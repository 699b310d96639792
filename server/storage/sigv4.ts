// AWS Signature Version 4 as the embedded storage endpoint checks it: the signing key of a
// credential scope, the signature of a POST policy (the base64 policy is the string to sign),
// and the Authorization header of a GET/HEAD (what @aws-sdk/client-s3 sends).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

/** The key of one day, region and service: HMAC chain from 'AWS4' + secret. */
export function signingKey(secretAccessKey: string, yyyymmdd: string, region: string, service = 's3'): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, yyyymmdd), region), service), 'aws4_request');
}

export const signHex = (key: Buffer, stringToSign: string) => createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');

/** Compares two hex signatures in constant time (a wrong length is simply unequal). */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `AKID/yyyymmdd/region/s3/aws4_request`, read; undefined when malformed. */
export function parseCredential(credential: string): { accessKeyId: string; date: string; region: string; service: string } | undefined {
  const parts = credential.split('/');
  if (parts.length !== 5 || parts[4] !== 'aws4_request' || !/^\d{8}$/.test(parts[1]!)) return undefined;
  const [accessKeyId, date, region, service] = parts as [string, string, string, string];
  return accessKeyId && region && service ? { accessKeyId, date, region, service } : undefined;
}

/** `yyyymmddThhmmssZ` as a Date; undefined when malformed. */
export function parseAmzDate(value: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** RFC 3986 encoding as SigV4 wants it (everything but unreserved characters; '/' kept in paths). */
export function uriEncode(value: string, keepSlash: boolean): string {
  return Array.from(Buffer.from(value, 'utf8'))
    .map((byte) => {
      const char = String.fromCharCode(byte);
      if (/[A-Za-z0-9\-._~]/.test(char) || (keepSlash && char === '/')) return char;
      return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

export interface HeaderAuthRequest {
  method: string;
  /** The path as decoded ('/storage/documentos/tax/…'); S3 encodes it once for the canonical request. */
  path: string;
  query: Record<string, string | string[] | undefined>;
  headers: Record<string, string | string[] | undefined>;
}

export interface ParsedAuthorization {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

/** The Authorization header of a SigV4 request, read; undefined when it is not one. */
export function parseAuthorization(header: string | undefined): ParsedAuthorization | undefined {
  if (!header?.startsWith(`${SIGV4_ALGORITHM} `)) return undefined;
  const parts = Object.fromEntries(
    header
      .slice(SIGV4_ALGORITHM.length + 1)
      .split(',')
      .map((part) => part.trim().split('=') as [string, string]),
  ) as Record<string, string | undefined>;
  const credential = parts.Credential ? parseCredential(parts.Credential) : undefined;
  if (!credential || !parts.SignedHeaders || !parts.Signature) return undefined;
  return { ...credential, signedHeaders: parts.SignedHeaders.split(';'), signature: parts.Signature };
}

/** The signature a header-authorised request should carry with this secret. */
export function headerSignature(request: HeaderAuthRequest, auth: ParsedAuthorization, secretAccessKey: string): string {
  const header = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
  };
  const query = Object.entries(request.query)
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value ?? '']).map((item) => [uriEncode(name, false), uriEncode(item, false)] as const))
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonical = [
    request.method,
    uriEncode(request.path, true),
    query,
    auth.signedHeaders.map((name) => `${name}:${header(name)}\n`).join(''),
    auth.signedHeaders.join(';'),
    header('x-amz-content-sha256') || sha256Hex(''),
  ].join('\n');
  const scope = `${auth.date}/${auth.region}/${auth.service}/aws4_request`;
  const stringToSign = [SIGV4_ALGORITHM, header('x-amz-date'), scope, sha256Hex(canonical)].join('\n');
  return signHex(signingKey(secretAccessKey, auth.date, auth.region, auth.service), stringToSign);
}
