/**
 * The part of a WebSocket the client uses: the browser's and Node's global `WebSocket`, and the
 * `ws` package's, all have it (tests hand in a fake).
 */
export interface RealtimeSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
}

export type CreateRealtimeSocket = (url: string, protocols: string[]) => RealtimeSocket;

/** `WebSocket.OPEN`. */
export const socketOpen = 1;

/** The global WebSocket (browsers; Node 22 and later). */
export const globalSocket: CreateRealtimeSocket = (url, protocols) =>
  new WebSocket(url, protocols) as unknown as RealtimeSocket;
