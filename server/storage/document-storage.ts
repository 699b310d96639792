// The one interface the server reads uploaded documents through, whichever store holds them:
// the data folder behind the embedded endpoint (folder-storage.ts) or an S3-compatible store
// (s3-storage.ts). The browser's uploads never pass through it: it posts them straight to storage;
// only what the server checked itself (a signed packet) is written through it.
export interface StoredObject {
  size: number;
  /** When storage received it. */
  lastModified: Date;
}

export interface DocumentStorage {
  /** 'folder' (the embedded endpoint) or 's3'. */
  readonly kind: 'folder' | 's3';
  /** The object's size and date, or undefined when there is none under that key. */
  head(bucket: string, key: string): Promise<StoredObject | undefined>;
  /** The object's bytes, at most `maxBytes` (more is an error: callers head first). */
  read(bucket: string, key: string, maxBytes: number): Promise<Buffer>;
  /** Keeps bytes the server itself made or checked (a signed packet) under a key. */
  write(bucket: string, key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Removes the object; nothing when there is none. */
  remove(bucket: string, key: string): Promise<void>;
}

/** A key the stores accept: the characters S3 calls safe, no empty, '.' or '..' segment. */
export function isSafeKey(key: string): boolean {
  return key.length > 0 && key.length <= 1024 && /^[A-Za-z0-9!_.*'()/-]+$/.test(key) && key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export const isSafeBucket = (bucket: string) => /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) && !bucket.includes('..');
