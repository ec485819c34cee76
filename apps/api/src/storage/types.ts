import type { Readable } from 'node:stream';

export interface PutOptions {
  /** The declared content type; checked against the allowed list and the file's first bytes. */
  contentType: string;
  /** Upper bound for this object; the driver's configured limit applies when omitted. */
  maxBytes?: number;
  /** Deliverables: the key can never be overwritten or deleted (Object Lock retention on S3). */
  writeOnce?: boolean;
  /** Content types accepted for this upload; `defaultAllowedContentTypes` when omitted. */
  allowedContentTypes?: readonly string[];
}

export interface StoredObject {
  key: string;
  size: number;
  /** Hex SHA-256 of the bytes, computed while streaming. */
  sha256: string;
  contentType: string;
  writeOnce: boolean;
  /** Object Lock retain-until date when the object is retained (S3 buckets with Object Lock). */
  retainUntil: Date | null;
}

/** One stored object as a listing names it (backups copy every object a listing yields). */
export interface ListedObject {
  key: string;
  size: number;
  contentType: string;
  writeOnce: boolean;
}

export interface ObjectStream {
  body: Readable;
  size: number;
  contentType: string;
}

/** Object storage: a folder under DATA_DIR, or an S3 bucket. Streams in and out; never buffers a whole file. */
export interface Storage {
  readonly driver: 'local' | 's3';
  readonly maxUploadBytes: number;
  put(key: string, body: Readable, options: PutOptions): Promise<StoredObject>;
  get(key: string): Promise<ObjectStream>;
  exists(key: string): Promise<boolean>;
  /** Every stored object, in key order. */
  list(): AsyncIterable<ListedObject>;
  /** Refuses write-once objects. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

export type StorageErrorCode =
  'tooLarge' | 'contentTypeNotAllowed' | 'contentMismatch' | 'writeOnce' | 'notFound' | 'invalidKey';

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

/** What a stored upload left behind, to record in `files`. */
export interface StoredFile {
  storageKey: string;
  storageDriver: string;
  originalName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
}
