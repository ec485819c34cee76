import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { busTopics, type Signal, type SignalHandler, type BusTopic } from './types.js';

/** One channel for every topic: topics are routed in-process, so there is no LISTEN churn. */
export const busChannel = 'ipportal_bus';

const topicSet = new Set<string>(busTopics);

export function encodeSignal(signal: Signal): string {
  return JSON.stringify({ t: signal.topic, i: signal.id });
}

export function decodeSignal(payload: string): Signal | undefined {
  try {
    const value = JSON.parse(payload) as { t?: unknown; i?: unknown };
    if (typeof value.t !== 'string' || typeof value.i !== 'string' || !topicSet.has(value.t))
      return undefined;
    return { topic: value.t as BusTopic, id: value.i };
  } catch {
    return undefined;
  }
}

/** pg_notify in the caller's transaction: PostgreSQL and PGlite deliver it at commit, never after a rollback. */
export async function notify(executor: Executor, payload: string): Promise<void> {
  await executor.execute(sql`select pg_notify(${busChannel}, ${payload})`);
}

/** Subscribers by topic and resync handlers, shared by both listeners. */
export class Subscribers {
  private readonly byTopic = new Map<BusTopic, Set<SignalHandler>>();
  private readonly resyncHandlers = new Set<() => void>();

  constructor(private readonly onHandlerError: (error: unknown) => void) {}

  subscribe(topic: BusTopic, handler: SignalHandler): () => void {
    const handlers = this.byTopic.get(topic) ?? new Set<SignalHandler>();
    handlers.add(handler);
    this.byTopic.set(topic, handlers);
    return () => handlers.delete(handler);
  }

  onResync(handler: () => void): () => void {
    this.resyncHandlers.add(handler);
    return () => this.resyncHandlers.delete(handler);
  }

  deliver(payload: string): void {
    const signal = decodeSignal(payload);
    if (!signal) return;
    for (const handler of this.byTopic.get(signal.topic) ?? []) this.run(() => handler(signal));
  }

  resync(): void {
    for (const handler of this.resyncHandlers) this.run(handler);
  }

  private run(call: () => void): void {
    try {
      call();
    } catch (error) {
      this.onHandlerError(error);
    }
  }
}
