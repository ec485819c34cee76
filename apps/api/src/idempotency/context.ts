import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import type { KeyRef } from './store.js';

/** A request's claim of its Idempotency-Key, from the preHandler to the stored answer. */
export interface KeyClaim {
  ref: KeyRef;
  owner: string;
  fingerprint: string | null;
  /** A multipart body's fingerprint, complete once the route has read the body. */
  digest?: { digest: Promise<string>; reading: boolean };
  /** A transaction of the request committed (and marked the claim `committed` inside it). */
  committed: boolean;
  /** The answer was stored, or the claim given up. */
  settled: boolean;
}

const claims = new WeakMap<FastifyRequest, KeyClaim>();
const running = new AsyncLocalStorage<KeyClaim>();

export function setClaim(request: FastifyRequest, claim: KeyClaim): void {
  claims.set(request, claim);
}

export function claimOf(request: FastifyRequest): KeyClaim | undefined {
  return claims.get(request);
}

/**
 * Runs a route's handler with its request's claim in scope, so that the transactions it commits
 * mark the claim in the same commit (plugins/idempotency.ts). Without a claim, just runs it.
 */
export function runWithClaim<T>(request: FastifyRequest, handler: () => Promise<T>): Promise<T> {
  const claim = claims.get(request);
  return claim ? running.run(claim, handler) : handler();
}

/** The claim of the handler running now, if its request has one. */
export function currentClaim(): KeyClaim | undefined {
  return running.getStore();
}
