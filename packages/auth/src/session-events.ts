import type { AuthSession } from './session.js';

export type SessionListener = (session: AuthSession | null) => void;

/**
 * Who is told when the signed-in user changes (`AuthClient.onChange`). Sign-in, sign-out and
 * attribute changes always announce (`force`). A session check announces only a change of user
 * (`userType:sub`), including to nobody, and never the first state it finds: restoring the
 * session at start-up is not a change, and every page load checks the session many times.
 */
export class SessionEvents {
  private readonly listeners = new Set<SessionListener>();
  /** `userType:sub` of the session last announced; undefined until the first one is known. */
  private announced: string | null | undefined = undefined;

  /** Adds a listener; returns its removal. */
  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells the listeners about a new session state; unforced, only when the user changed (not on the first check). */
  announce(session: AuthSession | null, force = false): void {
    const subject = session ? `${session.userType}:${session.sub}` : null;
    const first = this.announced === undefined;
    const changed = subject !== this.announced;
    this.announced = subject;
    if (!force && (first || !changed)) return;
    for (const listener of this.listeners) {
      try {
        listener(session);
      } catch (error) {
        // A faulty listener must not break sign-in or sign-out; report it without swallowing it.
        void Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
}
