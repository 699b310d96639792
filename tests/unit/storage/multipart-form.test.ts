// The streaming multipart reader of the embedded store (server/storage/multipart-form.ts): fields
// before the file, the file written as it arrives whatever the chunking, its length bounded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { boundaryOf, receivePostForm } from '../../../server/storage/multipart-form';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'multipart-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
let count = 0;
const target = (lengthRange: [number, number] = [1, 1000]) => ({ path: path.join(folder, `f${count++}`), lengthRange });

async function encoded(fields: Record<string, string>, file: Uint8Array) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)]), 'a.bin');
  form.append('after', 'ignored');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), boundary: boundaryOf(request.headers.get('content-type')!)! };
}

/** The body as a stream of `size`-byte chunks. */
const chunked = (body: Buffer, size: number) => Readable.from(Array.from({ length: Math.ceil(body.length / size) }, (_, i) => body.subarray(i * size, (i + 1) * size)));

describe('receivePostForm', () => {
  // Bytes that look like the delimiter's start, across every chunk split.
  const file = Buffer.concat([Buffer.from('\r\n--\r\n-'), Buffer.alloc(300, 0x2d), Buffer.from([0, 255, 13, 10])]);

  it.each([1, 7, 64, 100_000])('reads fields and file alike in chunks of %i bytes', async (size) => {
    const { body, boundary } = await encoded({ key: 'tax/a/1', Policy: 'cG9saWN5', 'X-Amz-Date': '20260101T000000Z' }, file);
    const seen: Map<string, string>[] = [];
    const into = target();
    const received = await receivePostForm(chunked(body, size), boundary, async (fields) => (seen.push(new Map(fields)), into));
    expect(seen).toEqual([new Map([['key', 'tax/a/1'], ['policy', 'cG9saWN5'], ['x-amz-date', '20260101T000000Z']])]);
    expect(received.size).toBe(file.length);
    expect(fs.readFileSync(into.path)).toEqual(file);
  });

  it('stops at the first byte past the length range and leaves no file', async () => {
    const { body, boundary } = await encoded({ key: 'k' }, Buffer.alloc(2000, 1));
    const into = target([1, 1000]);
    await expect(receivePostForm(chunked(body, 256), boundary, async () => into)).rejects.toMatchObject({ code: 'EntityTooLarge', statusCode: 400 });
    expect(fs.existsSync(into.path)).toBe(false);
  });

  it('refuses a form without a file, and a truncated one', async () => {
    const form = new FormData();
    form.append('key', 'k');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const boundary = boundaryOf(request.headers.get('content-type')!)!;
    await expect(receivePostForm(Readable.from([Buffer.from(await request.arrayBuffer())]), boundary, async () => target())).rejects.toMatchObject({ code: 'InvalidArgument' });
    const { body } = await encoded({ key: 'k' }, Buffer.alloc(50, 1));
    const into = target();
    await expect(receivePostForm(Readable.from([body.subarray(0, body.length - 60)]), boundary, async () => into)).rejects.toMatchObject({ statusCode: 400 });
  });
});
