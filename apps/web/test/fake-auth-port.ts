import type { AuthPort, Session } from '../src/features/auth';

export interface FakeAuthPort extends AuthPort {
  /** Simulates a sign-in (what the login form will do through the real port). */
  signIn(session: Session): void;
  readonly signOutCalls: number;
}

export const regularSession: Session = { userType: 'REGULAR', subject: 'user-regular-1' };
export const patentSession: Session = { userType: 'PATENT', subject: 'user-patent-1' };

/** An auth port whose session the test controls. */
export function createFakeAuthPort(initial: Session | null = regularSession): FakeAuthPort {
  let session = initial;
  let signOutCalls = 0;
  const listeners = new Set<(session: Session | null) => void>();
  const emit = () => listeners.forEach((listener) => listener(session));
  return {
    currentSession: () => Promise.resolve(session),
    idToken: () => Promise.resolve(session ? `token-of-${session.subject}` : null),
    userType: () => session?.userType ?? null,
    signOut: () => {
      signOutCalls += 1;
      session = null;
      emit();
      return Promise.resolve();
    },
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn: (next) => {
      session = next;
      emit();
    },
    get signOutCalls() {
      return signOutCalls;
    },
  };
}
