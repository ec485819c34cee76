import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  GetObjectLockConfigurationCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertValidKey, receiveToTempFile } from './receive.js';
import {
  StorageError,
  type ListedObject,
  type ObjectStream,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './types.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  objectLock: { mode: 'GOVERNANCE' | 'COMPLIANCE'; days: number };
  maxUploadBytes: number;
  tempDir: string;
  /** Tests pass a client with a stubbed request handler. */
  client?: S3Client;
}

const writeOnceMeta = 'write-once';

function status(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/**
 * S3 (or compatible) bucket. Write-once objects are put with `If-None-Match: *` (no overwrite)
 * and, when the bucket has Object Lock enabled, with a retention period so even
 * the bucket owner cannot delete them before it ends.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client =
    options.client ??
    new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
    });
  const Bucket = options.bucket;
  let objectLock: Promise<boolean> | undefined;

  function bucketHasObjectLock(): Promise<boolean> {
    objectLock ??= client
      .send(new GetObjectLockConfigurationCommand({ Bucket }))
      .then((out) => out.ObjectLockConfiguration?.ObjectLockEnabled === 'Enabled')
      .catch((error: unknown) => {
        objectLock = undefined;
        // 404: Object Lock is not configured on the bucket; 501: the server has no Object Lock
        // at all (some S3-compatible servers). Either way there is no retention to send.
        if (status(error) === 404 || status(error) === 501) return false;
        throw error;
      });
    return objectLock;
  }

  async function head(key: string) {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (status(error) === 404) return undefined;
      throw error;
    }
  }

  return {
    driver: 's3',
    maxUploadBytes: options.maxUploadBytes,

    async put(key: string, body: Readable, putOptions: PutOptions): Promise<StoredObject> {
      assertValidKey(key);
      const writeOnce = putOptions.writeOnce ?? false;
      if (!writeOnce) {
        const existing = await head(key);
        if (existing?.Metadata?.[writeOnceMeta] === 'true') {
          body.resume();
          throw new StorageError('writeOnce', `${key} already exists and is write-once`);
        }
      }
      const limit = Math.min(putOptions.maxBytes ?? options.maxUploadBytes, options.maxUploadBytes);
      const received = await receiveToTempFile(body, options.tempDir, putOptions, limit);
      try {
        const locked = writeOnce && (await bucketHasObjectLock());
        const retainUntil = locked ? new Date(Date.now() + options.objectLock.days * 86_400_000) : null;
        try {
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key: key,
              Body: createReadStream(received.tempPath),
              ContentLength: received.size,
              ContentType: putOptions.contentType,
              ChecksumSHA256: Buffer.from(received.sha256, 'hex').toString('base64'),
              Metadata: { sha256: received.sha256, ...(writeOnce ? { [writeOnceMeta]: 'true' } : {}) },
              ...(writeOnce ? { IfNoneMatch: '*' } : {}),
              ...(retainUntil
                ? { ObjectLockMode: options.objectLock.mode, ObjectLockRetainUntilDate: retainUntil }
                : {}),
            }),
          );
        } catch (error) {
          if (status(error) === 412)
            throw new StorageError('writeOnce', `${key} already exists and is write-once`);
          throw error;
        }
        return {
          key,
          size: received.size,
          sha256: received.sha256,
          contentType: putOptions.contentType,
          writeOnce,
          retainUntil,
        };
      } finally {
        await received.discard();
      }
    },

    async get(key: string): Promise<ObjectStream> {
      assertValidKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(out.Body instanceof Readable)) throw new Error('S3 GetObject body is not a Node stream');
        return {
          body: out.Body,
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (status(error) === 404) throw new StorageError('notFound', `${key} not found`);
        throw error;
      }
    },

    async exists(key: string): Promise<boolean> {
      assertValidKey(key);
      return (await head(key)) !== undefined;
    },

    async *list(): AsyncIterable<ListedObject> {
      // Listings carry neither the content type nor the metadata: each object is asked for them.
      for await (const page of paginateListObjectsV2({ client }, { Bucket })) {
        for (const item of page.Contents ?? []) {
          if (!item.Key) continue;
          const described = await head(item.Key);
          if (!described) continue;
          yield {
            key: item.Key,
            size: described.ContentLength ?? item.Size ?? 0,
            contentType: described.ContentType ?? 'application/octet-stream',
            writeOnce: described.Metadata?.[writeOnceMeta] === 'true',
          };
        }
      }
    },

    async delete(key: string): Promise<void> {
      assertValidKey(key);
      const existing = await head(key);
      if (!existing) return;
      if (existing.Metadata?.[writeOnceMeta] === 'true')
        throw new StorageError('writeOnce', `${key} is write-once and cannot be deleted`);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    close() {
      client.destroy();
      return Promise.resolve();
    },
  };
}
