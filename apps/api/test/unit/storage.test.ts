import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  contentDisposition,
  createLocalStorage,
  createS3Storage,
  StorageError,
  type Storage,
} from '../../src/storage/index.js';

const pdf = (body = 'hello') => Buffer.from(`%PDF-1.7\n${body}\n%%EOF`);
const png = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3,
]);

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof StorageError ? error.code : `other: ${String(error)}`;
  }
}

describe('local storage driver', () => {
  let root: string;
  let storage: Storage;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ipportal-storage-'));
    storage = createLocalStorage({ root, maxUploadBytes: 1024 });
  });
  afterAll(async () => rm(root, { recursive: true, force: true }));

  test('streams an object in and out, with size and SHA-256', async () => {
    const stored = await storage.put('userSpace/p1/memo.pdf', Readable.from([pdf()]), {
      contentType: 'application/pdf',
    });
    expect(stored).toMatchObject({
      key: 'userSpace/p1/memo.pdf',
      size: pdf().length,
      writeOnce: false,
      contentType: 'application/pdf',
    });
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    const object = await storage.get('userSpace/p1/memo.pdf');
    expect(object.size).toBe(pdf().length);
    expect(await text(object.body)).toBe(pdf().toString());
    expect(await storage.exists('userSpace/p1/memo.pdf')).toBe(true);
    await storage.put('userSpace/p1/memo.pdf', Readable.from([pdf('v2')]), {
      contentType: 'application/pdf',
    });
    expect(await text((await storage.get('userSpace/p1/memo.pdf')).body)).toContain('v2');
    await storage.delete('userSpace/p1/memo.pdf');
    expect(await storage.exists('userSpace/p1/memo.pdf')).toBe(false);
  });

  test('deliverables are write-once: no overwrite, no delete', async () => {
    await storage.put('deliverables/r1/opinion.pdf', Readable.from([pdf('original')]), {
      contentType: 'application/pdf',
      writeOnce: true,
    });
    expect(
      await code(
        storage.put('deliverables/r1/opinion.pdf', Readable.from([pdf('forged')]), {
          contentType: 'application/pdf',
          writeOnce: true,
        }),
      ),
    ).toBe('writeOnce');
    expect(
      await code(
        storage.put('deliverables/r1/opinion.pdf', Readable.from([pdf('forged')]), {
          contentType: 'application/pdf',
        }),
      ),
    ).toBe('writeOnce');
    expect(await code(storage.delete('deliverables/r1/opinion.pdf'))).toBe('writeOnce');
    expect(await text((await storage.get('deliverables/r1/opinion.pdf')).body)).toContain('original');
  });

  test('size limits, content types and keys are checked while streaming; nothing is left behind', async () => {
    expect(
      await code(
        storage.put('a/big.pdf', Readable.from([pdf('x'.repeat(2000))]), { contentType: 'application/pdf' }),
      ),
    ).toBe('tooLarge');
    expect(
      await code(
        storage.put('a/small.pdf', Readable.from([pdf('x'.repeat(100))]), {
          contentType: 'application/pdf',
          maxBytes: 50,
        }),
      ),
    ).toBe('tooLarge');
    expect(
      await code(
        storage.put('a/run.exe', Readable.from([Buffer.from('MZ')]), {
          contentType: 'application/x-msdownload',
        }),
      ),
    ).toBe('contentTypeNotAllowed');
    expect(
      await code(storage.put('a/fake.pdf', Readable.from([png]), { contentType: 'application/pdf' })),
    ).toBe('contentMismatch');
    expect(await code(storage.put('a/fake.txt', Readable.from([png]), { contentType: 'text/plain' }))).toBe(
      'contentMismatch',
    );
    expect(
      await code(
        storage.put('a/image.png', Readable.from([png]), {
          contentType: 'image/png',
          allowedContentTypes: ['application/pdf'],
        }),
      ),
    ).toBe('contentTypeNotAllowed');
    expect(
      await code(storage.put('../escape.pdf', Readable.from([pdf()]), { contentType: 'application/pdf' })),
    ).toBe('invalidKey');
    expect(
      await code(storage.put('/abs.pdf', Readable.from([pdf()]), { contentType: 'application/pdf' })),
    ).toBe('invalidKey');
    expect(await code(storage.get('missing/file.pdf'))).toBe('notFound');
    expect(await storage.exists('a/big.pdf')).toBe(false);
    expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
  });

  test('the listing names every stored object in key order with its content type and write-once mark', async () => {
    const listing = createLocalStorage({ root: path.join(root, 'listing'), maxUploadBytes: 1024 });
    const empty = [];
    for await (const object of listing.list()) empty.push(object);
    expect(empty).toEqual([]);
    await listing.put('userSpace/p1/b.png', Readable.from([png]), { contentType: 'image/png' });
    await listing.put('deliverables/r1/a.pdf', Readable.from([pdf()]), {
      contentType: 'application/pdf',
      writeOnce: true,
    });
    const listed = [];
    for await (const object of listing.list()) listed.push(object);
    expect(listed).toEqual([
      { key: 'deliverables/r1/a.pdf', size: pdf().length, contentType: 'application/pdf', writeOnce: true },
      { key: 'userSpace/p1/b.png', size: png.length, contentType: 'image/png', writeOnce: false },
    ]);
  });

  test('Content-Disposition keeps Japanese file names', () => {
    expect(contentDisposition('意見書 (案).pdf')).toBe(
      `attachment; filename="___ (_).pdf"; filename*=UTF-8''${encodeURIComponent('意見書 (案).pdf')}`,
    );
  });
});

interface Captured {
  method: string;
  path: string;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body: string;
}

/** An S3 client whose HTTP layer is a stub: the driver's requests are recorded and answered like S3 would. */
function stubS3(
  answer: (request: Captured) => { status: number; body?: string; headers?: Record<string, string> },
) {
  const requests: Captured[] = [];
  const requestHandler = {
    async handle(request: {
      method: string;
      path: string;
      query: Record<string, unknown>;
      headers: Record<string, string>;
      body?: unknown;
    }) {
      let body = '';
      if (request.body instanceof Readable) body = await text(request.body);
      else if (typeof request.body === 'string') body = request.body;
      else if (request.body instanceof Uint8Array) body = Buffer.from(request.body).toString();
      const captured = {
        method: request.method,
        path: request.path,
        query: request.query,
        headers: request.headers,
        body,
      };
      requests.push(captured);
      const reply = answer(captured);
      return {
        response: {
          statusCode: reply.status,
          reason: '',
          headers: { 'content-type': 'application/xml', ...(reply.headers ?? {}) },
          body: Readable.from([Buffer.from(reply.body ?? '')]),
        },
      };
    },
    updateHttpClientConfig() {},
    httpHandlerConfigs: () => ({}),
  };
  const client = new S3Client({
    region: 'ap-northeast-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    requestHandler,
    forcePathStyle: true,
    endpoint: 'http://s3.test',
  });
  return { client, requests };
}

const lockEnabled =
  '<?xml version="1.0"?><ObjectLockConfiguration><ObjectLockEnabled>Enabled</ObjectLockEnabled></ObjectLockConfiguration>';

describe('S3 storage driver', () => {
  let tempDir: string;
  beforeAll(async () => {
    tempDir = await mkdtemp(path.join(tmpdir(), 'ipportal-s3-'));
  });
  afterAll(async () => rm(tempDir, { recursive: true, force: true }));

  const options = (client: S3Client) => ({
    bucket: 'portal',
    region: 'ap-northeast-1',
    endpoint: 'http://s3.test',
    forcePathStyle: true,
    credentials: undefined,
    objectLock: { mode: 'COMPLIANCE' as const, days: 30 },
    maxUploadBytes: 1024,
    tempDir,
    client,
  });

  test('a deliverable is put with If-None-Match and Object Lock retention when the bucket has Object Lock', async () => {
    const { client, requests } = stubS3((req) =>
      'object-lock' in req.query
        ? { status: 200, body: lockEnabled }
        : { status: 200, headers: { etag: '"abc"' } },
    );
    const storage = createS3Storage(options(client));
    const stored = await storage.put('deliverables/r1/opinion.pdf', Readable.from([pdf()]), {
      contentType: 'application/pdf',
      writeOnce: true,
    });
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/portal/deliverables/r1/opinion.pdf');
    expect(put.headers['if-none-match']).toBe('*');
    expect(put.headers['x-amz-object-lock-mode']).toBe('COMPLIANCE');
    expect(Date.parse(put.headers['x-amz-object-lock-retain-until-date']!)).toBeGreaterThan(
      Date.now() + 29 * 86_400_000,
    );
    expect(put.headers['x-amz-meta-write-once']).toBe('true');
    expect(put.headers['x-amz-checksum-sha256']).toBe(Buffer.from(stored.sha256, 'hex').toString('base64'));
    expect(put.headers['content-length']).toBe(String(pdf().length));
    expect(put.body).toBe(pdf().toString());
    expect(stored.retainUntil).toBeInstanceOf(Date);
    expect(await readdir(tempDir)).toEqual([]);
  });

  test('without Object Lock on the bucket no retention is sent; an existing key answers writeOnce', async () => {
    const { client, requests } = stubS3((req) => {
      if ('object-lock' in req.query)
        return {
          status: 404,
          body: '<Error><Code>ObjectLockConfigurationNotFoundError</Code><Message>none</Message></Error>',
        };
      return {
        status: 412,
        body: '<Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>',
      };
    });
    const storage = createS3Storage(options(client));
    expect(
      await code(
        storage.put('deliverables/r1/opinion.pdf', Readable.from([pdf()]), {
          contentType: 'application/pdf',
          writeOnce: true,
        }),
      ),
    ).toBe('writeOnce');
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.headers['x-amz-object-lock-mode']).toBeUndefined();
  });

  test('write-once objects cannot be deleted or overwritten through the driver', async () => {
    const { client, requests } = stubS3((req) =>
      req.method === 'HEAD'
        ? { status: 200, headers: { 'x-amz-meta-write-once': 'true', 'content-length': '10' } }
        : { status: 204 },
    );
    const storage = createS3Storage(options(client));
    expect(await code(storage.delete('deliverables/r1/opinion.pdf'))).toBe('writeOnce');
    expect(
      await code(
        storage.put('deliverables/r1/opinion.pdf', Readable.from([pdf()]), {
          contentType: 'application/pdf',
        }),
      ),
    ).toBe('writeOnce');
    expect(requests.filter((r) => r.method === 'DELETE' || r.method === 'PUT')).toEqual([]);
  });
});
