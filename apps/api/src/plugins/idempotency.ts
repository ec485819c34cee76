import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/errors.js';
import { serverKey } from '../http/i18n.js';
import type { Database } from '../db/client.js';
import { claimOf, currentClaim, setClaim, type KeyClaim } from '../idempotency/context.js';
import { idempotencyKeyHeader, parseIdempotencyKey } from '../idempotency/header.js';
import { jsonFingerprint, multipartFingerprint, type RequestShape } from '../idempotency/fingerprint.js';
import { ownerLiveness } from '../idempotency/liveness.js';
import {
  claimKey,
  completeKey,
  markKeyCommitted,
  releaseKey,
  takeOverKey,
  type KeyRef,
  type StoredAnswer,
} from '../idempotency/store.js';

/** The answer header that tells a client it got the first request's stored answer. */
export const replayedHeader = 'idempotent-replayed';

/** How long a stored answer waits for a multipart body's fingerprint once the body has ended. */
const digestWaitMs = 5_000;

/**
 * `Idempotency-Key` on the routes whose endpoint definition says `idempotent` (the creating
 * POSTs), after the IETF httpapi draft "The Idempotency-Key HTTP Header Field": the first
 * request with a key claims it (a row shared by every process), runs, and its answer (any status
 * below 500) is stored; a retry with the same key and body within 24 hours gets that answer
 * (with `Idempotent-Replayed: true`) without running again; the same key with another body answers
 * 422 and a second request while the first runs answers 409. Keys belong to the signed-in user.
 * A 5xx answer gives the key up, so a retry runs again (unless the request committed a change).
 * The first transaction a request commits marks its claim `committed` in the same commit: a
 * retry of a request whose process died takes the claim over only when nothing was committed,
 * and otherwise answers 409 (done, but the answer was lost). See docs/adr/0033-idempotency-keys.md.
 *
 * The answer is stored from a global onSend hook, which runs before the route-level hooks
 * (compression), so the stored body is the JSON text as serialized.
 */
export const idempotencyPlugin = fp(
  (app, _opts, done) => {
    const liveness = ownerLiveness(app.database);
    app.addHook('onReady', () => liveness.start());
    app.addHook('onClose', () => liveness.stop());
    markCommitsOfClaims(app.db);

    const claimFor = async (request: FastifyRequest, reply: FastifyReply, ref: KeyRef) => {
      const shape: RequestShape = {
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        params: request.params,
        query: request.query,
      };
      // Multipart bodies are read by the route itself (a stream), not parsed before it.
      const multipart = /^multipart\/form-data/i.test(request.headers['content-type'] ?? '');
      const fingerprint = multipart ? null : jsonFingerprint(shape, request.body);
      const claim = { owner: liveness.id, fingerprint };
      let found = await claimKey(app.db, ref, { ...claim, now: new Date() });
      if (
        found.kind === 'running' &&
        !found.committed &&
        !(await liveness.isAlive(found.owner)) &&
        (await takeOverKey(app.db, ref, found.owner, claim))
      ) {
        request.log.info({ idempotencyKey: ref.key, from: found.owner }, 'idempotency key taken over');
        found = { kind: 'claimed' };
      }
      if (found.kind === 'running')
        throw new HttpError(409, {
          key: serverKey(
            found.committed && !(await liveness.isAlive(found.owner))
              ? 'idempotencyKeyAnswerLost'
              : 'idempotencyKeyInUse',
          ),
        });
      if (found.kind === 'done') {
        const sent = multipart ? await readBodyDigest(request, shape) : fingerprint;
        if (sent !== found.answer.fingerprint)
          throw new HttpError(422, { key: serverKey('idempotencyKeyReused') });
        return replay(reply, found.answer);
      }
      const state: KeyClaim = { ref, owner: liveness.id, fingerprint, committed: false, settled: false };
      if (multipart) state.digest = teeBodyDigest(request, shape);
      setClaim(request, state);
      return undefined;
    };

    // Both hooks run on every request and have work on few (a creating POST with a key): they
    // call `done` at once when there is nothing to do, and return their promise only when there
    // is, so that a GET costs no promise and no turn of the microtask queue here.
    app.addHook('preHandler', (request, reply, done) => {
      if (!request.routeOptions.config.idempotent || !request.principal) return done();
      const parsed = parseIdempotencyKey(request.headers[idempotencyKeyHeader]);
      if (parsed === undefined) return done();
      if ('invalid' in parsed) return done(HttpError.badRequest('idempotencyKeyInvalid'));
      return claimFor(request, reply, { userId: request.principal.userId, key: parsed.key });
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const state = claimOf(request);
      if (!state || state.settled) return done(null, payload);
      return storeAnswer(request, reply, payload, state);
    });

    const storeAnswer = async (
      request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      state: KeyClaim,
    ) => {
      state.settled = true;
      const fingerprint = state.digest ? await finishedDigest(request, state.digest) : state.fingerprint;
      const unusable = typeof payload !== 'string' || fingerprint === null;
      // A failure before anything was committed gives the key up: a retry runs it again.
      if (!state.committed && (reply.statusCode >= 500 || unusable)) {
        await releaseKey(app.db, state.ref, liveness.id);
        return payload;
      }
      const contentType = reply.getHeader('content-type');
      await completeKey(app.db, state.ref, liveness.id, {
        fingerprint: fingerprint ?? '',
        status: reply.statusCode,
        contentType: typeof contentType === 'string' ? contentType : null,
        body: typeof payload === 'string' ? payload : '',
      });
      return payload;
    };
    done();
  },
  { name: 'idempotency', dependencies: ['database'] },
);

/**
 * Every transaction on `db` committed by a handler that holds a claim also marks the claim
 * `committed`, in the same commit (the first one; later ones need not). Transactions are how the
 * repositories write; the handler runs with its claim in scope (`runWithClaim` in http/route.ts).
 */
const markingDatabases = new WeakSet<Database>();

function markCommitsOfClaims(db: Database): void {
  // Apps sharing one database handle (PGlite in tests) wrap it once.
  if (markingDatabases.has(db)) return;
  markingDatabases.add(db);
  const transaction = db.transaction.bind(db);
  db.transaction = (work, config) => {
    const claim = currentClaim();
    if (!claim || claim.committed) return transaction(work, config);
    return transaction(async (tx) => {
      const result = await work(tx);
      await markKeyCommitted(tx, claim.ref, claim.owner);
      return result;
    }, config).then((result) => {
      claim.committed = true;
      return result;
    });
  };
}

function replay(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  reply.code(answer.status).header(replayedHeader, 'true');
  if (answer.contentType) reply.header('content-type', answer.contentType);
  return reply.send(answer.body);
}

/**
 * The route reads a multipart body itself (`request.raw` piped into its parser): the fingerprint
 * reads the same bytes beside it, from the moment the route starts reading.
 */
interface TeedDigest {
  digest: Promise<string>;
  /** Whether the route started reading the body (and the fingerprint with it). */
  reading: boolean;
}

function teeBodyDigest(request: FastifyRequest, shape: RequestShape): TeedDigest {
  const fingerprint = multipartFingerprint(shape, request.headers);
  const teed: TeedDigest = { digest: fingerprint.digest, reading: false };
  const raw = request.raw;
  const pipe = raw.pipe.bind(raw);
  raw.pipe = (destination, options) => {
    raw.pipe = pipe;
    teed.reading = true;
    fingerprint.tee(raw);
    return pipe(destination, options);
  };
  return teed;
}

/** A retry of a finished multipart request: its body is read only to compare the fingerprint. */
async function readBodyDigest(request: FastifyRequest, shape: RequestShape): Promise<string | null> {
  const fingerprint = multipartFingerprint(shape, request.headers);
  fingerprint.tee(request.raw);
  request.raw.resume();
  return fingerprint.digest.catch(() => null);
}

/**
 * A multipart body's fingerprint when the route read the whole body; null when it answered before
 * (a refusal), which leaves nothing to compare a retry with.
 */
async function finishedDigest(request: FastifyRequest, teed: TeedDigest): Promise<string | null> {
  if (!teed.reading || !request.raw.readableEnded) return null;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), digestWaitMs);
  });
  try {
    return await Promise.race([teed.digest.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}
