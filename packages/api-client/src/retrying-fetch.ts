import type { HttpMethod } from '@ipportal/domain';

/*
 * How every call reaches the API. A call that changes something carries a fresh `Idempotency-Key`
 * (a Structured Field string, as the IETF httpapi draft defines the header) and, when no answer
 * came (connection refused or reset, offline for a moment), is sent again with the same key: the
 * server answers a retry of a request it already carried out with that request's answer instead
 * of doing it twice (apps/api/src/plugins/idempotency.ts). The proxy in front of the API processes
 * (docker/nginx.conf) answers 502 or 504 for a change whose process died under it: the API never
 * answered, so that is retried the same way. Any other answer, whatever its status, is never
 * retried here.
 */

const mutations: ReadonlySet<string> = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The pauses before the retries of a call that got no answer: three retries, then the failure shows. */
export const networkRetryDelaysMs: readonly number[] = [300, 1_000, 3_000];

/** A random UUID (v4), also where `crypto.randomUUID` is missing (pages served over plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The headers one call adds: for a mutation, its `Idempotency-Key` (one per call, kept for its retries). */
export function idempotencyHeaders(method: string | undefined): Record<string, string> {
  return mutations.has((method ?? 'GET').toUpperCase())
    ? { 'Idempotency-Key': `"${newIdempotencyKey()}"` }
    : {};
}

function pause(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A proxy's answers for a request its upstream process never answered (Bad Gateway, Gateway Timeout). */
const gatewayFailures: ReadonlySet<number> = new Set([502, 504]);

/**
 * `fetch`, with a mutation (one that carries an Idempotency-Key) sent again after a network failure
 * or a proxy's 502/504, at most `delaysMs.length` times, pausing as long as each delay says; the
 * last such answer is returned as it came. A call the caller aborted is not retried.
 */
export async function fetchRetryingNetworkFailures(
  url: string,
  init: RequestInit & { headers: Record<string, string> | Headers },
  delaysMs: readonly number[] = networkRetryDelaysMs,
): Promise<Response> {
  const headers = new Headers(init.headers);
  const retries = headers.has('Idempotency-Key') ? delaysMs : [];
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url, { ...init, headers });
      const delay = retries[attempt];
      if (!gatewayFailures.has(response.status) || delay === undefined || init.signal?.aborted)
        return response;
      // The proxy's error page is not read; dropping it frees the connection.
      void response.body?.cancel().catch(() => undefined);
      await pause(delay, init.signal);
    } catch (error) {
      const delay = retries[attempt];
      if (delay === undefined || init.signal?.aborted) throw error;
      await pause(delay, init.signal);
    }
  }
}
