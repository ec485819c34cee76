import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { ApiError } from './api-error.js';
import type { ApiRequest } from './base-query.js';
import { apiClientDepsFrom, namespaceForUserType } from './deps.js';
import { fetchRetryingNetworkFailures, idempotencyHeaders } from './retrying-fetch.js';

/*
 * Calls that carry bytes (multipart uploads, downloads) for every slice. They are thunks rather
 * than endpoints so no File or Blob ever enters the store (RTK Query keeps endpoint arguments in
 * the state). `send` adds the bearer token and tries once more with a renewed one after a 401;
 * an upload carries an Idempotency-Key and is resent after a network failure (retrying-fetch.ts).
 */

export type BinaryResult<T> = { data: T } | { error: ApiError };

// Any state and extra, as RTK Query's own thunks (`updateQueryData`) are typed: the app's store
// has more slices than this package knows, and the extra is checked by `apiClientDepsFrom`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type BinaryThunk<R> = ThunkAction<Promise<R>, any, any, UnknownAction>;

interface EnvelopeBody<T> {
  hasError?: boolean;
  message?: string;
  item?: T;
}

/**
 * Sends `request` (its URL, method and namespace) with a form, or with JSON text whose
 * Content-Type the caller puts in `init.headers`.
 */
export async function send(
  extra: unknown,
  request: ApiRequest,
  body?: FormData | string,
  init: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<{ response: Response } | { error: ApiError }> {
  const deps = apiClientDepsFrom(extra);
  const token = await deps.getIdToken();
  if (!token) return { error: { status: 'NOT_LOGGED_IN', messageKey: null, serverMessage: null } };
  const namespace = request.namespace ?? namespaceForUserType(deps.getUserType());
  const url = `${deps.getBaseUrl(namespace).replace(/\/+$/, '')}${request.url}`;
  // One key per call: the renewed-token attempt and the retries after a network failure share it.
  const keyHeaders = idempotencyHeaders(request.method);
  const call = (bearer: string) =>
    fetchRetryingNetworkFailures(
      url,
      {
        method: request.method ?? 'GET',
        body,
        signal: init.signal,
        headers: { ...init.headers, ...keyHeaders, Authorization: `Bearer ${bearer}` },
      },
      deps.networkRetryDelaysMs,
    );
  try {
    let response = await call(token);
    if (response.status === 401) {
      const renewed = await deps.getIdToken({ forceRefresh: true }).catch(() => null);
      if (renewed && renewed !== token) response = await call(renewed);
    }
    return { response };
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    return {
      error: {
        status: 'FETCH_ERROR',
        messageKey: null,
        serverMessage: cause instanceof Error ? cause.message : String(cause),
      },
    };
  }
}

export async function envelopeOf<T>(response: Response): Promise<BinaryResult<T>> {
  let body: EnvelopeBody<T> | null;
  try {
    body = (await response.json()) as EnvelopeBody<T> | null;
  } catch {
    body = null;
  }
  if (!response.ok || !body || body.hasError === true || body.item === undefined) {
    const message = body?.message;
    return {
      error: {
        status: response.ok ? 'PARSE_ERROR' : response.status,
        messageKey: null,
        serverMessage: typeof message === 'string' && message.length > 0 ? message : null,
      },
    };
  }
  return { data: body.item };
}
