import type { UserType } from '@ipportal/domain';

/** A signed-in session as the shell needs it. */
export interface Session {
  /** Derived from the identity pool that issued the token (spec section 6). */
  userType: UserType;
  /** Stable id of the signed-in identity (the token's `sub`); a change means another user. */
  subject: string;
}

/**
 * The one way the web app learns about sign-in. The Identity issue implements it with
 * packages/auth (amazon-cognito-identity-js) in `create-auth-port.ts`; pages, guards and the
 * API client only see this interface.
 */
export interface AuthPort {
  /** The current session, refreshing tokens when needed; null when signed out. */
  currentSession(): Promise<Session | null>;
  /** The identity token for `Authorization: Bearer`; null when signed out. */
  idToken(): Promise<string | null>;
  /** The user type of the current session, known without a network call; null when signed out. */
  userType(): UserType | null;
  signOut(): Promise<void>;
  /** Called after every sign-in, sign-out or session expiry; returns the unsubscribe function. */
  onChange(listener: (session: Session | null) => void): () => void;
}
