/*
 * The AppSync real-time protocol's frames as the Amplify JS v6 client speaks it
 * (the AWS AppSync real-time protocol; ADR 0030): JSON text frames, subprotocol `graphql-ws`.
 */

export const graphqlWsProtocol = 'graphql-ws';

/** Error types a client reads. Never an auth type for a per-topic refusal: Amplify would drop the whole socket. */
export type RealtimeErrorType =
  | 'UnauthorizedException'
  | 'ForbiddenException'
  | 'BadRequestException'
  | 'UnsupportedOperation'
  | 'LimitExceededException'
  | 'InternalFailureException';

const error = (errorType: RealtimeErrorType, message: string, errorCode?: number) =>
  errorCode === undefined ? { errorType, message } : { errorType, message, errorCode };

export const frames = {
  connectionAck: (connectionTimeoutMs: number) =>
    JSON.stringify({ type: 'connection_ack', payload: { connectionTimeoutMs } }),
  connectionError: (message: string) =>
    JSON.stringify({
      type: 'connection_error',
      payload: { errors: [error('UnauthorizedException', message, 401)] },
    }),
  ka: '{"type":"ka"}',
  startAck: (id: string) => JSON.stringify({ type: 'start_ack', id }),
  data: (id: string, data: unknown) => JSON.stringify({ type: 'data', id, payload: { data } }),
  error: (id: string | undefined, errorType: RealtimeErrorType, message: string) =>
    JSON.stringify({
      type: 'error',
      ...(id === undefined ? {} : { id }),
      payload: { errors: [error(errorType, message)] },
    }),
  complete: (id: string) => JSON.stringify({ type: 'complete', id }),
};

/** Close codes this server uses (4000-4999 are the application's own). */
export const closeCodes = {
  /** The token ran out or its sign-in ended: reconnect with a fresh one. */
  tokenExpired: 4401,
  /** connection_init did not come in time, or was refused. */
  handshake: 4400,
  /** The event bus listened again; signals may have been missed: reconnect and refetch. */
  resync: 4000,
  /** The server is shutting down or draining: reconnect (to another process). */
  goingAway: 1001,
  /** The peer reads too slowly; its queue of frames grew past the limit. */
  slowConsumer: 4008,
};

export interface StartMessage {
  type: 'start';
  id: string;
  payload: { data: string; extensions?: { authorization?: Record<string, unknown> } };
}

export type ClientMessage =
  | { type: 'connection_init' }
  | StartMessage
  | { type: 'stop'; id: string }
  | { type: 'unknown'; rawType: string }
  | { type: 'invalid'; id?: string; reason: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const idPattern = /^[\w.:-]{1,128}$/;

/** Reads one text frame; anything malformed becomes `invalid` (answered with an error, the socket stays). */
export function parseClientMessage(text: string): ClientMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { type: 'invalid', reason: 'Frame is not JSON' };
  }
  if (!isRecord(value) || typeof value.type !== 'string')
    return { type: 'invalid', reason: 'Frame has no type' };
  const id = typeof value.id === 'string' && idPattern.test(value.id) ? value.id : undefined;
  switch (value.type) {
    case 'connection_init':
      return { type: 'connection_init' };
    case 'start': {
      const payload = value.payload;
      if (!id) return { type: 'invalid', reason: 'start needs an id' };
      if (!isRecord(payload) || typeof payload.data !== 'string')
        return { type: 'invalid', id, reason: 'start needs payload.data' };
      const extensions = isRecord(payload.extensions) ? payload.extensions : {};
      const authorization = isRecord(extensions.authorization) ? extensions.authorization : undefined;
      return {
        type: 'start',
        id,
        payload: { data: payload.data, extensions: authorization ? { authorization } : {} },
      };
    }
    case 'stop':
      return id ? { type: 'stop', id } : { type: 'invalid', reason: 'stop needs an id' };
    default:
      return { type: 'unknown', rawType: value.type.slice(0, 40) };
  }
}

/**
 * The connect's authorization header JSON, `{"Authorization": "<token>", "host": "..."}`: Amplify
 * v6 sends it base64url-encoded as a second subprotocol `header-<...>`; older AppSync clients in
 * the query string, `?header=<base64>&payload=e30=`. Undefined when neither carries a readable one.
 */
export function connectHeader(
  protocols: readonly string[],
  query: URLSearchParams,
): Record<string, unknown> | undefined {
  const encoded =
    protocols.find((protocol) => protocol.startsWith('header-'))?.slice('header-'.length) ??
    query.get('header') ??
    undefined;
  if (!encoded) return undefined;
  try {
    // Node's base64 decoder reads the URL-safe alphabet and missing padding too.
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const bearer = /^(?:Bearer\s+)?([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

/** The JWT of an authorization header object (`Authorization`, with or without "Bearer "). */
export function tokenOf(header: Record<string, unknown> | undefined): string | undefined {
  const value = header?.Authorization ?? header?.authorization;
  if (typeof value !== 'string') return undefined;
  return bearer.exec(value.trim())?.[1];
}

/** The subprotocols of an upgrade request, as the client listed them. */
export function offeredProtocols(header: string | string[] | undefined): string[] {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value
    .split(',')
    .map((protocol) => protocol.trim())
    .filter((protocol) => protocol !== '');
}
