// An S3-compatible store (S3_ENDPOINT), read through @aws-sdk/client-s3. The same client signs the
// browser's upload policies (@aws-sdk/s3-presigned-post).
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { DocumentStorage, StoredObject } from './document-storage';

export interface S3Settings {
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums on reads need the store to send them; S3-compatible stores often do not.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

export function createS3Storage(client: S3Client): DocumentStorage {
  return {
    kind: 's3',
    async head(bucket, key): Promise<StoredObject | undefined> {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: answer.ContentLength ?? 0, lastModified: answer.LastModified ?? new Date() };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async read(bucket, key, maxBytes) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if ((answer.ContentLength ?? 0) > maxBytes) {
        answer.Body?.transformToWebStream().cancel().catch(() => {});
        throw new Error(`object larger than ${maxBytes} bytes`);
      }
      const bytes = await answer.Body!.transformToByteArray();
      if (bytes.length > maxBytes) throw new Error(`object larger than ${maxBytes} bytes`);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    },
    async write(bucket, key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async remove(bucket, key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
