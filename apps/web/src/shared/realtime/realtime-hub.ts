import type { RealtimeData, RealtimeTopic, RealtimeVariables } from '@ipportal/domain';
import type { RealtimeClient, RealtimeError, RealtimeState } from '@ipportal/realtime';
import { useEffect, useRef, useSyncExternalStore } from 'react';

/*
 * Where the signed-in user's one realtime connection is found. The connection itself (a
 * `RealtimeClient` of @ipportal/realtime) is created by the lazily loaded RealtimeConnection once
 * signed in; this small module only holds it, so the header and pages can read its state and
 * subscribe without bringing the client into the first download. It feeds the client's events to
 * Redux through the pages' handlers.
 */

let client: RealtimeClient | null = null;
let unwatch: (() => void) | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of [...listeners]) listener();
};

/** The connection of the signed-in user (null after sign-out). */
export function setRealtimeClient(next: RealtimeClient | null): void {
  if (client === next) return;
  unwatch?.();
  unwatch = null;
  client = next;
  if (next) unwatch = next.onStateChange(notify);
  notify();
}

function subscribeToHub(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether frames arrive now: a screen that applies them to the cache instead of refetching asks
 * this before leaving a refetch out (without a connection, it refetches as before).
 */
export function isRealtimeLive(): boolean {
  return client?.state === 'connected';
}

/** The connection's state; null while there is none (signed out, or not loaded yet). */
export function useRealtimeState(): RealtimeState | null {
  return useSyncExternalStore(
    subscribeToHub,
    () => client?.state ?? null,
    () => null,
  );
}

function useRealtimeClient(): RealtimeClient | null {
  return useSyncExternalStore(
    subscribeToHub,
    () => client,
    () => null,
  );
}

/** What a subscriber may hear besides its data. */
export interface RealtimeSubscriptionOptions {
  /** The server refused or ended the subscription (e.g. access taken away). */
  onError?: (error: RealtimeError) => void;
  /**
   * The server acknowledged the subscription, on each socket it is started on. What the screen
   * fetched before then may have missed an event sent while the subscription was starting (a
   * page that has just loaded, a socket that has just connected): refetch it here.
   */
  onStarted?: () => void;
  /** Another document for the topic than the domain's own (the chat's change documents). */
  query?: string;
}

/**
 * Subscribes to a topic while the component shows (`variables` null: not now). The handlers may
 * change between renders; the subscription follows the variables' values only.
 */
export function useRealtimeSubscription<T extends RealtimeTopic>(
  topic: T,
  variables: RealtimeVariables<T> | null,
  onData: (data: RealtimeData<T>) => void,
  options: RealtimeSubscriptionOptions = {},
): void {
  const current = useRealtimeClient();
  const handlers = useRef({ onData, ...options });
  useEffect(() => {
    handlers.current = { onData, ...options };
  });
  const key = variables === null ? null : JSON.stringify(variables);
  const query = options.query;
  useEffect(() => {
    if (!current || key === null) return;
    return current.subscribe(topic, JSON.parse(key) as RealtimeVariables<T>, {
      onData: (data) => handlers.current.onData(data),
      onError: (error) => handlers.current.onError?.(error),
      onStarted: () => handlers.current.onStarted?.(),
      query,
    });
  }, [current, topic, key, query]);
}
