import { todayInJapan } from '@ipportal/domain';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../storage/http.js';

/** Sends a CSV export as a download named `<name>-<YYYYMMDD>.csv` (Japan's date). */
export function sendCsv(reply: FastifyReply, bytes: Buffer, name: string): FastifyReply {
  const day = todayInJapan().replaceAll('-', '');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-length', bytes.length)
    .header('content-disposition', contentDisposition(`${name}-${day}.csv`))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(bytes);
}
