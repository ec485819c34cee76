/**
 * Sockets the server closed during a realtime bench, by close code and reason. A resync close
 * (4000) follows a bus that listened again; the benches print it beside the processes' own count
 * of bus reconnects (`api-process.ts`), so a resync is read as a broken bus only when the bus
 * says it broke.
 */
import { realtimeCloseCodes } from '@ipportal/realtime';
import type WebSocket from 'ws';

export class SocketCloses {
  private readonly byReason = new Map<string, number>();
  total = 0;
  resync = 0;

  count(code: number, reason: string): void {
    this.total += 1;
    if (code === realtimeCloseCodes.resync) this.resync += 1;
    const key = `${code} ${reason}`;
    this.byReason.set(key, (this.byReason.get(key) ?? 0) + 1);
  }

  /** Counts how the server closes `socket`. */
  watch(socket: WebSocket): void {
    // The client closes a socket it gave up on after detaching its handlers; `ws` then emits
    // 'error' (closed before established), which a browser socket does not: not a crash.
    socket.on('error', () => undefined);
    socket.on('close', (code, reason) => this.count(code, reason.toString()));
  }

  /** "socket closed xN: <code> <reason>" lines. */
  lines(): string[] {
    return [...this.byReason].map(([reason, count]) => `socket closed x${count}: ${reason}`);
  }
}
