// Reads an S3 POST Object form (multipart/form-data) as it streams: the fields first, then the
// file, which is written to a temporary path while its bytes are counted, so a file past the
// policy's length is refused before it is all read. `atFile` sees the fields before any byte of the
// file is kept (the policy is checked there). Fields after the file are ignored, as S3 ignores them.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { NOTICES } from '../../forms/messages';
import { StorageRefusal } from './s3-xml';

export interface FileTarget {
  path: string;
  /** Inclusive bounds of the file's length. */
  lengthRange: [number, number];
}

export interface ReceivedForm {
  fields: Map<string, string>;
  size: number;
  md5: string;
}

const HEADERS_MAX = 8 * 1024;
const FIELD_MAX = 20 * 1024;
const FIELDS_MAX = 64;
/** What may follow the file: its closing boundary, or a few fields S3 would ignore. */
const TRAILER_MAX = 64 * 1024;

const malformed = (message = 'El formulario no es un multipart/form-data válido.') => new StorageRefusal(400, 'MalformedPOSTRequest', message);

/** The boundary of a multipart/form-data content type; undefined otherwise. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

function dispositionOf(headers: string): { name: string; filename?: string } {
  const line = headers.split('\r\n').find((item) => /^content-disposition:/i.test(item));
  const name = line && /;\s*name="([^"]*)"/i.exec(line)?.[1];
  if (!line || name === undefined || !/^content-disposition:\s*form-data/i.test(line)) throw malformed('Una parte del formulario no tiene nombre.');
  const filename = /;\s*filename="([^"]*)"/i.exec(line)?.[1];
  return { name, ...(filename !== undefined ? { filename } : {}) };
}

export async function receivePostForm(stream: Readable, boundary: string, atFile: (fields: Map<string, string>) => Promise<FileTarget>): Promise<ReceivedForm> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let buffer: Buffer = Buffer.alloc(0);
  const more = async () => {
    const next = await iterator.next();
    if (next.done) return false;
    buffer = buffer.length === 0 ? next.value : Buffer.concat([buffer, next.value]);
    return true;
  };
  /** Index of `needle` in the buffer, reading more until found or `limit` bytes are buffered without it. */
  const find = async (needle: Buffer, limit: number) => {
    for (;;) {
      const at = buffer.indexOf(needle);
      if (at >= 0) return at;
      if (buffer.length > limit || !(await more())) throw malformed();
    }
  };
  const take = async (count: number) => {
    while (buffer.length < count) if (!(await more())) throw malformed();
    const head = buffer.subarray(0, count);
    buffer = buffer.subarray(count);
    return head;
  };

  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first boundary may open the body directly, without the CRLF before it.
  buffer = Buffer.from('\r\n');
  await more();
  const first = await find(delimiter, HEADERS_MAX);
  buffer = buffer.subarray(first + delimiter.length);

  const fields = new Map<string, string>();
  for (;;) {
    const after = (await take(2)).toString('latin1');
    if (after === '--') throw new StorageRefusal(400, 'InvalidArgument', 'El formulario no incluye el archivo (file).');
    if (after !== '\r\n') throw malformed();
    const end = await find(Buffer.from('\r\n\r\n'), HEADERS_MAX);
    const { name, filename } = dispositionOf(buffer.subarray(0, end).toString('utf8'));
    buffer = buffer.subarray(end + 4);
    if (name.toLowerCase() === 'file' || filename !== undefined) {
      if (name.toLowerCase() !== 'file') throw new StorageRefusal(400, 'InvalidArgument', 'El archivo debe enviarse en el campo file.');
      const target = await atFile(fields);
      const received = await receiveFile(target, delimiter, more, () => buffer, (rest) => (buffer = rest));
      // Whatever follows the file (the closing boundary, fields S3 would ignore) is read and dropped, within reason.
      let after = buffer.length;
      while (await more()) {
        after += buffer.length;
        buffer = Buffer.alloc(0);
        if (after > TRAILER_MAX) throw malformed('El formulario continúa demasiado después del archivo.');
      }
      return { fields, ...received };
    }
    if (fields.size >= FIELDS_MAX) throw malformed('El formulario tiene demasiados campos.');
    const valueEnd = await find(delimiter, FIELD_MAX);
    fields.set(name.toLowerCase(), buffer.subarray(0, valueEnd).toString('utf8'));
    buffer = buffer.subarray(valueEnd + delimiter.length);
  }
}

async function receiveFile(
  target: FileTarget,
  delimiter: Buffer,
  more: () => Promise<boolean>,
  current: () => Buffer,
  keep: (rest: Buffer) => void,
): Promise<{ size: number; md5: string }> {
  const [, max] = target.lengthRange;
  const out = createWriteStream(target.path, { flags: 'wx' });
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => {});
  const md5 = createHash('md5');
  let size = 0;
  const write = async (bytes: Buffer) => {
    if (bytes.length === 0) return;
    size += bytes.length;
    if (size > max) throw new StorageRefusal(400, 'EntityTooLarge', NOTICES.storageTooLarge);
    md5.update(bytes);
    if (!out.write(bytes)) await Promise.race([new Promise<void>((resolve) => out.once('drain', () => resolve())), failed]);
  };
  try {
    for (;;) {
      const buffer = current();
      const at = buffer.indexOf(delimiter);
      if (at >= 0) {
        await write(buffer.subarray(0, at));
        keep(buffer.subarray(at + delimiter.length));
        break;
      }
      // Keep what could be the start of the delimiter; write the rest.
      const safe = Math.max(0, buffer.length - (delimiter.length - 1));
      await write(buffer.subarray(0, safe));
      keep(buffer.subarray(safe));
      if (!(await more())) throw malformed('El archivo no termina con el límite del formulario.');
    }
    if (size < target.lengthRange[0]) throw new StorageRefusal(400, 'EntityTooSmall', NOTICES.storageTooSmall);
    await Promise.race([new Promise<void>((resolve) => out.end(resolve)), failed]);
    return { size, md5: md5.digest('hex') };
  } catch (error) {
    // The stream opens its file asynchronously: removed only once it is closed, or a refusal that
    // came before the open would leave the file it then creates.
    await new Promise<void>((resolve) => {
      if (out.closed) return resolve();
      out.once('close', () => resolve());
      out.destroy();
    });
    await rm(target.path, { force: true });
    throw error;
  }
}
