import { ApiErrorMessage } from '@ipportal/domain';
import type { FieldError, HttpMethod } from '@ipportal/domain';
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { ApiError } from './api-error.js';
import { apiClientDepsFrom, namespaceForUserType } from './deps.js';
import type { ApiNamespace } from './deps.js';
import { fetchRetryingNetworkFailures, idempotencyHeaders } from './retrying-fetch.js';

export type { HttpMethod };

/** One call as endpoints describe it. */
export interface ApiRequest {
  /** Path below the namespace's base URL, e.g. `/user`. */
  url: string;
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  params?: Record<string, string | number | boolean | null | undefined>;
  /** Overrides the namespace chosen by the user type. */
  namespace?: ApiNamespace;
  /** The message a failure of this call starts with (the server's reason follows). */
  failureMessage?: ApiErrorMessage;
}

export interface ApiMeta {
  response?: Response;
}

function joinUrl(base: string, path: string, params: ApiRequest['params']): string {
  return `${base.replace(/\/+$/, '')}/${pathWithQuery({ url: path.replace(/^\/+/, ''), params })}`;
}

/** A request's path with its query (the paths `fetchRequestBlob` takes, which send no params). */
export function pathWithQuery({ url, params }: Pick<ApiRequest, 'url' | 'params'>): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

interface EnvelopeLike {
  hasError?: unknown;
  message?: unknown;
  errors?: unknown;
}

function envelopeOf(body: unknown): EnvelopeLike | null {
  return typeof body === 'object' && body !== null ? body : null;
}

function failure(
  status: ApiError['status'],
  request: ApiRequest,
  serverMessage: unknown,
  fieldErrors?: unknown,
): { error: ApiError } {
  const error: ApiError = {
    status,
    messageKey: request.failureMessage ?? null,
    serverMessage: typeof serverMessage === 'string' && serverMessage.length > 0 ? serverMessage : null,
  };
  if (Array.isArray(fieldErrors)) error.fieldErrors = fieldErrors as FieldError[];
  return { error };
}

async function readBody(response: Response): Promise<{ ok: true; body: unknown } | { ok: false }> {
  const text = await response.text();
  if (text.length === 0) return { ok: true, body: null };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Base query of every slice: picks the namespace by user type, adds
 * `Authorization: Bearer <id token>`, retries once with a renewed token when the server answers
 * 401, gives a mutation an Idempotency-Key and resends it after a network failure
 * (retrying-fetch.ts), and turns failures (HTTP errors and `hasError` envelopes) into an `ApiError` carrying the
 * call's spec message and the server's message.
 */
export const portalBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiError, object, ApiMeta> = async (
  request,
  api,
) => {
  const deps = apiClientDepsFrom(api.extra);
  const token = await deps.getIdToken();
  if (!token) {
    return {
      error: { status: 'NOT_LOGGED_IN', messageKey: ApiErrorMessage.notLoggedIn, serverMessage: null },
    };
  }
  const namespace = request.namespace ?? namespaceForUserType(deps.getUserType());
  const url = joinUrl(deps.getBaseUrl(namespace), request.url, request.params);
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  // One key per call: the renewed-token attempt and the retries after a network failure share it.
  const keyHeaders = idempotencyHeaders(request.method);
  const send = (bearer: string) => {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Bearer ${bearer}`,
      ...keyHeaders,
    };
    const init: RequestInit & { headers: Record<string, string> } = {
      method: request.method ?? 'GET',
      headers,
      signal: api.signal,
    };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = body;
    }
    return fetchRetryingNetworkFailures(url, init, deps.networkRetryDelaysMs);
  };

  let response: Response;
  try {
    response = await send(token);
    if (response.status === 401) {
      // The token may have expired or been revoked since it was read: renew it and try once more.
      const renewed = await deps.getIdToken({ forceRefresh: true }).catch(() => null);
      if (renewed && renewed !== token) response = await send(renewed);
    }
  } catch (cause) {
    return failure('FETCH_ERROR', request, cause instanceof Error ? cause.message : String(cause));
  }

  const read = await readBody(response);
  if (!read.ok) {
    return response.ok
      ? { ...failure('PARSE_ERROR', request, null), meta: { response } }
      : { ...failure(response.status, request, response.statusText), meta: { response } };
  }
  const envelope = envelopeOf(read.body);
  if (!response.ok || envelope?.hasError === true) {
    return { ...failure(response.status, request, envelope?.message, envelope?.errors), meta: { response } };
  }
  return { data: read.body, meta: { response } };
};
