// Chooses where documents are kept from the configuration: the embedded endpoint over the data
// folder (S3_ENDPOINT unset), or an S3-compatible store. Either way the browser gets a POST policy
// signed with SigV4, and the server reads through one DocumentStorage.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config';
import type { Db } from '../db/database';
import { STORAGE_PREFIX } from '../prefixes';
import type { DocumentStorage } from './document-storage';
import { createFolderStorage, type FolderStorage } from './folder-storage';
import type { PolicyCredentials } from './post-policy';

/** The embedded store's access key id when none is configured. */
export const EMBEDDED_ACCESS_KEY_ID = 'solicitud-online';

export interface DocumentStore {
  storage: DocumentStorage;
  /** The data folder behind the embedded endpoint; undefined with an S3-compatible store. */
  folder: FolderStorage | undefined;
  bucket: string;
  credentials: PolicyCredentials;
  /** The client that signs the browser's upload policies (the embedded store's loads on the first upload: a tenth of a second not spent at start). */
  signer(): Promise<S3Client>;
  /** Where the browser posts a bucket's uploads: this origin's /storage/{bucket}, or the store's own URL. */
  uploadUrl(signedUrl: string, bucket: string): string;
}

/** The embedded store's secret: configured, or made once and kept in the database so every instance shares it. */
async function resolveStorageSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('server_setting')
    .values({ key: 'storage_secret_access_key', value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('server_setting').select('value').where('key', '=', 'storage_secret_access_key').executeTakeFirstOrThrow();
  return row.value;
}

export async function openDocumentStore(config: StorageConfig, dataDir: string, db: Db): Promise<DocumentStore> {
  if (config.endpoint) {
    if (!config.accessKeyId || !config.secretAccessKey) throw new Error('S3_ENDPOINT needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    // The S3 client (a tenth of a second to load) loads with the database, not before the server listens.
    const { createS3Storage, s3Client } = await import('./s3-storage');
    const credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: config.region };
    const client = s3Client({ ...credentials, endpoint: config.endpoint, forcePathStyle: config.forcePathStyle });
    return { storage: createS3Storage(client), folder: undefined, bucket: config.bucket, credentials, signer: async () => client, uploadUrl: (signedUrl) => signedUrl };
  }
  const credentials = {
    accessKeyId: config.accessKeyId ?? EMBEDDED_ACCESS_KEY_ID,
    secretAccessKey: await resolveStorageSecret(db, config.secretAccessKey),
    region: config.region,
  };
  const folder = createFolderStorage(path.join(dataDir, 'documents'));
  // The signer's endpoint only shapes a URL that is replaced by this origin's path.
  let signer: Promise<S3Client> | undefined;
  const signerOnce = () =>
    (signer ??= import('./s3-storage').then(
      ({ s3Client }) => s3Client({ ...credentials, endpoint: 'http://localhost/storage', forcePathStyle: true }),
      (error: unknown) => {
        signer = undefined; // a failed load is tried again by the next upload
        throw error;
      },
    ));
  return { storage: folder, folder, bucket: config.bucket, credentials, signer: signerOnce, uploadUrl: (_signedUrl, bucket) => `${STORAGE_PREFIX}/${bucket}` };
}
