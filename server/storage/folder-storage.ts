// The embedded store: objects as files under DATA_DIR/documents/{bucket}/{key}, written by the
// embedded endpoint (storage-routes.ts) through a temporary file renamed into place, so a refused
// or interrupted upload leaves nothing behind.
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isSafeBucket, isSafeKey, type DocumentStorage, type StoredObject } from './document-storage';

export interface FolderStorage extends DocumentStorage {
  readonly kind: 'folder';
  /** A fresh path for an upload in progress, on the same disk as the objects. */
  incomingPath(): Promise<string>;
  /** Moves a finished upload into place under its key. */
  commit(incoming: string, bucket: string, key: string): Promise<void>;
  /** The object's file, for streaming it out. */
  pathOf(bucket: string, key: string): string;
}

export function createFolderStorage(root: string): FolderStorage {
  const incoming = path.join(root, '.incoming');
  const pathOf = (bucket: string, key: string) => {
    if (!isSafeBucket(bucket) || !isSafeKey(key)) throw new Error('unsafe bucket or key');
    return path.join(root, bucket, ...key.split('/'));
  };
  const head = async (bucket: string, key: string): Promise<StoredObject | undefined> => {
    if (!isSafeBucket(bucket) || !isSafeKey(key)) return undefined;
    try {
      const info = await stat(pathOf(bucket, key));
      return info.isFile() ? { size: info.size, lastModified: info.mtime } : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
      throw error;
    }
  };
  const incomingPath = async () => {
    await mkdir(incoming, { recursive: true });
    return path.join(incoming, randomBytes(16).toString('hex'));
  };
  const commit = async (from: string, bucket: string, key: string) => {
    const target = pathOf(bucket, key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(from, target);
  };
  return {
    kind: 'folder',
    head,
    pathOf,
    incomingPath,
    commit,
    async write(bucket, key, bytes) {
      const file = await incomingPath();
      await writeFile(file, bytes);
      await commit(file, bucket, key);
    },
    async read(bucket, key, maxBytes) {
      const file = await open(pathOf(bucket, key), 'r');
      try {
        const { size } = await file.stat();
        if (size > maxBytes) throw new Error(`object larger than ${maxBytes} bytes`);
        return await file.readFile();
      } finally {
        await file.close();
      }
    },
    async remove(bucket, key) {
      if (isSafeBucket(bucket) && isSafeKey(key)) await rm(pathOf(bucket, key), { force: true });
    },
  };
}
