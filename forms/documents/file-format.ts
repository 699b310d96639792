// What a chosen file is, read from its first bytes (magic numbers), never from its name: the
// browser's check before an upload (the server checks again with file-type).
import { FILE_MAX_BYTES } from '../limits';
import type { DocumentFormat } from '../contracts/documents';

/** How many leading bytes `formatOfBytes` needs. */
export const FORMAT_HEAD_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);

/** JPEG, PNG, WebP or PDF by signature; null for anything else. */
export function formatOfBytes(bytes: Uint8Array): DocumentFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  // %PDF-
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** Whether a file of `size` bytes may be uploaded (1 byte to 10 MB). */
export const isAllowedSize = (size: number) => size > 0 && size <= FILE_MAX_BYTES;

/** A size as the preview shows it, in es-MX: '850 KB', '1.5 MB'. */
export function formatFileSize(size: number): string {
  const number = (value: number) => new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 }).format(value);
  if (size < 1024 * 1024) return `${number(Math.max(1, Math.round(size / 1024)))} KB`;
  return `${number(size / (1024 * 1024))} MB`;
}
