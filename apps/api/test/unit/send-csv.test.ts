import { Readable } from 'node:stream';
import { todayInJapan } from '@ipportal/domain';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { csvFile } from '../../src/csv/writer.js';
import { sendCsv } from '../../src/http/send-csv.js';

const file = csvFile(['番号'], [['INV-1']]);
const app = Fastify();
app.get('/whole', (_request, reply) => sendCsv(reply, file, 'invoices'));
app.get('/streamed', (_request, reply) =>
  sendCsv(reply, Readable.from([file]), 'matters-all', { 'x-row-count': '1' }),
);
app.get('/named', (_request, reply) => sendCsv(reply, file, '請求書'));
afterAll(() => app.close());

const day = () => todayInJapan().replaceAll('-', '');

describe('the one CSV response', () => {
  it('sends a whole file with its length, named by the export and the day in Japan, never cached', async () => {
    const response = await app.inject({ method: 'GET', url: '/whole' });
    expect(response.rawPayload.equals(file)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-length': String(file.length),
      'content-disposition': `attachment; filename="invoices-${day()}.csv"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'access-control-expose-headers': 'content-disposition',
    });
  });

  it('streams a file without a length, exposing its extra headers to the web', async () => {
    const response = await app.inject({ method: 'GET', url: '/streamed' });
    expect(response.rawPayload.equals(file)).toBe(true);
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['x-row-count']).toBe('1');
    expect(response.headers['access-control-expose-headers']).toBe('x-row-count, content-disposition');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="matters-all-${day()}.csv"`);
  });

  it('names a file outside ASCII with filename* (RFC 6266) and an ASCII stand-in', async () => {
    const response = await app.inject({ method: 'GET', url: '/named' });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="___-${day()}.csv"; filename*=UTF-8''${encodeURIComponent(`請求書-${day()}.csv`)}`,
    );
  });
});
