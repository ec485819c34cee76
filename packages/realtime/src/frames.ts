import type { RealtimeError } from './errors.js';

/*
 * The protocol's JSON text frames (the AppSync real-time protocol, ADR 0030): what the server
 * sends, read loosely (unknown types pass through for the caller to ignore), and the three frames
 * a client sends.
 */

/** A frame from the server: `connection_ack`, `connection_error`, `ka`, `start_ack`, `data`, `error`, `complete`. */
export interface RealtimeFrame {
  type: string;
  id?: string;
  payload?: {
    /** `data`: `{ [topic]: payload }`. */
    data?: Record<string, unknown>;
    /** `connection_error` and `error`. */
    errors?: RealtimeError[];
    /** `connection_ack`. */
    connectionTimeoutMs?: number;
  };
}

/** What a start carries besides the document: the token again, and the endpoint's host. */
export interface RealtimeAuthorization {
  Authorization: string;
  host: string;
}

export interface RealtimeStartFrame {
  id: string;
  type: 'start';
  payload: { data: string; extensions: { authorization: RealtimeAuthorization } };
}

export const connectionInitFrame = { type: 'connection_init' } as const;

/** A subscription's start; `data` is the domain's `realtimeStartData(topic, variables)`. */
export function startFrame(
  id: string,
  data: string,
  authorization: RealtimeAuthorization,
): RealtimeStartFrame {
  return { id, type: 'start', payload: { data, extensions: { authorization } } };
}

export function stopFrame(id: string) {
  return { type: 'stop', id } as const;
}

/** A text frame as the server sent it; null when it is not a JSON object with a string `type`. */
export function parseRealtimeFrame(text: string): RealtimeFrame | null {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof frame !== 'object' || frame === null || typeof (frame as RealtimeFrame).type !== 'string')
    return null;
  return frame as RealtimeFrame;
}
