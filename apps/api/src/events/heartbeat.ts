import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

/** Beats of every process share the bus's channel; this prefix tells them from signals. */
const beatPrefix = '{"heartbeat":"';

/** A beat whose NOTIFY the server has not acknowledged after this many intervals: its connection is stuck. */
const unacknowledgedIntervals = 4;

export interface HeartbeatOptions {
  intervalMs: number;
  /** NOTIFYs `payload` on the bus's channel; resolves once the server acknowledged (committed) it. */
  send(payload: string): Promise<void>;
  /** The listening connection stopped delivering (or the beat's own connection is stuck). */
  onLost(reason: string): void;
}

export interface Heartbeat {
  /** True when `payload` is a beat (this process's or another's), which is no signal for subscribers. */
  receive(payload: string): boolean;
  /** Forgets the beat in flight: the connections it travelled on were replaced. */
  reset(): void;
  stop(): void;
}

interface Beat {
  payload: string;
  sentAt: number;
  acknowledgedAt?: number;
}

/**
 * Checks that the listening connection still delivers (ADR 0053). One beat at a time, a NOTIFY
 * this process sends itself. A beat is lost only when the server acknowledged its NOTIFY (so it
 * was queued for every listener) and a whole interval later it still has not come back. The
 * judgement waits for a `setImmediate` after the timer: by then the event loop has read what its
 * sockets hold, so a late timer (a busy process) finds a beat that came back while it was busy
 * instead of declaring it lost. A beat waiting in a busy pool or a slow server is late, not lost;
 * only one that no acknowledgement reaches for `unacknowledgedIntervals` counts as a stuck
 * connection. A NOTIFY that fails is dropped and the next interval sends another.
 */
export function startHeartbeat(options: HeartbeatOptions): Heartbeat {
  const processBeat = `${beatPrefix}${randomUUID()}:`;
  let sequence = 0;
  let inFlight: Beat | undefined;
  let stopped = false;

  const send = () => {
    sequence += 1;
    const beat: Beat = { payload: `${processBeat}${sequence}"}`, sentAt: performance.now() };
    inFlight = beat;
    options.send(beat.payload).then(
      () => {
        beat.acknowledgedAt = performance.now();
      },
      () => {
        if (inFlight === beat) inFlight = undefined;
      },
    );
  };

  const judge = () => {
    if (stopped) return;
    const beat = inFlight;
    if (!beat) return send();
    const now = performance.now();
    if (beat.acknowledgedAt !== undefined) {
      if (now - beat.acknowledgedAt < options.intervalMs) return;
      inFlight = undefined;
      options.onLost('heartbeat not received');
    } else if (now - beat.sentAt >= unacknowledgedIntervals * options.intervalMs) {
      inFlight = undefined;
      options.onLost('heartbeat not acknowledged by the server');
    }
  };

  const timer = setInterval(() => setImmediate(judge), options.intervalMs);
  timer.unref();

  return {
    receive(payload) {
      if (!payload.startsWith(beatPrefix)) return false;
      if (payload === inFlight?.payload) inFlight = undefined;
      return true;
    },
    reset() {
      inFlight = undefined;
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
