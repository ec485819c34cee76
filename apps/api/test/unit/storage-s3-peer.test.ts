/**
 * The S3 storage driver against a real S3-compatible server (s3rver, started here on loopback)
 * through the AWS SDK the driver uses: bytes, content types and the write-once mark survive the
 * round trip, listings name every object, and the server's refusals (a missing key, an unknown
 * access key) reach the caller.
 *
 * What s3rver cannot honour is checked against the recorded-request stub in
 * storage.test.ts beside this file instead: Object Lock (s3rver answers 501 NotImplemented, so no
 * retention headers are sent here) and `If-None-Match: *` on a second write-once put (s3rver
 * ignores it). s3rver also checks only the access key id of a V4 signature, not the signature
 * itself, so "wrong credentials" here is an unknown access key.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CreateBucketCommand, GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createS3Storage, StorageError, type Storage } from '../../src/storage/index.js';

const pdf = (body: string) => Buffer.from(`%PDF-1.7\n${body}\n%%EOF`);
// s3rver's built-in account.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

async function errorOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    if (error instanceof StorageError) return error.code;
    // HEAD answers carry no body, so the SDK cannot name the error: the status says it.
    if (error instanceof S3ServiceException) return `refused ${error.$metadata.httpStatusCode}`;
    return String(error);
  }
}

async function bytesOf(storage: Storage, key: string): Promise<Buffer> {
  return buffer((await storage.get(key)).body);
}

async function listed(storage: Storage) {
  const items = [];
  for await (const item of storage.list()) items.push(item);
  return items;
}

let server: S3rver | undefined;
let endpoint = '';
let folder = '';
const peerProblem = await (async () => {
  try {
    folder = await mkdtemp(path.join(tmpdir(), 'ipportal-s3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: folder });
    const address = await server.run();
    endpoint = `http://127.0.0.1:${address.port}`;
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
})();
if (peerProblem) console.log(`\n  s3rver could not start (${peerProblem}): the S3 peer tests are skipped\n`);

describe.skipIf(peerProblem !== undefined)('S3 storage driver against s3rver', () => {
  let tempDir: string;
  let bucket = 0;

  /** A driver on a bucket of its own, so each test starts from an empty listing. */
  async function driver(keys = credentials): Promise<Storage> {
    const name = `portal-${++bucket}`;
    const admin = new S3Client({ region: 'ap-northeast-1', endpoint, forcePathStyle: true, credentials });
    await admin.send(new CreateBucketCommand({ Bucket: name }));
    admin.destroy();
    return createS3Storage({
      bucket: name,
      region: 'ap-northeast-1',
      endpoint,
      forcePathStyle: true,
      credentials: keys,
      objectLock: { mode: 'COMPLIANCE', days: 30 },
      maxUploadBytes: 1024 * 1024,
      tempDir,
    });
  }

  beforeAll(async () => {
    tempDir = await mkdtemp(path.join(tmpdir(), 'ipportal-s3-peer-'));
  });
  afterAll(async () => {
    await server?.close();
    await rm(tempDir, { recursive: true, force: true });
    await rm(folder, { recursive: true, force: true });
  });

  test('put, get, head, list, overwrite and delete keep bytes and content types', async () => {
    const storage = await driver();
    const memo = pdf('メモ 1');
    const stored = await storage.put('userSpace/p1/memo.pdf', Readable.from([memo]), {
      contentType: 'application/pdf',
    });
    expect(stored).toMatchObject({ size: memo.length, writeOnce: false, retainUntil: null });
    await storage.put('chat/r1/a.txt', Readable.from([Buffer.from('こんにちは')]), {
      contentType: 'text/plain',
    });

    const object = await storage.get('userSpace/p1/memo.pdf');
    expect(object.size).toBe(memo.length);
    expect(object.contentType).toBe('application/pdf');
    expect(Buffer.compare(await buffer(object.body), memo)).toBe(0);
    expect(await storage.exists('userSpace/p1/memo.pdf')).toBe(true);
    expect(await listed(storage)).toEqual([
      {
        key: 'chat/r1/a.txt',
        size: Buffer.byteLength('こんにちは'),
        contentType: 'text/plain',
        writeOnce: false,
      },
      { key: 'userSpace/p1/memo.pdf', size: memo.length, contentType: 'application/pdf', writeOnce: false },
    ]);

    await storage.put('userSpace/p1/memo.pdf', Readable.from([pdf('v2')]), {
      contentType: 'application/pdf',
    });
    expect((await bytesOf(storage, 'userSpace/p1/memo.pdf')).toString()).toContain('v2');

    await storage.delete('userSpace/p1/memo.pdf');
    expect(await storage.exists('userSpace/p1/memo.pdf')).toBe(false);
    expect((await listed(storage)).map((item) => item.key)).toEqual(['chat/r1/a.txt']);
    expect(await readdir(tempDir)).toEqual([]);
  });

  test('a write-once put on a server without Object Lock is stored marked, and the driver refuses to replace or delete it', async () => {
    const storage = await driver();
    const opinion = pdf('意見書 原本');
    const stored = await storage.put('deliverables/r1/opinion.pdf', Readable.from([opinion]), {
      contentType: 'application/pdf',
      writeOnce: true,
    });
    // s3rver answers Object Lock with 501: the put goes through without a retention period.
    expect(stored).toMatchObject({ writeOnce: true, retainUntil: null });
    expect(await listed(storage)).toEqual([
      {
        key: 'deliverables/r1/opinion.pdf',
        size: opinion.length,
        contentType: 'application/pdf',
        writeOnce: true,
      },
    ]);

    expect(await errorOf(storage.delete('deliverables/r1/opinion.pdf'))).toBe('writeOnce');
    expect(
      await errorOf(
        storage.put('deliverables/r1/opinion.pdf', Readable.from([pdf('forged')]), {
          contentType: 'application/pdf',
        }),
      ),
    ).toBe('writeOnce');
    expect(Buffer.compare(await bytesOf(storage, 'deliverables/r1/opinion.pdf'), opinion)).toBe(0);
  });

  test('the SDK stores the bytes as sent (no chunked-encoding framing) with the SHA-256 in the metadata', async () => {
    const storage = await driver();
    const bytes = pdf('x'.repeat(200_000));
    const stored = await storage.put('userSpace/p1/large.pdf', Readable.from([bytes]), {
      contentType: 'application/pdf',
    });
    const client = new S3Client({ region: 'ap-northeast-1', endpoint, forcePathStyle: true, credentials });
    const raw = await client.send(
      new GetObjectCommand({ Bucket: `portal-${bucket}`, Key: 'userSpace/p1/large.pdf' }),
    );
    expect(raw.Metadata?.sha256).toBe(stored.sha256);
    expect(Buffer.compare(Buffer.from(await raw.Body!.transformToByteArray()), bytes)).toBe(0);
    client.destroy();
  });

  test('refusals: a missing key is notFound, an unknown access key is refused and stores nothing', async () => {
    const storage = await driver();
    expect(await errorOf(storage.get('userSpace/p1/missing.pdf'))).toBe('notFound');
    expect(await storage.exists('userSpace/p1/missing.pdf')).toBe(false);
    await storage.delete('userSpace/p1/missing.pdf');

    const stranger = createS3Storage({
      bucket: `portal-${bucket}`,
      region: 'ap-northeast-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'wrong' },
      objectLock: { mode: 'COMPLIANCE', days: 30 },
      maxUploadBytes: 1024,
      tempDir,
    });
    expect(
      await errorOf(
        stranger.put('userSpace/p1/memo.pdf', Readable.from([pdf('x')]), { contentType: 'application/pdf' }),
      ),
    ).toBe('refused 403');
    expect(await errorOf(stranger.get('userSpace/p1/memo.pdf'))).toBe('refused 403');
    expect(
      await errorOf(
        stranger.put('deliverables/r1/opinion.pdf', Readable.from([pdf('x')]), {
          contentType: 'application/pdf',
          writeOnce: true,
        }),
      ),
    ).toBe('refused 403');
    await stranger.close();
    expect(await listed(storage)).toEqual([]);
    expect(await readdir(tempDir)).toEqual([]);
  });
});
