import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';

/*
 * Answers kept in this process as the bytes they are sent as (docs/adr/0056): for a read that is
 * the same for everyone of a scope until the scope's version changes, the serialized JSON and its
 * brotli and gzip forms are made once per version, so a read answered again costs neither the
 * query, nor the serializer, nor the encoding to UTF-8, nor the compression.
 */

/** What is kept: the answer's version and its bytes, plain and per content coding once asked. */
export interface KeptVersion {
  /** Everything the answer depends on besides the version (scope, day, query). */
  key: string;
  version: number;
}

type Coding = 'br' | 'gzip';

interface KeptBytes {
  version: number;
  plain: Buffer;
  coded: Partial<Record<Coding, Buffer>>;
}

const kept = new Map<string, KeptBytes>();
/** A page of 100 invoices is about 60 KB plain and 10 KB compressed: at most ~15 MB kept. */
const keptLimit = 200;
/** Below this the compression plugin sends answers plain too (plugins/compression.ts). */
const compressFrom = 1024;
const codings = new Negotiator<Coding>({ supportedValues: ['br', 'gzip'] });

function keep(key: string, bytes: KeptBytes): void {
  kept.delete(key);
  kept.set(key, bytes);
  if (kept.size > keptLimit) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
}

function encode(plain: Buffer, coding: Coding): Buffer {
  // The compression plugin's own settings for these codings (@fastify/compress defaults).
  return coding === 'br'
    ? brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    : gzipSync(plain);
}

/**
 * Sends the answer kept under `version`, or reads it with `read`, serializes it with the route's
 * own serializer (so it is checked against the route's schema like any answer) and keeps it.
 */
export async function sendKeptAnswer(
  reply: FastifyReply,
  version: KeptVersion,
  read: () => Promise<unknown>,
): Promise<FastifyReply> {
  let bytes = kept.get(version.key);
  if (bytes?.version !== version.version) {
    const answer = await read();
    // The route's serializer gives a string for a JSON answer.
    const serialized = reply.serialize(answer) as string;
    bytes = { version: version.version, plain: Buffer.from(serialized), coded: {} };
  }
  keep(version.key, bytes);
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const accepted = reply.request.headers['accept-encoding'];
  const coding = accepted && bytes.plain.length >= compressFrom ? codings.negotiate(accepted) : null;
  if (!coding) return reply.send(bytes.plain);
  const coded = (bytes.coded[coding] ??= encode(bytes.plain, coding));
  return reply.header('content-encoding', coding).send(coded);
}
